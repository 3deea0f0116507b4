import { basic, isAnswer, JSON_HEADERS, login, pool, rawExchange, type Answer, type Client } from './client.js';
import { memoryOf } from '../processes.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** The server under test: `client` keeps 16 connections, `burst` 200 (one per request of a burst). */
export type Server = { client: Client; burst: Client; origin: string; pid: number };
type CheckFn = (server: Server) => Promise<{ ok: boolean; detail: string }>;

const BUILDERS = 'grp_00000001-0000-4000-8000-000000000000';
const NIGHT_MARKET = 'wrld_b0b00000-0000-4000-8000-00000000b002';
const WORLD_PACKAGE = 'file_f11e0000-0000-4000-8000-000000000003';

const statuses = (answers: (Answer | undefined)[]) => {
  const counts: Record<number, number> = {};
  for (const answer of answers) if (answer) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
};
const describe = (counts: Record<number, number>) =>
  Object.entries(counts)
    .map(([s, n]) => `${n}x${s}`)
    .join(' ');

async function reset({ client }: Server) {
  await client.must({ method: 'POST', path: '/_mock/reset' });
  await client.must({ method: 'DELETE', path: '/_mock/scenarios' });
}

/** Removes every isolated world, so a cap can be counted from zero. */
async function removeWorlds({ client }: Server) {
  const { worlds } = JSON.parse((await client.must({ method: 'GET', path: '/_mock/worlds' })).text) as { worlds: string[] };
  for (const id of worlds) if (id !== '') await client.must({ method: 'DELETE', path: `/_mock/worlds/${id}` });
}

/** Sends 200 copies of a request at once (each on its own connection) and counts the answers. */
async function burst(server: Server, make: (i: number) => Parameters<Client['send']>[0]) {
  const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => server.burst.send(make(i))));
  return statuses(outcomes.map((o) => (isAnswer(o) ? o : undefined)));
}

/** How long the health check takes while `work` runs. */
async function healthDuring(server: Server, work: Promise<unknown>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  await server.client.send({ method: 'GET', path: '/_mock/health' });
  const ms = performance.now() - started;
  await work;
  return ms;
}

/** A `POST /auth/register` body that passes every check. */
export const registration = (username: string, email = `${username}@example.test`) =>
  JSON.stringify({
    username,
    password: 'password123',
    email,
    acceptedTOSVersion: 0,
    captchaCode: '',
    day: '1',
    month: '1',
    year: '2000',
    subscribe: false,
  });

