import { Low, Memory } from 'lowdb';
import type { WorldData } from './fixtures.js';

/**
 * The data a world is built from and reset to, kept in lowdb on its Memory adapter: every world,
 * reset or isolated, starts from a fresh copy of it.
 */
export class WorldSource {
  private constructor(
    private readonly db: Low<WorldData>,
    private readonly extend?: (data: WorldData) => void,
  ) {}

  /**
   * The embedded default: lowdb on its Memory adapter, holding `initial`. `extend` adds to every fresh
   * copy (seeded bulk data, say), so a large generated world is rebuilt rather than kept twice.
   */
  static inMemory(initial: WorldData, extend?: (data: WorldData) => void) {
    return new WorldSource(new Low<WorldData>(new Memory<WorldData>(), initial), extend);
  }

  /** A fresh copy that a world may own and change. */
  fresh(): WorldData {
    const data = structuredClone(this.db.data);
    this.extend?.(data);
    return data;
  }
}
