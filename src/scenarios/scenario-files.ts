import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FixtureError, fieldPath } from '../store/fixtures/fixtures.js';
import { oneLine } from '../store/fixtures/fixture-dir.js';
import { packageRoot } from '../store/fixtures/package-root.js';
import { ScenarioSchema, type Scenario } from './schema.js';

/** Reads and validates one scenario file. */
export function readScenarioFile(file: string): Scenario {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem = code ? `cannot be read (${code})` : `is not valid JSON (${oneLine((error as Error).message)})`;
    throw new FixtureError(file, '', problem, 'scenario');
  }
  const result = ScenarioSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new FixtureError(file, fieldPath(issue.path), issue.message, 'scenario');
}

/** The ready-made scenario files shipped with the package. */
export const readyMadeScenariosDir = fileURLToPath(new URL('scenarios/', packageRoot));

export interface ReadyMadeScenario {
  /** The file's name without `.json`. */
  name: string;
  scenario: Scenario;
}

/** Every ready-made scenario, by file name; none when the package has no such folder. */
export function readReadyMadeScenarios(dir = readyMadeScenariosDir): ReadyMadeScenario[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.json'.length), scenario: readScenarioFile(join(dir, file)) }));
}
