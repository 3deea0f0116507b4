import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionNames, type SandboxData } from '../fixtures/fixtures.js';
import { toJson } from './codec.js';
import type { SandboxState } from './snapshot.js';

/** What a fixture directory's `state.json` says it is; any other format or version is refused. */
export const STATE_FORMAT = 'mock-api-state';
export const STATE_VERSION = 1;

/**
 * Writes sandbox data as a fixture directory (`<collection>.json` per collection and `settings.json`),
 * and with `state` a `state.json` holding what records cannot (uploads, group posts and audit logs,
 * ...), which `--fixtures <dir>` starts from as the same sandbox.
 */
export function writeFixtureDir(dir: string, data: SandboxData, state?: SandboxState): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const write = (name: string, content: unknown) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
    written.push(file);
  };
  for (const name of [...collectionNames, 'settings'] as const) write(name, data[name] ?? []);
  if (state) write('state', { format: STATE_FORMAT, version: STATE_VERSION, state: toJson(state) });
  return written;
}
