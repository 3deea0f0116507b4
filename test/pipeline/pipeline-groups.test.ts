import { describe, expect, it } from 'vitest';
import { ids } from '../support/helpers.js';
import { groups } from '../support/groups-fixture-ids.js';
import { usePipelineServer, type TestSocket } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();
/** Builders Guild's roles: the owner's, Editor (bob's), and the default one. */
const buildersEditor = 'grol_00000001-0000-4000-8000-000000000002';

type Name = 'alice' | 'bob' | 'admin';

/** Sockets of alice, bob and admin in the default world, and one of alice's in an isolated world. */
async function scene() {
  const world = (await pipeline.control('POST', '/worlds')).body.id as string;
  const elsewhereSession = await pipeline.login('alice', { 'x-mock-world': world });
  const [alice, bob, admin] = await pipeline.connect('alice', 'bob', 'admin');
  const elsewhere = pipeline.open(`world=${world}&authToken=${elsewhereSession.token}`);
  await elsewhere.opened;
  const by: Record<Name, { cookie: string; socket: TestSocket }> = { alice: alice!, bob: bob!, admin: admin! };
  return {
    cookie: (name: Name) => by[name].cookie,
    async next(name: Name) {
      const frame = await by[name].socket.next();
      return { type: frame.type, content: frame.content === undefined ? undefined : JSON.parse(frame.content) };
    },
    async nobodyElse() {
      await pipeline.expectNothingMore([alice!.socket, bob!.socket, admin!.socket]);
      await pipeline.expectNothingMore([elsewhere], world);
      await pipeline.control('DELETE', `/worlds/${world}`);
    },
  };
}

describe('group events', () => {
  it('joining an open group: group-joined to the user who joined', async () => {
    const s = await scene();
    expect((await pipeline.api('POST', `/groups/${groups.quietCorner}/join`, { cookie: s.cookie('alice') })).status).toBe(200);
    expect(await s.next('alice')).toEqual({ type: 'group-joined', content: { groupId: groups.quietCorner } });
    await s.nobodyElse();
  });

  it('leaving a group: group-left to the user who left', async () => {
    const s = await scene();
    expect((await pipeline.api('POST', `/groups/${groups.nightOwls}/leave`, { cookie: s.cookie('alice') })).status).toBe(200);
    expect(await s.next('alice')).toEqual({ type: 'group-left', content: { groupId: groups.nightOwls } });
    await s.nobodyElse();
  });

  it('a role given to a member: group-member-updated to that member', async () => {
    const s = await scene();
    const path = `/groups/${groups.builders}/members/${ids.admin}/roles/${buildersEditor}`;
    expect((await pipeline.api('PUT', path, { cookie: s.cookie('alice') })).status).toBe(200);
    const frame = await s.next('admin');
    expect(frame).toMatchObject({ type: 'group-member-updated', content: { member: { userId: ids.admin, groupId: groups.builders } } });
    expect(frame.content.member.roleIds).toContain(buildersEditor);
    await s.nobodyElse();
  });

  it('a role changed: group-role-updated to every member of the group', async () => {
    const s = await scene();
    const path = `/groups/${groups.builders}/roles/${buildersEditor}`;
    expect((await pipeline.api('PUT', path, { cookie: s.cookie('alice'), body: { name: 'Editors' } })).status).toBe(200);
    for (const name of ['alice', 'bob', 'admin'] as const) {
      expect(await s.next(name)).toMatchObject({ type: 'group-role-updated', content: { role: { id: buildersEditor, name: 'Editors' } } });
    }
    await s.nobodyElse();
  });

  it('a post sent with a notification: notification to the other members, details as an object', async () => {
    const s = await scene();
    const body = { title: 'Build night', text: 'Friday', visibility: 'group', sendNotification: true };
    const post = await pipeline.api('POST', `/groups/${groups.builders}/posts`, { cookie: s.cookie('alice'), body });
    expect(post.status).toBe(200);
    for (const name of ['bob', 'admin'] as const) {
      expect(await s.next(name)).toMatchObject({
        type: 'notification',
        content: { type: 'message', senderUserId: ids.alice, details: { groupId: groups.builders, postId: post.body.id } },
      });
    }
    await s.nobodyElse();
  });
});
