import { describe, expect, it } from 'vitest';
import { messages, WAF_WORLD_TAG_INVALID, WAF_WORLD_TAG_RESTRICTED } from '../../../src/errors.js';
import { WorldSchema } from '../../../src/store/records/worlds.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { expectError, expectShape, ids, testSandbox, type Reply } from '../../support/helpers.js';
import { locations, worlds } from '../../support/worlds-fixture-ids.js';

const vrcw = 'file_f11e0000-0000-4000-8000-000000000003';
const assetUrl = (version = 1, fileId = vrcw) => `https://api.example.test/api/1/file/${fileId}/${version}/file`;

/** Gives alice's .vrcw file a complete version 1 (the fixture has only its creation, version 0). */
function completeVrcw(data: SandboxData) {
  const file = data.files.find((f) => f.id === vrcw)!;
  file.versions.push({ ...structuredClone(file.versions[0]!), version: 1, status: 'complete' });
}

async function asAlice(tweak: (data: SandboxData) => void = completeVrcw) {
  const t = testSandbox(tweak);
  const alice = await t.login('alice');
  return { t, alice };
}

const newWorld = {
  name: 'Paper Lanterns',
  imageUrl: 'https://assets.example.test/lanterns.png',
  assetUrl: assetUrl(),
  platform: 'android',
  unityVersion: '2022.3.22f1',
};

describe('POST /worlds', () => {
  it("creates the requester's private world from their complete .vrcw file; GET and user=me show it", async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('POST', '/worlds', { cookie: alice, body: newWorld });
    expect(r.status).toBe(200);
    const created = expectShape(WorldSchema, r.body);
    expect(created).toMatchObject({ name: 'Paper Lanterns', authorId: ids.alice, authorName: 'Alice', releaseStatus: 'private' });
    expect(created.unityPackages.map((p) => [p.platform, p.assetUrl])).toEqual([['android', assetUrl()]]);
    expect((await t.call('GET', `/worlds/${created.id}`, { cookie: alice })).body.name).toBe('Paper Lanterns');
    const own = await t.call('GET', '/worlds?user=me&search=lanterns', { cookie: alice });
    expect(own.body.map((w: { id: string }) => w.id)).toEqual([created.id]);
  });

  it('refuses a unityVersion that is not a Unity version with 400 naming it', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('POST', '/worlds', { cookie: alice, body: { ...newWorld, unityVersion: '2022.x' } });
    expectError(r, 400, 'unityVersion must be a Unity version such as 2022.3.22f1');
  });

  it('refuses a .vrcw version that has not finished uploading with 400', async () => {
    const { t, alice } = await asAlice((data) => {
      completeVrcw(data);
      data.files.find((f) => f.id === vrcw)!.versions[1]!.status = 'waiting';
    });
    expectError(await t.call('POST', '/worlds', { cookie: alice, body: newWorld }), 400, messages.fileVersionNotComplete(vrcw, 1));
  });

  it('refuses a file with no such version with 400', async () => {
    const { t, alice } = await asAlice(() => {});
    expectError(await t.call('POST', '/worlds', { cookie: alice, body: newWorld }), 400, messages.fileVersionNotFound(vrcw, 1));
  });

  it('refuses a file that is not a .vrcw with 400', async () => {
    const { t, alice } = await asAlice();
    const png = 'file_f11e0000-0000-4000-8000-000000000001';
    expectError(
      await t.call('POST', '/worlds', { cookie: alice, body: { ...newWorld, assetUrl: assetUrl(1, png) } }),
      400,
      messages.worldAssetNotVrcw,
    );
  });

  it("refuses someone else's file with 400", async () => {
    const t = testSandbox(completeVrcw);
    const bob = await t.login('bob');
    expectError(await t.call('POST', '/worlds', { cookie: bob, body: newWorld }), 400, messages.worldAssetNotYours);
  });

  it('names missing and out-of-range fields with 400', async () => {
    const { t, alice } = await asAlice();
    expectError(
      await t.call('POST', '/worlds', { cookie: alice, body: {} }),
      400,
      'assetUrl is required, imageUrl is required, name is required',
    );
    expectError(
      await t.call('POST', '/worlds', { cookie: alice, body: { ...newWorld, capacity: 41 } }),
      400,
      'capacity must be at most 40',
    );
  });
});

