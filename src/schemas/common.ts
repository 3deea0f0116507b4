import { z } from 'zod';

/** Timestamp given to fixture records that leave one out. */
export const FIXTURE_EPOCH = '2026-01-01T00:00:00.000Z';

export const idOf = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[0-9a-fA-F-]{36}$`), `must be a ${prefix}_ id`);

export const text = () => z.string().default('');
export const flag = (value = false) => z.boolean().default(value);
export const count = () => z.number().int().default(0);
export const strings = () => z.array(z.string()).default(() => []);
export const timestamp = () => z.string().default(FIXTURE_EPOCH);
export const object = () => z.record(z.string(), z.unknown()).default(() => ({}));

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
