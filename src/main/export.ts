import { buildDeps, type ServerOptions } from './server.js';
import { worldData, worldState } from '../store/persistence/snapshot.js';
import { writeFixtureDir } from '../store/persistence/export-fixtures.js';

/** `mock-api export <dir>`: the default world that `start` with these options would serve, as fixtures and its state.json. */
export async function exportWorld(dir: string, options: Omit<ServerOptions, 'port' | 'host'>): Promise<string[]> {
  const deps = await buildDeps(options);
  const saved = options.db === undefined ? undefined : await (await import('../store/persistence/persist.js')).WorldFile.read(options.db);
  if (saved) deps.worlds.load(saved);
  return writeFixtureDir(dir, worldData(deps.worlds.default), worldState(deps.worlds.default));
}
