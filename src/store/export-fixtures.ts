import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionNames, type WorldData } from './fixtures.js';

/**
 * Writes world data as a fixture directory (`<collection>.json` per collection and `settings.json`),
 * which `--fixtures <dir>` starts from as the same world. Uploaded bytes have no place in fixtures.
 */
export function writeFixtureDir(dir: string, data: WorldData): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const name of [...collectionNames, 'settings'] as const) {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, `${JSON.stringify(data[name] ?? [], null, 2)}\n`);
    written.push(file);
  }
  return written;
}
