import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * A project that has this repository's mock-api installed (linked, built dist/ and all), as
 * `npx mock-api` finds it, and whose `npm start` runs `mock-api start`.
 */
export function consumerProject() {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-consumer-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, scripts: { start: 'mock-api start' } }),
  );
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', 'mock-api'));
  symlinkSync('../mock-api/bin/mock-api.cjs', join(dir, 'node_modules', '.bin', 'mock-api'));
  return dir;
}
