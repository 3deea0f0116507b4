import { Low, Memory } from 'lowdb';
import type { ManualClock } from '../clock.js';
import type { PipelineBus } from '../domain/pipeline-events.js';
import type { WorldData } from './fixtures.js';
import { withState, type WorldState } from './snapshot.js';
import { createWorld, type World } from './world.js';

/**
 * The data a world is built from and reset to, kept in lowdb on its Memory adapter: every world,
 * reset or isolated, starts from a fresh copy of it.
 */
export class WorldSource {
  private constructor(
    private readonly db: Low<WorldData>,
    private readonly extend?: (data: WorldData) => void,
    private readonly state?: WorldState,
  ) {}

  /**
   * The embedded default: lowdb on its Memory adapter, holding `initial`. `extend` adds to every fresh
   * copy (seeded bulk data, say), so a large generated world is rebuilt rather than kept twice.
   * `state` is what the records cannot say, as an exported fixture directory's state.json holds it.
   */
  static inMemory(initial: WorldData, extend?: (data: WorldData) => void, state?: WorldState) {
    return new WorldSource(new Low<WorldData>(new Memory<WorldData>(), initial), extend, state);
  }

  /** A fresh copy that a world may own and change. */
  fresh(): WorldData {
    const data = structuredClone(this.db.data);
    this.extend?.(data);
    return data;
  }

  /** A new world as the source holds it. */
  build(clock: ManualClock, pipeline?: PipelineBus): World {
    const world = createWorld(this.fresh(), clock, pipeline);
    return this.state ? withState(world, structuredClone(this.state)) : world;
  }
}
