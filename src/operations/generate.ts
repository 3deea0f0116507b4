import type { ValidateFunction } from 'ajv';
import { generateSync } from 'json-schema-faker';
import { hash32 } from '../store/random.js';
import { generationContract, type Schema } from './contract.js';
import { compileSchema } from './validator.js';

/** Nesting json-schema-faker follows before it fills required fields with bare placeholders ('' for a string). */
const MAX_DEPTH = 24;
/** Seeds tried before giving up on a body that keeps the schema (a oneOf of look-alike objects, say). */
const ATTEMPTS = 8;

const validators = new WeakMap<Schema, ValidateFunction>();

/**
 * A body for `schema` (from generationContract) from json-schema-faker, seeded by what names the
 * request (world, operation, parameters, body), so the same request always gets the same bytes.
 * Fields named like a path parameter carry its value, and so does the answer's own `id` when the path
 * ends in its id. The faker does not always keep every constraint (a oneOf whose branches both match
 * what it made): each body is validated and, if it fails, made again from the next seed.
 */
export function generateBody(schema: Schema, seedText: string, path: Record<string, string>, lastParam: string | undefined): unknown {
  const { $defs } = generationContract();
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = compileSchema(toComponents(schema), { deviations: true })));
  const seed = hash32(seedText);
  let value: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    value = generateSync(
      { $defs, ...schema } as never,
      {
        seed: seed + attempt,
        // Only what the schema asks for: optional fields half the time, no invented ones.
        fillProperties: false,
        maxDefaultItems: 2,
        maxDepth: MAX_DEPTH,
      } as never,
    );
    echo(value, path, lastParam === undefined ? undefined : path[lastParam], true);
    if (validate(value)) break;
  }
  return value;
}

/** A generation schema's `#/$defs/` references as the contract's own (`#/components/schemas/`). */
const toComponents = (schema: Schema): Schema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as Schema;

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
