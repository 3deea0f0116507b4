import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { InviteMessageListSchema, InviteMessageSchema } from '../../../src/store/records/invite-messages.js';
import { expectError, expectShape, ids, testSandbox, type Reply, type TestSandbox } from '../../support/helpers.js';

const MINUTE = 60_000;
const unknownUser = 'usr_00000000-0000-4000-8000-00000000dead';
/** alice's `message` slot 0 is customised in fixtures/inviteMessages.json, its cooldown long over. */
const aliceCustom = `/message/${ids.alice}/message/0`;

const readSlot = async (t: TestSandbox, cookie: string, path: string) => {
  const r = await t.call('GET', path, { cookie });
  expect(r.status).toBe(200);
  return expectShape(InviteMessageSchema, r.body);
};

/** A 200 answer to an edit or a reset must be the type's twelve InviteMessages. */
const listed = (r: Reply) => {
  if (r.status === 200) expectShape(InviteMessageListSchema, r.body);
  return r;
};

const edit = async (t: TestSandbox, cookie: string, path: string, message: string) =>
  listed(await t.call('PUT', path, { cookie, body: { message } }));

const reset = async (t: TestSandbox, cookie: string, path: string) => listed(await t.call('DELETE', path, { cookie }));

describe('DELETE /message/{userId}/{messageType}/{slot}', () => {
  it('restores the original text and answers every slot of the type', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    t.clock.advance(5 * MINUTE);
    const r = await reset(t, cookie, aliceCustom);
    expect(r.status).toBe(200);
    const slots = expectShape(InviteMessageListSchema, r.body);
    expect(slots[0]).toMatchObject({
      message: 'Come hang out with me!',
      canBeUpdated: true,
      remainingCooldownMinutes: 0,
      updatedAt: '2026-01-15T12:05:00.000Z',
    });
  });

  it('shows the original text on the next read, under the same id', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const before = await readSlot(t, cookie, aliceCustom);
    await reset(t, cookie, aliceCustom);
    expect(await readSlot(t, cookie, aliceCustom)).toMatchObject({ id: before.id, message: 'Come hang out with me!' });
  });

  it('does not start the cooldown: the slot can be edited right afterwards', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await reset(t, cookie, aliceCustom);
    const r = await edit(t, cookie, aliceCustom, 'Back again');
    expect(r.status).toBe(200);
    expect((await readSlot(t, cookie, aliceCustom)).message).toBe('Back again');
  });

  it('answers 404 for a slot that holds its original text', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await reset(t, cookie, `/message/${ids.alice}/message/5`), 404, "There's no entry for that slot.");
  });

  it('answers 404 for a slot reset a second time', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await reset(t, cookie, aliceCustom);
    expectError(await reset(t, cookie, aliceCustom), 404, messages.inviteMessageNoEntry);
  });

  it('answers 429 while an edit cooldown runs and keeps the edited text', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const path = `/message/${ids.bob}/request/6`;
    await edit(t, cookie, path, 'Room for a tank?');
    t.clock.advance(20 * MINUTE);
    expectError(await reset(t, cookie, path), 429, 'Please wait 40 more minutes until you try again.');
    expect((await readSlot(t, cookie, path)).message).toBe('Room for a tank?');
  });

  it('resets an edited slot once its cooldown has lifted', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const path = `/message/${ids.bob}/request/6`;
    await edit(t, cookie, path, 'Room for a tank?');
    t.clock.advance(60 * MINUTE);
    expect((await reset(t, cookie, path)).status).toBe(200);
    expect((await readSlot(t, cookie, path)).message).toBe('Can I see your world?');
  });

  it('still refuses a reset one minute before the cooldown lifts', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const path = `/message/${ids.bob}/request/6`;
    await edit(t, cookie, path, 'Room for a tank?');
    t.clock.advance(59 * MINUTE);
    expectError(await reset(t, cookie, path), 429, 'Please wait 1 more minutes until you try again.');
    expect((await readSlot(t, cookie, path)).message).toBe('Room for a tank?');
  });

  it('resets slot 11, the last slot', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const path = `/message/${ids.bob}/response/11`;
    const original = (await readSlot(t, cookie, path)).message;
    await edit(t, cookie, path, 'Busy building, sorry');
    t.clock.advance(60 * MINUTE);
    expect((await reset(t, cookie, path)).status).toBe(200);
    expect((await readSlot(t, cookie, path)).message).toBe(original);
  });

  it.each(['-1', '12', '99', '2.5', 'first'])('answers 400 for slot %s', async (slot) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await reset(t, cookie, `/message/${ids.alice}/message/${slot}`), 400, 'Really? A negative slot? Tsk-tsk...');
  });

  it("refuses a non-admin resetting another user's slot and leaves it unchanged", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await reset(t, bob, aliceCustom), 401, 'You are not authorized to perform that action.');
    const alice = await t.login('alice');
    expect((await readSlot(t, alice, aliceCustom)).message).toBe('Group tools demo in my world, come see!');
  });

  it("lets the admin reset another user's slot", async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    expect((await reset(t, admin, `/message/${ids.bob}/response/4`)).status).toBe(200);
    const bob = await t.login('bob');
    expect((await readSlot(t, bob, `/message/${ids.bob}/response/4`)).message).toBe('Maybe later!');
  });

  it('answers 400 naming an unknown messageType', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(
      await reset(t, cookie, `/message/${ids.alice}/requestresponse/0`),
      400,
      "Unknown messageType 'requestresponse': must be one of message, request, requestResponse, response",
    );
  });

  it('answers 404 for an unknown user', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    expectError(await reset(t, cookie, `/message/${unknownUser}/message/0`), 404, `User ${unknownUser} not found`);
  });
});

