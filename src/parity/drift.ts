// `mock-api drift`: every API request of a HAR replayed in order against a fresh world of the simulator,
// as the recording's user, each answer compared with the recorded one (compare.ts).
import type { Profile } from '../live-profile.js';
import { REDACTED } from '../control/har.js';
import type { Har, HarEntry } from '../control/har-types.js';
import { startServer } from '../main/server.js';
import { compare, type Answer, type Comparison } from './compare.js';
import { HarInputError } from './har-file.js';
import { IdMap } from './id-map.js';

const API = '/api/1/';
/** Not replayed as recorded: the simulator's session and address stand in for them. */
const DROPPED = /^(:.*|host|connection|keep-alive|content-length|transfer-encoding|cookie|authorization|x-mock-world|accept-encoding)$/i;

export interface DriftOptions {
  /** Where the HAR came from, for messages. */
  file: string;
  profile?: Profile;
  /** The simulator's user to log in as, when the recording's login is redacted. */
  user?: { username: string; password: string };
}

export interface ReplayedEntry {
  /** The entry's index in the HAR's `log.entries`. */
  entry: number;
  method: string;
  path: string;
  comparison: Comparison;
}

const header = (entry: HarEntry, name: string) => entry.request.headers.find((h) => h.name.toLowerCase() === name)?.value;
const pathOf = (entry: HarEntry) => {
  const url = new URL(entry.request.url);
  const at = url.pathname.indexOf(API);
  return at < 0 ? undefined : `${url.pathname.slice(at)}${url.search}`;
};
/** An API request with an answer from the service: not the event socket, nor what a proxy answered alone. */
const replayable = (entry: HarEntry) =>
  pathOf(entry) !== undefined &&
  entry.response.status >= 100 &&
  entry.response.status !== 101 &&
  !entry._webSocketMessages &&
  !entry.response._error;

function recordedBody(entry: HarEntry): unknown {
  const { text, encoding } = entry.response.content;
  if (!text) return undefined;
  try {
    return JSON.parse(encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text);
  } catch {
    return undefined;
  }
}

const basic = ({ username, password }: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${encodeURIComponent(username)}:${encodeURIComponent(password)}`).toString('base64')}`;

/** The Basic authorization to log in with: the user given, else the recording's own when it kept it. */
function loginAuthorization(entries: HarEntry[], options: DriftOptions): string | undefined {
  if (options.user) return basic(options.user);
  const recorded = entries.map((entry) => header(entry, 'authorization')).find((value) => value && /^basic /i.test(value));
  if (recorded?.includes(REDACTED))
    throw new HarInputError(`${options.file}: its login is redacted; give --user <username:password> of the simulator's user`);
  return recorded;
}

export async function drift(har: Har, options: DriftOptions): Promise<ReplayedEntry[]> {
  const steps = har.log.entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => replayable(entry));
  if (steps.length === 0)
    throw new HarInputError(`${options.file}: holds no answered request to ${API.slice(0, -1)}; a HAR of another API?`);
  const entries = steps.map(({ entry }) => entry);
  const authorization = loginAuthorization(entries, options);
  const logsIn = entries.some((entry) => /^basic /i.test(header(entry, 'authorization') ?? ''));
  if (!logsIn && !authorization && entries.some((entry) => header(entry, 'cookie') !== undefined))
    throw new HarInputError(`${options.file}: its requests carry a session but it holds no login; give --user <username:password>`);

  const server = await startServer({ port: 0, host: '127.0.0.1', settings: options.profile ? { profile: options.profile } : undefined });
  const origin = new URL(server.url).origin;
  const jar = new Map<string, string>();
  const ids = new IdMap();
  const send = async (method: string, path: string, headers: Headers, body?: string): Promise<Answer> => {
    const response = await server.handle(new Request(`${origin}${path}`, { method, headers, body }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '' || /max-age=0\b/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  try {
    if (!logsIn && authorization) await send('GET', `${API}auth/user`, new Headers({ authorization, 'user-agent': 'mock-api drift' }));
    const replayed: ReplayedEntry[] = [];
    for (const { entry, index } of steps) {
      const headers = new Headers();
      for (const { name, value } of entry.request.headers) if (!DROPPED.test(name)) headers.append(name, ids.apply(value));
      const recordedAuthorization = header(entry, 'authorization');
      if (recordedAuthorization !== undefined)
        headers.set('authorization', /^basic /i.test(recordedAuthorization) && authorization ? authorization : recordedAuthorization);
      if (header(entry, 'cookie') !== undefined && jar.size) headers.set('cookie', cookie());
      const path = ids.apply(pathOf(entry)!);
      const text = entry.request.postData?.text;
      const simulated = await send(entry.request.method, path, headers, text === undefined ? undefined : ids.apply(text));
      const recorded = { status: entry.response.status, body: recordedBody(entry) };
      replayed.push({
        entry: index,
        method: entry.request.method,
        path: pathOf(entry)!,
        comparison: compare(recorded, simulated, (m) => ids.apply(m)),
      });
      ids.learn(recorded.body, simulated.body);
    }
    return replayed;
  } finally {
    await server.close();
  }
}
