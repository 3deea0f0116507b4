import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import {
  GroupAnnouncementSchema,
  GroupAuditLogListSchema,
  GroupGalleryImageSchema,
  GroupPostSchema,
} from '../../../src/store/records/group-extras.js';
import { GroupGallerySchema } from '../../../src/store/records/groups.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { openMicEvent } from '../../support/calendar-seed.js';
import { fileIds } from '../../support/files-fixtures.js';

const post = { title: 'Build night', text: 'Friday at eight.', visibility: 'group', sendNotification: false };
const gallery = 'ggal_00000001-0000-4000-8000-000000000001';
const editorRole = 'grol_00000001-0000-4000-8000-000000000002';
const fileId = 'file_00000000-0000-4000-8000-0000000000aa';

describe('group posts', () => {
  it('a group post is read by members only; a public one by anyone', async () => {
    const t = testSandbox();
    const owner = await t.login('admin');
    const made = expectShape(
      GroupPostSchema,
      (await t.call('POST', `/groups/${groups.photoClub}/posts`, { cookie: owner, body: post })).body,
    );
    await t.call('POST', `/groups/${groups.photoClub}/posts`, {
      cookie: owner,
      body: { ...post, title: 'Open day', visibility: 'public' },
    });
    const member = (await t.call('GET', `/groups/${groups.photoClub}/posts`, { cookie: await t.login('bob') })).body;
    expect(member.posts.map((p: { title: string }) => p.title)).toEqual(['Open day', 'Build night']);
    const outsider = (await t.call('GET', `/groups/${groups.photoClub}/posts`, { cookie: await t.login('alice') })).body;
    expect(outsider.posts.map((p: { title: string }) => p.title)).toEqual(['Open day']);
    expect(made.authorId).toBe(ids.admin);
    expect(t.sandbox.groups.get(groups.photoClub)!.lastPostCreatedAt).toBe(made.createdAt);
  });

  it('a post limited to a role is read only by its holders and managers', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: owner, body: { ...post, roleIds: [editorRole] } });
    expect((await t.call('GET', `/groups/${groups.builders}/posts`, { cookie: await t.login('bob') })).body.posts).toHaveLength(1);
    expect((await t.call('GET', `/groups/${groups.builders}/posts`, { cookie: await t.login('admin') })).body.posts).toEqual([]);
  });

  it('a public post limited to a role is still read only by its holders', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    await t.call('POST', `/groups/${groups.builders}/posts`, {
      cookie: owner,
      body: { ...post, visibility: 'public', roleIds: [editorRole] },
    });
    expect((await t.call('GET', `/groups/${groups.builders}/posts`, { cookie: await t.login('bob') })).body.posts).toHaveLength(1);
    expect((await t.call('GET', `/groups/${groups.builders}/posts`, { cookie: await t.login('admin') })).body.posts).toEqual([]);
    expect((await t.call('GET', `/groups/${groups.builders}/posts`, { cookie: await t.login('frank') })).body.posts).toEqual([]);
  });

  it('sendNotification notifies the members who may read it, not the author', async () => {
    const t = testSandbox();
    const events: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => events.push(e));
    await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: await t.login('alice'), body: { ...post, sendNotification: true } });
    const notified = events.filter((e) => e.type === 'notification').flatMap((e) => e.to);
    expect(notified.sort()).toEqual([ids.bob, ids.admin].sort());
    const bobs = await t.call('GET', '/auth/user/notifications', { cookie: await t.login('bob') });
    expect(JSON.stringify(bobs.body)).toContain('Build night');
  });

  it('edits and deletes a post', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    const made = (await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: owner, body: post })).body;
    const edited = await t.call('PUT', `/groups/${groups.builders}/posts/${made.id}`, { cookie: owner, body: { ...post, title: 'Moved' } });
    expect(edited.body).toMatchObject({ title: 'Moved', editorId: ids.alice });
    const deleted = await t.call('DELETE', `/groups/${groups.builders}/posts/${made.id}`, { cookie: owner });
    expect(deleted.body.success.message).toBe('Group Post was deleted!');
    expect((await t.call('GET', `/groups/${groups.builders}/posts`, { cookie: owner })).body.posts).toEqual([]);
    expectError(await t.call('DELETE', `/groups/${groups.builders}/posts/${made.id}`, { cookie: owner }), 404, messages.groupPostNotFound);
  });

  it('refuses posting without group-announcement-manage', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: await t.login('bob'), body: post });
    expectError(r, 403, messages.groupNoPermission);
  });
});

