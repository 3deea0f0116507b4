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

/** A comma-separated list of at least one non-empty entry. */
export const queryList = () =>
  z
    .string()
    .min(1)
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
    .refine((entries) => entries.length > 0, 'must name at least one value');

/** The page every list takes: `n` 1-100 (default 60) items from `offset`. */
export const pageParams = () => ({ n: queryInt(1, 100).default(60), offset: queryInt(0).default(0) });
