import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const bobWorld = 'wrld_b0b00000-0000-4000-8000-00000000b002';
const report = { type: 'world', category: 'world', reason: 'inappropriate', contentId: bobWorld, description: 'Flashing lights' };

describe('GET /users/{userId}/feedback', () => {
  it('lists a report the user submitted, and no longer once the report is deleted', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('GET', `/users/${ids.alice}/feedback`, { cookie: alice })).body).toEqual([]);
    const submitted = (await t.call('POST', '/moderationReports', { cookie: alice, body: report })).body;
    const feedback = await t.call('GET', `/users/${ids.alice}/feedback`, { cookie: alice });
    expect(feedback.status).toBe(200);
    expect(feedback.body).toEqual([
      {
        id: `feedback_${submitted.id.slice('modr_'.length)}`,
        commenterId: ids.alice,
        commenterName: 'Alice',
        contentAuthorId: ids.bob,
        contentAuthorName: 'Bob',
        contentId: bobWorld,
        contentName: expect.any(String),
        contentType: 'world',
        contentVersion: expect.any(Number),
        description: 'Flashing lights',
        reason: 'inappropriate',
        tags: [],
        type: 'world',
      },
    ]);
    await t.call('DELETE', `/moderationReports/${submitted.id}`, { cookie: alice });
    expect((await t.call('GET', `/users/${ids.alice}/feedback`, { cookie: alice })).body).toEqual([]);
  });

  it('filters by contentId and pages with n and offset', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    await t.call('POST', '/moderationReports', { cookie: alice, body: report });
    await t.call('POST', '/moderationReports', { cookie: alice, body: { ...report, type: 'user', category: 'user', contentId: ids.bob } });
    const onBob = (await t.call('GET', `/users/${ids.alice}/feedback?contentId=${ids.bob}`, { cookie: alice })).body;
    expect(onBob.map((f: { contentId: string; contentName: string }) => [f.contentId, f.contentName])).toEqual([[ids.bob, 'Bob']]);
    const second = (await t.call('GET', `/users/${ids.alice}/feedback?n=1&offset=1`, { cookie: alice })).body;
    expect(second.map((f: { contentId: string }) => f.contentId)).toEqual([ids.bob]);
  });

  it("refuses another user's feedback to a non-admin, and shows it to an admin", async () => {
    const t = testSandbox();
    await t.call('POST', '/moderationReports', { cookie: await t.login('alice'), body: report });
    expectError(await t.call('GET', `/users/${ids.alice}/feedback`, { cookie: await t.login('bob') }), 403, 'Invalid Admin Credentials');
    expect((await t.call('GET', `/users/${ids.alice}/feedback`, { cookie: await t.login('admin') })).body).toHaveLength(1);
  });
});
