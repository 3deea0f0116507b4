// Growth: clients that make records as fast as they can, each body as large as the API takes. One user
// of the default world over every collection, then the same in many worlds at once. The server must
// answer every write (2xx, or a bound's 4xx or 507, never 5xx) and end alive within 1.5x of --max-memory.
import { randomUUID } from 'node:crypto';
import { memoryOf } from '../processes.js';
import { isAnswer, JSON_HEADERS, login, pool, type Client } from './client.js';
import type { Server } from './checks.js';

export interface GrowthSize {
  /** Seconds each part writes for. */
  seconds: number;
  /** Isolated worlds the second part grows together. */
  worlds: number;
}

const BOB = 'usr_b0b00000-0000-4000-8000-000000000002';
const BUILDERS = 'grp_00000001-0000-4000-8000-000000000000';
/** Alice's public instance of her home. */
const ALICE_PUBLIC = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';
const TEXT = 10_000;
const long = (seed: string, length = TEXT) => seed.padEnd(length, '.');
const maximalTags = (seed: string) => Array.from({ length: 100 }, (_, i) => `${seed}_${i}`.padEnd(256, 't'));

/** One write of each collection a user can grow, as large as its checks allow. */
function writes(i: number): { method: string; path: string; body: unknown }[] {
  const tag = `${i}`;
  const month = new Date(Date.UTC(2027 + Math.floor(i / 1200), Math.floor(i / 100) % 12, 1 + (i % 27), 20));
  return [
    { method: 'POST', path: '/file', body: { name: long(tag), mimeType: 'image/png', extension: '.png', tags: maximalTags(tag) } },
    {
      method: 'POST',
      path: '/props',
      body: {
        id: `prop_${randomUUID()}`,
        name: long(tag, 64),
        description: long(tag),
        imageUrl: 'https://assets.example.test/props/cup.png',
        tags: maximalTags(tag),
        spawnType: 1,
        worldPlacementMask: 1,
        assetUrl: 'https://assets.example.test/props/cup.vrcp',
        assetVersion: 1,
        platform: 'standalonewindows',
        unityVersion: '2022.3.22f1',
      },
    },
    {
      method: 'POST',
      path: '/avatars',
      body: {
        name: long(tag, 64),
        description: long(tag),
        imageUrl: 'https://assets.example.test/crane.png',
        tags: maximalTags(tag).slice(0, 20),
      },
    },
    { method: 'POST', path: '/products', body: { displayName: long(tag, 64), description: long(tag), productType: 'udon' } },
    {
      method: 'POST',
      path: '/moderationReports',
      body: { type: 'user', category: 'profile', reason: 'spam', contentId: BOB, description: long(tag) },
    },
    {
      method: 'POST',
      path: `/groups/${BUILDERS}/posts`,
      body: { title: long(tag, 64), text: long(tag, 2000), visibility: 'group', sendNotification: false },
    },
    { method: 'POST', path: `/groups/${BUILDERS}/roles`, body: { name: long(tag, 64), description: long(tag, 500), permissions: [] } },
    {
      method: 'POST',
      path: `/calendar/${BUILDERS}/event`,
      body: {
        accessType: 'public',
        category: 'music',
        title: long(tag, 64),
        description: long(tag),
        startsAt: month.toISOString(),
        endsAt: new Date(month.getTime() + 3_600_000).toISOString(),
        sendCreationNotification: false,
      },
    },
    { method: 'POST', path: `/users/${BOB}/boop`, body: { emojiId: 'default_wave', emojiVersion: 2 } },
    { method: 'POST', path: `/invite/${BOB}`, body: { instanceId: ALICE_PUBLIC, messageSlot: 0 } },
  ];
}

interface Tally {
  byStatus: Record<string, number>;
  serverErrors: string[];
  failures: number;
  requests: number;
}

