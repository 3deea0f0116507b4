import * as z from 'zod';
import type { JournalFilter } from './journal.js';
import { clientPattern } from '../http/path-pattern.js';
import { lazy } from '../schema/lazy.js';
import { parseInput } from '../http/validation.js';
import { API_PREFIX } from '../http/helpers.js';

/** The journal's filters, as `GET /_mock/requests` and `/_mock/requests/count` take them in the query. */
export const JournalQuerySchema = lazy(() =>
  z.strictObject({
    method: z.string().toUpperCase().optional(),
    /** A rule path below /api/1: `:name` one segment, `*` the rest. */
    path: z.string().startsWith('/', 'must start with /').optional(),
    status: z.coerce.number().int().min(0).max(599).optional(),
    /** Username (any case) or user id of the logged-in user. */
    user: z.string().min(1).optional(),
    /** An isolated sandbox's id (its X-Mock-World), or `default` for the default sandbox. */
    world: z.string().min(1).optional(),
    /** Entries recorded at or after this time. */
    since: z.iso.datetime({ offset: true }).optional(),
  }),
);

/** A filter from the query; `X-Mock-World` stands for `world` when the query names none. */
export function journalFilter(query: Record<string, string>, sandboxHeader: string | undefined): JournalFilter {
  const wanted = parseInput(JournalQuerySchema, query);
  const named = wanted.world ?? sandboxHeader;
  const sandboxId = named === undefined ? undefined : named === 'default' ? null : named;
  const path =
    wanted.path === undefined
      ? undefined
      : clientPattern(wanted.path.startsWith(`${API_PREFIX}/`) ? wanted.path.slice(API_PREFIX.length) : wanted.path);
  const since = wanted.since === undefined ? undefined : Date.parse(wanted.since);
  const user = wanted.user?.toLowerCase();
  return (entry) =>
    (wanted.method === undefined || entry.method === wanted.method) &&
    (wanted.status === undefined || entry.status === wanted.status) &&
    (sandboxId === undefined || entry.world === sandboxId) &&
    (since === undefined || entry.at >= since) &&
    (user === undefined || entry.userId === wanted.user || entry.username?.toLowerCase() === user) &&
    (path === undefined || path.testAllowingSlash(entry.path.slice(API_PREFIX.length)));
}
