import fc from 'fast-check';
import { parseFixtures, type SandboxData } from '../../src/store/fixtures/fixtures.js';
import { openMicEvent } from './calendar-seed.js';
import { fileIds, versionBody, bundle, signature } from './files-fixtures.js';
import { groups } from './groups-fixture-ids.js';
import { ids, type TestSandbox } from './helpers.js';
import { locations, worlds } from './worlds-fixture-ids.js';

/** The users the actions act as: both log in without a second factor. */
export const actors = ['alice', 'bob'] as const;
export type Actor = (typeof actors)[number];

/** Ids the actions created, in order: later actions pick among them, and the reads read them. */
export interface Created {
  worlds: string[];
  instances: string[];
  events: { groupId: string; id: string }[];
  roles: string[];
  files: string[];
}

export const noneCreated = (): Created => ({ worlds: [], instances: [], events: [], roles: [], files: [] });

/** alice's world package gets a complete version 1, so she may create worlds from it; read as fixtures are. */
export function withCompleteWorldPackage(data: SandboxData) {
  const file = data.files.find((f) => f.id === fileIds.worldPackage)!;
  file.versions.push({ ...structuredClone(file.versions[0]!), version: 1, status: 'complete' });
  Object.assign(data, parseFixtures(data));
}

export interface Action {
  label: string;
  run(t: TestSandbox, cookies: Record<Actor, string>, created: Created): Promise<unknown>;
}

const people = Object.values(ids);
const groupIds = [groups.builders, groups.nightOwls, groups.photoClub, groups.quietCorner];
const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const actor = fc.constantFrom(...actors);
const index = fc.nat(50);
const words = fc.string({ minLength: 1, maxLength: 24 });

const action = (label: string, run: Action['run']): Action => ({ label, run });
const call = (t: TestSandbox, method: string, path: string, cookie: string, body?: unknown) => t.call(method, path, { cookie, body });

