import { totalmem } from 'node:os';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/** One bound on something that grows with what clients send: its default, what happens past it, and why. */
export interface Limit {
  readonly value: number;
  readonly unit: 'bytes' | 'entries' | 'sockets' | 'characters' | 'minutes' | 'levels' | 'share of --max-memory';
  /** What is bounded. */
  readonly what: string;
  /** What a client meets past the bound. */
  readonly past: string;
  readonly reason: string;
}

/**
 * Every bound of the process that is not a world setting, in one table: the handlers read it and the
 * docs' Limits table is generated from it (`npm run docs:limits`).
 */
export const LIMITS = {
  socketsPerSession: {
    value: 10,
    unit: 'sockets',
    what: 'event sockets open at once on one session (auth token)',
    past: "the session's oldest socket is closed with code 1000, as when the real pipeline replaces a connection",
    reason: 'a client that reconnects without closing its old socket keeps working; one token cannot hold thousands',
  },
  socketUnreadBytes: {
    value: 1 * MiB,
    unit: 'bytes',
    what: 'frames queued for one event socket that its client has not read',
    past: 'the socket is cut without a close frame, as the real pipeline drops a dead client',
    reason: "a client that never reads would otherwise keep every frame of the world in the server's memory",
  },
  pushQueueShare: {
    value: 0.125,
    unit: 'share of --max-memory',
    what: 'bytes queued and not yet read on every event socket and console stream of the process together (a frame sent to many sockets counts once for each)',
    past: 'the clients with most unread are let go as dead clients are (an event socket is cut, a console stream ended) until a quarter of the share is free',
    reason: 'each client is bounded, but thousands of them, over every session and world, were not',
  },
  pipelineFramesKept: {
    value: 1000,
    unit: 'entries',
    what: 'frames GET /_mock/pipeline lists per world',
    past: 'the oldest frames go',
    reason: 'the list is for asserting what was just sent',
  },
  pipelineFrameBytesKept: {
    value: 8 * MiB,
    unit: 'bytes',
    what: 'content of the frames GET /_mock/pipeline lists per world',
    past: 'the oldest frames go; a frame whose content alone is larger is listed with its content cut and `truncated: true`',
    reason: 'a thousand large frames made the list too large to answer',
  },
  pipelineFrameContentKept: {
    value: 1 * MiB,
    unit: 'bytes',
    what: 'content of one frame as GET /_mock/pipeline lists it (the socket is sent it whole)',
    past: 'the listed content is cut and the frame says `truncated: true`',
    reason: 'the list is for reading; one frame should not push every other out of it',
  },
  consoleStreamUnreadBytes: {
    value: 4 * MiB,
    unit: 'bytes',
    what: 'entries queued for one /_mock/requests/stream client that it has not read',
    past: 'the stream is ended; the console reconnects and lists the journal again',
    reason: 'a stalled console tab would otherwise keep every journalled request',
  },
  journalEntries: {
    value: 1000,
    unit: 'entries',
    what: 'requests the journal (/_mock/requests) keeps',
    past: 'the oldest entries go',
    reason: 'the journal is for asserting the last requests a client sent',
  },
  journalBytes: {
    value: 16 * MiB,
    unit: 'bytes',
    what: 'request and response bodies the journal keeps',
    past: 'the oldest entries go, whatever their number',
    reason: 'a thousand large bodies would otherwise be kept',
  },
  journalBodyBytes: {
    value: 64 * KiB,
    unit: 'bytes',
    what: 'one journalled request or response body',
    past: 'the body is cut and the entry says `truncated: true`',
    reason: 'an entry is for reading, not for replaying a large upload',
  },
  groupAuditLogEntries: {
    value: 10_000,
    unit: 'entries',
    what: 'audit log entries one group keeps',
    past: 'the oldest entries go',
    reason: 'every group action writes one; a loop of creates and deletes would otherwise grow it without end',
  },
  registrationsPerWorld: {
    value: 10_000,
    unit: 'entries',
    what: 'accounts POST /auth/register creates in one world (fixtures and generated users are not counted)',
    past: '429 with the error envelope',
    reason: 'registration needs no session: a loop of them grew the world without end',
  },
  instancesPerWorld: {
    value: 10_000,
    unit: 'entries',
    what: 'instances one world holds, open or closed (a closed instance stays readable)',
    past: 'POST /instances and group instance creation answer 429 with the error envelope',
    reason: 'every open instance adds to the reads that list them',
  },
  groupInstancesListed: {
    value: 100,
    unit: 'entries',
    what: 'instances GET /groups/{groupId}/instances and GET /users/{userId}/instances/groups list (the description gives them no n/offset)',
    past: 'the newest open instances are listed, oldest of them first',
    reason: 'a group with thousands of open instances made each of these answers megabytes',
  },
  readCacheEntries: {
    value: 1000,
    unit: 'entries',
    what: 'cached read answers one world keeps, and as many replays of them (its bytes are the world setting readCacheBytes)',
    past: 'the oldest answers go, and the oldest replays',
    reason: 'many small answers cost more than their bytes',
  },
  readCacheShare: {
    value: 0.25,
    unit: 'share of --max-memory',
    what: 'cached read answers of all worlds together',
    past: 'the oldest answers of the world holding most go first',
    reason: 'per-world caches times the number of worlds had no bound',
  },
  uploadShare: {
    value: 0.25,
    unit: 'share of --max-memory',
    what: "uploaded bytes of all worlds and their snapshots together (images, prints, invite photos, file parts finished or not, fixture files' inline data)",
    past: '413 with the error envelope (an upload, a world arranged or a record put with inline file data, a snapshot); a start whose fixtures hold more is refused (exit code 2); a world removed, reset or restored over gives its bytes back',
    reason: 'each world has its own uploadBytesPerWorld, so a hundred worlds could hold many times the memory the process has',
  },
  snapshotRecordShare: {
    value: 0.125,
    unit: 'share of --max-memory',
    what: "records and state of every world's snapshot (POST /_mock/snapshot) together, about a byte per character or byte they hold; a snapshot's uploads count against uploadShare",
    past: 'POST /_mock/snapshot answers 413 with the error envelope and the snapshot taken before stays; a world removed or snapshotted again gives its bytes back',
    reason: 'a snapshot copies the world whole, and a world whose records grew without end was copied whatever its size',
  },
  requestBodyBytes: {
    value: 1 * MiB,
    unit: 'bytes',
    what: 'one request body under /api/1, JSON or multipart, chunked or not, counted as it arrives',
    past: '413 `Request body is larger than 1048576 bytes`, and the connection is closed',
    reason: 'the real API takes small JSON bodies and images; a body is read whole before a rule sees it',
  },
  requestBodiesInFlightShare: {
    value: 0.25,
    unit: 'share of --max-memory',
    what: 'bytes of request bodies being read at once, over every connection (API, uploads and control plane), until each is read whole',
    past: '413 with the error envelope, and the connection is closed; the bytes it had sent stop counting',
    reason: 'each body is bounded on its own, but many slow ones sent at once were not',
  },
  uploadPutBytes: {
    value: 50 * MiB,
    unit: 'bytes',
    what: 'one PUT of file bytes to an upload URL (/_uploads)',
    past: '413 with the error envelope',
    reason: 'a part of a multipart upload is at most this large on the real service',
  },
  recordShare: {
    value: 0.25,
    unit: 'share of --max-memory',
    what: "records and state of every world together, as heap: about three bytes per character or byte they hold (uploads aside: they count against uploadShare); measured when a world is first written, then grown by each write's body and measured again as it grows; never less than 16 MiB",
    past: 'a write (any method but DELETE) answers 507 with the error envelope until deletes, a reset or a world removed free room',
    reason: 'every collection is bounded per owner and per world, but a hundred worlds of users each at their bounds were not',
  },
  arrayItems: {
    value: 100,
    unit: 'entries',
    what: 'items of one array in a request body under /api/1 (tags, ids, links), and the tags a record holds after an add (PUT /users/{userId}/tags, POST /worlds/{worldId}/tags)',
    past: '400 naming the field and the bound',
    reason: 'a megabyte of tags on each of four thousand files took the process past its heap',
  },
  arrayStringCharacters: {
    value: 256,
    unit: 'characters',
    what: 'one string that is an item of an array in a request body (a tag, an id, a link); other strings are bounded by the world setting maxTextLength',
    past: '400 naming the field and the bound',
    reason: 'a hundred tags of the ten thousand characters a description may have made every list of the records megabytes',
  },
  listAnswerBytes: {
    value: 4 * MiB,
    unit: 'bytes',
    what: 'one answer of a list read under /api/1 (a JSON array), counted in characters of its JSON',
    past: 'the list ends before the item that would pass it (at least one item is answered), as a shorter page whose `X-Mock-List-Cut` header names the items answered: page on by that many',
    reason: 'a hundred large records made GET /files?n=100 an answer of 95 MiB while other requests waited',
  },
  emailCharacters: {
    value: 254,
    unit: 'characters',
    what: 'an email address at registration or in a profile edit',
    past: '400 naming the field',
    reason: 'no deliverable address is longer',
  },
  unknownLoginNames: {
    value: 10_000,
    unit: 'entries',
    what: 'names of no account the login lock-out remembers, kept apart from accounts',
    past: 'the oldest are forgotten',
    reason: 'a flood of made-up names must neither grow memory nor push real accounts out of the lock-out',
  },
  rememberedDevicesPerUser: {
    value: 10,
    unit: 'entries',
    what: 'devices one user has told to skip the second factor',
    past: 'the oldest is forgotten',
    reason: 'each login with "remember me" adds one',
  },
  verifiedLoginPlacesPerUser: {
    value: 10,
    unit: 'entries',
    what: 'login places one user has verified (GET /auth/verifyLoginPlace)',
    past: 'the oldest is forgotten',
    reason: 'each verification of a new token adds one',
  },
  sessionTtlMinutesMax: {
    value: 365 * 24 * 60,
    unit: 'minutes',
    what: 'the sessionTtlMinutes setting (settings.json, PATCH /_mock/settings, --session-ttl)',
    past: '400 naming the bound',
    reason: 'a session expiry past any date a cookie can carry is refused rather than written as Invalid Date',
  },
  clientFrameBytes: {
    value: 64 * KiB,
    unit: 'bytes',
    what: 'one frame a client sends up the event socket',
    past: 'the socket is closed',
    reason: 'the real pipeline only pushes; clients send nothing large',
  },
  scenarioBodyDepth: {
    value: 64,
    unit: 'levels',
    what: "nesting of a scenario rule's response body",
    past: '400 when the scenario is loaded',
    reason: 'a deeply nested body would exhaust the stack of whoever serialises it',
  },
} as const satisfies Record<string, Limit>;

