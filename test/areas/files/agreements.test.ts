import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/main/app.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const newAvatar = 'avtr_c38a1615-5bf5-42b4-84eb-a8b6c37cbd11';
const statusOf = (contentId: string, version = 1) =>
  `/agreement?agreementCode=content.copyright.owned&contentId=${contentId}&version=${version}`;
const agreement = (contentId: string, version = 1) => ({
  agreementCode: 'content.copyright.owned',
  agreementFulltext: 'By clicking OK, I certify that I have the necessary rights to upload this content.',
  contentId,
  version,
});

describe('content agreement', () => {
  it('records an agreement that the status read then shows, for that user, content and version only', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.call('GET', statusOf(newAvatar), { cookie: bob })).body.agreed).toBe(false);
    const made = await t.call('POST', '/agreement', { cookie: bob, body: agreement(newAvatar) });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ ...agreement(newAvatar), userId: ids.bob, tags: [], created: '2026-01-15T12:00:00.000Z' });
    expect(made.body.id).toMatch(/^agr_[0-9a-f-]{36}$/);
    expect((await t.call('GET', statusOf(newAvatar), { cookie: bob })).body).toEqual({
      agreed: true,
      agreementCode: 'content.copyright.owned',
      contentId: newAvatar,
      userId: ids.bob,
      version: 1,
    });
    expect((await t.call('GET', statusOf(newAvatar, 2), { cookie: bob })).body.agreed).toBe(false);
    expect((await t.call('GET', statusOf(newAvatar), { cookie: await t.login('frank') })).body.agreed).toBe(false);
  });

  it('answers the first agreement when the same one is submitted again', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const first = (await t.call('POST', '/agreement', { cookie: bob, body: agreement(newAvatar) })).body;
    t.sandbox.clock.advance(60_000);
    expect((await t.call('POST', '/agreement', { cookie: bob, body: agreement(newAvatar) })).body).toEqual(first);
  });

  it("shows alice's agreement from the fixtures", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('GET', statusOf('avtr_a11ce000-0000-4000-8000-00000000a001'), { cookie: alice })).body.agreed).toBe(true);
  });

  it('refuses a submission without a field the description requires, and a status read without its query', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const { version: _, ...withoutVersion } = agreement(newAvatar);
    expectError(await t.call('POST', '/agreement', { cookie: bob, body: withoutVersion }), 400, 'version is required');
    expectError(await t.call('GET', `/agreement?agreementCode=content.copyright.owned&contentId=${newAvatar}`, { cookie: bob }), 400);
    expectError(
      await t.call('GET', `/agreement?agreementCode=other&contentId=${newAvatar}&version=1`, { cookie: bob }),
      400,
      'agreementCode must be content.copyright.owned',
    );
  });
});

describe('PUT /assetReview/{assetReviewId}/notes', () => {
  const review = 'arev_a11ce000-0000-4000-8000-0000000ae001';

  it("keeps the author's notes on the review", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const avatar = (await t.call('GET', '/avatars/avtr_a11ce000-0000-4000-8000-00000000a004', { cookie: alice })).body;
    expect(avatar.activeAssetReviewId).toBe(review);
    const r = await t.call('PUT', `/assetReview/${review}/notes`, {
      cookie: alice,
      body: { reviewNotes: 'The glow is emissive, not a light.' },
    });
    expect(r.status).toBe(200);
    const seen = (await (await createApp(t.deps).request(`/_mock/records/${review}`)).json()) as { record: { reviewNotes: string } };
    expect(seen.record.reviewNotes).toBe('The glow is emissive, not a light.');
  });

  it("refuses notes on another user's review, and an unknown review", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('PUT', `/assetReview/${review}/notes`, { cookie: bob, body: { reviewNotes: 'x' } }),
      403,
      "You can't leave notes on a review of another user's content.",
    );
    expectError(
      await t.call('PUT', '/assetReview/arev_00000000-0000-4000-8000-000000000000/notes', { cookie: bob, body: { reviewNotes: 'x' } }),
      404,
      'Asset review arev_00000000-0000-4000-8000-000000000000 not found',
    );
  });

  it('refuses a body without reviewNotes', async () => {
    const t = testSandbox();
    expectError(await t.call('PUT', `/assetReview/${review}/notes`, { cookie: await t.login('alice'), body: {} }), 400);
  });
});
