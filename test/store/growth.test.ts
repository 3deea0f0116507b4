// Every collection a client grows has a bound per owner and per world (GROWTH in src/limits.ts): the
// last record allowed is made, the next is refused with the exact message, and nothing changed. The
// collections are filled to one short of a bound in the store, then the API makes the last one.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { GROWTH, type GrowthKind } from '../../src/limits.js';
import { growthCounts } from '../../src/store/growth.js';
import { addNotification } from '../../src/store/indexes/notifications.js';
import { putCalendarEvent } from '../../src/store/indexes/calendar.js';
import { listIn } from '../../src/store/indexes/group-extras.js';
import type { Sandbox } from '../../src/store/sandbox.js';
import { expectError, ids, testSandbox } from '../support/helpers.js';
import { WorldApi, type Actor, type Call } from '../support/write-cases/case.js';
import { writeCases } from '../support/write-cases/index.js';

const copy = <T>(record: T): T => structuredClone(record);
const fresh = (prefix: string) => `${prefix}_${randomUUID()}`;
const last = <T>(records: Iterable<T>): T => [...records].at(-1)!;
const pathPart = (call: Call, after: string) => call.path.split('/')[call.path.split('/').indexOf(after) + 1]!;

interface Kind {
  operation: string;
  label?: string;
  /** Who owns what the write makes: the acting user, or the group, file or gallery its path names. */
  owner(call: Call, userId: string): string;
  /** Takes back the record the first write made, where the same write cannot be made twice (a jam takes a world once). */
  undo?(sandbox: Sandbox): void;
  /**
   * Adds `count` records of the kind owned by `owner`, copies of the newest the world holds. One copy of it per
   * call, each record a shallow copy of that with its own id: no write changes a filler's nested parts, and a
   * deep copy per record would be most of the test's time.
   */
  fill(sandbox: Sandbox, owner: string, count: number): void;
}

const byUser = (call: Call, userId: string) => userId;

function fillMap<T extends { id: string }>(map: Map<string, T>, prefix: string, ownerKey: keyof T, owner: string, count: number) {
  const template = copy(last(map.values()));
  for (let i = 0; i < count; i++) {
    const record = { ...template, id: fresh(prefix), [ownerKey]: owner };
    map.set(record.id, record);
  }
}

