import { ApiError, messages } from '../errors.js';
import { GROWTH, LIMITS, type GrowthKind } from '../limits.js';
import type { Sandbox } from './sandbox.js';

interface Counter {
  /** Records of the kind `ownerId` (a user, group, file or gallery id, as GROWTH says) holds. */
  owned(sandbox: Sandbox, ownerId: string): number;
  /** Records of the kind the sandbox holds. */
  total(sandbox: Sandbox): number;
}

function countWhere<T>(records: Iterable<T>, match: (record: T) => boolean): number {
  let count = 0;
  for (const record of records) if (match(record)) count++;
  return count;
}

function sumOf<T>(items: Iterable<T>, size: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += size(item);
  return total;
}

const byOwner = <T>(records: (sandbox: Sandbox) => Iterable<T>, owner: (record: T) => string): Counter => ({
  owned: (sandbox, ownerId) => countWhere(records(sandbox), (record) => owner(record) === ownerId),
  total: (sandbox) => countWhere(records(sandbox), () => true),
});

const byList = <T>(lists: (sandbox: Sandbox) => Map<string, T[]>): Counter => ({
  owned: (sandbox, ownerId) => lists(sandbox).get(ownerId)?.length ?? 0,
  total: (sandbox) => sumOf(lists(sandbox).values(), (list) => list.length),
});

const calendarOf = (sandbox: Sandbox, groupId: string) => sumOf(sandbox.calendarByGroup.get(groupId) ?? [], (bucket) => bucket.size);

/**
 * How each kind is counted: by scanning what the sandbox holds, bounded by the sandbox's own limit, so
 * that no count can drift from the records (a reset, restore or `--db` reload needs no bookkeeping).
 */
const COUNTERS: Record<GrowthKind, Counter> = {
  files: { owned: (sandbox, ownerId) => sandbox.files.ownedBy(ownerId).length, total: (sandbox) => sandbox.files.held },
  fileVersions: {
    owned: (sandbox, fileId) => sandbox.files.get(fileId)?.versions.length ?? 0,
    total: (sandbox) => sandbox.files.heldVersions(),
  },
  avatars: byOwner(
    (sandbox) => sandbox.avatars.held(),
    (avatar) => avatar.authorId,
  ),
  worlds: byOwner(
    (sandbox) => sandbox.worlds.values(),
    (world) => world.authorId,
  ),
  props: byOwner(
    (sandbox) => sandbox.props.values(),
    (prop) => prop.authorId,
  ),
  prints: byOwner(
    (sandbox) => sandbox.prints.values(),
    (print) => print.authorId,
  ),
  products: byOwner(
    (sandbox) => sandbox.products.values(),
    (product) => product.sellerId,
  ),
  listings: byOwner(
    (sandbox) => sandbox.listings.values(),
    (listing) => listing.sellerId,
  ),
  moderationReports: byOwner(
    (sandbox) => sandbox.moderationReports.values(),
    (report) => report.reportingUserId,
  ),
  contentAgreements: byOwner(
    (sandbox) => sandbox.contentAgreements.values(),
    (agreement) => agreement.userId,
  ),
  jamSubmissions: byOwner(
    (sandbox) => sandbox.jamSubmissions.values(),
    (submission) => submission.submitterId,
  ),
  notifications: {
    owned: (sandbox, senderId) => countWhere(sandbox.notifications.values(), (record) => record.senderUserId === senderId),
    total: (sandbox) => sandbox.notifications.size,
  },
  groups: byOwner(
    (sandbox) => sandbox.groups.values(),
    (group) => group.ownerId,
  ),
  groupRoles: {
    owned: (sandbox, groupId) => sandbox.groups.get(groupId)?.roles.length ?? 0,
    total: (sandbox) => sumOf(sandbox.groups.values(), (group) => group.roles.length),
  },
  groupPosts: byList((sandbox) => sandbox.groupPosts),
  groupGalleries: {
    owned: (sandbox, groupId) => sandbox.groups.get(groupId)?.galleries.length ?? 0,
    total: (sandbox) => sumOf(sandbox.groups.values(), (group) => group.galleries.length),
  },
  groupGalleryImages: byList((sandbox) => sandbox.groupGalleryImages),
  calendarEvents: {
    owned: calendarOf,
    total: (sandbox) => sumOf(sandbox.calendarByGroup.keys(), (groupId) => calendarOf(sandbox, groupId)),
  },
};

/**
 * Refuses a write that would add `adding` records of `kind` past its bound for the sandbox (429,
 * asked first) or for `ownerId` (403), before anything changes: call it in the rule's synchronous block, ahead of
 * the first change. The bounds are GROWTH's (src/limits.ts, docs/limits.md).
 */
export function guardGrowth(sandbox: Sandbox, kind: GrowthKind, ownerId: string, adding = 1): void {
  const limit = GROWTH[kind];
  const counter = COUNTERS[kind];
  // Counting reads whole collections; with --db that must not count as the write reaching them all.
  const { total, owned } = quietly(sandbox, () => ({ total: counter.total(sandbox), owned: counter.owned(sandbox, ownerId) }));
  if (total + adding > limit.perWorld) {
    throw new ApiError(429, messages.growthWorldFull(`${kind}PerWorld`, limit.perWorld, limit.what));
  }
  if (owned + adding > limit.perOwner) {
    throw new ApiError(403, messages.growthOwnerFull(`${kind}PerOwner`, limit.perOwner, limit.what, limit.owner));
  }
}

const quietly = <T>(sandbox: Sandbox, read: () => T): T => (sandbox.writes ? sandbox.writes.quietly(read) : read());

/** The records of `kind` held by `ownerId` and by the whole sandbox, as the guard counts them. */
export const growthCounts = (sandbox: Sandbox, kind: GrowthKind, ownerId: string) => ({
  owned: COUNTERS[kind].owned(sandbox, ownerId),
  total: COUNTERS[kind].total(sandbox),
});

/** Every collection's bounds beside what the sandbox holds now: what `GET /_mock/limits` lists. */
export function growthReport(sandbox: Sandbox) {
  return Object.fromEntries(
    (Object.keys(GROWTH) as GrowthKind[]).map((kind) => {
      const { what, owner, perOwner, perWorld } = GROWTH[kind];
      return [kind, { what, owner, perOwner, perWorld, held: quietly(sandbox, () => COUNTERS[kind].total(sandbox)) }];
    }),
  );
}

/** Refuses tags that would leave a record holding more than LIMITS.arrayItems (an add to the tags it has). */
export function guardTags(tags: readonly string[]): void {
  if (tags.length > LIMITS.arrayItems.value) throw new ApiError(400, messages.tagsFull(LIMITS.arrayItems.value));
}
