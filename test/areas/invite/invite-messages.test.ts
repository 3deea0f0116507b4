import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { InviteMessageListSchema, InviteMessageSchema } from '../../../src/store/records/invite-messages.js';
import { expectError, expectShape, ids, testSandbox, type TestSandbox } from '../../support/helpers.js';

const unknownUser = 'usr_00000000-0000-4000-8000-00000000dead';

const list = async (t: TestSandbox, cookie: string, userId: string, type: string) => {
  const r = await t.call('GET', `/message/${userId}/${type}`, { cookie });
  expect(r.status).toBe(200);
  return expectShape(InviteMessageListSchema, r.body);
};

const readSlot = async (t: TestSandbox, cookie: string, userId: string, type: string, slot: number) => {
  const r = await t.call('GET', `/message/${userId}/${type}/${slot}`, { cookie });
  expect(r.status).toBe(200);
  return expectShape(InviteMessageSchema, r.body);
};

/** PUT the slot; a 200 body must be the type's twelve InviteMessages. */
const edit = async (t: TestSandbox, cookie: string, userId: string, type: string, slot: number | string, body: unknown) => {
  const r = await t.call('PUT', `/message/${userId}/${type}/${slot}`, { cookie, body });
  if (r.status === 200) expectShape(InviteMessageListSchema, r.body);
  return r;
};

describe('GET /message/{userId}/{messageType}', () => {
  it('lists the twelve slots of the type with their original texts, all editable', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const slots = await list(t, cookie, ids.bob, 'request');
    expect(slots.map((m) => m.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(slots[0]).toMatchObject({
      message: 'Can I join you?',
      messageType: 'request',
      canBeUpdated: true,
      remainingCooldownMinutes: 0,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(new Set(slots.map((m) => m.message)).size).toBe(12);
  });

  it('shows the slots the fixtures customised with their text', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const slots = await list(t, cookie, ids.alice, 'message');
    expect(slots[0]).toMatchObject({
      message: 'Group tools demo in my world, come see!',
      canBeUpdated: true,
      remainingCooldownMinutes: 0,
      updatedAt: '2025-12-20T18:30:00.000Z',
    });
    expect(slots[1]!.message).toBe("Let's play a game together!");
  });

  it('gives every slot an id that is the same in every world and differs per user, type and slot', async () => {
    const first = testSandbox();
    const second = testSandbox();
    const a = await list(first, await first.login('alice'), ids.alice, 'response');
    const b = await list(second, await second.login('alice'), ids.alice, 'response');
    expect(a.map((m) => m.id)).toEqual(b.map((m) => m.id));
    const bobs = await list(first, await first.login('bob'), ids.bob, 'response');
    const others = await list(first, await first.login('alice'), ids.alice, 'message');
    const all = new Set([...a, ...bobs, ...others].map((m) => m.id));
    expect(all.size).toBe(36);
  });

  it("refuses a non-admin reading another user's messages", async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await t.call('GET', `/message/${ids.alice}/message`, { cookie }), 401, messages.notAuthorized);
  });

  it("lets the admin read another user's messages", async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const slots = await list(t, cookie, ids.alice, 'message');
    expect(slots[0]!.message).toBe('Group tools demo in my world, come see!');
  });

  it('answers 400 naming an unknown messageType', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(
      await t.call('GET', `/message/${ids.alice}/greeting`, { cookie }),
      400,
      "Unknown messageType 'greeting': must be one of message, request, requestResponse, response",
    );
  });

  it('answers 404 for an unknown user', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    expectError(await t.call('GET', `/message/${unknownUser}/message`, { cookie }), 404, `User ${unknownUser} not found`);
  });

  it('needs a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', `/message/${ids.alice}/message`), 401, 'Missing Credentials');
  });
});

