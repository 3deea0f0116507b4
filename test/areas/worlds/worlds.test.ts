import { describe, expect, it } from 'vitest';
import { messages, WAF_WORLD_TAG_INVALID, WAF_WORLD_TAG_LIMIT, WAF_WORLD_TAG_RESTRICTED } from '../../../src/errors.js';
import { unitySortNumber } from '../../../src/store/records/unity-package.js';
import { WorldSchema } from '../../../src/store/records/worlds.js';
import { expectError, expectShape, ids, testSandbox, type Reply } from '../../support/helpers.js';
import { instances, unknownWorld, worlds } from '../../support/worlds-fixture-ids.js';

async function readWorld(t: ReturnType<typeof testSandbox>, cookie: string, worldId: string = worlds.aliceHome) {
  const r = await t.call('GET', `/worlds/${worldId}`, { cookie });
  expect(r.status).toBe(200);
  return expectShape(WorldSchema, r.body);
}

function expectWafError(r: Reply, status: number, message: string, wafCode: number) {
  expectError(r, status, message);
  expect(r.body.error.waf_code).toBe(wafCode);
}

describe('GET /worlds/{worldId}', () => {
  it('answers the World with its unity packages', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const world = await readWorld(t, cookie);
    expect(world).toMatchObject({ id: worlds.aliceHome, authorId: ids.alice, authorName: 'Alice', capacity: 16 });
    expect(world.unityPackages.map((p) => p.platform)).toEqual(['standalonewindows', 'android']);
    expect(world.unityPackages[0]!.unitySortNumber).toBe(unitySortNumber('2022.3.22f1'));
  });

  it('counts occupants from its instances and lists its open ones', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const world = await readWorld(t, cookie);
    // alice and bob are in alice's hidden instance; the public one is empty
    expect(world).toMatchObject({ occupants: 2, privateOccupants: 2, publicOccupants: 0 });
    expect(world.instances).toEqual([[instances.alicePublic, 0, {}]]);
    expect(world.slimInstances).toEqual([{ gameServerVersion: {}, instanceId: instances.alicePublic, languageRatio: {}, n_users: 0 }]);
  });

  it('counts a public group instance as public occupants', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const world = await readWorld(t, cookie, worlds.lobby);
    expect(world).toMatchObject({ occupants: 2, publicOccupants: 2, privateOccupants: 0 });
    expect(world.instances.map(([id]) => id).sort()).toEqual([instances.buildersGroup, instances.lobbyPublic].sort());
  });

  it('answers 404 naming an unknown world', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await t.call('GET', `/worlds/${unknownWorld}`, { cookie }), 404, `World ${unknownWorld} not found`);
  });

  it('answers without a session, as the description marks it', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', `/worlds/${worlds.aliceHome}`);
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(worlds.aliceHome);
  });
});

