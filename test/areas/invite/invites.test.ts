import { describe, expect, it } from 'vitest';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { NotificationSchema } from '../../../src/store/records/notifications.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';

const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';

describe('POST /invite/{userId}', () => {
  it('sends an invite naming the world and instance', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/invite/${ids.bob}`, { cookie: await t.login('alice'), body: { instanceId: workshop } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      type: 'invite',
      senderUserId: ids.alice,
      receiverUserId: ids.bob,
      message: "This is a generated invite to Alice's Workshop",
      details: { worldId: workshop, worldName: "Alice's Workshop" },
    });
    const bobs = (await t.call('GET', '/auth/user/notifications?type=invite', { cookie: await t.login('bob') })).body;
    expect(bobs[0].id).toBe(r.body.id);
    expect(JSON.parse(bobs[0].details)).toEqual({ worldId: workshop, worldName: "Alice's Workshop" });
  });

  it('adds the invite message of messageSlot', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/invite/${ids.alice}`, {
      cookie: await t.login('bob'),
      body: { instanceId: workshop, messageSlot: 0 },
    });
    expect(r.body.details.inviteMessage).toBe('Come hang out with me!');
  });

  it('refuses a messageSlot outside 0-11', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', `/invite/${ids.bob}`, { cookie: await t.login('alice'), body: { instanceId: workshop, messageSlot: 12 } }),
      400,
      'messageSlot must be at most 11',
    );
  });

  it('invites only friends', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', `/invite/${ids.eve}`, { cookie: await t.login('alice'), body: { instanceId: workshop } }),
      403,
      'You need to be friends with that user first.',
    );
  });

  it('answers 404 for an unknown instance', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', `/invite/${ids.bob}`, { cookie: await t.login('alice'), body: { instanceId: 'wrld_x:1' } }),
      404,
      'Instance not found',
    );
  });

  it('emits the notification event with details as an object', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const seen: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => seen.push(e));
    await t.call('POST', `/invite/${ids.bob}`, { cookie: alice, body: { instanceId: workshop } });
    expect(seen).toEqual([
      {
        type: 'notification',
        to: [ids.bob],
        content: expect.objectContaining({ type: 'invite', details: { worldId: workshop, worldName: "Alice's Workshop" } }),
      },
    ]);
  });
});

describe('POST /requestInvite/{userId}', () => {
  it('asks a friend for an invite, with the request message of requestSlot', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/requestInvite/${ids.alice}`, { cookie: await t.login('frank'), body: { requestSlot: 0 } });
    expectShape(NotificationSchema, r.body);
    expect(r.body.type).toBe('requestInvite');
    expect(JSON.parse(r.body.details)).toMatchObject({ platform: 'standalonewindows', requestMessage: expect.any(String) });
  });

  it('is for friends only', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', `/requestInvite/${ids.alice}`, { cookie: await t.login('eve'), body: {} }),
      403,
      'You need to be friends with that user first.',
    );
  });
});

describe('POST /invite/{notificationId}/response', () => {
  it('answers an invite with the response message of the slot, once', async () => {
    const t = testSandbox();
    const invite = (await t.call('POST', `/invite/${ids.bob}`, { cookie: await t.login('alice'), body: { instanceId: workshop } })).body;
    const bob = await t.login('bob');
    const seen: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => seen.push(e));
    const r = await t.call('POST', `/invite/${invite.id}/response`, { cookie: bob, body: { responseSlot: 0 } });
    expect(r.status).toBe(200);
    expect(r.body.type).toBe('inviteResponse');
    expect(JSON.parse(r.body.details)).toMatchObject({ inResponseTo: invite.id, responseMessage: expect.any(String) });
    expect(seen.map((e) => e.type)).toEqual(['notification', 'response-notification']);
    const alices = (await t.call('GET', '/auth/user/notifications?type=inviteResponse', { cookie: await t.login('alice') })).body;
    expect(alices.map((n: { id: string }) => n.id)).toEqual([r.body.id]);
    expectError(
      await t.call('POST', `/invite/${invite.id}/response`, { cookie: bob, body: { responseSlot: 0 } }),
      400,
      "You've already responded to that request.",
    );
  });

  it('answers an invite request with a requestInviteResponse', async () => {
    const t = testSandbox();
    const r = await t.call('POST', '/invite/not_b0b00000-0000-4000-8000-0000000d0101/response', {
      cookie: await t.login('bob'),
      body: { responseSlot: 1 },
    });
    expect(r.body).toMatchObject({ type: 'requestInviteResponse', senderUserId: ids.bob });
  });

  it('refuses a slot out of bounds', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', '/invite/not_b0b00000-0000-4000-8000-0000000d0101/response', {
        cookie: await t.login('bob'),
        body: { responseSlot: 12 },
      }),
      400,
      'Response slot is out of bounds.',
    );
  });

  it("answers 404 for another user's notification", async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', '/invite/not_b0b00000-0000-4000-8000-0000000d0101/response', {
        cookie: await t.login('frank'),
        body: { responseSlot: 0 },
      }),
      404,
      'Notification not found',
    );
  });
});
