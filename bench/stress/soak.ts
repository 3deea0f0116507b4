import { cpuMsOf, memoryOf } from '../processes.js';
import { basic, isAnswer, JSON_HEADERS, login, type Call, type Client } from './client.js';

const BUILDERS = 'grp_00000001-0000-4000-8000-000000000000';
const ALICE = 'usr_a11ce000-0000-4000-8000-000000000001';
const BOB = 'usr_b0b00000-0000-4000-8000-000000000002';
const WORLDS = [
  'wrld_a11ce000-0000-4000-8000-00000000b001',
  'wrld_b0b00000-0000-4000-8000-00000000b002',
  'wrld_ad000000-0000-4000-8000-00000000b003',
];
/** Worlds alice has not favourited: one favourite cycle each at a time. */
const FAVOURITE_WORLDS = ['wrld_a11ce000-0000-4000-8000-00000000b001', 'wrld_b0b00000-0000-4000-8000-00000000b005'];
/** RSS is sampled this often, in ms. */
export const SAMPLE_MS = 5_000;

export interface SoakResult {
  seconds: number;
  requests: number;
  /** Requests started in each 30 s of the run. */
  perHalfMinute: number[];
  /** The server's CPU time at the start and at the end of each 30 s, in ms: its cost per request does not depend on what else the machine runs. */
  cpuMs: number[];
  /** RSS in MiB every SAMPLE_MS. */
  rss: number[];
  serverErrors: number;
  hangs: number;
  connectionErrors: number;
  /** Status counts by step of the mix (`edit-profile 200`). */
  byStep: Record<string, number>;
}

type Send = (step: string, call: Call) => Promise<{ status: number; text: string } | undefined>;

/**
 * A steady mix of what a client test suite does, `parallel` requests in flight for `seconds`: reads
 * of every cached and uncached kind, profile and invite-message edits, logins and logouts,
 * favourites added and removed, friend requests accepted and undone, calendar events created and
 * deleted, isolated worlds made and removed. Each cycle undoes what it did, so nothing grows the
 * world without end and memory should level off; a cycle that could collide with itself (the same
 * favourite, the same friendship) runs one at a time and a read takes its turn meanwhile.
 */
