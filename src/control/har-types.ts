/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as mock-api writes it: the journal's
 * `GET /_mock/requests.har`, `mock-api record`'s file, `mock-api drift`'s input. Free of imports: the
 * library's declarations name it.
 */
export interface HarHeader {
  name: string;
  value: string;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarHeader[];
  headers: HarHeader[];
  queryString: HarHeader[];
  postData?: { mimeType: string; text: string };
  headersSize: number;
  bodySize: number;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarHeader[];
  headers: HarHeader[];
  content: { size: number; mimeType: string; text?: string; encoding?: string };
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  /** Why no upstream answered (`mock-api record`): the client got a 502 envelope instead. */
  _error?: string;
}

/** One event-socket frame, as Chromium's devtools write them: `time` in seconds since the epoch, `opcode` 1 text, 2 binary (base64). */
export interface HarWebSocketMessage {
  type: 'send' | 'receive';
  time: number;
  opcode: number;
  data: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** `websocket` for the event socket's upgrade, whose frames follow in `_webSocketMessages`. */
  _resourceType?: string;
  _webSocketMessages?: HarWebSocketMessage[];
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages?: unknown[];
    entries: HarEntry[];
  };
}

/** What a HAR keeps of secrets: `redact` replaces cookies, authorizations, tokens and passwords by `<redacted>`. */
export type HarSecrets = 'redact' | 'keep';
