import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { newProp } from '../../support/props-fixtures.js';

const props = {
  lantern: 'prop_a11ce000-0000-4000-8000-00000000e101',
  draftChair: 'prop_a11ce000-0000-4000-8000-00000000e102',
  duck: 'prop_b0b00000-0000-4000-8000-00000000e103',
} as const;

const idsOf = (body: { id: string }[]) => body.map((prop) => prop.id);

describe('POST /props', () => {
  it('creates a private prop of the requester under the id sent; it reads back and is listed first', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('POST', '/props', { cookie: alice, body: newProp });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: newProp.id, authorId: ids.alice, authorName: 'Alice', name: 'Tea Cup', releaseStatus: 'private' });
    expect(r.body.unityPackages).toEqual([
      {
        assetUrl: newProp.assetUrl,
        assetVersion: 1,
        platform: 'standalonewindows',
        propSignature: '',
        unityVersion: '2022.3.22f1',
        variant: 'standard',
      },
    ]);
    expect((await t.call('GET', `/props/${newProp.id}`, { cookie: alice })).body).toEqual(r.body);
    expect(idsOf((await t.call('GET', '/props', { cookie: alice })).body)).toEqual([newProp.id, props.draftChair, props.lantern]);
  });

  it('refuses an id that is taken', async () => {
    const t = testSandbox();
    const r = await t.call('POST', '/props', { cookie: await t.login('alice'), body: { ...newProp, id: props.duck } });
    expectError(r, 403, messages.propNoPermission);
  });

  it('refuses a request without a name', async () => {
    const t = testSandbox();
    const { name: _, ...nameless } = newProp;
    expectError(await t.call('POST', '/props', { cookie: await t.login('alice'), body: nameless }), 400, 'name is required');
  });
});

describe('GET /props', () => {
  it("refuses another author's list to a user who is not an admin", async () => {
    const t = testSandbox();
    expectError(await t.call('GET', `/props?authorId=${ids.bob}`, { cookie: await t.login('alice') }), 403, messages.propNoPermission);
  });

  it("lists another author's props to an admin", async () => {
    const t = testSandbox();
    expect(idsOf((await t.call('GET', `/props?authorId=${ids.bob}`, { cookie: await t.login('admin') })).body)).toEqual([props.duck]);
  });
});

describe('GET /props/{propId}', () => {
  it("shows another author's public prop", async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/props/${props.duck}`, { cookie: await t.login('alice') });
    expect(r.body).toMatchObject({ id: props.duck, authorName: 'Bob', releaseStatus: 'public' });
  });

  it("answers 404 for another author's private prop, as for one that is not there", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('GET', `/props/${props.draftChair}`, { cookie: bob }), 404, messages.propNotFound);
    expectError(await t.call('GET', '/props/prop_00000000-0000-4000-8000-000000000000', { cookie: bob }), 404, messages.propNotFound);
  });
});

describe('PUT /props/{propId}', () => {
  it('changes the fields sent and keeps the rest', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    t.clock.advance(60_000);
    const r = await t.call('PUT', `/props/${props.lantern}`, { cookie: alice, body: { name: 'Sky Lantern', tags: ['author_tag_light'] } });
    expect(r.status).toBe(200);
    const reread = (await t.call('GET', `/props/${props.lantern}`, { cookie: alice })).body;
    expect(reread).toMatchObject({
      name: 'Sky Lantern',
      tags: ['author_tag_light'],
      description: 'A lantern that floats where you leave it.',
      _updated_at: '2026-01-15T12:01:00.000Z',
    });
  });

  it('adds a package for a new platform when the whole bundle is sent', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bundle = {
      name: 'Paper Lantern',
      assetUrl: 'https://assets.example.test/props/lantern-android.vrcp',
      platform: 'android',
      unityVersion: '2022.3.22f1',
      assetVersion: 2,
      spawnType: 0,
      worldPlacementMask: 1,
    };
    await t.call('PUT', `/props/${props.lantern}`, { cookie: alice, body: bundle });
    const packages = (await t.call('GET', `/props/${props.lantern}`, { cookie: alice })).body.unityPackages;
    expect(packages.map((p: { platform: string; assetVersion: number }) => [p.platform, p.assetVersion])).toEqual([
      ['standalonewindows', 1],
      ['android', 2],
    ]);
  });

  it('refuses a bundle update that leaves out a field the description requires', async () => {
    const t = testSandbox();
    const r = await t.call('PUT', `/props/${props.lantern}`, {
      cookie: await t.login('alice'),
      body: { assetUrl: 'https://assets.example.test/x.vrcp' },
    });
    expectError(
      r,
      400,
      messages.propAssetFieldMissing('name, assetUrl, platform, unityVersion, assetVersion, spawnType, worldPlacementMask'),
    );
  });

  it("refuses a change to another author's prop", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('PUT', `/props/${props.duck}`, { cookie: alice, body: { name: 'Mine' } }), 403, messages.propNoPermission);
    expect((await t.call('GET', `/props/${props.duck}`, { cookie: alice })).body.name).toBe('Rubber Duck');
  });

  it('answers 400 for a prop that is not there, as live', async () => {
    const t = testSandbox();
    const r = await t.call('PUT', '/props/prop_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82', {
      cookie: await t.login('alice'),
      body: { name: 'Mine' },
    });
    expectError(r, 400, messages.propNotFound);
  });
});

describe('DELETE /props/{propId}', () => {
  it('deletes the prop: no read or list shows it', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', `/props/${props.lantern}`, { cookie: alice })).status).toBe(200);
    expectError(await t.call('GET', `/props/${props.lantern}`, { cookie: alice }), 404, messages.propNotFound);
    expect(idsOf((await t.call('GET', '/props', { cookie: alice })).body)).toEqual([props.draftChair]);
  });

  it("refuses another author's prop", async () => {
    const t = testSandbox();
    expectError(await t.call('DELETE', `/props/${props.duck}`, { cookie: await t.login('alice') }), 403, messages.propNoPermission);
  });

  it("refuses a prop that is not there as not the requester's: 403, as live; their own props stay", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('DELETE', '/props/prop_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82', { cookie: alice });
    expectError(r, 403, messages.propNoPermission);
    expect(idsOf((await t.call('GET', '/props', { cookie: alice })).body)).toEqual([props.draftChair, props.lantern]);
  });
});

describe('/props/{propId}/publish', () => {
  it('publishes a private prop: others then see it, and it can no longer be published', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    expect((await t.call('GET', `/props/${props.draftChair}/publish`, { cookie: alice })).body).toEqual({ canPublish: true });
    expect((await t.call('PUT', `/props/${props.draftChair}/publish`, { cookie: alice })).body).toEqual({ canPublish: false });
    expect((await t.call('GET', `/props/${props.draftChair}`, { cookie: bob })).body.releaseStatus).toBe('public');
  });

  it('unpublishes a public prop: others no longer see it', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', `/props/${props.lantern}/publish`, { cookie: alice })).body).toEqual({ canPublish: true });
    expect((await t.call('GET', `/props/${props.lantern}/publish`, { cookie: alice })).body).toEqual({ canPublish: true });
    expectError(await t.call('GET', `/props/${props.lantern}`, { cookie: await t.login('bob') }), 404, messages.propNotFound);
  });

  it("refuses to publish or read the status of another author's prop", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('PUT', `/props/${props.duck}/publish`, { cookie: alice }), 403, messages.propNoPermission);
    expectError(await t.call('GET', `/props/${props.duck}/publish`, { cookie: alice }), 403, messages.propNoPermission);
  });
});
