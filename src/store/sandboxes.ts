import { randomUUID } from 'node:crypto';
import type { ManualClock } from './clock.js';
import { ApiError, messages } from '../errors.js';
import { liveSnapshot, loginsOf, restoreSnapshot, withState, type SandboxSnapshot } from './persistence/snapshot.js';
import { createSandbox } from './sandbox.js';
import { FixtureError, type SandboxData } from './fixtures/fixtures.js';
import { mergeFixtures } from './fixtures/inline-fixtures.js';
import type { SandboxSource } from './sandbox-source.js';
import type { Sandbox } from './sandbox.js';
import { recountUploads, releaseUploads, trackUploads } from './upload-bytes.js';
import { releaseSnapshot, takeCountedSnapshot } from './snapshot-bytes.js';
import { releaseRecords } from './record-bytes.js';
import { checkFixtureBytesFit } from './fixture-bytes.js';
import { LIMITS, shareOf } from '../limits.js';
import { placeInviteMessages } from './indexes/invite-messages.js';

/** Where the default sandbox's snapshot is kept: isolated ids all start with `world_`. */
const DEFAULT_KEY = '';

/** How many isolated sandboxes may live at once, and how long one lives unused. */
export interface SandboxLimits {
  /** Isolated sandboxes at once (the default sandbox aside); one more is refused with 429. */
  maxSandboxes: number;
  /** An isolated sandbox no request has named for this long is removed. */
  sandboxIdleMinutes: number;
  /** Wall time for idleness: a sandbox's own clock may stand still or be moved. */
  now: () => number;
}

/** What a new isolated sandbox starts from besides the source's data. */
export interface NewSandbox {
  /** Records (collection -> records, and `settings`) merged over the source's by id; checked as fixture files are. */
  fixtures?: unknown;
  /** With `fixtures`: a collection given replaces the source's whole instead. */
  replace?: boolean;
  /** What the fixtures go over: the source's records (`starting`, the default), or none at all (`empty`). */
  base?: 'starting' | 'empty';
  /** Seeds what the sandbox orders at random (instance discovery). */
  seed?: number;
  /** The sandbox's starting time, epoch ms. */
  clock?: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { maxSandboxes: 100, sandboxIdleMinutes: 60, now: () => Date.now() };

/**
 * The default sandbox plus any isolated ones a test suite asks for (one per parallel worker, say),
 * each built from the same source on a clock of its own. A request picks one with `X-Mock-World`.
 */
export class Sandboxes {
  private readonly isolated = new Map<string, Sandbox>();
  /** One per sandbox that took one; a reset keeps it, so a restore still works afterwards. */
  private readonly snapshots = new Map<string, SandboxSnapshot>();
  /** Isolated sandbox id -> wall time of the last request that named it. */
  private readonly lastUsed = new Map<string, number>();
  private current: Sandbox;
  private readonly limits: SandboxLimits;

  constructor(
    private readonly source: SandboxSource,
    private readonly newClock: () => ManualClock,
    defaultClock: ManualClock = newClock(),
    limits: Partial<SandboxLimits> = {},
  ) {
    this.current = source.build(defaultClock);
    const uploadsMax = shareOf(LIMITS.uploadShare);
    if (this.current.fixtureFileBytes > uploadsMax) {
      throw new FixtureError('files.json', '', messages.fixtureBytesProcessFull(this.current.fixtureFileBytes, uploadsMax));
    }
    trackUploads(this.current);
    const given = Object.entries(limits).filter(([, value]) => value !== undefined);
    this.limits = { ...DEFAULT_SANDBOX_LIMITS, ...Object.fromEntries(given) };
  }

  get default(): Sandbox {
    return this.current;
  }

  /** The sandbox a request names, the default one when it names none, undefined for an unknown id. */
  get(id: string | undefined): Sandbox | undefined {
    if (id === undefined) return this.current;
    const sandbox = this.isolated.get(id);
    if (!sandbox) return undefined;
    const now = this.limits.now();
    if (now - this.lastUsed.get(id)! > this.idleMs) {
      this.remove(id);
      return undefined;
    }
    this.lastUsed.set(id, now);
    return sandbox;
  }

  /**
   * A new isolated sandbox; idle ones go first, and past the cap it is a 429. Fixtures that do not
   * pass are one 400 naming every problem, and no sandbox is made.
   */
  create(options: NewSandbox = {}): { id: string; sandbox: Sandbox } {
    this.expireIdle();
    if (this.isolated.size >= this.limits.maxSandboxes) throw new ApiError(429, messages.tooManySandboxes(this.limits.maxSandboxes));
    const empty = options.base === 'empty';
    const base = empty ? this.source.empty() : undefined;
    const data = options.fixtures === undefined ? base : mergeFixtures(base ?? this.source.fresh(), options.fixtures, options.replace);
    const clock = this.newClock();
    if (options.clock !== undefined) clock.set(options.clock);
    let sandbox = buildChecked(() => this.source.build(clock, undefined, data, !empty));
    if (options.seed !== undefined) sandbox = { ...sandbox, instanceDiscovery: { ...sandbox.instanceDiscovery, seed: options.seed } };
    checkFixtureBytesFit(sandbox);
    const id = `world_${randomUUID()}`;
    this.isolated.set(id, sandbox);
    trackUploads(sandbox);
    this.lastUsed.set(id, this.limits.now());
    return { id, sandbox };
  }

  private get idleMs() {
    return this.limits.sandboxIdleMinutes * 60_000;
  }

