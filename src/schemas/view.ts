import type { z } from 'zod';

type Output<S extends z.ZodObject> = z.output<S>;

/**
 * Builds, once per response schema, the function that makes a response object: every field the schema
 * lists, in its order, taken from the stored record or (for the names in `computed`) from the fields
 * the view works out per request. Nothing the schema leaves out is copied (a password, say).
 *
 * Why generated: the result is one object literal, so V8 gives it its final shape in one step. Spreading
 * a record and adding fields changes the shape once per field; for an Instance with its World that was
 * 40 us of a 70 us read, and the object it left also serialised slower.
 */
export function viewOf<S extends z.ZodObject, C extends keyof Output<S> & string = never>(
  schema: S,
  computed: readonly C[] = [],
): (record: Omit<Output<S>, C>, fields: Pick<Output<S>, C>) => Output<S> {
  const fromFields = new Set<string>(computed);
  const properties = Object.keys(schema.shape).map((key) => {
    const name = JSON.stringify(key);
    return `${name}: ${fromFields.has(key) ? 'fields' : 'record'}[${name}]`;
  });
  return new Function('record', 'fields', `return {${properties.join(', ')}};`) as never;
}