describe('POST /worlds/{worldId}/addTags', () => {
  it('adds tags to a world its author names, each once, and keeps them on the next read', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    t.clock.advance(60_000);
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, {
      cookie,
      body: { tags: ['author_tag_cozy', 'author_tag_workshop', 'author_tag_cozy', 'content_quiet'] },
    });
    expect(r.status).toBe(200);
    const expected = ['author_tag_workshop', 'system_approved', 'author_tag_cozy', 'content_quiet'];
    expect(expectShape(WorldSchema, r.body).tags).toEqual(expected);
    const again = await readWorld(t, cookie);
    expect(again.tags).toEqual(expected);
    expect(again.updated_at).toBe('2026-01-15T12:01:00.000Z');
  });

  it('keeps a tag once whatever its case, as it was first written', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, {
      cookie,
      body: { tags: ['Author_Tag_Workshop', 'author_tag_cozy', 'AUTHOR_TAG_COZY'] },
    });
    const expected = ['author_tag_workshop', 'system_approved', 'author_tag_cozy'];
    expect(expectShape(WorldSchema, r.body).tags).toEqual(expected);
    expect((await readWorld(t, cookie)).tags).toEqual(expected);
  });

  it('lets an admin tag any world', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, { cookie, body: { tags: ['admin_spotlight'] } });
    expect(r.status).toBe(200);
    expect((await readWorld(t, cookie)).tags).toContain('admin_spotlight');
  });

  it('refuses a world the requester did not author', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, { cookie, body: { tags: ['author_tag_mine'] } });
    expectError(r, 403, messages.worldNotAuthor);
    expect((await readWorld(t, cookie)).tags).toEqual(['author_tag_workshop', 'system_approved']);
  });

  it('refuses a malformed tag with a waf_code and adds none of the request', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, {
      cookie,
      body: { tags: ['author_tag_fine', 'not a tag!'] },
    });
    expectWafError(r, 400, messages.worldTagInvalid('not a tag!'), WAF_WORLD_TAG_INVALID);
    expect((await readWorld(t, cookie)).tags).toEqual(['author_tag_workshop', 'system_approved']);
  });

  it('refuses an empty tag', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, { cookie, body: { tags: [''] } });
    expectWafError(r, 400, messages.worldTagInvalid(''), WAF_WORLD_TAG_INVALID);
  });

  it.each(['system_approved_again', 'SYSTEM_trusted', 'admin_featured'])('refuses the restricted tag %s from an author', async (tag) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, { cookie, body: { tags: [tag] } });
    expectWafError(r, 400, messages.worldTagRestricted(tag), WAF_WORLD_TAG_RESTRICTED);
    expect((await readWorld(t, cookie)).tags).not.toContain(tag);
  });

  it('refuses system_ tags even from an admin', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('POST', `/worlds/${worlds.lobby}/addTags`, { cookie, body: { tags: ['system_labs'] } });
    expectWafError(r, 400, messages.worldTagRestricted('system_labs'), WAF_WORLD_TAG_RESTRICTED);
  });

  it('refuses tags beyond the limit of 20 and keeps the world as it was', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const tags = Array.from({ length: 19 }, (_, i) => `author_tag_${i}`);
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, { cookie, body: { tags } });
    expectWafError(r, 400, messages.worldTagLimit(20), WAF_WORLD_TAG_LIMIT);
    expect((await readWorld(t, cookie)).tags).toHaveLength(2);
  });

  it('accepts tags up to the limit exactly', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const tags = Array.from({ length: 18 }, (_, i) => `author_tag_${i}`);
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/addTags`, { cookie, body: { tags } });
    expect(r.status).toBe(200);
    expect((await readWorld(t, cookie)).tags).toHaveLength(20);
  });

  it('names a missing or mistyped tags field', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const path = `/worlds/${worlds.aliceHome}/addTags`;
    expectError(await t.call('POST', path, { cookie, body: {} }), 400, 'tags is required');
    expectError(await t.call('POST', path, { cookie, body: { tags: 'cozy' } }), 400, 'tags must be an array');
    expectError(await t.call('POST', path, { cookie, body: { tags: [1] } }), 400, 'tags.0 must be a string');
  });

  it('answers 404 for an unknown world', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('POST', `/worlds/${unknownWorld}/addTags`, { cookie, body: { tags: ['author_tag_x'] } });
    expectError(r, 404, messages.worldNotFound(unknownWorld));
  });
});

describe('routing under /worlds/{worldId}', () => {
  it('reads GET /worlds/{worldId}/addTags as an instance named addTags', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/worlds/${worlds.aliceHome}/addTags`, { cookie }), 404, messages.instanceNotFound);
  });

  it('does not read POST /worlds/{worldId}/{instanceId} as addTags', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/${instances.aliceHidden}`, { cookie, body: { tags: ['x'] } });
    expectError(r, 404, messages.notFound);
    expect((await readWorld(t, cookie)).tags).toEqual(['author_tag_workshop', 'system_approved']);
  });
});