describe('PUT /worlds/{worldId}', () => {
  it('changes what the author sends and keeps it on the next read', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('PUT', `/worlds/${worlds.aliceHome}`, {
      cookie: alice,
      body: { description: 'New text', capacity: 20, releaseStatus: 'private' },
    });
    expect(r.status).toBe(200);
    const read = await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice });
    expect(read.body).toMatchObject({
      description: 'New text',
      capacity: 20,
      releaseStatus: 'private',
      updated_at: '2026-01-15T12:00:00.000Z',
    });
  });

  it('takes a new build as a new version of the platform', async () => {
    const { t, alice } = await asAlice();
    const before = (await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body;
    const r = await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: alice, body: { assetUrl: assetUrl(), platform: 'android' } });
    expect(r.body.version).toBe(before.version + 1);
    expect(r.body.unityPackages.find((p: { platform: string }) => p.platform === 'android').assetUrl).toBe(assetUrl());
  });

  it("refuses someone else's world with 403", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: bob, body: { name: 'Mine' } }), 403, messages.worldNotYours);
  });

  it('answers 400 for a world that is not there, as live', async () => {
    const t = testSandbox();
    const missing = 'wrld_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82';
    const r = await t.call('PUT', `/worlds/${missing}`, { cookie: await t.login('alice'), body: { name: 'Mine' } });
    expectError(r, 400, messages.worldNotFound(missing));
  });

  it('lets an admin change any world', async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    expect((await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: admin, body: { name: 'Renamed' } })).body.name).toBe('Renamed');
  });
});

describe('DELETE /worlds/{worldId}', () => {
  it('removes the world from search and reads, and closes its instances', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('DELETE', `/worlds/${worlds.aliceHome}`, { cookie: alice });
    expect(r.status).toBe(200);
    expectError(await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice }), 404, messages.worldNotFound(worlds.aliceHome));
    expect((await t.call('GET', '/worlds?search=workshop', { cookie: alice })).body).toEqual([]);
    expect(t.sandbox.instances.get(locations.alicePublic)!.closedAt).toBe('2026-01-15T12:00:00.000Z');
    expect(t.sandbox.instances.get(locations.aliceHidden)!.closedAt).toBe('2026-01-15T12:00:00.000Z');
  });

  it("refuses someone else's world with 403 and keeps it", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('DELETE', `/worlds/${worlds.aliceHome}`, { cookie: bob }), 403, messages.worldNotYours);
    expect((await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: bob })).status).toBe(200);
  });

  it('succeeds for a world that is not there, as live, and changes nothing', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const before = (await t.call('GET', '/worlds?user=me&releaseStatus=all', { cookie: alice })).body;
    const r = await t.call('DELETE', '/worlds/wrld_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82', { cookie: alice });
    expect(r.status).toBe(200);
    expect((await t.call('GET', '/worlds?user=me&releaseStatus=all', { cookie: alice })).body).toEqual(before);
  });
});

// /deleteTags is the newer description's path; /removeTags, the older one's, still answers alike.
describe.each(['deleteTags', 'removeTags'])('POST /worlds/{worldId}/%s', (path) => {
  it('removes the named tags, without case, and ignores absent ones', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('POST', `/worlds/${worlds.aliceHome}/${path}`, {
      cookie: alice,
      body: { tags: ['AUTHOR_TAG_WORKSHOP', 'author_tag_none'] },
    });
    expect(r.status).toBe(200);
    expect((await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body.tags).toEqual(['system_approved']);
  });

  it("refuses someone else's world with 403", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('POST', `/worlds/${worlds.aliceHome}/${path}`, { cookie: bob, body: { tags: ['system_approved'] } }),
      403,
      messages.worldNotAuthor,
    );
  });
});

describe('publishing', () => {
  it('publishes a private world to labs, and unpublishing makes it private again', async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    expect((await t.call('GET', `/worlds/${worlds.quietGarden}/publish`, { cookie: admin })).body).toEqual({ canPublish: true });
    const published = await t.call('PUT', `/worlds/${worlds.quietGarden}/publish`, { cookie: admin });
    expect(published.body).toMatchObject({ releaseStatus: 'public', labsPublicationDate: '2026-01-15T12:00:00.000Z' });
    expect(published.body.tags).toContain('system_labs');
    expect((await t.call('GET', `/worlds/${worlds.quietGarden}/publish`, { cookie: admin })).body).toEqual({ canPublish: false });
    const unpublished = await t.call('DELETE', `/worlds/${worlds.quietGarden}/publish`, { cookie: admin });
    expect(unpublished.body.releaseStatus).toBe('private');
    expect(unpublished.body.tags).not.toContain('system_labs');
  });

  it("tells another user that they may not publish someone else's world, as live (200, not 403)", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const r = await t.call('GET', `/worlds/${worlds.quietGarden}/publish`, { cookie: bob });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ canPublish: false });
  });

  it("refuses to publish someone else's world with 403", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('PUT', `/worlds/${worlds.quietGarden}/publish`, { cookie: bob }), 403, messages.worldNotYours);
  });
});

