// The public types of the control client: what the server checks a request with (its zod schemas, so the
// client takes every form the server takes and nothing else) and the types of its answers. The published
// declarations need none of the packages the server is built from but zod, a dependency: only modules that
// import nothing else are named here.
import type * as z from 'zod';
import type { collections } from '../store/fixtures/fixtures.js';
import type { RuleSchema, ScenarioSchema } from '../scenarios/schema.js';
import type { SandboxSettingsSchema, SettingsChangeSchema } from '../store/records/settings.js';
import type { PresenceChangeSchema } from '../store/records/people.js';
import type { UserBadgeSchema } from '../store/records/user.js';
import type { PipelineSendSchema, SentFrame, SocketFaultsSchema, SocketFaultsState } from '../pipeline/frame-schema.js';
import type { Har } from './har-types.js';

export type * from './har-types.js';
export type { SentFrame };

/** The collections a world's records are kept in, as fixture files and `worlds.create({ fixtures })` name them. */
export type CollectionName = keyof typeof collections;

/** One record of a collection as a fixture file or `fixtures` gives it: fields with a default may be left out. */
export type FixtureRecord<C extends CollectionName> = z.input<(typeof collections)[C]>;

/** Inline fixtures: records per collection, and world settings as `settings.json` gives them. */
export type Fixtures = { [C in CollectionName]?: FixtureRecord<C>[] } & { settings?: z.input<typeof SandboxSettingsSchema> };

/** What `worlds.create` takes: records merged over the starting ones by id (or replacing whole collections). */
export interface NewWorldOptions {
  fixtures?: Fixtures;
  /** A collection given replaces the starting one whole, instead of merging by id. */
  replace?: boolean;
  /**
   * What `fixtures` go over: the server's starting records (`'starting'`, the default) or none at all
   * (`'empty'`: a world of only the records given, with the server's settings).
   */
  base?: 'starting' | 'empty';
  /** Seeds what the world orders at random (instance discovery). */
  seed?: number;
  /** The world's starting time. */
  clock?: Date | string;
}

/** A scenario as its JSON file holds it (see docs/scenarios.md and `scenario.schema.json`): the schema the server checks it with. */
export type ScenarioFile = z.input<typeof ScenarioSchema>;

/** One rule of a scenario, in every form the server accepts; it answers 400 naming any problem. */
export type ScenarioRule = z.input<typeof RuleSchema>;

/** An active rule as `GET /_mock/scenarios` lists it. */
export interface ActiveRule {
  scenario: string;
  hits: number;
  [field: string]: unknown;
}

/** A request the API answered, as the journal (`GET /_mock/requests`) lists it. */
export interface RecordedRequest {
  at: string;
  method: string;
  path: string;
  status: number;
  world: string | null;
  durationMs: number;
  userId: string | null;
  username: string | null;
  [field: string]: unknown;
}

/** The journal's requests, oldest first, narrowed by `filters`; and the same as HAR 1.2. */
export interface RequestsReader {
  (filters?: RequestFilters): Promise<RecordedRequest[]>;
  /**
   * The journal as HAR 1.2 (`GET /_mock/requests.har`), bodies included; cookies and authorizations
   * redacted unless the server was started with `--har-secrets keep`.
   */
  har(filters?: RequestFilters): Promise<Har>;
}

/** Narrows the journal; every filter given must hold (the filters of `GET /_mock/requests`). */
export interface RequestFilters {
  method?: string;
  /**
   * A rule path below /api/1 (`/user/:userId/friendRequest`, `/groups/*`; a leading `/api/1` is
   * allowed), matched by the server as scenario rules are; or a RegExp tested here against the full path.
   */
  path?: string | RegExp;
  status?: number;
  /** Requests by that user: username (any case) or id. */
  user?: string;
  /** Entries recorded at or after this time (wall time). */
  since?: Date | string;
}

/** An email the world "sent" (a login code, say), as `GET /_mock/outbox` lists it. */
export interface OutboxEmail {
  id: string;
  to: string;
  userId: string;
  subject: string;
  body: string;
  code?: string;
  sentAt: string;
  [field: string]: unknown;
}

/** A world's switches, as `GET /_mock/settings` answers them. */
export type WorldSettings = z.output<typeof SandboxSettingsSchema>;

/** The switches `PATCH /_mock/settings` may change on a running world. */
export type SettingsChange = z.input<typeof SettingsChangeSchema>;

/** `POST /_mock/users/{userId}/presence`: each field optional. */
export type PresenceChange = z.input<typeof PresenceChangeSchema>;

/** Where a user is after a move. */
export interface Presence {
  id: string;
  state: string;
  location: string;
  worldId: string;
  instanceId: string;
  platform: string;
  status: string;
}

/** `POST /_mock/users/{userId}/badges`: a badge the server gives; a new `bdg_` id when `badgeId` is left out. */
export interface BadgeAssignment {
  badgeId?: string;
  badgeName: string;
  badgeDescription?: string;
  badgeImageUrl?: string;
  showcased?: boolean;
  hidden?: boolean;
}

/** A badge as its holder has it. */
export type Badge = z.output<typeof UserBadgeSchema>;

/** A frame sent by hand: to one user's sockets, or to all of the world's when `userId` is left out. */
export type PipelineFrame = z.input<typeof PipelineSendSchema>;

/** The socket faults in force (`refuseUntil`: wall time, null when none). */
export type SocketFaults = SocketFaultsState;

/** What `pipeline.faults.set` takes; it replaces the faults as a whole, left out means off. */
export type SocketFaultsChange = z.input<typeof SocketFaultsSchema>;

/** `GET /_mock/pipeline`: open sockets, the last frames sent (oldest first), the faults. */
export interface PipelineState {
  sockets: { userId: string; world: string | null; since: string }[];
  frames: SentFrame[];
  faults: SocketFaults;
}

/** The logged-in user, as `GET /auth/user` answers. */
export interface CurrentUser {
  id: string;
  username: string;
  displayName: string;
  [field: string]: unknown;
}

export interface LoginOptions {
  /**
   * The second factor of a user with two-factor authentication: a code, or a function that gets the
   * methods the server asks for (`totp`, `otp`, `emailOtp`) once the password is accepted, and answers
   * one (an email code is in `outbox()` by then). A six-digit code goes to `totp` unless the user has
   * email codes; anything else is a recovery code (`otp`).
   */
  code?: string | ((methods: string[]) => string | Promise<string>);
}

/** A logged-in session of one user in one world. */
export interface Session {
  /** The `Cookie` header that carries the session (`auth=…`, and `twoFactorAuth=…` after a second factor). */
  readonly cookie: string;
  readonly user: CurrentUser;
  /** fetch as this user: a path (`/auth/user`) is taken below the API's URL; the cookie and the world's header are added. */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
}