const KINDS: Record<GrowthKind, Kind> = {
  files: {
    operation: 'POST /file',
    owner: byUser,
    fill: (s, owner, count) => {
      const template = copy(last(s.files.ownedBy(ids.alice)));
      for (let i = 0; i < count; i++) s.files.add({ ...template, id: fresh('file'), ownerId: owner });
    },
  },
  fileVersions: {
    operation: 'POST /file/{fileId}',
    owner: (call) => pathPart(call, 'file'),
    fill: (s, owner, count) => {
      const template = copy(last(s.files.ownedBy(ids.alice)).versions.at(-1)!);
      let file = s.files.get(owner);
      if (!file) s.files.add((file = { ...copy(last(s.files.ownedBy(ids.alice))), id: owner, ownerId: ids.bob, versions: [] }));
      // Older versions go before the newest, which the next version follows.
      const newest = file.versions.splice(-1, 1);
      for (let i = 0; i < count; i++) file.versions.push({ ...template });
      file.versions.push(...newest);
      file.versions.forEach((version, number) => (version.version = number));
    },
  },
  avatars: {
    operation: 'POST /avatars',
    owner: byUser,
    fill: (s, owner, count) => {
      const template = copy(last(s.avatars.held()));
      for (let i = 0; i < count; i++) s.avatars.add({ ...template, id: fresh('avtr'), authorId: owner });
    },
  },
  worlds: { operation: 'POST /worlds', owner: byUser, fill: (s, o, n) => fillMap(s.worlds, 'wrld', 'authorId', o, n) },
  props: { operation: 'POST /props', owner: byUser, fill: (s, o, n) => fillMap(s.props, 'prop', 'authorId', o, n) },
  prints: { operation: 'POST /prints', owner: byUser, fill: (s, o, n) => fillMap(s.prints, 'prnt', 'authorId', o, n) },
  products: { operation: 'POST /products', owner: byUser, fill: (s, o, n) => fillMap(s.products, 'prod', 'sellerId', o, n) },
  listings: { operation: 'POST /listing', owner: byUser, fill: (s, o, n) => fillMap(s.listings, 'prod', 'sellerId', o, n) },
  moderationReports: {
    operation: 'POST /moderationReports',
    owner: byUser,
    fill: (s, o, n) => fillMap(s.moderationReports, 'modr', 'reportingUserId', o, n),
  },
  contentAgreements: {
    operation: 'POST /agreement',
    owner: byUser,
    fill: (s, o, n) => fillMap(s.contentAgreements, 'agr', 'userId', o, n),
  },
  jamSubmissions: {
    operation: 'POST /jams/{jamId}/submissions',
    owner: byUser,
    undo: (s) => s.jamSubmissions.delete(last(s.jamSubmissions.keys())),
    fill: (s, o, n) => fillMap(s.jamSubmissions, 'jsub', 'submitterId', o, n),
  },
  notifications: {
    operation: 'POST /users/{userId}/boop',
    owner: byUser,
    fill: (s, owner, count) => {
      const template = copy(last(s.notifications.values()));
      for (let i = 0; i < count; i++) addNotification(s, { ...template, id: fresh('not'), senderUserId: owner });
    },
  },
  groups: {
    operation: 'POST /groups',
    owner: byUser,
    // Alice may own only 3 groups: the world's bound is met with her second.
    undo: (s) => s.groups.delete(last(s.groups.keys())),
    fill: (s, o, n) => fillMap(s.groups, 'grp', 'ownerId', o, n),
  },
  groupRoles: {
    operation: 'POST /groups/{groupId}/roles',
    owner: (call) => pathPart(call, 'groups'),
    fill: (s, owner, count) => fillNested(s, owner, count, (group) => group.roles, 'grol'),
  },
  groupPosts: {
    operation: 'POST /groups/{groupId}/posts',
    owner: (call) => pathPart(call, 'groups'),
    fill: (s, owner, count) => {
      const template = copy(last([...s.groupPosts.values()].flat()));
      for (let i = 0; i < count; i++) listIn(s.groupPosts, owner).push({ ...template, id: fresh('not'), groupId: owner });
    },
  },
  groupGalleries: {
    operation: 'POST /groups/{groupId}/galleries',
    owner: (call) => pathPart(call, 'groups'),
    fill: (s, owner, count) => fillNested(s, owner, count, (group) => group.galleries, 'ggal'),
  },
  groupGalleryImages: {
    operation: 'POST /groups/{groupId}/galleries/{groupGalleryId}/images',
    label: 'alice adds a photo to her group gallery',
    owner: (call) => pathPart(call, 'galleries'),
    fill: (s, owner, count) => {
      const template = copy(last([...s.groupGalleryImages.values()].flat()));
      for (let i = 0; i < count; i++) listIn(s.groupGalleryImages, owner).push({ ...template, id: fresh('ggim'), galleryId: owner });
    },
  },
  calendarEvents: {
    operation: 'POST /calendar/{groupId}/event',
    owner: (call) => pathPart(call, 'calendar'),
    fill: (s, owner, count) => {
      const template = copy(last((s.calendarByGroup.get(owner) ?? [...s.calendarByGroup.values()][0]!).flatMap((bucket) => bucket.events)));
      // Spread over years far ahead, under the description's 100 a month.
      for (let i = 0; i < count; i++) {
        const startsAt = new Date(Date.UTC(2200 + Math.floor(i / 1200), Math.floor(i / 100) % 12, 1 + (i % 28))).toISOString();
        putCalendarEvent(s, { ...template, id: fresh('cal'), ownerId: owner, startsAt, endsAt: startsAt });
      }
    },
  },
};

