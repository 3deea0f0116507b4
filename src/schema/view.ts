import { existsSync, readFileSync } from 'node:fs';
import type * as z from 'zod';

type Output<S extends z.ZodObject> = z.output<S>;

export interface ViewParts<C extends string, D> {
  /** Fields the view works out per request; they come from its second argument. */
  computed?: readonly C[];
  /** Values for fields a stored record may leave out (sparse records keep memory down). */
  defaults?: D;
}

/** Every view declared so far, by name. */
const views = new Map<string, z.ZodObject>();

/** The field names of every view declared so far, which `npm run build` writes to dist/. */
export function viewFieldNames(): Record<string, string[]> {
  return Object.fromEntries([...views].map(([name, schema]) => [name, Object.keys(schema.shape)]));
}

// Where the build leaves them (dist/view-fields.json); running from source, there is none. Knowing a
// view's fields without building its schema matters on a cold first request, where building the process's
// first zod schemas is a large part of the time (bench/README.md has the figure).
const builtFieldNames = new URL('./view-fields.json', import.meta.url);
let knownFieldNames: Record<string, string[] | undefined> | undefined;

function fieldNames(name: string, schema: z.ZodObject): string[] {
  knownFieldNames ??= existsSync(builtFieldNames) ? JSON.parse(readFileSync(builtFieldNames, 'utf8')) : {};
  return knownFieldNames![name] ?? Object.keys(schema.shape);
}

/**
 * Builds, once per response schema, the function that makes a response object: every field the schema
 * lists, in its order, taken from the stored record, from `defaults` where the record leaves it out,
 * or (for the names in `computed`) from the fields the view works out per request. Nothing the schema
 * leaves out is copied (a password, say).
 *
 * Why generated: the result is one object literal, so V8 gives it its final shape in one step. Spreading
 * a record and adding fields changes the shape once per field, which made an Instance with its World the
 * bulk of a read's time, and the object it left also serialised slower (bench/README.md).
 */
export function viewOf<
  S extends z.ZodObject,
  C extends keyof Output<S> & string = never,
  D extends Partial<Output<S>> = Record<never, never>,
>(
  name: string,
  schema: S,
  { computed = [], defaults }: ViewParts<C, D> = {},
): (record: Omit<Output<S>, C | keyof D> & Partial<Pick<Output<S>, keyof D & string>>, fields: Pick<Output<S>, C>) => Output<S> {
  if (views.has(name)) throw new Error(`two views named ${name}`);
  views.set(name, schema);
  // Generated on first use, so that declaring a view does not build its (lazy) schema at start-up.
  let make: ((record: unknown, fields: unknown) => Output<S>) | undefined;
  return (record, fields) => (make ??= generate(fieldNames(name, schema), computed, defaults))(record, fields);
}

function generate(names: string[], computed: readonly string[], defaults: object | undefined) {
  const fromFields = new Set<string>(computed);
  const properties = names.map((key) => {
    const name = JSON.stringify(key);
    if (fromFields.has(key)) return `${name}: fields[${name}]`;
    if (defaults && key in defaults) return `${name}: record[${name}] === undefined ? defaults[${name}] : record[${name}]`;
    return `${name}: record[${name}]`;
  });
  const build = new Function('defaults', `return (record, fields) => ({${properties.join(', ')}});`);
  return build(defaults);
}
