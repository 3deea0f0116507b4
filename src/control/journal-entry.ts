/**
 * A request the API answered, as `GET /_mock/requests` lists it and the console's stream sends it.
 * Free of imports: the console's browser script reads entries by this type too.
 */
export interface JournalEntry {
  /** The entry's number: one more than the entry recorded before it, in any sandbox, never reused. */
  seq: number;
  at: string;
  method: string;
  path: string;
  /** The query string as sent, without `?`; empty when there was none. */
  query: string;
  /** The request's headers; a Basic authorization's credentials are replaced by `<redacted>`. */
  requestHeaders: Record<string, string>;
  /** The status line actually sent; 0 when a fault sent none. */
  status: number;
  /** The sandbox's id (its X-Mock-World), null for the default sandbox; `world` is the field's public name. */
  world: string | null;
  durationMs: number;
  /** The logged-in user the request acted as, or the user a login authenticated. */
  userId: string | null;
  username: string | null;
  /** The request body as sent (text), when the simulator read one. */
  requestBody: string | null;
  responseHeaders: Record<string, string>;
  /** The JSON text answered; null for answers that are not JSON text (files, faults). */
  responseBody: string | null;
  /** Whether a body was cut at 64 KiB. */
  truncated: boolean;
  /** The scenario rule that answered, by scenario name and position; null for the simulated API. */
  rule: { scenario: string; index: number; fault?: string } | null;
}