export async function soak(client: Client, pid: number, seconds: number, parallel = 8): Promise<SoakResult> {
  await client.must({ method: 'POST', path: '/_mock/reset' });
  const alice = await login(client, 'alice', 'alice-password');
  const bob = await login(client, 'bob', 'bob-password');
  const eve = await login(client, 'eve', 'eve-password');
  const busy = new Set<string>();
  const once = async (name: string, cycle: () => Promise<void>) => {
    if (busy.has(name)) return void (await send('read-self', { method: 'GET', path: '/api/1/auth/user', headers: { cookie: alice } }));
    busy.add(name);
    try {
      await cycle();
    } finally {
      busy.delete(name);
    }
  };
  const read =
    (step: string, path: string, cookie = alice) =>
    async () =>
      void (await send(step, { method: 'GET', path, headers: { cookie } }));
  const write = (step: string, method: string, path: string, body: unknown, cookie = alice) =>
    send(step, { method, path, headers: { ...JSON_HEADERS, cookie }, body: JSON.stringify(body) });

  const mix: ((i: number) => Promise<void>)[] = [
    read('read-self', '/api/1/auth/user'),
    (i) => read('read-calendar', `/api/1/calendar/${BUILDERS}?n=10&offset=${i % 5}`)(),
    (i) => read('read-avatar-favourites', `/api/1/avatars/favorites?n=${(i % 20) + 1}`)(),
    read('discover', '/api/1/instances/discover?n=5'),
    (i) => read('read-world', `/api/1/worlds/${WORLDS[i % WORLDS.length]}`)(),
    read('read-group', `/api/1/groups/${BUILDERS}`),
    read('read-inventory', '/api/1/inventory'),
    read('read-notifications', '/api/1/auth/user/notifications'),
    read('read-files', '/api/1/files'),
    read('read-invite-messages', `/api/1/message/${ALICE}/message`),
    async (i) => void (await write('edit-profile', 'PUT', `/api/1/users/${ALICE}`, { bio: `soak ${i}`, statusDescription: `s${i % 50}` })),
    async (i) => void (await write('edit-invite-message', 'PUT', `/api/1/message/${ALICE}/message/${i % 12}`, { message: `soak ${i}` })),
    async () => {
      const session = await client.send({
        method: 'GET',
        path: '/api/1/auth/user',
        headers: { authorization: basic('bob', 'bob-password') },
      });
      record('login', session);
      const set = isAnswer(session)
        ? ([] as string[]).concat(session.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth='))
        : undefined;
      if (set) await send('logout', { method: 'PUT', path: '/api/1/logout', headers: { cookie: set.split(';')[0]! } });
    },
    (i) => {
      const world = FAVOURITE_WORLDS[i % FAVOURITE_WORLDS.length]!;
      return once(`favourite ${world}`, async () => {
        const added = await write('favourite-add', 'POST', '/api/1/favorites', { type: 'world', favoriteId: world, tags: ['worlds2'] });
        if (added?.status === 200)
          await send('favourite-remove', {
            method: 'DELETE',
            path: `/api/1/favorites/${JSON.parse(added.text).id}`,
            headers: { cookie: alice },
          });
      });
    },
    () =>
      once('friends', async () => {
        const request = await write('friend-request', 'POST', `/api/1/user/${BOB}/friendRequest`, {}, eve);
        if (request?.status !== 200) return;
        const accepted = await write(
          'friend-accept',
          'PUT',
          `/api/1/auth/user/notifications/${JSON.parse(request.text).id}/accept`,
          {},
          bob,
        );
        if (accepted?.status === 200)
          await send('unfriend', { method: 'DELETE', path: `/api/1/auth/user/friends/${BOB}`, headers: { cookie: eve } });
      }),
    async (i) => {
      const day = String((i % 28) + 1).padStart(2, '0');
      const made = await write('calendar-create', 'POST', `/api/1/calendar/${BUILDERS}/event`, {
        accessType: 'public',
        category: 'music',
        description: 'soak',
        sendCreationNotification: false,
        title: `Soak ${i}`,
        startsAt: `2031-06-${day}T20:00:00.000Z`,
        endsAt: `2031-06-${day}T21:00:00.000Z`,
      });
      if (made?.status === 200)
        await send('calendar-delete', {
          method: 'DELETE',
          path: `/api/1/calendar/${BUILDERS}/${JSON.parse(made.text).id}`,
          headers: { cookie: alice },
        });
    },
    async () => {
      const made = await send('world-create', { method: 'POST', path: '/_mock/worlds' });
      if (made?.status === 200) await send('world-delete', { method: 'DELETE', path: `/_mock/worlds/${JSON.parse(made.text).id}` });
    },
  ];

  const result: SoakResult = {
    seconds,
    requests: 0,
    perHalfMinute: [],
    cpuMs: [cpuMsOf(pid)],
    rss: [],
    serverErrors: 0,
    hangs: 0,
    connectionErrors: 0,
    byStep: {},
  };
  const started = performance.now();
  const end = started + seconds * 1_000;
  function record(step: string, outcome: Awaited<ReturnType<Client['send']>>, at = performance.now()) {
    if (!isAnswer(outcome)) {
      if (outcome.error === 'timeout') result.hangs++;
      else result.connectionErrors++;
    } else {
      result.byStep[`${step} ${outcome.status}`] = (result.byStep[`${step} ${outcome.status}`] ?? 0) + 1;
      if (outcome.status >= 500) result.serverErrors++;
    }
    // Counted in the half-minute the request started, and only if it started within the run.
    if (at <= end) {
      const half = Math.floor((at - started) / 30_000);
      result.requests++;
      result.perHalfMinute[half] = (result.perHalfMinute[half] ?? 0) + 1;
    }
  }
  const send: Send = async (step, call) => {
    const at = performance.now();
    const outcome = await client.send(call);
    record(step, outcome, at);
    return isAnswer(outcome) ? outcome : undefined;
  };

  const sampler = setInterval(() => result.rss.push(memoryOf(pid)?.rssMiB ?? NaN), SAMPLE_MS);
  const cpuSampler = setInterval(() => result.cpuMs.push(cpuMsOf(pid)), 30_000);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < end) {
        const i = next++;
        await mix[i % mix.length]!(i);
      }
    }),
  );
  clearInterval(sampler);
  clearInterval(cpuSampler);
  // The last 30 s may end a moment before its timer fires.
  if (result.cpuMs.length <= Math.floor(seconds / 30)) result.cpuMs.push(cpuMsOf(pid));
  result.rss.push(memoryOf(pid)?.rssMiB ?? NaN);
  return result;
}
