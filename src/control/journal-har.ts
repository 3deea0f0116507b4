// The journal as HAR 1.2 (`GET /_mock/requests.har`): loaded with the first such request.
import { harEntry, harLog } from './har.js';
import type { Har, HarSecrets } from './har-types.js';
import type { JournalFilter, RecordedEntry, RequestJournal } from './journal.js';

/** Name, value pairs from Node's flat raw list or the web Headers. */
function pairs(headers: string[] | Headers): [string, string][] {
  if (headers instanceof Headers) return [...headers];
  const found: [string, string][] = [];
  for (let i = 0; i + 1 < headers.length; i += 2) found.push([headers[i]!, headers[i + 1]!]);
  return found;
}

/** `origin` is where the API was reached (`http://127.0.0.1:8080`): HAR wants absolute URLs. */
export function journalHar(journal: RequestJournal, filter: JournalFilter, origin: string, secrets: HarSecrets): Har {
  return harLog(journal.recorded(filter).map((entry) => harEntry(exchangeOf(entry, origin), secrets)));
}

function exchangeOf(entry: RecordedEntry, origin: string) {
  return {
    started: entry.at - entry.durationMs,
    durationMs: entry.durationMs,
    method: entry.method,
    url: `${origin}${entry.path}${entry.query ? `?${entry.query}` : ''}`,
    requestHeaders: pairs(entry.requestHeaders),
    requestBody: entry.requestBody,
    status: entry.status,
    responseHeaders: pairs(entry.responseHeaders),
    responseBody: entry.responseBody,
  };
}
