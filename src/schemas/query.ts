import * as z from 'zod';

/** Query-string building blocks: every value arrives as a string, and a bad one is a 400 naming its parameter. */

export const queryInt = (min: number, max?: number) => {
  // The message goes on the int check only: on the type it would replace the min/max messages too.
  const int = z.coerce.number().int('must be an integer').min(min);
  return max === undefined ? int : int.max(max);
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
