import { fromJson } from './codec.js';
import { FixtureError, fieldPath, parseFixtures } from '../fixtures/fixtures.js';
import { checkFixtureReferences } from '../fixtures/references.js';
import type { WorldSnapshot, WorldState } from './snapshot.js';
import { DbError } from './db-error.js';
import { readText } from './durable-file.js';
import { WorldStateSchema } from './state-schema.js';

/** What a database file says it is; a file that says anything else is refused, never overwritten. */
export const DB_FORMAT = 'mock-api-db';
export const DB_VERSION = 1;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The world a database file holds, checked as `--fixtures` checks its files (records, their defaults
 * and their references) and its state beside them; undefined when there is no file yet. Anything
 * else is a DbError of one line, and the file is left as it is.
 */
export function readDb(file: string): WorldSnapshot | undefined {
  const text = readText(file);
  if (text === undefined) return undefined;
  const refuse = (problem: string) => new DbError(`the database ${file} ${problem}; it was left as it is`);
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (error) {
    throw refuse(`is not valid JSON (${(error as Error).message.replace(/\s+/g, ' ')})`);
  }
  if (!isObject(content) || content.format !== DB_FORMAT) {
    throw new DbError(`${file} is not a mock-api database (no "format": "${DB_FORMAT}"); it was left as it is`);
  }
  if (content.version !== DB_VERSION)
    throw refuse(`has format version ${String(content.version)}; this mock-api reads version ${DB_VERSION}`);
  const world = fromJson(content.world);
  if (!isObject(world) || !isObject(world.data)) throw refuse('holds no world');
  const { data: raw, ...rest } = world;
  let data;
  try {
    data = parseFixtures(raw);
    checkFixtureReferences(data);
  } catch (error) {
    if (error instanceof FixtureError) throw refuse(`holds an invalid record: ${error.message}`);
    throw error;
  }
  const state = WorldStateSchema.safeParse(rest, { jitless: true });
  if (!state.success) {
    const issue = state.error.issues[0]!;
    throw refuse(`holds invalid state: ${fieldPath(issue.path) || '(top)'}: ${issue.message}`);
  }
  return { data, ...(state.data as WorldState) };
}