describe('GET /message/{userId}/{messageType}/{slot}', () => {
  it('reads one slot exactly as the list shows it', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const one = await readSlot(t, cookie, ids.alice, 'requestResponse', 7);
    const all = await list(t, cookie, ids.alice, 'requestResponse');
    expect(one).toEqual(all[7]);
    expect(one.message).toBe("I'm working on something, ask me later.");
  });

  it.each(['-1', '12', '1.5', 'abc'])('answers 400 for slot %s', async (slot) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/message/${ids.alice}/message/${slot}`, { cookie }), 400, 'Really? A negative slot? Tsk-tsk...');
  });
});

describe('PUT /message/{userId}/{messageType}/{slot}', () => {
  it('sets the text, starts the 60-minute cooldown and answers every slot of the type', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await edit(t, cookie, ids.bob, 'message', 3, { message: 'Raid night at 9!' });
    expect(r.status).toBe(200);
    const slots = expectShape(InviteMessageListSchema, r.body);
    expect(slots[3]).toMatchObject({
      message: 'Raid night at 9!',
      slot: 3,
      canBeUpdated: false,
      remainingCooldownMinutes: 60,
      updatedAt: '2026-01-15T12:00:00.000Z',
    });
    expect(slots[2]).toMatchObject({ canBeUpdated: true, remainingCooldownMinutes: 0 });
  });

  it('keeps the edited text on the next read, under the same id', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const before = await readSlot(t, cookie, ids.bob, 'message', 3);
    await edit(t, cookie, ids.bob, 'message', 3, { message: 'Raid night at 9!' });
    const after = await readSlot(t, cookie, ids.bob, 'message', 3);
    expect(after).toMatchObject({ id: before.id, message: 'Raid night at 9!' });
  });

  it('locks only the edited slot', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    await edit(t, cookie, ids.bob, 'message', 3, { message: 'Raid night at 9!' });
    expect((await edit(t, cookie, ids.bob, 'message', 4, { message: 'Movie at 8' })).status).toBe(200);
    expect((await edit(t, cookie, ids.bob, 'request', 3, { message: 'Let me in' })).status).toBe(200);
  });

  it.each([
    [{}, 'message is required'],
    [{ message: '' }, 'message must be at least 1 characters long'],
    [{ message: 42 }, 'message must be a string'],
  ])('answers 400 for the body %j and changes nothing', async (body, problem) => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await edit(t, cookie, ids.bob, 'message', 3, body), 400, problem);
    expect(await readSlot(t, cookie, ids.bob, 'message', 3)).toMatchObject({
      message: 'Want to explore some worlds?',
      canBeUpdated: true,
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await edit(t, cookie, ids.bob, 'message', 3, '{nope'), 400, messages.malformedJson);
  });

  it.each(['-3', '12', '0.5'])('answers 400 for slot %s', async (slot) => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await edit(t, cookie, ids.bob, 'message', slot, { message: 'hi' }), 400, messages.inviteMessageInvalidSlot);
  });

  it.each([0, 11])('edits slot %s, at an end of the range, and keeps the text on the next read', async (slot) => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expect((await edit(t, cookie, ids.bob, 'message', slot, { message: 'Edge of the list' })).status).toBe(200);
    expect(await readSlot(t, cookie, ids.bob, 'message', slot)).toMatchObject({ slot, message: 'Edge of the list' });
  });

  it('answers 400 for slot 12 and leaves slot 11 as it was', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const before = await readSlot(t, cookie, ids.bob, 'message', 11);
    expectError(await edit(t, cookie, ids.bob, 'message', 12, { message: 'One past' }), 400, messages.inviteMessageInvalidSlot);
    expect(await readSlot(t, cookie, ids.bob, 'message', 11)).toEqual(before);
  });

  it("refuses a non-admin editing another user's slot and leaves it unchanged", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await edit(t, bob, ids.alice, 'message', 1, { message: 'hacked' }), 401, messages.notAuthorized);
    const alice = await t.login('alice');
    expect((await readSlot(t, alice, ids.alice, 'message', 1)).message).toBe("Let's play a game together!");
  });

  it("lets the admin edit another user's slot, which the owner then reads", async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    expect((await edit(t, admin, ids.bob, 'response', 0, { message: 'Moderated text' })).status).toBe(200);
    const bob = await t.login('bob');
    expect(await readSlot(t, bob, ids.bob, 'response', 0)).toMatchObject({
      message: 'Moderated text',
      canBeUpdated: false,
      remainingCooldownMinutes: 60,
    });
  });

  it('answers 400 for an unknown messageType and 404 for an unknown user', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    expectError(await edit(t, cookie, ids.bob, 'invite', 0, { message: 'x' }), 400, messages.inviteMessageUnknownType('invite'));
    expectError(await edit(t, cookie, unknownUser, 'message', 0, { message: 'x' }), 404, `User ${unknownUser} not found`);
  });
});
