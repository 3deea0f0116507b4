import { generateSync } from 'json-schema-faker';
import { hash32 } from '../random.js';
import { generationContract, type Schema } from './contract.js';

/**
 * A body for `schema` (from generationContract) from json-schema-faker, seeded by what names the request (world, operation,
 * parameters, body), so the same request always gets the same bytes. Fields named like a path
 * parameter carry its value, and so does the answer's own `id` when the path ends in its id.
 */
export function generateBody(schema: Schema, seedText: string, path: Record<string, string>, lastParam: string | undefined): unknown {
  const { $defs } = generationContract();
  const value = generateSync({ $defs, ...schema } as never, {
    seed: hash32(seedText),
    // Only what the schema asks for: optional fields half the time, no invented ones.
    fillProperties: false,
    maxDefaultItems: 2,
  } as never);
  echo(value, path, lastParam === undefined ? undefined : path[lastParam], true);
  return value;
}

function echo(value: unknown, path: Record<string, string>, id: string | undefined, top: boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) echo(item, path, undefined, false);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(record)) {
    if (typeof inner === 'string' && path[key] !== undefined) record[key] = path[key];
    else echo(inner, path, undefined, false);
  }
  if (top && id !== undefined && typeof record.id === 'string') record.id = id;
}