export const checks: [string, CheckFn][] = [
  [
    'burst: 200 registrations of one name make one account',
    async (server) => {
      await reset(server);
      const counts = await burst(server, () => ({
        method: 'POST',
        path: '/api/1/auth/register',
        headers: JSON_HEADERS,
        body: registration('burst1', 'burst1@example.test'),
      }));
      return { ok: counts[200] === 1, detail: describe(counts) };
    },
  ],
  [
    'burst: 200 logins of alice open exactly the session limit (10)',
    async (server) => {
      await reset(server);
      const counts = await burst(server, () => ({
        method: 'GET',
        path: '/api/1/auth/user',
        headers: { authorization: basic('alice', 'alice-password') },
      }));
      return { ok: counts[200] === 10 && counts[429] === 190, detail: describe(counts) };
    },
  ],
  [
    'burst: 200 wrong passwords for bob: 10 judged, 190 locked out',
    async (server) => {
      await reset(server);
      const counts = await burst(server, () => ({
        method: 'GET',
        path: '/api/1/auth/user',
        headers: { authorization: basic('bob', 'wrong') },
      }));
      return { ok: counts[401] === 10 && counts[429] === 190, detail: describe(counts) };
    },
  ],
  [
    'burst: 200 calendar events in one month: exactly the monthly limit (100)',
    async (server) => {
      await reset(server);
      const cookie = await login(server.client, 'alice', 'alice-password');
      const counts = await burst(server, (i) => ({
        method: 'POST',
        path: `/api/1/calendar/${BUILDERS}/event`,
        headers: { ...JSON_HEADERS, cookie },
        body: JSON.stringify({
          accessType: 'public',
          category: 'music',
          description: 'burst',
          sendCreationNotification: false,
          title: `Burst ${i}`,
          startsAt: `2031-06-${String((i % 28) + 1).padStart(2, '0')}T20:00:00.000Z`,
          endsAt: `2031-06-${String((i % 28) + 1).padStart(2, '0')}T21:00:00.000Z`,
        }),
      }));
      return { ok: counts[200] === 100, detail: describe(counts) };
    },
  ],
  [
    'burst: 200 isolated worlds at once: exactly the cap (100)',
    async (server) => {
      await removeWorlds(server);
      const outcomes = await Promise.all(Array.from({ length: 200 }, () => server.burst.send({ method: 'POST', path: '/_mock/worlds' })));
      const answers = outcomes.filter(isAnswer);
      for (const answer of answers)
        if (answer.status === 200) await server.client.send({ method: 'DELETE', path: `/_mock/worlds/${JSON.parse(answer.text).id}` });
      const counts = statuses(answers);
      return { ok: counts[200] === 100 && counts[429] === 100, detail: describe(counts) };
    },
  ],
  [
    'registration with a 120 KB email of dots: 400, health answers meanwhile',
    async (server) => {
      await reset(server);
      const email = `a@${'.'.repeat(120_000)}@`;
      const work = server.client.send({
        method: 'POST',
        path: '/api/1/auth/register',
        headers: JSON_HEADERS,
        body: registration('evil1', email),
      });
      const ms = await healthDuring(server, work);
      const answer = await work;
      return {
        ok: isAnswer(answer) && answer.status === 400 && ms < 1_000,
        detail: `${isAnswer(answer) ? answer.status : answer.error}, health ${ms.toFixed(0)} ms`,
      };
    },
  ],
  [
    'scenario path of eight stars against 56 segments',
    async (server) => {
      await reset(server);
      const scenario = { name: 'stars', rules: [{ match: { path: '/*/*/*/*/*/*/*/*/z' }, response: { status: 503 } }] };
      await server.client.must({ method: 'POST', path: '/_mock/scenarios', headers: JSON_HEADERS, body: JSON.stringify(scenario) });
      const answer = await server.client.must({ method: 'GET', path: `/api/1/${'a/'.repeat(55)}b` });
      await server.client.must({ method: 'DELETE', path: '/_mock/scenarios' });
      return { ok: answer.ms < 1_000, detail: `${answer.status} in ${answer.ms.toFixed(1)} ms` };
    },
  ],
  [
    'read cache: 100 events of 10,000 characters, 1,000 pages of 1 MB under distinct keys',
    async (server) => {
      await reset(server);
      const cookie = await login(server.client, 'alice', 'alice-password');
      const tooLong = await server.client.must({
        method: 'POST',
        path: `/api/1/calendar/${BUILDERS}/event`,
        headers: { ...JSON_HEADERS, cookie },
        body: JSON.stringify({
          accessType: 'public',
          category: 'music',
          description: 'd'.repeat(1_000_000),
          sendCreationNotification: false,
          title: 'Big',
          startsAt: '2031-07-01T20:00:00.000Z',
          endsAt: '2031-07-01T21:00:00.000Z',
        }),
      });
      await pool(100, 8, (i) =>
        server.client.must({
          method: 'POST',
          path: `/api/1/calendar/${BUILDERS}/event`,
          headers: { ...JSON_HEADERS, cookie },
          body: JSON.stringify({
            accessType: 'public',
            category: 'music',
            description: 'd'.repeat(10_000),
            sendCreationNotification: false,
            title: `Long ${i}`,
            startsAt: `2031-07-${String((i % 28) + 1).padStart(2, '0')}T20:00:00.000Z`,
            endsAt: `2031-07-${String((i % 28) + 1).padStart(2, '0')}T21:00:00.000Z`,
          }),
        }),
      );
      const before = memoryOf(server.pid)?.rssMiB ?? NaN;
      // Unused parameters share one entry; distinct pages (offset, sort) are distinct entries, within the byte budget.
      await pool(500, 8, (i) =>
        server.client.must({ method: 'GET', path: `/api/1/calendar/${BUILDERS}?date=2031-07&n=100&x=${i}`, headers: { cookie } }),
      );
      const pages = await pool(500, 8, (i) =>
        server.client.must({
          method: 'GET',
          path: `/api/1/calendar/${BUILDERS}?date=2031-07&n=100&offset=${i % 250}&sort=${i % 2 ? 'descending' : 'ascending'}`,
          headers: { cookie },
        }),
      );
      const after = memoryOf(server.pid)?.rssMiB ?? NaN;
      const ok = tooLong.status === 400 && pages.every((page) => page.status === 200) && after < 1_024;
      return { ok, detail: `1 MB description ${tooLong.status}; RSS ${before.toFixed(0)} -> ${after.toFixed(0)} MiB (bound 1 GiB)` };
    },
  ],
  [
    '1,000 isolated worlds asked for: 100 made, the rest 429',
    async (server) => {
      await removeWorlds(server);
      const answers = await pool(1_000, 8, () => server.client.must({ method: 'POST', path: '/_mock/worlds' }));
      for (const answer of answers)
        if (answer.status === 200) await server.client.must({ method: 'DELETE', path: `/_mock/worlds/${JSON.parse(answer.text).id}` });
      const counts = statuses(answers);
      return { ok: counts[200] === 100 && counts[429] === 900, detail: describe(counts) };
    },
  ],
  [
    'uploads: part 101 refused, 10 MB parts stop at the 256 MiB world total',
    async (server) => {
      await reset(server);
      const cookie = await login(server.client, 'alice', 'alice-password');
      const path = `/api/1/file/${WORLD_PACKAGE}/1/file`;
      await server.client.must({
        method: 'POST',
        path: `/api/1/file/${WORLD_PACKAGE}`,
        headers: { ...JSON_HEADERS, cookie },
        body: JSON.stringify({
          fileMd5: 'AAAAAAAAAAAAAAAAAAAAAA==',
          fileSizeInBytes: 20_000_000,
          signatureMd5: 'AAAAAAAAAAAAAAAAAAAAAA==',
          signatureSizeInBytes: 10,
        }),
      });
      const urls: string[] = [];
      for (let n = 1; n <= 30; n++)
        urls.push(
          JSON.parse((await server.client.must({ method: 'PUT', path: `${path}/start?partNumber=${n}`, headers: { cookie } })).text).url,
        );
      for (let n = 31; n <= 100; n++)
        await server.client.must({ method: 'PUT', path: `${path}/start?partNumber=${n}`, headers: { cookie } });
      const over = await server.client.must({ method: 'PUT', path: `${path}/start?partNumber=101`, headers: { cookie } });
      const part = Buffer.alloc(10 * 1024 * 1024, 7);
      const puts: number[] = [];
      // Refused on its Content-Length, a part may be answered 413 before it is read: the client's write then breaks (0 here).
      for (const url of urls) {
        const outcome = await server.client.send({ method: 'PUT', path: new URL(url).pathname, body: part });
        puts.push(isAnswer(outcome) ? outcome.status : 0);
      }
      const rss = memoryOf(server.pid)?.rssMiB ?? NaN;
      await reset(server);
      const accepted = puts.filter((s) => s === 200).length;
      const refused = puts.filter((s) => s === 413 || s === 0).length;
      return {
        ok: over.status === 400 && accepted === 25 && refused === 5,
        detail: `part 101: ${over.status}; ${accepted} parts of 10 MiB kept, then ${refused} refused (413); RSS ${rss.toFixed(0)} MiB`,
      };
    },
  ],
  [
    'clock overflow refused; the world keeps answering',
    async (server) => {
      await reset(server);
      const answers = [];
      for (const body of [{ advanceMinutes: 1e12 }, { advanceMs: 9007199254740991 }, { advanceMinutes: 1e308 }]) {
        answers.push(await server.client.must({ method: 'POST', path: '/_mock/clock', headers: JSON_HEADERS, body: JSON.stringify(body) }));
      }
      const cookie = await login(server.client, 'alice', 'alice-password');
      const me = await server.client.must({ method: 'GET', path: '/api/1/auth/user', headers: { cookie } });
      return {
        ok: answers.every((a) => a.status === 400) && me.status === 200,
        detail: `${answers.map((a) => a.status).join(',')}; then ${me.status}`,
      };
    },
  ],
  [
    '4,000 instances: discover?n=5 and one instance stay small',
    async (server) => {
      await reset(server);
      const cookie = await login(server.client, 'bob', 'bob-password');
      await pool(4_000, 8, () =>
        server.client.must({
          method: 'POST',
          path: '/api/1/instances',
          headers: { ...JSON_HEADERS, cookie },
          body: JSON.stringify({ worldId: NIGHT_MARKET, type: 'public', region: 'us' }),
        }),
      );
      const discover = await server.client.must({ method: 'GET', path: '/api/1/instances/discover?n=5', headers: { cookie } });
      const one = JSON.parse(discover.text).instances[0];
      const instance = await server.client.must({ method: 'GET', path: `/api/1/instances/${one.id}`, headers: { cookie } });
      await reset(server);
      return {
        ok: discover.text.length < 200_000 && instance.text.length < 50_000,
        detail: `discover ${(discover.text.length / 1024).toFixed(0)} KB in ${discover.ms.toFixed(0)} ms, instance ${(instance.text.length / 1024).toFixed(0)} KB`,
      };
    },
  ],
  [
    'control plane: foreign Origin, foreign Host, text/plain body refused',
    async (server) => {
      const clock = JSON.stringify({ set: '2020-01-01T00:00:00.000Z' });
      const a = await server.client.must({
        method: 'POST',
        path: '/_mock/clock',
        headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
        body: clock,
      });
      const b = await server.client.must({ method: 'POST', path: '/_mock/reset', headers: { host: 'evil.example:8080' } });
      const c = await server.client.must({ method: 'POST', path: '/_mock/clock', headers: { 'content-type': 'text/plain' }, body: clock });
      return { ok: a.status === 403 && b.status === 403 && c.status === 415, detail: `${a.status}, ${b.status}, ${c.status}` };
    },
  ],
  [
    'scenario rules that could not be sent are refused at load',
    async (server) => {
      const load = (response: unknown) =>
        server.client.must({
          method: 'POST',
          path: '/_mock/scenarios',
          headers: JSON_HEADERS,
          body: JSON.stringify({ name: 'bad', rules: [{ match: { path: '/config' }, response }] }),
        });
      const deep = await server.client.must({
        method: 'POST',
        path: '/_mock/scenarios',
        headers: JSON_HEADERS,
        body: `{"name":"deep","rules":[{"match":{"path":"/config"},"response":{"status":200,"body":${'['.repeat(10_000)}1${']'.repeat(10_000)}}}]}`,
      });
      const answers = [
        await load({ status: 503, headers: { 'Retry After': '1' } }),
        await load({ status: 503, headers: { 'X-A': 'a\r\nb' } }),
        deep,
      ];
      await server.client.must({ method: 'DELETE', path: '/_mock/scenarios' });
      return { ok: answers.every((a) => a.status === 400), detail: answers.map((a) => a.status).join(',') };
    },
  ],
  [
    'node-level refusals answer the envelope',
    async ({ origin }) => {
      const nul = await rawExchange(origin, 'GET /api/1/config\0x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const big = await rawExchange(origin, `GET /api/1/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      const star = await rawExchange(origin, 'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const ok = [nul, big, star].every((text) => text.includes('"status_code"'));
      return { ok, detail: [nul, big, star].map((t) => t.split(' ')[1]).join(',') };
    },
  ],
  [
    '2,000 wrong TOTP codes, then the right one: locked out (429)',
    async (server) => {
      await reset(server);
      const started = await server.client.must({
        method: 'GET',
        path: '/api/1/auth/user',
        headers: { authorization: basic('carol', 'carol-password') },
      });
      const cookie = ([] as string[])
        .concat(started.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('auth='))!
        .split(';')[0]!;
      const answers = await pool(2_000, 8, (i) =>
        server.client.must({
          method: 'POST',
          path: '/api/1/auth/twofactorauth/totp/verify',
          headers: { ...JSON_HEADERS, cookie },
          body: JSON.stringify({ code: String(i).padStart(6, '0') }),
        }),
      );
      const { totp } = await import('../../src/areas/authentication/totp.js');
      const clock = JSON.parse((await server.client.must({ method: 'GET', path: '/_mock/clock' })).text).now;
      const right = await server.client.must({
        method: 'POST',
        path: '/api/1/auth/twofactorauth/totp/verify',
        headers: { ...JSON_HEADERS, cookie },
        body: JSON.stringify({ code: totp('JBSWY3DPEHPK3PXP', Date.parse(clock)) }),
      });
      await reset(server);
      return { ok: right.status === 429, detail: `${describe(statuses(answers))}; right code ${right.status}` };
    },
  ],
  [
    'lenient numbers refused',
    async (server) => {
      await reset(server);
      const cookie = await login(server.client, 'alice', 'alice-password');
      const answers = [];
      for (const n of ['0x10', '1e1', '011'])
        answers.push(await server.client.must({ method: 'GET', path: `/api/1/instances/discover?n=${n}`, headers: { cookie } }));
      return { ok: answers.every((a) => a.status === 400), detail: answers.map((a) => a.status).join(',') };
    },
  ],
];

export async function runChecks(server: Server, list: [string, CheckFn][] = checks): Promise<Check[]> {
  const results: Check[] = [];
  for (const [name, check] of list) {
    try {
      const { ok, detail } = await check(server);
      results.push({ name, ok, detail });
    } catch (error) {
      results.push({ name, ok: false, detail: `threw: ${(error as Error).message.slice(0, 200)}` });
    }
    process.stdout.write(`  ${results.at(-1)!.ok ? 'ok  ' : 'FAIL'} ${name}: ${results.at(-1)!.detail}\n`);
  }
  return results;
}
