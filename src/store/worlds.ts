import { randomUUID } from 'node:crypto';
import type { ManualClock } from './clock.js';
import { ApiError, messages } from '../errors.js';
import { restoreSnapshot, takeSnapshot, type WorldSnapshot } from './persistence/snapshot.js';
import type { WorldSource } from './world-source.js';
import type { World } from './world.js';

/** Where the default world's snapshot is kept: isolated ids all start with `world_`. */
const DEFAULT_KEY = '';

/** How many isolated worlds may live at once, and how long one lives unused. */
export interface WorldLimits {
  /** Isolated worlds at once (the default world aside); one more is refused with 429. */
  maxWorlds: number;
  /** An isolated world no request has named for this long is removed. */
  worldIdleMinutes: number;
  /** Wall time for idleness: a world's own clock may stand still or be moved. */
  now: () => number;
}

export const DEFAULT_WORLD_LIMITS: WorldLimits = { maxWorlds: 100, worldIdleMinutes: 60, now: () => Date.now() };

/**
 * The default world plus any isolated ones a test suite asks for (one per parallel worker, say),
 * each built from the same source on a clock of its own. A request picks one with `X-Mock-World`.
 */
export class Worlds {
  private readonly isolated = new Map<string, World>();
  /** One per world that took one; a reset keeps it, so a restore still works afterwards. */
  private readonly snapshots = new Map<string, WorldSnapshot>();
  /** Isolated world id -> wall time of the last request that named it. */
  private readonly lastUsed = new Map<string, number>();
  private current: World;
  private readonly limits: WorldLimits;

  constructor(
    private readonly source: WorldSource,
    private readonly newClock: () => ManualClock,
    defaultClock: ManualClock = newClock(),
    limits: Partial<WorldLimits> = {},
  ) {
    this.current = source.build(defaultClock);
    const given = Object.entries(limits).filter(([, value]) => value !== undefined);
    this.limits = { ...DEFAULT_WORLD_LIMITS, ...Object.fromEntries(given) };
  }

  get default(): World {
    return this.current;
  }

  /** The world a request names, the default one when it names none, undefined for an unknown id. */
  get(id: string | undefined): World | undefined {
    if (id === undefined) return this.current;
    const world = this.isolated.get(id);
    if (!world) return undefined;
    const now = this.limits.now();
    if (now - this.lastUsed.get(id)! > this.idleMs) {
      this.remove(id);
      return undefined;
    }
    this.lastUsed.set(id, now);
    return world;
  }

  /** A new isolated world; idle ones go first, and past the cap it is a 429. */
  create(): { id: string; world: World } {
    this.expireIdle();
    if (this.isolated.size >= this.limits.maxWorlds) throw new ApiError(429, messages.tooManyWorlds(this.limits.maxWorlds));
    const id = `world_${randomUUID()}`;
    const world = this.source.build(this.newClock());
    this.isolated.set(id, world);
    this.lastUsed.set(id, this.limits.now());
    return { id, world };
  }

  private get idleMs() {
    return this.limits.worldIdleMinutes * 60_000;
  }

  private expireIdle() {
    const now = this.limits.now();
    for (const [id, used] of this.lastUsed) if (now - used > this.idleMs) this.remove(id);
  }

  /** Rebuilds a world from the source data; sessions end, its clock keeps its time. */
  reset(id?: string): boolean {
    const world = this.get(id);
    if (!world) return false;
    this.replace(id, this.source.build(world.clock, world.pipeline));
    world.pipeline.signal({ kind: 'world-reset' });
    return true;
  }

  /** Keeps a copy of the world's current state, in place of any earlier one. */
  snapshot(id?: string): void {
    this.snapshots.set(id ?? DEFAULT_KEY, takeSnapshot(selectWorld(this, id)));
  }

  /** Puts the world back as its snapshot holds it; its sessions and clock carry on. */
  restore(id?: string): void {
    const world = selectWorld(this, id);
    const snapshot = this.snapshots.get(id ?? DEFAULT_KEY);
    if (!snapshot) throw new ApiError(404, messages.noSnapshot);
    this.replace(id, restoreSnapshot(snapshot, world.clock, world.sessions, world.pipeline));
  }

  /** Puts the default world in the state `snapshot` holds (a saved database, say); its clock and sessions carry on. */
  load(snapshot: WorldSnapshot): void {
    const world = this.current;
    this.current = restoreSnapshot(snapshot, world.clock, world.sessions, world.pipeline);
  }

  remove(id: string): boolean {
    this.isolated.get(id)?.pipeline.signal({ kind: 'world-removed' });
    this.snapshots.delete(id);
    this.lastUsed.delete(id);
    return this.isolated.delete(id);
  }

  /** The isolated worlds' ids, oldest first. */
  ids(): string[] {
    return [...this.isolated.keys()];
  }

  get count() {
    return this.isolated.size;
  }

  private replace(id: string | undefined, world: World) {
    if (id === undefined) this.current = world;
    else this.isolated.set(id, world);
  }
}

/** The request header that names an isolated world. */
export const WORLD_HEADER = 'x-mock-world';

export function selectWorld(worlds: Worlds, id: string | undefined): World {
  const world = worlds.get(id);
  if (!world) throw new ApiError(404, messages.unknownWorld(id ?? ''));
  return world;
}
