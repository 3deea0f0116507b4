// The journal through the control client: its filters as the query of `/_mock/requests`, its entries and its HAR.
import type { Har, RecordedRequest, RequestFilters, RequestsReader } from './client-types.js';

type Call = <T>(method: string, path: string) => Promise<T>;

/** The journal's filters as the query of `/_mock/requests`: the server applies its path rules. */
export function journalQuery({ method, path, status, user, since }: RequestFilters): string {
  const query = new URLSearchParams();
  if (method !== undefined) query.set('method', method);
  if (typeof path === 'string') query.set('path', path);
  if (status !== undefined) query.set('status', String(status));
  if (user !== undefined) query.set('user', user);
  if (since !== undefined) query.set('since', since instanceof Date ? since.toISOString() : since);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** `requests(filters)` and `requests.har(filters)`; a RegExp path is tested here, against the full path. */
export function journalReader(call: Call): RequestsReader {
  const list = async (filters: RequestFilters = {}) => {
    const entries = await call<RecordedRequest[]>('GET', `/requests${journalQuery(filters)}`);
    const { path } = filters;
    return path instanceof RegExp ? entries.filter((entry) => path.test(entry.path)) : entries;
  };
  const har = async (filters: RequestFilters = {}) => {
    const log = await call<Har>('GET', `/requests.har${journalQuery(filters)}`);
    const { path } = filters;
    if (path instanceof RegExp) log.log.entries = log.log.entries.filter((entry) => path.test(new URL(entry.request.url).pathname));
    return log;
  };
  return Object.assign(list, { har });
}
