import { existsSync, statSync } from 'node:fs';
import { buildDeps, type ServerOptions } from './server.js';
import { sandboxData, sandboxState } from '../store/persistence/snapshot.js';
import { writeFixtureDir } from '../store/persistence/export-fixtures.js';
import { DbError } from '../store/persistence/db-error.js';

/** A target that names a file: a database file (`--db`), not a fixtures directory. */
export const isDbTarget = (target: string) => target.toLowerCase().endsWith('.json');

/**
 * `mock-api export <target>`: the default sandbox that `start` with these options would serve, as a
 * fixtures directory with its state.json, or, for a target ending in `.json`, as a database file
 * that `start --db` loads. Answers the files written.
 */
export async function exportSandbox(target: string, options: Omit<ServerOptions, 'port' | 'host'>): Promise<string[]> {
  if (!isDbTarget(target) && existsSync(target) && !statSync(target).isDirectory()) {
    throw new DbError(`${target} is a file: export writes a fixtures directory, or a database file when the name ends in .json`);
  }
  // `start --db` makes a missing file; export would silently write the starting sandbox instead.
  if (options.db !== undefined && !existsSync(options.db)) throw new DbError(`no database ${options.db}: the file does not exist`);
  const deps = await buildDeps(options);
  const { SandboxFile } = await import('../store/persistence/persist.js');
  const { dbFileOf } = await import('../store/persistence/db-path.js');
  const saved = options.db === undefined ? undefined : SandboxFile.read(dbFileOf(options.db));
  if (saved) deps.sandboxes.load(saved);
  const sandbox = deps.sandboxes.default;
  if (!isDbTarget(target)) return writeFixtureDir(target, sandboxData(sandbox), sandboxState(sandbox));
  await new SandboxFile(dbFileOf(target), () => sandbox).create();
  return [target];
}
