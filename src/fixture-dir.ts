import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FixtureError, collectionNames, fieldPath, parseFixtures, type WorldData } from './store/fixtures.js';
import { ScenarioSchema, type Scenario } from './scenarios/schema.js';
import { checkFixtureReferences } from './store/fixture-references.js';
import { STATE_FORMAT, STATE_VERSION } from './store/export-fixtures.js';
import { fromJson } from './store/persist-codec.js';
import type { WorldState } from './store/snapshot.js';

/** The embedded default world shipped with the package. */
export const defaultFixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Where `npm run build` leaves the default world, validated, defaults filled in: beside the bundle. */
const builtDefaultWorld = new URL('./default-world.json', import.meta.url);

/** The embedded default world as JSON: as the build left it, else (running from source) read and validated. */
export function defaultWorldJson(): string {
  if (existsSync(builtDefaultWorld)) return readFileSync(builtDefaultWorld, 'utf8');
  return JSON.stringify(readFixtureDir(defaultFixturesDir));
}

export const readDefaultWorld = (): WorldData => JSON.parse(defaultWorldJson()) as WorldData;

/** Reads `<dir>/<collection>.json` for each known collection (missing files are empty) and validates them. */
export function readFixtureDir(dir: string): WorldData {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new FixtureError(dir, '', 'is not a readable directory');
  }
  const known = [...collectionNames, 'settings'];
  const names = [...known, 'state'];
  // A misspelt file name (userz.json) would otherwise be an empty collection, silently.
  const unknown = readdirSync(dir).find((name) => name.endsWith('.json') && !names.includes(name.slice(0, -'.json'.length)));
  if (unknown) throw new FixtureError(join(dir, unknown), '', `is not a fixture file: the names are ${names.map((name) => `${name}.json`).join(', ')}`);
  const raw: Record<string, unknown> = {};
  for (const name of known) {
    const file = join(dir, `${name}.json`);
    if (existsSync(file)) raw[name] = readJson(file);
  }
  try {
    const data = parseFixtures(raw);
    checkFixtureReferences(data);
    return data;
  } catch (error) {
    if (error instanceof FixtureError) throw new FixtureError(join(dir, error.file), error.field, error.problem);
    throw error;
  }
}

/**
 * `<dir>/state.json`, which `mock-api export` writes beside the records: what they cannot say (uploads,
 * group posts, audit logs, ...). Undefined when the directory has none, as hand-written fixtures don't.
 */
export function readFixtureState(dir: string): WorldState | undefined {
  const file = join(dir, 'state.json');
  if (!existsSync(file)) return undefined;
  const content = readJson(file) as { format?: unknown; version?: unknown; state?: unknown } | null;
  if (content?.format !== STATE_FORMAT) throw new FixtureError(file, 'format', `is not "${STATE_FORMAT}"`);
  if (content.version !== STATE_VERSION) {
    throw new FixtureError(file, 'version', `is ${String(content.version)}; this mock-api reads version ${STATE_VERSION}`);
  }
  return fromJson(content.state) as WorldState;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FixtureError(file, '', `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    // A byte-order mark, as some editors write, is not part of the JSON.
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new FixtureError(file, '', `is not valid JSON (${oneLine((error as Error).message)})`);
  }
}

/** V8's JSON errors quote the text around the problem, line breaks included: the CLI reports one line. */
const oneLine = (message: string) => message.replace(/\s+/g, ' ');

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
export const readyMadeScenariosDir = fileURLToPath(new URL('../scenarios/', import.meta.url));

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
