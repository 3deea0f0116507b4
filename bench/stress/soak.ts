import { memoryOf } from '../processes.js';
import { basic, isAnswer, JSON_HEADERS, login, type Call, type Client } from './client.js';

const BUILDERS = 'grp_00000001-0000-4000-8000-000000000000';
const ALICE = 'usr_a11ce000-0000-4000-8000-000000000001';
const WORLDS = [
  'wrld_a11ce000-0000-4000-8000-00000000b001',
  'wrld_b0b00000-0000-4000-8000-00000000b002',
  'wrld_ad000000-0000-4000-8000-00000000b003',
];

export interface SoakResult {
  seconds: number;
  requests: number;
  perMinute: number[];
  /** RSS in MiB every 5 s. */
  rss: number[];
  serverErrors: number;
  hangs: number;
  connectionErrors: number;
  byStatus: Record<number, number>;
}

/**
 * A steady mix of what a client test suite does, `parallel` requests in flight for `seconds`: reads
 * of every cached and uncached kind, writes that settle (invite message edits run into their
 * cooldown), logins and logouts, isolated worlds made and removed. Nothing in it grows the world
 * without end, so memory should level off.
 */
export async function soak(client: Client, pid: number, seconds: number, parallel = 8): Promise<SoakResult> {
  await client.must({ method: 'POST', path: '/_mock/reset' });
  const cookie = await login(client, 'alice', 'alice-password');
  const mix: ((i: number) => Call | (() => Promise<void>))[] = [
    () => ({ method: 'GET', path: '/api/1/auth/user', headers: { cookie } }),
    (i) => ({ method: 'GET', path: `/api/1/calendar/${BUILDERS}?n=10&offset=${i % 5}`, headers: { cookie } }),
    (i) => ({ method: 'GET', path: `/api/1/avatars/favorites?n=${(i % 20) + 1}`, headers: { cookie } }),
    () => ({ method: 'GET', path: '/api/1/instances/discover?n=5', headers: { cookie } }),
    (i) => ({ method: 'GET', path: `/api/1/worlds/${WORLDS[i % WORLDS.length]}`, headers: { cookie } }),
    () => ({ method: 'GET', path: `/api/1/groups/${BUILDERS}`, headers: { cookie } }),
    () => ({ method: 'GET', path: '/api/1/inventory', headers: { cookie } }),
    () => ({ method: 'GET', path: '/api/1/auth/user/notifications', headers: { cookie } }),
    () => ({ method: 'GET', path: '/api/1/files', headers: { cookie } }),
    () => ({ method: 'GET', path: `/api/1/message/${ALICE}/message`, headers: { cookie } }),
    (i) => ({
      method: 'PUT',
      path: `/api/1/message/${ALICE}/message/${i % 12}`,
      headers: { ...JSON_HEADERS, cookie },
      body: JSON.stringify({ message: `soak ${i}` }),
    }),
    () => async () => {
      const session = await client.send({
        method: 'GET',
        path: '/api/1/auth/user',
        headers: { authorization: basic('bob', 'bob-password') },
      });
      const set = isAnswer(session)
        ? ([] as string[]).concat(session.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth='))
        : undefined;
      if (set) await client.send({ method: 'PUT', path: '/api/1/logout', headers: { cookie: set.split(';')[0]! } });
    },
    () => async () => {
      const made = await client.send({ method: 'POST', path: '/_mock/worlds' });
      if (isAnswer(made) && made.status === 200) await client.send({ method: 'DELETE', path: `/_mock/worlds/${JSON.parse(made.text).id}` });
    },
  ];
  const result: SoakResult = { seconds, requests: 0, perMinute: [], rss: [], serverErrors: 0, hangs: 0, connectionErrors: 0, byStatus: {} };
  const started = performance.now();
  const end = started + seconds * 1_000;
  const minuteOf = () => Math.floor((performance.now() - started) / 60_000);
  const sampler = setInterval(() => result.rss.push(memoryOf(pid)?.rssMiB ?? NaN), 5_000);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < end) {
        const i = next++;
        const step = mix[i % mix.length]!(i);
        const minute = minuteOf();
        if (typeof step === 'function') {
          await step();
        } else {
          const outcome = await client.send(step);
          if (!isAnswer(outcome)) {
            if (outcome.error === 'timeout') result.hangs++;
            else result.connectionErrors++;
          } else {
            result.byStatus[outcome.status] = (result.byStatus[outcome.status] ?? 0) + 1;
            if (outcome.status >= 500) result.serverErrors++;
          }
        }
        // Counted in the minute the request started, and only whole minutes are compared.
        if (performance.now() <= end) {
          result.requests++;
          result.perMinute[minute] = (result.perMinute[minute] ?? 0) + 1;
        }
      }
    }),
  );
  clearInterval(sampler);
  result.rss.push(memoryOf(pid)?.rssMiB ?? NaN);
  return result;
}