/** API writes over the stateful areas, each with random arguments; many are refused, as clients' are. */
export const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  fc
    .tuple(actor, words)
    .map(([who, bio]) =>
      action(`${who} edits the profile`, (t, c) =>
        call(t, 'PUT', `/users/${ids[who]}`, c[who], { bio, statusDescription: bio.slice(0, 10) }),
      ),
    ),
  fc
    .tuple(actor, index)
    .map(([who, n]) =>
      action(`${who} sends a friend request`, (t, c) => call(t, 'POST', `/user/${pick(people, n)}/friendRequest`, c[who])),
    ),
  actor.map((who) =>
    action(`${who} accepts a friend request`, async (t, c) => {
      const listed = await call(t, 'GET', '/auth/user/notifications?type=friendRequest', c[who]);
      const first = Array.isArray(listed.body) ? listed.body[0] : undefined;
      if (first) await call(t, 'PUT', `/auth/user/notifications/${first.id}/accept`, c[who]);
    }),
  ),
  fc
    .tuple(actor, index)
    .map(([who, n]) => action(`${who} unfriends`, (t, c) => call(t, 'DELETE', `/auth/user/friends/${pick(people, n)}`, c[who]))),
  fc
    .tuple(actor, index)
    .map(([who, n]) =>
      action(`${who} favourites a world`, (t, c) =>
        call(t, 'POST', '/favorites', c[who], { type: 'world', favoriteId: pick(Object.values(worlds), n), tags: ['worlds1'] }),
      ),
    ),
  fc
    .tuple(actor, index)
    .map(([who, n]) =>
      action(`${who} favourites a friend`, (t, c) =>
        call(t, 'POST', '/favorites', c[who], { type: 'friend', favoriteId: pick(people, n), tags: ['group_0'] }),
      ),
    ),
  fc
    .tuple(actor, index, fc.boolean())
    .map(([who, n, join]) =>
      action(`${who} ${join ? 'joins' : 'leaves'} a group`, (t, c) =>
        call(t, 'POST', `/groups/${pick(groupIds, n)}/${join ? 'join' : 'leave'}`, c[who]),
      ),
    ),
  words.map((name) =>
    action('alice adds a role to her group', async (t, c, created) => {
      const role = await call(t, 'POST', `/groups/${groups.builders}/roles`, c.alice, { name: `Role ${name}`.slice(0, 20) });
      if (role.status === 200) created.roles.push(role.body.id);
    }),
  ),
  fc.tuple(index, fc.boolean()).map(([n, give]) =>
    action(`alice ${give ? 'gives bob' : 'takes from bob'} a role`, async (t, c, created) => {
      const role = pick(created.roles, n);
      if (role) await call(t, give ? 'PUT' : 'DELETE', `/groups/${groups.builders}/members/${ids.bob}/roles/${role}`, c.alice);
    }),
  ),
  fc.tuple(actor, fc.integer({ min: 1, max: 28 })).map(([who, day]) =>
    action(`${who} creates a calendar event`, async (t, c, created) => {
      const date = `2026-06-${String(day).padStart(2, '0')}`;
      const body = { ...openMicEvent, startsAt: `${date}T20:00:00.000Z`, endsAt: `${date}T22:00:00.000Z` };
      const reply = await call(t, 'POST', `/calendar/${groups.builders}/event`, c[who], body);
      if (reply.status === 200) created.events.push({ groupId: groups.builders, id: reply.body.id });
    }),
  ),
  index.map((n) =>
    action('alice deletes a calendar event', async (t, c, created) => {
      const event = pick(created.events, n);
      if (event) await call(t, 'DELETE', `/calendar/${event.groupId}/${event.id}`, c.alice);
    }),
  ),
  words.map((name) =>
    action('alice creates a world', async (t, c, created) => {
      const body = {
        name,
        imageUrl: 'https://assets.example.test/a.png',
        assetUrl: `https://api.example.test/api/1/file/${fileIds.worldPackage}/1/file`,
        platform: 'android',
        unityVersion: '2022.3.22f1',
      };
      const reply = await call(t, 'POST', '/worlds', c.alice, body);
      if (reply.status === 200) created.worlds.push(reply.body.id);
    }),
  ),
  index.map((n) =>
    action('alice deletes a world', (t, c, created) =>
      call(t, 'DELETE', `/worlds/${pick([...created.worlds, worlds.aliceHome, worlds.aliceSandbox], n)}`, c.alice),
    ),
  ),
  fc.tuple(actor, index, fc.boolean()).map(([who, n, group]) =>
    action(`${who} opens an instance`, async (t, c, created) => {
      const worldId = pick([...created.worlds, worlds.aliceHome, worlds.lobby], n);
      const body = group
        ? { worldId, type: 'group', region: 'us', ownerId: groups.builders, groupAccessType: 'public' }
        : { worldId, type: 'public', region: 'eu' };
      const reply = await call(t, 'POST', '/instances', c[who], body);
      if (reply.status === 200) created.instances.push(reply.body.location);
    }),
  ),
  fc
    .tuple(actor, index)
    .map(([who, n]) =>
      action(`${who} closes an instance`, (t, c, created) =>
        call(t, 'DELETE', `/instances/${pick([...created.instances, locations.alicePublic], n)}`, c[who]),
      ),
    ),
  fc
    .tuple(actor, fc.nat(11), words)
    .map(([who, slot, message]) =>
      action(`${who} edits an invite message`, (t, c) => call(t, 'PUT', `/message/${ids[who]}/message/${slot}`, c[who], { message })),
    ),
  fc.tuple(actor, words).map(([who, name]) =>
    action(`${who} creates a file`, async (t, c, created) => {
      const reply = await call(t, 'POST', '/file', c[who], { name, mimeType: 'image/png', extension: '.png' });
      if (reply.status === 200) created.files.push(reply.body.id);
    }),
  ),
  index.map((n) =>
    action('alice deletes a file', (t, c, created) => call(t, 'DELETE', `/file/${pick([...created.files, fileIds.photo], n)}`, c.alice)),
  ),
  index.map((n) =>
    action('alice puts a file first in her list', (t, c, created) =>
      call(t, 'PUT', '/files/order', c.alice, { galleryId: 'ggal_any', ids: [pick([...created.files, fileIds.avatarPackage], n)] }),
    ),
  ),
  fc.constant(
    action('alice adds a version to her world package', (t, c) =>
      call(t, 'POST', `/file/${fileIds.worldPackage}`, c.alice, versionBody(bundle, signature)),
    ),
  ),
  fc
    .tuple(actor, fc.constantFrom('inv_a11ce000-0000-4000-8000-0000000c0001', 'inv_a11ce000-0000-4000-8000-0000000c0002'))
    .map(([who, item]) =>
      action(`${who} equips an item`, (t, c) => call(t, 'PUT', `/inventory/${item}/equip`, c[who], { equipSlot: 'drone' })),
    ),
  fc
    .tuple(actor, index, words)
    .map(([who, n, note]) =>
      action(`${who} writes a note`, (t, c) => call(t, 'POST', '/userNotes', c[who], { targetUserId: pick(people, n), note })),
    ),
  fc.tuple(actor, index).map(([who, n]) =>
    action(`${who} follows an event`, (t, c, created) => {
      const event = pick(created.events, n);
      return event ? call(t, 'POST', `/calendar/${event.groupId}/${event.id}/follow`, c[who], { isFollowing: true }) : Promise.resolve();
    }),
  ),
);

