import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { packageRoot as root } from '../store/fixtures/package-root.js';

/** The version in the package's package.json; `unknown` for a copy without one. */
export function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The ready-made scenarios shipped in the package's `scenarios/`, by name (the file name without `.json`). */
export function readyMadeScenarios(): string[] {
  const dir = new URL('scenarios/', root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/**
 * The file `--scenario` means: a path that exists, else one of the package's ready-made scenarios by
 * name (`flaky-network`, or `scenarios/flaky-network.json` as README writes it), else undefined. A
 * name is only ever looked up among the package's own file names, never joined into a path.
 */
export function scenarioFile(nameOrFile: string): string | undefined {
  if (existsSync(nameOrFile)) return nameOrFile;
  const name = /^(?:scenarios\/)?([a-z0-9][a-z0-9-]*)(?:\.json)?$/.exec(nameOrFile)?.[1];
  if (name && readyMadeScenarios().includes(name)) return fileURLToPath(new URL(`scenarios/${name}.json`, root));
  return undefined;
}
