import { Low, Memory, type Adapter } from 'lowdb';
import type { WorldData } from './fixtures.js';

/**
 * The data a world is built from and reset to, kept in lowdb: on its Memory adapter by default, or on
 * any other adapter (a JSON file, say) when the data should outlive the process.
 */
export class WorldSource {
  private constructor(private readonly db: Low<WorldData>) {}

  /** The embedded default: lowdb on its Memory adapter, holding `initial`. */
  static inMemory(initial: WorldData) {
    return new WorldSource(new Low<WorldData>(new Memory<WorldData>(), initial));
  }

  /** A source on another adapter; what it already holds wins over `initial`. */
  static async open(initial: WorldData, adapter: Adapter<WorldData>) {
    const db = new Low<WorldData>(adapter, initial);
    await db.read();
    db.data ??= initial;
    return new WorldSource(db);
  }

  /** A fresh copy that a world may own and change. */
  fresh(): WorldData {
    return structuredClone(this.db.data);
  }

  /** Makes `data` what later resets return to. */
  async save(data: WorldData) {
    this.db.data = structuredClone(data);
    await this.db.write();
  }
}
