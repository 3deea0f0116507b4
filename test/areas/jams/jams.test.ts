import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const jams = { winter: 'jam_00000000-0000-4000-8000-00000000e301', autumn: 'jam_00000000-0000-4000-8000-00000000e302' } as const;
const workshopEntry = 'jsub_a11ce000-0000-4000-8000-00000000e401';
const worlds = {
  workshop: 'wrld_a11ce000-0000-4000-8000-00000000b001',
  sandbox: 'wrld_a11ce000-0000-4000-8000-00000000b006',
  nightMarket: 'wrld_b0b00000-0000-4000-8000-00000000b002',
} as const;

const idsOf = (body: { id: string }[]) => body.map((record) => record.id);

describe('GET /jams', () => {
  it('lists the jams, by type and by whether they are running', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(idsOf((await t.call('GET', '/jams', { cookie })).body)).toEqual([jams.winter, jams.autumn]);
    expect(idsOf((await t.call('GET', '/jams?type=avatar', { cookie })).body)).toEqual([jams.autumn]);
    expect(idsOf((await t.call('GET', '/jams?isActive=true', { cookie })).body)).toEqual([jams.winter]);
  });

  it('refuses a type other than world or avatar', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/jams?type=prop', { cookie: await t.login('alice') }), 400, 'type must be one of world, avatar');
  });
});

describe('GET /jams/{jamId}', () => {
  it("reads the state from the jam's dates and the world's clock", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await t.call('GET', `/jams/${jams.winter}`, { cookie })).body).toMatchObject({
      title: 'Winter World Jam',
      type: 'world',
      state: 'submissions_open',
    });
    t.clock.set(Date.parse('2026-02-01T00:00:00.000Z'));
    expect((await t.call('GET', `/jams/${jams.winter}`, { cookie: await t.login('alice') })).body.state).toBe('closed');
  });

  it('answers 404 for a jam that is not there, and for an id that is no jam id', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', '/jams/jam_00000000-0000-4000-8000-000000000000', { cookie }), 404, messages.jamNotFound);
    expectError(await t.call('GET', '/jams/nope', { cookie }), 404, "id must be an ID: 'nope'");
  });
});

describe('/jams/{jamId}/submissions', () => {
  it("submits the requester's own world: listed, filtered, then withdrawn and gone", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('POST', `/jams/${jams.winter}/submissions`, {
      cookie: alice,
      body: { contentId: worlds.sandbox, description: 'Sand and snow.' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      jamId: jams.winter,
      submitterId: ids.alice,
      contentId: worlds.sandbox,
      ratingsScore: 0,
      created_at: '2026-01-15T12:00:00.000Z',
    });
    expect(r.body).not.toHaveProperty('ratingScore');
    const path = `/jams/${jams.winter}/submissions`;
    expect(idsOf((await t.call('GET', path, { cookie: alice })).body)).toEqual([workshopEntry, r.body.id]);
    expect(idsOf((await t.call('GET', `${path}?contentId=${worlds.sandbox}`, { cookie: alice })).body)).toEqual([r.body.id]);
    const withdrawn = await t.call('DELETE', `${path}/${r.body.id}`, { cookie: alice });
    expect(withdrawn.body).toEqual({ success: { message: 'Jam submission withdrawn', status_code: 200 } });
    expect(idsOf((await t.call('GET', `${path}?submitterId=${ids.alice}`, { cookie: alice })).body)).toEqual([workshopEntry]);
  });

  it('refuses content the requester did not upload', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/jams/${jams.winter}/submissions`, {
      cookie: await t.login('alice'),
      body: { contentId: worlds.nightMarket, description: '' },
    });
    expectError(r, 400, messages.jamContentNotYours('world'));
  });

  it('refuses content already submitted', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/jams/${jams.winter}/submissions`, {
      cookie: await t.login('alice'),
      body: { contentId: worlds.workshop, description: '' },
    });
    expectError(r, 400, messages.jamContentAlreadySubmitted);
  });

  it('refuses a submission once submissions have closed', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/jams/${jams.autumn}/submissions`, {
      cookie: await t.login('alice'),
      body: { contentId: 'avtr_a11ce000-0000-4000-8000-00000000a001', description: '' },
    });
    expectError(r, 400, messages.jamSubmissionsClosed);
  });

  it("refuses to withdraw another user's submission, and keeps it", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('DELETE', `/jams/${jams.winter}/submissions/${workshopEntry}`, { cookie: bob }),
      403,
      messages.jamNoPermission,
    );
    expect(idsOf((await t.call('GET', `/jams/${jams.winter}/submissions`, { cookie: bob })).body)).toEqual([workshopEntry]);
  });

  it('answers 400 for a submission to a jam that is not there, as live, and submits nothing', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('POST', '/jams/jam_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82/submissions', {
      cookie: alice,
      body: { contentId: worlds.workshop, description: 'mine' },
    });
    expectError(r, 400, messages.jamNotFound);
    expect(idsOf((await t.call('GET', `/jams/${jams.winter}/submissions`, { cookie: alice })).body)).toEqual([workshopEntry]);
  });

  it('answers 404 for a submission that is not in the jam', async () => {
    const t = testSandbox();
    const r = await t.call('DELETE', `/jams/${jams.autumn}/submissions/${workshopEntry}`, { cookie: await t.login('alice') });
    expectError(r, 404, messages.jamSubmissionNotFound);
  });
});