/** Writes as fast as `parallel` connections go for `seconds`, over the given sessions (cookie and world). */
async function grow(client: Client, sessions: { cookie: string; world?: string }[], seconds: number, parallel: number): Promise<Tally> {
  const tally: Tally = { byStatus: {}, serverErrors: [], failures: 0, requests: 0 };
  const until = performance.now() + seconds * 1000;
  let next = 0;
  await pool(parallel, parallel, async () => {
    while (performance.now() < until) {
      const n = next++;
      const session = sessions[n % sessions.length]!;
      const batch = writes(Math.floor(n / sessions.length));
      for (const write of batch) {
        const headers: Record<string, string> = { ...JSON_HEADERS, cookie: session.cookie };
        if (session.world) headers['x-mock-world'] = session.world;
        const outcome = await client.send({ method: write.method, path: `/api/1${write.path}`, headers, body: JSON.stringify(write.body) });
        tally.requests++;
        if (!isAnswer(outcome)) {
          tally.failures++;
          continue;
        }
        const key = `${write.path.split('/')[1]} ${outcome.status}`;
        tally.byStatus[key] = (tally.byStatus[key] ?? 0) + 1;
        if (outcome.status >= 500 && outcome.status !== 507)
          tally.serverErrors.push(`${write.path} ${outcome.status} ${outcome.text.slice(0, 120)}`);
      }
    }
  });
  return tally;
}

async function peakDuring<T>(pid: number, work: Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peakMiB = memoryOf(pid)?.rssMiB ?? 0;
  const timer = setInterval(() => (peakMiB = Math.max(peakMiB, memoryOf(pid)?.rssMiB ?? 0)), 200);
  try {
    return { result: await work, peakMiB: Math.max(peakMiB, memoryOf(pid)?.rssMiB ?? 0) };
  } finally {
    clearInterval(timer);
  }
}

async function budgetMiB(server: Server): Promise<number> {
  return JSON.parse((await server.client.must({ method: 'GET', path: '/_mock/limits' })).text).maxMemory / 1024 / 1024;
}

/** What a part found: the server alive and answering, no 5xx but 507, and RSS within 1.5x of the budget. */
async function verdict(server: Server, tally: Tally, peakMiB: number) {
  const budget = await budgetMiB(server);
  const config = await server.client.send({ method: 'GET', path: '/api/1/config' });
  const alive = memoryOf(server.pid) !== undefined && isAnswer(config) && config.status === 200;
  const endMiB = memoryOf(server.pid)?.rssMiB ?? NaN;
  const within = peakMiB <= 1.5 * budget;
  const statuses = Object.entries(tally.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key}: ${n}`)
    .join(', ');
  return {
    ok: alive && within && tally.serverErrors.length === 0 && tally.failures === 0,
    detail:
      `${tally.requests} writes (${statuses}); 5xx but 507: ${tally.serverErrors.length}${tally.serverErrors[0] ? ` (${tally.serverErrors[0]})` : ''}, ` +
      `no answer: ${tally.failures}; RSS peak ${peakMiB.toFixed(0)} MiB, end ${endMiB.toFixed(0)} MiB, budget ${budget.toFixed(0)} MiB ` +
      `(peak ${(peakMiB / budget).toFixed(2)}x); alive and answering: ${alive}`,
  };
}

export function growthChecks(size: GrowthSize): [string, (server: Server) => Promise<{ ok: boolean; detail: string }>][] {
  return [
    [
      `growth: alice grows every collection for ${size.seconds} s`,
      async (server) => {
        await server.client.must({ method: 'POST', path: '/_mock/reset' });
        const cookie = await login(server.client, 'alice', 'alice-password');
        const { result, peakMiB } = await peakDuring(server.pid, grow(server.client, [{ cookie }], size.seconds, 8));
        const outcome = await verdict(server, result, peakMiB);
        await server.client.must({ method: 'POST', path: '/_mock/reset' });
        return outcome;
      },
    ],
    [
      `growth: alice grows every collection in each of ${size.worlds} worlds for ${size.seconds} s`,
      async (server) => {
        const worlds: string[] = [];
        for (let i = 0; i < size.worlds; i++) {
          const answer = await server.client.must({ method: 'POST', path: '/_mock/worlds' });
          if (answer.status === 200) worlds.push((JSON.parse(answer.text) as { id: string }).id);
        }
        const sessions = await pool(worlds.length, 8, async (i) => ({
          cookie: await login(server.client, 'alice', 'alice-password', worlds[i]),
          world: worlds[i],
        }));
        const { result, peakMiB } = await peakDuring(server.pid, grow(server.client, sessions, size.seconds, 16));
        const outcome = await verdict(server, result, peakMiB);
        for (const id of worlds) await server.client.must({ method: 'DELETE', path: `/_mock/worlds/${id}` });
        return { ...outcome, detail: `${worlds.length} worlds; ${outcome.detail}` };
      },
    ],
  ];
}
