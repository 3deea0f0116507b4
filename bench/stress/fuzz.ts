import fc from 'fast-check';
import { createApp, sandboxDeps } from '../../src/main/app.js';
import { manualClock } from '../../src/store/clock.js';
import { readDefaultSandbox } from '../../src/store/fixtures/fixture-dir.js';
import { SandboxSource } from '../../src/store/sandbox-source.js';
import { isAnswer, JSON_HEADERS, login, pool, type Call, type Client } from './client.js';

/** Every route the app serves, as `METHOD /path/:param`, read from the app itself. */
export function appRoutes(): { method: string; path: string }[] {
  const data = readDefaultSandbox();
  const app = createApp(sandboxDeps(SandboxSource.inMemory(data), () => manualClock()));
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    // An event stream stays open by design: it is not a hang.
    if (route.method === 'ALL' || route.path.includes('*') || route.path.endsWith('/stream')) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** Ids of the default world's records: a fuzzed parameter is sometimes one that exists. */
function knownIds(): string[] {
  const data = readDefaultSandbox() as unknown as Record<string, { id?: string }[]>;
  const ids = new Set<string>();
  for (const records of Object.values(data)) if (Array.isArray(records)) for (const record of records) if (record.id) ids.add(record.id);
  for (const records of [data.instances ?? []] as { worldId?: string; instanceId?: string }[][]) {
    for (const instance of records) if (instance.worldId && instance.instanceId) ids.add(`${instance.worldId}:${instance.instanceId}`);
  }
  return [...ids];
}

const NASTY = [
  '',
  '..',
  '%2e%2e',
  '%00',
  '-1',
  '0',
  '011',
  '0x10',
  '1e1',
  '1e309',
  'NaN',
  'constructor',
  '__proto__',
  'toString',
  'x'.repeat(2_000),
  '😀',
  'ａｌｉｃｅ',
  '<script>',
  "' OR 1=1",
  'null',
  'true',
  'message',
  'request',
  'totp',
  'file',
  'signature',
];
const FIELDS = [
  'username',
  'password',
  'email',
  'code',
  'title',
  'description',
  'startsAt',
  'endsAt',
  'tags',
  'worldId',
  'type',
  'region',
  'ownerId',
  'message',
  'name',
  'etags',
  'advanceMs',
  'set',
  'rules',
  'match',
  'path',
  'response',
  'status',
  '__proto__',
  'constructor',
];
const QUERY = ['n', 'offset', 'date', 'sort', 'order', 'search', 'tag', 'worldId', 'partNumber', 'limit', 'after', 'releaseStatus', 'x'];

function requestArbitrary(routes: { method: string; path: string }[], ids: string[]) {
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 200 }).map(String) },
  );
  const body = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .dictionary(fc.constantFrom(...FIELDS), fc.oneof(value, fc.jsonValue({ maxDepth: 3 })), { maxKeys: 6 })
        .map((b) => JSON.stringify(b)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((b) => JSON.stringify(b) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ maxLength: 60, unit: 'binary' }) },
    { weight: 2, arbitrary: fc.constant(undefined) },
  );
  return fc.record({
    route: fc.constantFrom(...routes),
    params: fc.array(value, { minLength: 4, maxLength: 4 }),
    query: fc.array(fc.tuple(fc.constantFrom(...QUERY), value), { maxLength: 4 }),
    body,
    signedIn: fc.boolean(),
    contentType: fc.constantFrom('application/json', 'text/plain', undefined),
    world: fc.constantFrom(undefined, undefined, undefined, 'world_nope'),
  });
}

type Generated = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

function toCall(generated: Generated, cookie: string): Call {
  let i = 0;
  const path = generated.route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, () => encodeURIComponent(generated.params[i++ % 4]!));
  const query = generated.query.map(([name, v]) => `${name}=${encodeURIComponent(v)}`).join('&');
  const headers: Record<string, string> = {};
  if (generated.signedIn) headers.cookie = cookie;
  if (generated.contentType && generated.body !== undefined) headers['content-type'] = generated.contentType;
  if (generated.world) headers['x-mock-world'] = generated.world;
  const body = generated.route.method === 'GET' ? undefined : generated.body;
  return { method: generated.route.method, path: query ? `${path}?${query}` : path, headers, body };
}

export interface FuzzResult {
  requests: number;
  byClass: Record<string, number>;
  serverErrors: { call: string; status: number; text: string }[];
  hangs: number;
  /** The first requests that hung, to reproduce them. */
  hung: string[];
  connectionErrors: number;
  routes: number;
}

/**
 * `count` requests drawn with fast-check from `seed` across every route, `parallel` at a time. The
 * default world is reset and alice logged in again every 1,000 requests, since fuzzed requests log
 * out, lock out and change what they find.
 */
export async function fuzz(client: Client, count: number, seed: number, parallel = 16): Promise<FuzzResult> {
  const routes = appRoutes();
  const samples = fc.sample(requestArbitrary(routes, knownIds()), { seed, numRuns: count });
  const result: FuzzResult = { requests: 0, byClass: {}, serverErrors: [], hangs: 0, hung: [], connectionErrors: 0, routes: routes.length };
  for (let start = 0; start < count; start += 1_000) {
    await client.must({ method: 'POST', path: '/_mock/reset', headers: JSON_HEADERS });
    await client.must({ method: 'DELETE', path: '/_mock/scenarios' });
    const cookie = await login(client, 'alice', 'alice-password');
    const batch = samples.slice(start, start + 1_000);
    await pool(batch.length, parallel, async (i) => {
      const call = toCall(batch[i]!, cookie);
      const outcome = await client.send(call);
      result.requests++;
      if (!isAnswer(outcome)) {
        if (outcome.error === 'timeout') {
          result.hangs++;
          if (result.hung.length < 10)
            result.hung.push(
              `${call.method} ${call.path.slice(0, 160)} ${JSON.stringify(call.headers)} ${String(call.body).slice(0, 160)}`,
            );
        } else result.connectionErrors++;
        return;
      }
      const key = `${Math.floor(outcome.status / 100)}xx`;
      result.byClass[key] = (result.byClass[key] ?? 0) + 1;
      if (outcome.status >= 500 && result.serverErrors.length < 20) {
        result.serverErrors.push({
          call: `${call.method} ${call.path.slice(0, 120)}`,
          status: outcome.status,
          text: outcome.text.slice(0, 200),
        });
      }
    });
  }
  return result;
}
