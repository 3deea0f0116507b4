import type { ManualClock } from '../clock.js';
import type { PipelineBus } from '../domain/pipeline-events.js';
import type { WorldData } from './fixtures.js';
import { withState, type WorldState } from './snapshot.js';
import { createWorld, type World } from './world.js';

/**
 * The data a world is built from and reset to, kept as JSON: every world, reset or isolated, starts
 * from its own parse of it, which is twice as fast as copying the parsed records.
 */
export class WorldSource {
  private constructor(
    private readonly json: string,
    private readonly extend?: (data: WorldData) => void,
    private readonly state?: WorldState,
  ) {}

  /**
   * `extend` adds to every fresh copy (seeded bulk data, say), so a large generated world is rebuilt
   * rather than kept twice. `state` is what the records cannot say, as an exported fixture
   * directory's state.json holds it.
   */
  static fromJson(json: string, extend?: (data: WorldData) => void, state?: WorldState) {
    return new WorldSource(json, extend, state);
  }

  static inMemory(initial: WorldData, extend?: (data: WorldData) => void, state?: WorldState) {
    return new WorldSource(JSON.stringify(initial), extend, state);
  }

  /** A fresh copy that a world may own and change. */
  fresh(): WorldData {
    const data = JSON.parse(this.json) as WorldData;
    this.extend?.(data);
    return data;
  }

  /** A new world as the source holds it. */
  build(clock: ManualClock, pipeline?: PipelineBus): World {
    const world = createWorld(this.fresh(), clock, pipeline);
    return this.state ? withState(world, structuredClone(this.state)) : world;
  }
}
