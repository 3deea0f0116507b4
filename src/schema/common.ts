import * as z from 'zod';
import { lazy } from './lazy.js';
import { messages } from '../errors.js';

/** Timestamp given to fixture records that leave one out. */
export const FIXTURE_EPOCH = '2026-01-01T00:00:00.000Z';

// Schemas never change once built, so each field helper below hands out one instance, built on its
// first call (from inside a lazy schema): the schemas use these helpers hundreds of times.
const once = <T>(build: () => T) => {
  let built: T | undefined;
  return () => (built ??= build());
};

const ids = new Map<string, z.ZodString>();
export const idOf = (prefix: string) => {
  let schema = ids.get(prefix);
  if (!schema) {
    schema = z.string().regex(new RegExp(`^${prefix}_[0-9a-fA-F-]{36}$`), messages.idForm(prefix));
    ids.set(prefix, schema);
  }
  return schema;
};

export const text = once(() => z.string().default(''));
const flags = { false: once(() => z.boolean().default(false)), true: once(() => z.boolean().default(true)) };
export const flag = (value = false) => flags[`${value}`]();
export const count = once(() => z.number().int().default(0));
export const strings = once(() => z.array(z.string()).default(() => []));
export const timestamp = once(() => z.string().default(FIXTURE_EPOCH));
export const object = once(() => z.record(z.string(), z.unknown()).default(() => ({})));

export const ErrorEnvelopeSchema = lazy(() =>
  z.object({
    error: z.object({
      message: z.string(),
      status_code: z.number().int(),
      waf_code: z.number().int().optional(),
    }),
  }),
);

export const SuccessEnvelopeSchema = lazy(() =>
  z.object({
    success: z.object({ message: z.string(), status_code: z.number().int() }),
  }),
);
