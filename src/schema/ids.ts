import { ApiError, messages } from '../errors.js';

/** Ids as the live service writes them: a prefix, an underscore and a UUID (`grp_…`, `usr_…`). */
export const idPattern = (...prefixes: string[]) => new RegExp(`^(${prefixes.join('|')})_[0-9a-fA-F-]{36}$`);

/**
 * The live service checks an id's form before it looks anything up, and names the parameter and the value
 * it refused: `groupId must be an ID: 'undefined'`. Every id checked for its form passes through here.
 */
export function requireIdForm(name: string, value: string, pattern: RegExp, status = 400): void {
  if (!pattern.test(value)) throw new ApiError(status, messages.notAnId(name, value));
}
