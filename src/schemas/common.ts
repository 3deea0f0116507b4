import * as z from 'zod';

/** Timestamp given to fixture records that leave one out. */
export const FIXTURE_EPOCH = '2026-01-01T00:00:00.000Z';

// Schemas never change once built, so the field helpers below hand out one shared instance each:
// building a zod schema costs tens of microseconds, and the schemas use these helpers hundreds of times.
const ids = new Map<string, z.ZodString>();
export const idOf = (prefix: string) => {
  let schema = ids.get(prefix);
  if (!schema) {
    schema = z.string().regex(new RegExp(`^${prefix}_[0-9a-fA-F-]{36}$`), `must be a ${prefix}_ id`);
    ids.set(prefix, schema);
  }
  return schema;
};

const TEXT = z.string().default('');
const FLAGS = { false: z.boolean().default(false), true: z.boolean().default(true) };
const COUNT = z.number().int().default(0);
const STRINGS = z.array(z.string()).default(() => []);
const TIMESTAMP = z.string().default(FIXTURE_EPOCH);
const OBJECT = z.record(z.string(), z.unknown()).default(() => ({}));

export const text = () => TEXT;
export const flag = (value = false) => FLAGS[`${value}`];
export const count = () => COUNT;
export const strings = () => STRINGS;
export const timestamp = () => TIMESTAMP;
export const object = () => OBJECT;

export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    message: z.string(),
    status_code: z.number().int(),
    waf_code: z.number().int().optional(),
  }),
});

export const SuccessEnvelopeSchema = z.object({
  success: z.object({ message: z.string(), status_code: z.number().int() }),
});
