import WebSocket from 'ws';
import { cpuMsOf, median, memoryOf, send, spawnServer } from './processes.js';
import { ms, type Report } from './report.js';
import { firstRequest, mockArgs, settings } from './settings.js';
import { API, login } from './targets.js';

const SOCKETS = 1000;
const FAN_OUT_GOAL_MS = 50;
const KIB_PER_SOCKET_GOAL = 20;
/** How long one write's frames may take to reach every socket before the runs stop: a socket the server cut never gets its frame. */
const FRAMES_DEADLINE_MS = 10_000;
/** One of alice's notifications: marking it seen is a write whose event reaches every socket of hers. */
const NOTIFICATION = 'not_a11ce000-0000-4000-8000-0000000d0002';

/** Opens `count` sockets with one token, `batch` at a time; each counts the frames it receives. */
async function openSockets(url: string, count: number, onFrame: () => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const batch = 100;
  for (let i = 0; i < count; i += batch) {
    const opened = Array.from({ length: Math.min(batch, count - i) }, () => {
      const socket = new WebSocket(url, { headers: { 'user-agent': 'mock-api-bench/1.0' } });
      socket.on('message', onFrame);
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
    });
    await Promise.all(opened);
  }
  return sockets;
}

/**
 * 7. Event socket: 1,000 open sockets on one world, one write whose event reaches all of them (time
 * from sending the HTTP write to the last frame received), resident memory per open socket, and
 * the CPU the server spends while they sit idle. On a server of its own, so nothing else runs there.
 */
export async function benchPipeline(report: Report) {
  report.section(`7. event socket: ${SOCKETS} open sockets on one world`);
  const section = '7. event socket';
  const server = await spawnServer(mockArgs(), firstRequest);
  const sockets: WebSocket[] = [];
  try {
    const cookie = await login(server.origin);
    const token = cookie.slice('auth='.length);
    const url = `${server.origin.replace('http', 'ws')}/?authToken=${token}`;
    let received = 0;
    let allReceived: (() => void) | undefined;
    // A first socket loads the websocket library, which is not a cost per socket.
    const [first] = await openSockets(url, 1, () => undefined);
    first!.terminate();
    const before = memoryOf(server.pid);
    const onFrame = () => {
      if (++received === SOCKETS) allReceived?.();
    };
    sockets.push(...(await openSockets(url, SOCKETS, onFrame)));
    const after = memoryOf(server.pid);

    const idleCpuBefore = cpuMsOf(server.pid);
    const idleSeconds = settings.quick ? 1 : 3;
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idleCpuMs = (cpuMsOf(server.pid) - idleCpuBefore) / idleSeconds;

    const runs = settings.quick ? 5 : 20;
    const fanOut: number[] = [];
    let missing = 0;
    for (let run = 0; run < runs && missing === 0; run++) {
      received = 0;
      let deadline: NodeJS.Timeout | undefined;
      const all = new Promise<boolean>((resolve) => {
        allReceived = () => resolve(true);
        deadline = setTimeout(() => resolve(false), FRAMES_DEADLINE_MS);
      });
      const started = performance.now();
      const reply = await send(server.origin, 'PUT', `${API}/auth/user/notifications/${NOTIFICATION}/see`, { headers: { cookie } });
      if (reply.status !== 200) throw new Error(`PUT .../see answers ${reply.status}`);
      if (await all) fanOut.push(performance.now() - started);
      else missing = SOCKETS - received;
      clearTimeout(deadline);
    }
    const fanOutMs = median(fanOut);
    report.add({
      section,
      scenario: `one write -> ${SOCKETS} frames, HTTP write to last frame (median of ${fanOut.length})`,
      figure: fanOut.length > 0 ? ms(fanOutMs) : 'n/a',
      goal: `< ${FAN_OUT_GOAL_MS} ms`,
      met: missing === 0 && fanOutMs < FAN_OUT_GOAL_MS,
      note: [
        fanOut.length > 0 ? `max ${ms(Math.max(...fanOut))}` : undefined,
        missing > 0
          ? `${missing} of ${SOCKETS} frames not received within ${FRAMES_DEADLINE_MS / 1000} s of run ${fanOut.length + 1}`
          : undefined,
        `see-notification to ${SOCKETS} sockets of one user`,
      ]
        .filter(Boolean)
        .join('; '),
      raw: { fanOutMs: fanOut, missing },
    });
    if (before && after) {
      const kib = ((after.rssMiB - before.rssMiB) * 1024) / SOCKETS;
      report.add({
        section,
        scenario: `resident memory per open socket (${SOCKETS} opened)`,
        figure: `${kib.toFixed(1)} KiB`,
        goal: `< ${KIB_PER_SOCKET_GOAL} KiB`,
        met: kib < KIB_PER_SOCKET_GOAL,
        note: `server RSS ${before.rssMiB.toFixed(0)} -> ${after.rssMiB.toFixed(0)} MiB`,
        raw: { before, after },
      });
    } else report.skip(section, 'memory per socket: /proc not readable');
    report.add({
      section,
      scenario: `server CPU while ${SOCKETS} sockets sit idle`,
      figure: Number.isFinite(idleCpuMs) ? `${idleCpuMs.toFixed(1)} ms/s` : 'n/a',
      goal: '0 (no timers per socket)',
      met: Number.isFinite(idleCpuMs) ? idleCpuMs < 5 : undefined,
      note: `over ${idleSeconds} s; one ping per socket every 30 s is outside the window`,
      raw: { idleCpuMs },
    });
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}