/** A collection clients grow, bounded per owner (a user, or the group, file or gallery that holds it) and per world. */
export interface GrowthLimit {
  readonly what: string;
  /** What owns the records the per-owner bound counts. */
  readonly owner: 'user' | 'group' | 'file' | 'gallery';
  readonly perOwner: number;
  readonly perWorld: number;
  /** Where a value comes from when not ours. */
  readonly source?: string;
}

/**
 * Every collection a client can grow through the API, with its bounds: past either, the write is
 * refused (`guardGrowth` in src/store/growth.ts), 403 past the owner's bound and 429 past the world's.
 * The world's bound counts every record it holds, fixtures' and generated ones too, as instancesPerWorld does.
 */
export const GROWTH = {
  files: { what: 'files (POST /file, images, prints, invite photos)', owner: 'user', perOwner: 1000, perWorld: 20_000 },
  fileVersions: { what: 'versions of one file (POST /file/{fileId})', owner: 'file', perOwner: 100, perWorld: 200_000 },
  avatars: { what: 'avatars (POST /avatars)', owner: 'user', perOwner: 1000, perWorld: 10_000 },
  worlds: { what: 'worlds (POST /worlds)', owner: 'user', perOwner: 1000, perWorld: 10_000 },
  props: { what: 'props (POST /props)', owner: 'user', perOwner: 1000, perWorld: 10_000 },
  prints: { what: 'prints (POST /prints)', owner: 'user', perOwner: 1000, perWorld: 10_000 },
  products: { what: 'products (POST /products)', owner: 'user', perOwner: 1000, perWorld: 10_000 },
  listings: { what: 'listings (POST /listing)', owner: 'user', perOwner: 1000, perWorld: 10_000 },
  moderationReports: { what: 'moderation reports (POST /moderationReports)', owner: 'user', perOwner: 1000, perWorld: 10_000 },
  contentAgreements: { what: 'content agreements (POST /agreement)', owner: 'user', perOwner: 1000, perWorld: 10_000 },
  jamSubmissions: { what: 'jam submissions (POST /jams/{jamId}/submissions)', owner: 'user', perOwner: 100, perWorld: 10_000 },
  notifications: {
    what: "notifications one user sends (friend requests, boops, invites, invite requests and responses); a group's notices to its members count against its posts instead",
    owner: 'user',
    perOwner: 1000,
    perWorld: 50_000,
  },
  groups: {
    what: 'groups (POST /groups)',
    owner: 'user',
    // the live service's (conformance workflow group-lifecycle); the groups area refuses past it with groupOwnLimit
    perOwner: 5,
    perWorld: 10_000,
    source: 'the rule of groups a user owns (groupOwnLimit), met first',
  },
  groupRoles: { what: 'roles of one group (POST /groups/{groupId}/roles)', owner: 'group', perOwner: 100, perWorld: 50_000 },
  groupPosts: { what: 'posts of one group (POST /groups/{groupId}/posts)', owner: 'group', perOwner: 1000, perWorld: 10_000 },
  groupGalleries: { what: 'galleries of one group (POST /groups/{groupId}/galleries)', owner: 'group', perOwner: 100, perWorld: 10_000 },
  groupGalleryImages: {
    what: 'images of one gallery (POST /groups/{groupId}/galleries/{galleryId}/images)',
    owner: 'gallery',
    perOwner: 1000,
    perWorld: 10_000,
  },
  calendarEvents: {
    what: 'calendar events of one group, over every month (POST /calendar/{groupId}/event); the description bounds a month to 100',
    owner: 'group',
    perOwner: 1200,
    perWorld: 100_000,
  },
} as const satisfies Record<string, GrowthLimit>;

