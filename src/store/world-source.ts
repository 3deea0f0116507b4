import type { ManualClock } from './clock.js';
import type { PipelineBus } from './pipeline-bus.js';
import type { WorldData } from './fixtures/fixtures.js';
import { withState, type WorldState } from './persistence/snapshot.js';
import { createWorld, type World } from './world.js';

/**
 * The data a world is built from and reset to: every world, reset or isolated, starts from a fresh
 * copy of it, made by parsing its JSON when the source has it (quicker than copying the records).
 */
export class WorldSource {
  private constructor(
    private readonly copy: () => WorldData,
    private readonly extend?: (data: WorldData) => void,
    private readonly state?: WorldState,
  ) {}

  /**
   * `extend` adds to every fresh copy (seeded bulk data, say), so a large generated world is rebuilt
   * rather than kept twice. `state` is what the records cannot say, as an exported fixture
   * directory's state.json holds it.
   */
  static fromJson(json: string, extend?: (data: WorldData) => void, state?: WorldState) {
    return new WorldSource(() => JSON.parse(json) as WorldData, extend, state);
  }

  /** Records as they are, generated ones (with their typed arrays) included. */
  static inMemory(initial: WorldData, extend?: (data: WorldData) => void, state?: WorldState) {
    return new WorldSource(() => structuredClone(initial), extend, state);
  }

  /** A fresh copy that a world may own and change. */
  fresh(): WorldData {
    const data = this.copy();
    this.extend?.(data);
    return data;
  }

  /** A new world as the source holds it, or from `data` (a fresh copy the caller changed). */
  build(clock: ManualClock, pipeline?: PipelineBus, data: WorldData = this.fresh()): World {
    const world = createWorld(data, clock, pipeline);
    return this.state ? withState(world, structuredClone(this.state)) : world;
  }
}