describe('the 60-minute cooldown', () => {
  const path = `/message/${ids.bob}/message/2`;

  it('refuses a second edit with the full 60 minutes right after the first', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    await edit(t, cookie, path, 'First');
    expectError(await edit(t, cookie, path, 'Second'), 429, 'Please wait 60 more minutes until you try again.');
    expect((await readSlot(t, cookie, path)).message).toBe('First');
  });

  it('says 1 more minute 59 minutes in, rounding the remaining time up', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    await edit(t, cookie, path, 'First');
    t.clock.advance(59 * MINUTE);
    expectError(await edit(t, cookie, path, 'Second'), 429, 'Please wait 1 more minutes until you try again.');
    t.clock.advance(59_999);
    expectError(await edit(t, cookie, path, 'Second'), 429, 'Please wait 1 more minutes until you try again.');
  });

  it('rounds part of a minute up to a whole one', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    await edit(t, cookie, path, 'First');
    t.clock.advance(30_000);
    expectError(await edit(t, cookie, path, 'Second'), 429, 'Please wait 60 more minutes until you try again.');
    expect(await readSlot(t, cookie, path)).toMatchObject({ canBeUpdated: false, remainingCooldownMinutes: 60 });
  });

  it('reports the remaining minutes and canBeUpdated by the world clock at read time', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    await edit(t, cookie, path, 'First');
    t.clock.advance(15 * MINUTE);
    expect(await readSlot(t, cookie, path)).toMatchObject({ canBeUpdated: false, remainingCooldownMinutes: 45 });
    t.clock.advance(45 * MINUTE);
    expect(await readSlot(t, cookie, path)).toMatchObject({ canBeUpdated: true, remainingCooldownMinutes: 0 });
  });

  it('lifts after 60 minutes of clock time, when the next edit succeeds and starts a new one', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    await edit(t, cookie, path, 'First');
    t.clock.advance(60 * MINUTE);
    const r = await edit(t, cookie, path, 'Second');
    expect(r.status).toBe(200);
    expect(expectShape(InviteMessageListSchema, r.body)[2]).toMatchObject({
      message: 'Second',
      canBeUpdated: false,
      remainingCooldownMinutes: 60,
      updatedAt: '2026-01-15T13:00:00.000Z',
    });
  });

  it('runs from the updatedAt of a customised slot in the fixtures', async () => {
    const t = testSandbox((data) => {
      data.inviteMessages.push({
        userId: ids.bob,
        messageType: 'message',
        slot: 2,
        message: 'Edited just before the test began',
        updatedAt: '2026-01-15T11:30:00.000Z',
      });
    });
    const cookie = await t.login('bob');
    expect(await readSlot(t, cookie, path)).toMatchObject({
      message: 'Edited just before the test began',
      canBeUpdated: false,
      remainingCooldownMinutes: 30,
    });
    expectError(await reset(t, cookie, path), 429, 'Please wait 30 more minutes until you try again.');
  });
});

describe('inviteMessages.json', () => {
  it('refuses two records for one slot, naming the record', () => {
    const record = {
      userId: ids.bob,
      messageType: 'message' as const,
      slot: 2,
      message: 'x',
      updatedAt: '2025-12-01T00:00:00.000Z',
    };
    expect(() => testSandbox((data) => data.inviteMessages.push(record, { ...record }))).toThrow(
      `inviteMessages.json: [4].slot: duplicate slot 2 of message for ${ids.bob}`,
    );
  });
});