/** Records nested in a group (roles, galleries): into the group `owner` names, or a copy of one made under that id. */
function fillNested<T extends { id: string }>(
  s: Sandbox,
  owner: string,
  count: number,
  list: (group: NonNullable<ReturnType<Sandbox['groups']['get']>>) => T[],
  prefix: string,
) {
  let group = s.groups.get(owner);
  if (!group) {
    group = { ...copy(last(s.groups.values())), id: owner, ownerId: `usr_${randomUUID()}` };
    list(group).length = 0;
    s.groups.set(owner, group);
  }
  // The newest record: the last of the last group that holds one (flattening every group's list would cost
  // a pass over the whole world at each fill).
  const template = copy(
    [...s.groups.values()]
      .map(list)
      .findLast((records) => records.length > 0)!
      .at(-1)!,
  );
  for (let i = 0; i < count; i++) list(group).push({ ...template, id: fresh(prefix) });
}

let bumps = 0;

/** The same write again: a fresh id where the body names one, the next version where it names one. */
function again(call: Call): Call {
  if (typeof call.body !== 'object' || call.body === null) return call;
  const body = { ...(call.body as Record<string, unknown>) };
  if (typeof body.id === 'string') body.id = fresh(body.id.slice(0, body.id.indexOf('_')));
  if (typeof body.version === 'number') body.version += ++bumps;
  return { ...call, body };
}

const userIds: Record<Actor, string> = ids;

async function setUp(kind: GrowthKind) {
  const spec = KINDS[kind];
  const found = writeCases.find((c) => c.operation === spec.operation && (spec.label === undefined || c.label === spec.label));
  if (!found) throw new Error(`no write case for ${spec.operation}`);
  const t = testSandbox();
  const api = new WorldApi(t);
  const { write } = await found.prepare(api);
  const owner = spec.owner(write, userIds[write.as ?? 'alice']);
  const first = await api.send(write);
  expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
  spec.undo?.(t.sandbox);
  return { t, api, write, owner, spec, counts: () => growthCounts(t.sandbox, kind, owner) };
}

const fillerOwners = function* (kind: GrowthKind) {
  for (let n = 0; ; n++) yield GROWTH[kind].owner === 'user' ? `usr_${randomUUID()}` : `${kind}-filler-${n}`;
};

describe('growth bounds per owner', () => {
  for (const kind of Object.keys(GROWTH) as GrowthKind[]) {
    const limit = GROWTH[kind];
    // The rule of groups a user owns (3, its own message) is met first; its tests are the groups area's.
    if (kind === 'groups') continue;
    it(`${kind}: the ${limit.perOwner}th of one ${limit.owner} is made, the next refused with 403`, async () => {
      const { t, api, write, owner, spec, counts } = await setUp(kind);
      spec.fill(t.sandbox, owner, limit.perOwner - 1 - counts().owned);
      const allowed = await api.send(again(write));
      expect(allowed.status, JSON.stringify(allowed.body)).toBeLessThan(300);
      expect(counts().owned).toBe(limit.perOwner);
      const before = counts();
      const refused = await api.send(again(write));
      expectError(refused, 403, messages.growthOwnerFull(`${kind}PerOwner`, limit.perOwner, limit.what, limit.owner));
      expect(counts()).toEqual(before);
    }, 60_000);
  }
});

describe('growth bounds per world', () => {
  for (const kind of Object.keys(GROWTH) as GrowthKind[]) {
    const limit = GROWTH[kind];
    it(`${kind}: the world's ${limit.perWorld}th is made, the next refused with 429`, async () => {
      const { t, api, write, spec, counts } = await setUp(kind);
      const owners = fillerOwners(kind);
      // Filled by other owners, each below its own bound.
      while (counts().total < limit.perWorld - 1) {
        spec.fill(t.sandbox, owners.next().value!, Math.min(limit.perOwner - 1, limit.perWorld - 1 - counts().total));
      }
      const allowed = await api.send(again(write));
      expect(allowed.status, JSON.stringify(allowed.body)).toBeLessThan(300);
      expect(counts().total).toBe(limit.perWorld);
      const before = counts();
      const refused = await api.send(again(write));
      expectError(refused, 429, messages.growthWorldFull(`${kind}PerWorld`, limit.perWorld, limit.what));
      expect(counts()).toEqual(before);
    }, 60_000);
  }
});
