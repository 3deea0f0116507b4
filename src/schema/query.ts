import * as z from 'zod';

/** Query-string building blocks: every value arrives as a string, and a bad one is a 400 naming its parameter. */

/** A plain decimal integer: `0x10`, `1e1`, `011`, ` 5` and `5.0` are refused, not read as numbers. */
const DECIMAL = /^-?(0|[1-9][0-9]*)$/;

export const queryInt = (min: number, max?: number) => {
  const int = z.number().int('must be an integer').min(min);
  return z
    .string('must be an integer')
    .regex(DECIMAL, 'must be an integer')
    .transform(Number)
    .pipe(max === undefined ? int : int.max(max));
};

/** `true` or `false`, nothing else (z.coerce.boolean would read `false` as true). */
export const queryBool = () => z.enum(['true', 'false'], 'must be a boolean').transform((value) => value === 'true');

/** The list schemas queryList made: what `queryOf` reads every value of. */
const listSchemas = new WeakSet<z.ZodType>();

/**
 * A list of at least one non-empty entry, in either form clients send: comma-separated (`tag=a,b`) or
 * the key repeated (`tag=a&tag=b`, as the SDKs send arrays), or both at once. Read the query with
 * `queryOf` so a repeated key arrives with all its values.
 */
export const queryList = () => {
  const list = z
    .union([z.string().min(1), z.array(z.string())])
    .transform((value) => (typeof value === 'string' ? [value] : value).flatMap(splitEntries))
    .refine((entries) => entries.length > 0, 'must name at least one value');
  listSchemas.add(list);
  return list;
};

/** The entries of a comma-separated value, trimmed, empty ones left out. */
export const splitEntries = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** Whether a field of a query schema is (an optional, defaulted or piped) queryList. */
function isList(field: z.ZodType | undefined): boolean {
  let schema = field;
  while (schema && !listSchemas.has(schema)) {
    const def = schema._zod.def as { innerType?: z.ZodType; in?: z.ZodType };
    schema = def.innerType ?? def.in;
  }
  return schema !== undefined;
}

/** Per query schema, the names of its list fields. */
const listNames = new WeakMap<object, string[]>();

interface QueryRequest {
  req: { query(): Record<string, string>; queries(name: string): string[] | undefined };
}

/**
 * The query a handler hands its schema: each key's value, and for the schema's list fields every value
 * of a repeated key (`c.req.query()` keeps only the first).
 */
export function queryOf(c: QueryRequest, schema: { shape: Record<string, z.ZodType> }): Record<string, string | string[]> {
  let names = listNames.get(schema);
  if (!names) listNames.set(schema, (names = Object.keys(schema.shape).filter((name) => isList(schema.shape[name]))));
  const query: Record<string, string | string[]> = c.req.query();
  for (const name of names) {
    const values = name in query ? c.req.queries(name)! : [];
    if (values.length > 1) query[name] = values;
  }
  return query;
}

/** The page every list takes: `n` 1-100 (default 60) items from `offset`. */
export const pageParams = () => ({ n: queryInt(1, 100).default(60), offset: queryInt(0).default(0) });

/** The sorts every world and avatar list takes (OpenAPI SortOption). */
export const SORT_OPTIONS = [
  '_created_at',
  '_updated_at',
  'created',
  'favorites',
  'heat',
  'labsPublicationDate',
  'magic',
  'name',
  'order',
  'popularity',
  'publicationDate',
  'random',
  'relevance',
  'reportCount',
  'reportScore',
  'shuffle',
  'trust',
  'updated',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
