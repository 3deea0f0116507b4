import { describe, expect, it } from 'vitest';
import { ids, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { expectKeptWhole, savingAsDb } from '../../support/kept-copies.js';

/** Alice's notifications as she lists them, newest first: who sent each and when. */
async function aliceList(world: TestSandbox, query = '') {
  const reply = await world.call('GET', `/auth/user/notifications${query}`, { cookie: await world.login('alice') });
  expect(reply.status).toBe(200);
  return (reply.body as { id: string; senderUserId: string; created_at: string }[]).map(({ id, senderUserId, created_at }) => ({
    id,
    senderUserId,
    created_at,
  }));
}

async function boop(t: TestSandbox, who: 'bob' | 'frank') {
  const reply = await t.call('POST', `/users/${ids.alice}/boop`, { cookie: await t.login(who), body: { emojiId: 'default_wave' } });
  expect(reply.status).toBe(200);
}

describe('the order of a receiver’s notifications', () => {
  it('lists those sent in one moment newest first, and every kept copy of the world lists them alike', async () => {
    const t = testSandbox();
    const kept = await savingAsDb(t);
    for (let i = 0; i < 3; i++) {
      await boop(t, 'bob');
      await boop(t, 'frank');
    }
    const boops = await aliceList(t, '?type=boop');
    expect(boops.map((n) => n.senderUserId)).toEqual([ids.frank, ids.bob, ids.frank, ids.bob, ids.frank, ids.bob, ids.bob]);
    await expectKeptWhole(t, kept, (world) => aliceList(world));
  });

  it('lists one dated earlier (the clock set back) by its date, in the world and in every kept copy', async () => {
    const t = testSandbox();
    const kept = await savingAsDb(t);
    t.clock.set(Date.parse('2026-01-11T00:00:00.000Z'));
    await boop(t, 'bob');
    const newestFirst = ['2026-01-14T18:00:00.000Z', '2026-01-12T08:30:00.000Z', '2026-01-11T00:00:00.000Z', '2026-01-10T12:00:00.000Z'];
    expect((await aliceList(t)).map((n) => n.created_at)).toEqual(newestFirst);
    expect((await aliceList(t, '?after=2026-01-10T18:00:00.000Z')).map((n) => n.created_at)).toEqual(newestFirst.slice(0, 3));
    await expectKeptWhole(t, kept, (world) => aliceList(world));
  });
});

describe('listing notifications ?after= an instant', () => {
  it('leaves out the one made at exactly that instant and keeps the one a millisecond later', async () => {
    const t = testSandbox();
    const instant = '2026-01-15T12:00:00.000Z';
    t.clock.set(Date.parse(instant));
    await boop(t, 'bob');
    t.clock.set(Date.parse(instant) + 1);
    await boop(t, 'frank');
    const listed = await aliceList(t, `?after=${instant}`);
    expect(listed.map((n) => [n.senderUserId, n.created_at])).toEqual([[ids.frank, '2026-01-15T12:00:00.001Z']]);
  });
});