export type GrowthKind = keyof typeof GROWTH;

/** The process budget when --max-memory is not given: a quarter of the machine, at most 4 GiB, at least 256 MiB. */
export function defaultMaxMemory(machine = totalmem()): number {
  return Math.max(256 * MiB, Math.min(4 * GiB, Math.floor(machine / 4)));
}

const UNITS = [
  ['GiB', GiB],
  ['MiB', MiB],
  ['KiB', KiB],
] as const;

/** `512MiB`, `1.5 GiB`, `1048576` (bytes): --max-memory's value in whole bytes, or undefined when it is not one. */
export function parseMemorySize(text: string): number | undefined {
  const match = /^(\d{1,15}(?:\.\d{1,6})?)\s*(B|KiB|MiB|GiB)?$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = match[2]?.toLowerCase();
  const scale = UNITS.find(([name]) => name.toLowerCase() === unit)?.[1] ?? 1;
  return Math.floor(Number(match[1]) * scale);
}

/** `4 GiB`, `1.94 GiB`, `512 MiB`: a size as people read it, in a form parseMemorySize takes back. */
export function formatMemorySize(bytes: number): string {
  const [name, scale] = UNITS.find(([, scale]) => bytes >= scale) ?? ['B', 1];
  return `${Number((bytes / scale).toFixed(2))} ${name}`;
}

let maxMemory = defaultMaxMemory();

/** The process's memory budget in bytes, which the shares of LIMITS are taken from. */
export const memoryBudget = () => maxMemory;

export function setMemoryBudget(bytes: number): void {
  maxMemory = bytes;
}

/** Bytes a limit given as a share of the budget allows now. */
export const shareOf = (limit: { value: number }) => Math.floor(limit.value * maxMemory);

/** Memory a string holds at most: V8 keeps text with any character past Latin-1 at two bytes a character. */
export const stringBytes = (text: string) => text.length * 2;