/** What every comparison reads, as alice and as bob, in this order (discovery's sequence included). */
export function readPaths(created: Created, who: Actor): string[] {
  return [
    '/auth/user',
    `/users/${ids.alice}`,
    `/users/${ids.bob}`,
    '/auth/user/friends',
    '/auth/user/friends?offline=true',
    '/auth/user/notifications',
    '/favorites?n=100',
    '/favorite/groups',
    ...[groups.builders, groups.nightOwls, groups.photoClub].flatMap((g) => [
      `/groups/${g}`,
      `/groups/${g}/members?n=100`,
      `/groups/${g}/roles`,
      `/groups/${g}/auditLogs?n=100`,
      `/groups/${g}/instances`,
      `/groups/${g}/members/${ids[who]}`,
    ]),
    `/users/${ids[who]}/groups`,
    `/users/${ids[who]}/groups/requested`,
    `/users/${ids[who]}/instances/groups`,
    `/user/${ids[who === 'alice' ? 'bob' : 'alice']}/friendStatus`,
    '/calendar/following?n=100',
    `/calendar/${groups.builders}?n=100`,
    `/message/${ids[who]}/message`,
    '/inventory',
    '/files?n=100',
    `/file/${fileIds.worldPackage}`,
    `/file/${fileIds.photo}`,
    ...created.files.map((id) => `/file/${id}`),
    '/userNotes',
    ...[worlds.aliceHome, worlds.aliceSandbox, worlds.lobby, ...created.worlds].map((id) => `/worlds/${id}`),
    '/worlds?user=me&releaseStatus=all&n=100',
    ...[locations.alicePublic, locations.lobbyPublic, ...created.instances].map((location) => `/instances/${location}`),
    '/instances/discover?n=5',
    '/instances/discover?n=5',
    ...created.events.map((event) => `/calendar/${event.groupId}/${event.id}`),
  ];
}

/** Every read of `readPaths`, as each actor, with its status and body. */
export async function readAll(t: TestSandbox, cookies: Record<Actor, string>, created: Created) {
  const answers: { who: Actor; path: string; status: number; body: unknown }[] = [];
  for (const who of actors) {
    for (const path of readPaths(created, who)) {
      const reply = await t.call('GET', path, { cookie: cookies[who] });
      answers.push({ who, path, status: reply.status, body: reply.body });
    }
  }
  return answers;
}
