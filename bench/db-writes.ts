// `node --import tsx bench/db-writes.ts [--seconds=5] [--large]`: profile edits (PUT /users/{id}, 50
// connections) against the built CLI in memory and with --db, where each answer waits for its change
// to be on disk (group commit). `--large` starts both on the large generated world of section 3,
// `--generate=<spec>` on another. Then the --db server is stopped (SIGTERM) and started again from its
// file alone, at Node's default heap: the file's size, the time to the first answer and the peak RSS.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './load.js';
import { largeWorld } from './scale.js';
import { memoryOf, spawnServer } from './processes.js';
import { NODE } from './report.js';
import { firstRequest, mockArgs } from './settings.js';
import { ALICE, jsonHeaders, login, type Target } from './targets.js';

const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice('--seconds='.length) ?? 5);
const largeSpec = Object.entries(largeWorld)
  .map(([kind, n]) => `${kind}=${n}`)
  .join(',');
const spec = process.argv.find((arg) => arg.startsWith('--generate='))?.slice('--generate='.length);
const world = spec ? ['--seed', '1', '--generate', spec] : process.argv.includes('--large') ? ['--seed', '1', '--generate', largeSpec] : [];
const edit: Target = {
  label: 'PUT /users/{id} bio',
  kind: 'write',
  method: 'PUT',
  path: `/users/${ALICE.id}`,
  body: (i) => JSON.stringify({ bio: `bio ${i}` }),
  answer: null,
};

async function measure(extra: string[]) {
  const server = await spawnServer(mockArgs([...world, ...extra]), firstRequest, 300_000);
  try {
    const headers = jsonHeaders(await login(server.origin));
    await load(server, edit, headers, 1);
    return await load(server, edit, headers, seconds);
  } finally {
    await server.stop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'mock-api-db-writes-'));
/** Starts a server on the file alone (no seed, no generate) and reads one user back as the edits left them. */
async function restart(file: string) {
  const server = await spawnServer(mockArgs(['--db', file]), firstRequest, 600_000);
  try {
    const peak = memoryOf(server.pid)?.peakMiB ?? NaN;
    const headers = jsonHeaders(await login(server.origin));
    const user = await fetch(`${server.origin}/api/1/users/${ALICE.id}`, { headers });
    const { bio } = (await user.json()) as { bio: string };
    return { startupMs: server.startupMs, peak, bio };
  } finally {
    await server.stop();
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

try {
  const file = join(dir, 'state.json');
  const memory = await measure([]);
  const db = await measure(['--db', file]);
  const line = (name: string, r: typeof memory) =>
    `${name} (Node.js ${NODE}): ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, failures ${r.failures}`;
  process.stdout.write(`${line('in memory', memory)}\n${line('--db', db)}\nratio ${(db.rps / memory.rps).toFixed(2)}x (goal >= 0.5x)\n`);
  const log = `${file}.log`;
  const logBytes = existsSync(log) ? statSync(log).size : 0;
  process.stdout.write(`file after SIGTERM: ${mib(statSync(file).size)} (log ${mib(logBytes)})\n`);
  const again = await restart(file);
  process.stdout.write(
    `start again from the file (default heap): first answer after ${(again.startupMs / 1000).toFixed(1)} s, ` +
      `peak RSS ${again.peak.toFixed(0)} MiB, alice's bio ${JSON.stringify(again.bio)}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
