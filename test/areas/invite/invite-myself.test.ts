import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';

const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';
const aliceHidden =
  'wrld_a11ce000-0000-4000-8000-00000000b001:48213~hidden(usr_a11ce000-0000-4000-8000-000000000001)~region(eu)~nonce(a11ce000-0000-4000-8000-0000000000c1)';

describe('POST /invite/myself/to/{location}', () => {
  it('answers the invite sent to the requester', async () => {
    const t = testSandbox();
    const cookie = await t.login('frank');
    const r = await t.call('POST', `/invite/myself/to/${workshop}`, { cookie });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      type: 'invite',
      senderUserId: ids.frank,
      receiverUserId: ids.frank,
      details: { worldId: workshop, worldName: "Alice's Workshop" },
    });
    const inbox = (await t.call('GET', '/auth/user/notifications?type=invite', { cookie })).body;
    expect(inbox.map((n: { id: string }) => n.id)).toContain(r.body.id);
  });

  it('leaves a website user where they are: state, location and the instance users unchanged', async () => {
    const t = testSandbox();
    const cookie = await t.login('frank');
    const before = (await t.call('GET', '/auth/user', { cookie })).body;
    expect(before.state).toBe('active');
    const usersBefore = (await t.call('GET', `/instances/${workshop}`, { cookie })).body.users.map((u: { id: string }) => u.id);
    expect((await t.call('POST', `/invite/myself/to/${workshop}`, { cookie })).status).toBe(200);
    const after = (await t.call('GET', '/auth/user', { cookie })).body;
    expect({ state: after.state, location: after.location, worldId: after.worldId }).toEqual({
      state: before.state,
      location: before.location,
      worldId: before.worldId,
    });
    const usersAfter = (await t.call('GET', `/instances/${workshop}`, { cookie })).body.users.map((u: { id: string }) => u.id);
    expect(usersAfter).toEqual(usersBefore);
    expect(usersAfter).not.toContain(ids.frank);
  });

  it('leaves a user in game in their instance, and tells friends nothing', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const seen: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => seen.push(e));
    const onlineBefore = (await t.call('GET', `/groups/${groups.nightOwls}`, { cookie })).body.onlineMemberCount;
    expect((await t.call('POST', `/invite/myself/to/${workshop}`, { cookie })).status).toBe(200);
    expect((await t.call('GET', `/users/${ids.bob}`, { cookie: await t.login('alice') })).body).toMatchObject({
      state: 'online',
      location: aliceHidden,
    });
    expect((await t.call('GET', `/groups/${groups.nightOwls}`, { cookie })).body.onlineMemberCount).toBe(onlineBefore);
    expect(seen.map((e) => [e.type, e.to])).toEqual([['notification', [ids.bob]]]);
  });

  it('answers 404 for an unknown instance', async () => {
    const t = testSandbox();
    const cookie = await t.login('frank');
    expectError(
      await t.call('POST', '/invite/myself/to/wrld_a11ce000-0000-4000-8000-00000000b001:1', { cookie }),
      404,
      'Instance not found',
    );
  });
});
