import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GroupSchema } from '../../../src/store/records/groups.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { groups, unknownGroup } from '../../support/groups-fixture-ids.js';

describe('GET /groups/{groupId}', () => {
  it('shows the owner all permissions in myMember', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/groups/${groups.builders}`, { cookie });
    expect(r.status).toBe(200);
    const group = expectShape(GroupSchema, r.body);
    expect(group.ownerId).toBe(ids.alice);
    expect(group.membershipStatus).toBe('member');
    expect(group.myMember?.permissions).toEqual(['*']);
    expect(group.roles.length).toBeGreaterThan(0);
    expect(group.galleries.length).toBeGreaterThan(0);
  });

  it('lists the permissions a member holds through their roles and the default role', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('GET', `/groups/${groups.builders}`, { cookie });
    const group = expectShape(GroupSchema, r.body);
    expect(group.myMember?.permissions).toEqual(
      expect.arrayContaining(['group-data-manage', 'group-calendar-manage', 'group-instance-join']),
    );
  });

  it('shows a group the requester has no relation to as inactive without myMember', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/groups/${groups.quietCorner}`, { cookie });
    const group = expectShape(GroupSchema, r.body);
    expect(group.membershipStatus).toBe('inactive');
    expect(group.myMember).toBeNull();
  });

  it('hides manager notes from the member they are about', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/groups/${groups.nightOwls}`, { cookie });
    expect(expectShape(GroupSchema, r.body).myMember).not.toHaveProperty('managerNotes');
  });

  it('answers 404 for an unknown group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/groups/${unknownGroup}`, { cookie }), 404, messages.groupNotFound);
  });

  it('needs a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', `/groups/${groups.builders}`), 401, 'Missing Credentials');
  });
});

describe('PUT /groups/{groupId}', () => {
  const changes = {
    name: 'Builders United',
    shortCode: 'BUILD',
    description: 'We build worlds.',
    joinState: 'open',
    languages: ['eng', 'deu'],
    links: ['https://example.test/builders'],
    tags: ['building', 'worlds'],
    rules: 'Share your tools.',
  };

  it('lets the owner change the group and the next read shows it', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    t.clock.advance(60_000);
    const r = await t.call('PUT', `/groups/${groups.builders}`, { cookie, body: changes });
    expect(r.status).toBe(200);
    const updated = expectShape(GroupSchema, r.body);
    expect(updated).toMatchObject(changes);
    expect(updated.updatedAt).toBe('2026-01-15T12:01:00.000Z');
    const reread = expectShape(GroupSchema, (await t.call('GET', `/groups/${groups.builders}`, { cookie })).body);
    expect(reread).toMatchObject({ ...changes, updatedAt: '2026-01-15T12:01:00.000Z' });
  });

  it('lets a member whose role grants group-data-manage change the group', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/groups/${groups.builders}`, { cookie, body: { description: 'Edited by bob.' } });
    expect(expectShape(GroupSchema, r.body).description).toBe('Edited by bob.');
    const alice = await t.login('alice');
    const reread = await t.call('GET', `/groups/${groups.builders}`, { cookie: alice });
    expect(expectShape(GroupSchema, reread.body).description).toBe('Edited by bob.');
  });

  it('refuses a plain member with 403 and leaves the group unchanged', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/groups/${groups.photoClub}`, { cookie, body: { name: 'Taken Over' } });
    expectError(r, 403, messages.groupNoPermission);
    expect(expectShape(GroupSchema, (await t.call('GET', `/groups/${groups.photoClub}`, { cookie })).body).name).toBe('Photo Club');
  });

  it('refuses a user who is not a member with 403', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.quietCorner}`, { cookie, body: { name: 'Mine Now' } });
    expectError(r, 403, messages.groupNoPermission);
  });

  it('lists every invalid field in one 400 and changes nothing', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.builders}`, {
      cookie,
      body: {
        name: 'ab',
        shortCode: 'TOOLONGCODE',
        description: 'x'.repeat(251),
        joinState: 'everyone',
        languages: ['eng', 'deu', 'fra', 'spa'],
        links: ['https://a.test', 'https://b.test', 'https://c.test', 'https://d.test'],
        iconUrl: 'not a url',
      },
    });
    expectError(
      r,
      400,
      'name must be at least 3 characters long, shortCode must be at most 6 characters long, ' +
        'description must be at most 250 characters long, joinState must be one of closed, invite, open, request, ' +
        'languages must be at most 3 items, links must be at most 3 items, iconUrl must be a URL',
    );
    expect(expectShape(GroupSchema, (await t.call('GET', `/groups/${groups.builders}`, { cookie })).body).name).toBe('Builders Guild');
  });

  it('refuses links and image URLs that are not web URLs', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.builders}`, {
      cookie,
      body: { links: ['javascript:alert(1)'], bannerUrl: 'ftp://example.test/banner.png' },
    });
    expectError(r, 400, 'links.0 must be a URL, bannerUrl must be a URL');
  });

  it('names one problem per field: a field of the wrong type is only said to be of the wrong type', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.builders}`, { cookie, body: { name: ['x'], shortCode: 'ab' } });
    expectError(r, 400, 'name must be a string, shortCode must be at least 3 characters long');
  });

  it('answers 404 with the description message for an unknown group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${unknownGroup}`, { cookie, body: { name: 'Nobody' } });
    expectError(r, 404, 'Calendar Entry not found!');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.builders}`, { cookie, body: '{"name":' });
    expectError(r, 400, messages.malformedJson);
  });
});