describe('GET /worlds/{worldId}/metadata', () => {
  it('answers the world id and its (empty) metadata', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.call('GET', `/worlds/${worlds.lobby}/metadata`, { cookie: bob })).body).toEqual({ id: worlds.lobby, metadata: {} });
  });

  it('answers 404 for an unknown world', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const missing = 'wrld_0000000f-0000-4000-8000-000000000000';
    expectError(await t.call('GET', `/worlds/${missing}/metadata`, { cookie: bob }), 404, messages.worldNotFound(missing));
  });
});

describe('DELETE /worlds/{worldId}/platform/{platform}', () => {
  it("drops the platform's build", async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('DELETE', `/worlds/${worlds.aliceHome}/platform/android`, { cookie: alice });
    expect(r.status).toBe(200);
    expect(r.body.unityPackages.map((p: { platform: string }) => p.platform)).toEqual(['standalonewindows']);
    expectError(
      await t.call('DELETE', `/worlds/${worlds.aliceHome}/platform/android`, { cookie: alice }),
      404,
      messages.worldNoPlatform('android'),
    );
  });

  it('keeps the last build with 400', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('DELETE', `/worlds/${worlds.nightMarket}/platform/standalonewindows`, { cookie: bob }),
      400,
      messages.worldLastPlatform,
    );
  });
});

describe('the limit of 20 tags on a world, on create and update', () => {
  const tags = (count: number) => Array.from({ length: count }, (_, i) => `author_tag_${i}`);
  const ownLanterns = async (t: ReturnType<typeof testSandbox>, alice: string) =>
    (await t.call('GET', '/worlds?user=me&search=lanterns', { cookie: alice })).body as { id: string; tags: string[] }[];

  it('POST /worlds refuses 21 tags with 400 naming the bound, and makes no world', async () => {
    const { t, alice } = await asAlice();
    expectError(
      await t.call('POST', '/worlds', { cookie: alice, body: { ...newWorld, tags: tags(21) } }),
      400,
      'tags must be at most 20 items',
    );
    expect(await ownLanterns(t, alice)).toEqual([]);
  });

  it('POST /worlds makes a world with 20 tags, the most', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('POST', '/worlds', { cookie: alice, body: { ...newWorld, tags: tags(20) } });
    expect(r.status).toBe(200);
    expect((await t.call('GET', `/worlds/${r.body.id}`, { cookie: alice })).body.tags).toEqual(tags(20));
  });

  it('PUT /worlds/{worldId} refuses 21 tags with 400 naming the bound, and keeps the tags it had', async () => {
    const { t, alice } = await asAlice();
    const before = (await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body.tags;
    const r = await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: alice, body: { tags: tags(21) } });
    expectError(r, 400, 'tags must be at most 20 items');
    expect((await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body.tags).toEqual(before);
  });

  it('PUT /worlds/{worldId} takes 20 tags, the most, and keeps them on the next read', async () => {
    const { t, alice } = await asAlice();
    expect((await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: alice, body: { tags: tags(20) } })).status).toBe(200);
    expect((await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body.tags).toEqual(tags(20));
  });
});

describe('restricted and malformed tags, refused on create and update as addTags refuses them', () => {
  const expectTagRefused = (r: Reply, message: string, wafCode: number) => {
    expectError(r, 400, message);
    expect(r.body.error.waf_code).toBe(wafCode);
  };

  it('POST /worlds refuses an admin_ tag from a user who is not an admin, and makes no world', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('POST', '/worlds', { cookie: alice, body: { ...newWorld, tags: ['author_tag_calm', 'admin_featured'] } });
    expectTagRefused(r, messages.worldTagRestricted('admin_featured'), WAF_WORLD_TAG_RESTRICTED);
    expect((await t.call('GET', '/worlds?user=me&search=lanterns', { cookie: alice })).body).toEqual([]);
  });

  it('PUT /worlds/{worldId} refuses a system_ tag the world does not carry, and keeps its tags', async () => {
    const { t, alice } = await asAlice();
    const before = (await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body.tags;
    const r = await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: alice, body: { tags: [...before, 'system_labs'] } });
    expectTagRefused(r, messages.worldTagRestricted('system_labs'), WAF_WORLD_TAG_RESTRICTED);
    expect((await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body.tags).toEqual(before);
  });

  it('PUT /worlds/{worldId} refuses a malformed tag with its waf_code', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: alice, body: { tags: ['two words'] } });
    expectTagRefused(r, messages.worldTagInvalid('two words'), WAF_WORLD_TAG_INVALID);
  });

  it('PUT /worlds/{worldId} takes back the tags a client read, a system_ tag the world carries included', async () => {
    const { t, alice } = await asAlice(); // her home world carries system_approved
    const read = (await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body.tags as string[];
    expect(read).toContain('system_approved');
    const r = await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: alice, body: { tags: [...read, 'author_tag_calm'] } });
    expect(r.status).toBe(200);
    expect((await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: alice })).body.tags).toEqual([...read, 'author_tag_calm']);
  });
});
