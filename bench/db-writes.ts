// `node --import tsx bench/db-writes.ts [--seconds=5] [--large]`: profile edits (PUT /users/{id}, 50
// connections) against the built CLI in memory and with --db, where each answer waits for its change
// to be on disk (group commit). `--large` starts both on the large generated world of section 3,
// `--generate=<spec>` on another.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './load.js';
import { largeWorld } from './scale.js';
import { spawnServer } from './processes.js';
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
  const server = await spawnServer('node', mockArgs([...world, ...extra]), firstRequest, 300_000);
  try {
    const headers = jsonHeaders(await login(server.origin));
    await load(server, edit, headers, 1);
    return await load(server, edit, headers, seconds);
  } finally {
    await server.stop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'mock-api-db-writes-'));
try {
  const memory = await measure([]);
  const db = await measure(['--db', join(dir, 'state.json')]);
  const line = (name: string, r: typeof memory) =>
    `${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, failures ${r.failures}`;
  process.stdout.write(`${line('in memory', memory)}\n${line('--db', db)}\nratio ${(db.rps / memory.rps).toFixed(2)}x (goal >= 0.5x)\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
