// The kill -9 section of `npm run stress`: for each control-plane write a --db server acknowledges, cycles
// of API writes running while the control-plane write is made, the server killed with SIGKILL once its
// answer has arrived (at once, or after a few more API writes), and the file read as a restart reads it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDb } from '../../src/store/persistence/db-read.js';
import { spawnServer } from '../processes.js';
import { firstRequest, mockArgs } from '../settings.js';
import { Client, isAnswer, JSON_HEADERS } from './client.js';
import { registration, type Check } from './checks.js';

/** A user a control-plane write puts or deletes: nothing else names it. */
const CONTROL_USER = {
  id: 'usr_c0a70000-0000-4000-8000-00000000c0de',
  username: 'control-user',
  displayName: 'control-user',
  password: 'control-user-password',
  email: 'control-user@example.test',
};

interface ControlWrite {
  /** Run once the server listens, before the API writers start. */
  before?: (client: Client) => Promise<void>;
  write: (client: Client) => Promise<number>;
  /** Whether the world starts over at the write: API writes acknowledged before it was sent must be gone after it. */
  startsOver: boolean;
  /** Whether the file, as read after the kill, shows the write itself. */
  shows: (usernames: Set<string>) => boolean;
}

const status = async (client: Client, method: string, path: string, body?: unknown) => {
  const outcome = await client.send({
    method,
    path,
    headers: body === undefined ? {} : JSON_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return isAnswer(outcome) ? outcome.status : 0;
};

const putControlUser = (client: Client) => status(client, 'PUT', '/_mock/records/users', CONTROL_USER);

const WRITES: Record<string, ControlWrite> = {
  'POST /_mock/reset': { write: (client) => status(client, 'POST', '/_mock/reset'), startsOver: true, shows: () => true },
  'POST /_mock/restore': {
    before: async (client) => void (await status(client, 'POST', '/_mock/snapshot')),
    write: (client) => status(client, 'POST', '/_mock/restore'),
    startsOver: true,
    shows: () => true,
  },
  'PUT /_mock/records/users': { write: putControlUser, startsOver: false, shows: (names) => names.has(CONTROL_USER.username) },
  'DELETE /_mock/records/users/{id}': {
    before: async (client) => void (await putControlUser(client)),
    write: (client) => status(client, 'DELETE', `/_mock/records/users/${CONTROL_USER.id}`),
    startsOver: false,
    shows: (names) => !names.has(CONTROL_USER.username),
  },
  'POST /_mock/worlds (fixtures)': {
    write: (client) => status(client, 'POST', '/_mock/worlds', { fixtures: { users: [CONTROL_USER] } }),
    startsOver: false,
    shows: (names) => !names.has(CONTROL_USER.username),
  },
};

interface Tally {
  controlAcknowledged: number;
  apiAcknowledged: number;
  /** API writes acknowledged that the file should hold and does not. */
  lost: number;
  /** API writes acknowledged before a reset or restore was sent that the file still holds. */
  resurrected: number;
  /** Control-plane writes acknowledged whose change the file does not show. */
  controlLost: number;
}

/** One cycle: a fresh --db server, eight API writers, the control-plane write, SIGKILL after `after` more API acknowledgements. */
async function cycle(name: string, control: ControlWrite, round: number, after: number, tally: Tally) {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-stress-kill-'));
  const db = join(dir, 'state.json');
  const server = await spawnServer(mockArgs(['--db', db]), firstRequest);
  const client = new Client(server.origin, 12);
  try {
    await control.before?.(client);
    // Username -> when it was sent and acknowledged, in the order of events of this cycle.
    let clock = 0;
    const sent = new Map<string, number>();
    const acknowledged = new Map<string, number>();
    let controlSentAt = Infinity;
    let controlAnsweredAt = Infinity;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      process.kill(server.pid, 'SIGKILL');
    };
    const writer = async (worker: number) => {
      for (let i = 0; !killed; i++) {
        const username = `k${round}w${worker}n${i}`;
        sent.set(username, ++clock);
        const outcome = await client.send({
          method: 'POST',
          path: '/api/1/auth/register',
          headers: JSON_HEADERS,
          body: registration(username),
        });
        if (killed) return;
        if (isAnswer(outcome) && outcome.status === 200) acknowledged.set(username, ++clock);
        if (controlAnsweredAt === Infinity) continue;
        if ([...acknowledged.values()].filter((at) => at > controlAnsweredAt).length >= after) kill();
      }
    };
    const controlWrite = (async () => {
      // Some API writes first, so there is something to lose.
      while (acknowledged.size < 20 && !killed) await new Promise((resolve) => setTimeout(resolve, 2));
      controlSentAt = ++clock;
      const answer = await control.write(client);
      if (answer >= 200 && answer < 300) {
        tally.controlAcknowledged++;
        controlAnsweredAt = ++clock;
        if (after === 0) kill();
      } else {
        throw new Error(`${name} answered ${answer}`);
      }
    })();
    await Promise.all([controlWrite, ...Array.from({ length: 8 }, (_, worker) => writer(worker))]);
    await server.stop();
    const names = new Set(readDb(db)!.data.users.map((user) => user.username));
    if (!control.shows(names)) tally.controlLost++;
    for (const [username, at] of acknowledged) {
      tally.apiAcknowledged++;
      const mustHold = !control.startsOver || sent.get(username)! > controlAnsweredAt;
      const mustNotHold = control.startsOver && at < controlSentAt;
      if (mustHold && !names.has(username)) tally.lost++;
      if (mustNotHold && names.has(username)) tally.resurrected++;
    }
  } finally {
    client.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The kill -9 section: `cycles` per control-plane write, half killed in the tick the answer arrives, half a few API writes later. */
export async function killChecks(cycles: number): Promise<Check[]> {
  const checks: Check[] = [];
  for (const [name, control] of Object.entries(WRITES)) {
    const tally: Tally = { controlAcknowledged: 0, apiAcknowledged: 0, lost: 0, resurrected: 0, controlLost: 0 };
    const started = performance.now();
    for (let round = 0; round < cycles; round++) await cycle(name, control, round, round % 2 === 0 ? 0 : 1 + (round % 7), tally);
    const ok = tally.lost === 0 && tally.resurrected === 0 && tally.controlLost === 0;
    const detail =
      `${cycles} kill -9 cycles: ${tally.controlAcknowledged} control-plane writes acknowledged, ${tally.controlLost} of them lost; ` +
      `${tally.apiAcknowledged} API writes acknowledged, ${tally.lost} lost` +
      (control.startsOver ? `, ${tally.resurrected} from before the ${name.split(' ')[1]} back after it` : '') +
      `; ${((performance.now() - started) / 1000).toFixed(1)} s`;
    process.stdout.write(`  ${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}\n`);
    checks.push({ name: `kill -9 after ${name}`, ok, detail });
  }
  return checks;
}