  private expireIdle() {
    const now = this.limits.now();
    for (const [id, used] of this.lastUsed) if (now - used > this.idleMs) this.remove(id);
  }

  /** Rebuilds a sandbox from the source data; sessions end, its clock keeps its time. */
  reset(id?: string): boolean {
    const sandbox = this.get(id);
    if (!sandbox) return false;
    this.replace(id, this.source.build(sandbox.clock, sandbox.pipeline));
    sandbox.pipeline.signal({ kind: 'sandbox-reset' });
    return true;
  }

  /** Keeps a copy of the sandbox's current state, in place of any earlier one; 413 when it does not fit the process's budget. */
  snapshot(id?: string): void {
    const key = id ?? DEFAULT_KEY;
    // A snapshot is a copy: its bytes count against the process's shares beside the sandbox's.
    const snapshot = takeCountedSnapshot(selectSandbox(this, id), this.snapshots.get(key));
    this.dropSnapshot(key);
    this.snapshots.set(key, snapshot);
  }

  /** Puts the sandbox back as its snapshot holds it; its sessions and clock carry on. */
  restore(id?: string): void {
    const sandbox = selectSandbox(this, id);
    const snapshot = this.snapshots.get(id ?? DEFAULT_KEY);
    if (!snapshot) throw new ApiError(404, messages.noSnapshot);
    this.replace(id, restoreSnapshot(snapshot, sandbox.clock, loginsOf(sandbox), sandbox.pipeline));
  }

  /**
   * Puts the default sandbox in the state `snapshot` holds (a saved database, say), which it takes
   * over rather than copies (a big sandbox is not held twice); its clock and sessions carry on.
   */
  load(snapshot: SandboxSnapshot): void {
    const sandbox = this.current;
    const { data, ...state } = snapshot;
    this.replace(undefined, { ...withState(createSandbox(data, sandbox.clock, sandbox.pipeline), state), ...loginsOf(sandbox) });
  }

  /**
   * Rebuilds the sandbox from its records as `change` answers them (it throws to refuse, before
   * anything changes): every index learns of the change at once. Sessions, clock, event sockets and
   * what the records cannot say carry on, as after a restore.
   */
  change(id: string | undefined, change: (data: SandboxData) => SandboxData): void {
    const sandbox = selectSandbox(this, id);
    const { data, ...state } = liveSnapshot(sandbox);
    const changed = change(data);
    // The old sandbox is dropped: the new one may take over its records and maps as they are.
    const rebuilt = buildChecked(() => createSandbox(changed, sandbox.clock, sandbox.pipeline));
    checkFixtureBytesFit(rebuilt, sandbox);
    // The sandbox's slots are its state, not its records: a slot just put goes over them.
    placeInviteMessages(state, rebuilt);
    this.replace(id, { ...withState(rebuilt, state), ...loginsOf(sandbox) });
  }

  remove(id: string): boolean {
    const sandbox = this.isolated.get(id);
    sandbox?.pipeline.signal({ kind: 'sandbox-removed' });
    if (sandbox) releaseUploads(sandbox);
    if (sandbox) releaseRecords(sandbox);
    this.dropSnapshot(id);
    this.lastUsed.delete(id);
    return this.isolated.delete(id);
  }

  private dropSnapshot(key: string) {
    const snapshot = this.snapshots.get(key);
    if (snapshot) releaseSnapshot(snapshot);
    this.snapshots.delete(key);
  }

  /** The sandboxes are done with (their server closed): their uploads and snapshots stop counting against the process. */
  close(): void {
    releaseUploads(this.current);
    releaseRecords(this.current);
    for (const sandbox of this.isolated.values()) releaseUploads(sandbox);
    for (const sandbox of this.isolated.values()) releaseRecords(sandbox);
    for (const snapshot of this.snapshots.values()) releaseSnapshot(snapshot);
  }

  /** The isolated sandboxes' ids, oldest first. */
  ids(): string[] {
    return [...this.isolated.keys()];
  }

  get count() {
    return this.isolated.size;
  }

  /** Puts `sandbox` in the place of the one `id` names; the old one's uploads stop counting, or are counted anew when the new one holds the same. */
  private replace(id: string | undefined, sandbox: Sandbox) {
    const old = id === undefined ? this.current : this.isolated.get(id);
    if (old && old.fileBlobs !== sandbox.fileBlobs) releaseUploads(old);
    if (old && old !== sandbox) releaseRecords(old);
    if (old?.fileBlobs === sandbox.fileBlobs) recountUploads(sandbox);
    else trackUploads(sandbox);
    if (id === undefined) this.current = sandbox;
    else this.isolated.set(id, sandbox);
  }
}

/** The request header that names an isolated sandbox. */
export const WORLD_HEADER = 'x-mock-world';

export function selectSandbox(sandboxes: Sandboxes, id: string | undefined): Sandbox {
  const sandbox = sandboxes.get(id);
  if (!sandbox) throw new ApiError(404, messages.unknownSandbox(id ?? ''));
  return sandbox;
}

/** A sandbox built from checked records; what only building finds is a 400 as the checks' problems are. */
function buildChecked(build: () => Sandbox): Sandbox {
  try {
    return build();
  } catch (error) {
    if (error instanceof FixtureError)
      throw new ApiError(
        400,
        `${error.file.replace(/\.json$/, '')}${error.field.startsWith('[') ? '' : '.'}${error.field}: ${error.problem}`,
      );
    throw error;
  }
}