describe('group announcement', () => {
  it('is set, read, replaced and cleared', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    const empty = expectShape(
      GroupAnnouncementSchema,
      (await t.call('GET', `/groups/${groups.builders}/announcement`, { cookie: owner })).body,
    );
    expect(empty.id).toBeNull();
    await t.call('POST', `/groups/${groups.builders}/announcement`, { cookie: owner, body: { title: 'Welcome', text: 'Hello.' } });
    const read = (await t.call('GET', `/groups/${groups.builders}/announcement`, { cookie: await t.login('admin') })).body;
    expect(expectShape(GroupAnnouncementSchema, read)).toMatchObject({ title: 'Welcome', authorId: ids.alice });
    const cleared = await t.call('DELETE', `/groups/${groups.builders}/announcement`, { cookie: owner });
    expect(cleared.body.success.message).toBe('Group announcement was cleared!');
    expect((await t.call('GET', `/groups/${groups.builders}/announcement`, { cookie: owner })).body.title).toBeNull();
  });
});

describe('group galleries', () => {
  it('creates, updates and deletes a gallery', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    const made = expectShape(
      GroupGallerySchema,
      (await t.call('POST', `/groups/${groups.builders}/galleries`, { cookie: owner, body: { name: 'Builds' } })).body,
    );
    const updated = await t.call('PUT', `/groups/${groups.builders}/galleries/${made.id}`, { cookie: owner, body: { membersOnly: true } });
    expect(updated.body.membersOnly).toBe(true);
    expect(
      (await t.call('GET', `/groups/${groups.builders}`, { cookie: owner })).body.galleries.map((g: { id: string }) => g.id),
    ).toContain(made.id);
    expect((await t.call('DELETE', `/groups/${groups.builders}/galleries/${made.id}`, { cookie: owner })).body.success.message).toBe(
      'Gallery deleted!',
    );
    expectError(
      await t.call('GET', `/groups/${groups.builders}/galleries/${made.id}`, { cookie: owner }),
      404,
      messages.groupGalleryNotFound,
    );
  });

  it('a member submits; the image waits for a manager and is hidden from other viewers until then', async () => {
    const t = testSandbox();
    const admin = await t.login('admin'); // holds the default Member role: may submit and view
    const image = expectShape(
      GroupGalleryImageSchema,
      (await t.call('POST', `/groups/${groups.builders}/galleries/${gallery}/images`, { cookie: admin, body: { fileId } })).body,
    );
    expect(image.approved).toBe(false);
    expect((await t.call('GET', `/groups/${groups.builders}/galleries/${gallery}`, { cookie: await t.login('bob') })).body).toEqual([]);
    const owner = await t.login('alice');
    expect((await t.call('GET', `/groups/${groups.builders}/galleries/${gallery}?approved=false`, { cookie: owner })).body).toHaveLength(1);
  });

  it('names where to download the image: this server, as a gallery image and a post with it', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    const url = `http://localhost/api/1/file/${fileIds.photo}/1/file`;
    const image = await t.call('POST', `/groups/${groups.builders}/galleries/${gallery}/images`, {
      cookie: owner,
      body: { fileId: fileIds.photo },
    });
    expect(image.body.imageUrl).toBe(url);
    const made = await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: owner, body: { ...post, imageId: fileIds.photo } });
    expect(made.body.imageUrl).toBe(url);
    expect((await t.app.request(url, { headers: { cookie: owner } })).status).toBe(200);
  });

  it("refuses a member without one of the gallery's submit roles", async () => {
    const t = testSandbox();
    await t.call('PUT', `/groups/${groups.builders}/galleries/${gallery}`, {
      cookie: await t.login('alice'),
      body: { roleIdsToSubmit: [editorRole] },
    });
    const r = await t.call('POST', `/groups/${groups.builders}/galleries/${gallery}/images`, {
      cookie: await t.login('admin'),
      body: { fileId },
    });
    expectError(r, 403, messages.groupGallerySubmitForbidden);
    const bob = await t.call('POST', `/groups/${groups.builders}/galleries/${gallery}/images`, {
      cookie: await t.login('bob'),
      body: { fileId },
    });
    expect(bob.status).toBe(200);
  });

  it("a manager's submission is approved at once", async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/groups/${groups.builders}/galleries/${gallery}/images`, {
      cookie: await t.login('alice'),
      body: { fileId },
    });
    expect(r.body).toMatchObject({ approved: true, approvedByUserId: ids.alice });
  });

  it("refuses a non-member submitting, and a member removing another's image", async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    const made = (
      await t.call('POST', `/groups/${groups.nightOwls}/galleries/ggal_00000002-0000-4000-8000-000000000001/images`, {
        cookie: await t.login('bob'),
        body: { fileId },
      })
    ).body;
    expectError(
      await t.call('POST', `/groups/${groups.quietCorner}/galleries/ggal_00000005-0000-4000-8000-000000000001/images`, {
        cookie: owner,
        body: { fileId },
      }),
      403,
      messages.groupNotMember,
    );
    const path = `/groups/${groups.nightOwls}/galleries/ggal_00000002-0000-4000-8000-000000000001/images/${made.id}`;
    expectError(await t.call('DELETE', path, { cookie: owner }), 403, messages.groupGalleryImageDeleteForbidden);
    expect((await t.call('DELETE', path, { cookie: await t.login('bob') })).body.success.message).toBe('Gallery image removed!');
  });
});

describe('GET /groups/{groupId}/auditLogs', () => {
  it('lists entries newest first, narrowed by event type and actor', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: owner, body: post });
    t.clock.advance(60_000);
    await t.call('PUT', `/groups/${groups.builders}/members/${ids.admin}/roles/${editorRole}`, { cookie: owner });
    const log = expectShape(GroupAuditLogListSchema, (await t.call('GET', `/groups/${groups.builders}/auditLogs`, { cookie: owner })).body);
    expect(log.results.map((e) => e.eventType)).toEqual(['group.member.role.assign', 'group.post.create']);
    const roles = await t.call('GET', `/groups/${groups.builders}/auditLogs?eventTypes=group.post.create&actorIds=${ids.alice}`, {
      cookie: owner,
    });
    expect(roles.body).toMatchObject({ totalCount: 1, hasNext: false });
    const later = await t.call('GET', `/groups/${groups.builders}/auditLogs?startDate=${new Date(t.clock.now()).toISOString()}`, {
      cookie: owner,
    });
    expect(later.body.totalCount).toBe(1);
  });

  it('records calendar events and gallery submissions too', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    await t.call('POST', `/calendar/${groups.builders}/event`, { cookie: owner, body: openMicEvent });
    await t.call('POST', `/groups/${groups.builders}/galleries/${gallery}/images`, { cookie: await t.login('admin'), body: { fileId } });
    const log = (await t.call('GET', `/groups/${groups.builders}/auditLogs`, { cookie: owner })).body;
    expect(log.results.map((e: { eventType: string }) => e.eventType)).toEqual(['group.gallery.image.submit', 'group.event.create']);
    expect(log.results[0]).toMatchObject({ actorId: ids.admin, data: { approved: false } });
  });

  it('lists its event types, for holders of group-audit-view only', async () => {
    const t = testSandbox();
    const types = (await t.call('GET', `/groups/${groups.builders}/auditLogTypes`, { cookie: await t.login('alice') })).body;
    expect(types).toEqual(expect.arrayContaining(['group.member.join', 'group.user.ban', 'group.role.update']));
    expectError(
      await t.call('GET', `/groups/${groups.builders}/auditLogs`, { cookie: await t.login('bob') }),
      403,
      messages.groupNoPermission,
    );
  });
});

describe('snapshot and restore', () => {
  it('bring back posts and the audit log as they were at the snapshot', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: owner, body: post });
    await t.app.request('/_mock/snapshot', { method: 'POST' });
    await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: owner, body: { ...post, title: 'After' } });
    await t.app.request('/_mock/restore', { method: 'POST' });
    const posts = (await t.call('GET', `/groups/${groups.builders}/posts`, { cookie: owner })).body.posts;
    expect(posts.map((p: { title: string }) => p.title)).toEqual(['Build night']);
    const log = (await t.call('GET', `/groups/${groups.builders}/auditLogs`, { cookie: owner })).body;
    expect(log.results.map((e: { eventType: string }) => e.eventType)).toEqual(['group.post.create']);
  });
});

describe('notifying a post limited to roles', () => {
  const limited = { ...post, title: 'Editors only', roleIds: [editorRole], sendNotification: true };

  /** The messages of `who`'s notifications that name the post. */
  async function aboutPost(t: ReturnType<typeof testSandbox>, who: string) {
    const reply = await t.call('GET', '/auth/user/notifications', { cookie: await t.login(who) });
    expect(reply.status).toBe(200);
    return (reply.body as { message: string }[]).map((n) => n.message).filter((m) => m.includes('Editors only'));
  }

  it('notifies on create only the members holding one of the roles', async () => {
    const t = testSandbox();
    const made = await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: await t.login('alice'), body: limited });
    expect(made.status).toBe(200);
    expect(await aboutPost(t, 'bob')).toHaveLength(1);
    expect(await aboutPost(t, 'admin')).toEqual([]);
  });

  it('notifies on update only the members holding one of the roles', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    const made = await t.call('POST', `/groups/${groups.builders}/posts`, { cookie: owner, body: { ...limited, sendNotification: false } });
    const edited = await t.call('PUT', `/groups/${groups.builders}/posts/${made.body.id}`, { cookie: owner, body: limited });
    expect(edited.status).toBe(200);
    expect(await aboutPost(t, 'bob')).toHaveLength(1);
    expect(await aboutPost(t, 'admin')).toEqual([]);
  });
});
