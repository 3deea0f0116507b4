import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/limits.js';
import { ids } from '../support/helpers.js';
import { usePipelineServer, type TestSocket } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();

/** The client stops reading: its TCP window fills and the server's frames queue up behind it. */
const stopReading = (socket: TestSocket) => (socket.ws as unknown as { _socket: Socket })._socket.pause();

async function socketsOf(userId: string): Promise<number> {
  const { body } = await pipeline.control('GET', '/pipeline');
  return body.sockets.filter((socket: { userId: string }) => socket.userId === userId).length;
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens `count` sockets on one session, one after the other, each open before the next. */
async function openSockets(token: string, count: number): Promise<TestSocket[]> {
  const opened: TestSocket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = pipeline.open(`authToken=${token}`);
    await socket.opened;
    opened.push(socket);
  }
  return opened;
}

describe('event socket: bounds', () => {
  it('cuts the sockets whose client stops reading, past the unread bound, and keeps serving the others', async () => {
    const [alice, bob] = await pipeline.connect('alice', 'bob');
    const stalled = [alice!.socket, pipeline.open(`authToken=${alice!.token}`), pipeline.open(`authToken=${alice!.token}`)];
    await Promise.all(stalled.map((socket) => socket.opened));
    stalled.forEach(stopReading);
    // Far past what the kernel's buffers take in on top of the bound.
    const content = 'x'.repeat(512 * 1024);
    const frames = Math.ceil((64 * 1024 * 1024) / content.length);
    for (let i = 0; i < frames && (await socketsOf(ids.alice)) > 0; i++) {
      expect((await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'bulk', content })).status).toBe(200);
    }
    await until(async () => (await socketsOf(ids.alice)) === 0);
    expect(await socketsOf(ids.bob)).toBe(1);
    await pipeline.expectNothingMore([bob!.socket]);
    expect((await pipeline.api('GET', '/auth/user', { cookie: bob!.cookie })).status).toBe(200);
  });

  it(`keeps all ${LIMITS.socketsPerSession.value} sockets of one session open`, async () => {
    const { token } = await pipeline.login('alice');
    const opened = await openSockets(token, LIMITS.socketsPerSession.value);
    expect(await socketsOf(ids.alice)).toBe(LIMITS.socketsPerSession.value);
    await pipeline.expectNothingMore(opened);
    expect(opened.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
  });

  it(`closes the oldest socket of a session with 1000 for socket ${LIMITS.socketsPerSession.value + 1}, and no other session's`, async () => {
    const { token } = await pipeline.login('alice');
    const other = await pipeline.login('alice');
    const kept = pipeline.open(`authToken=${other.token}`);
    await kept.opened;
    const opened = await openSockets(token, LIMITS.socketsPerSession.value + 1);
    expect(await opened[0]!.closed).toEqual({ code: 1000, hadCloseFrame: true });
    expect(await socketsOf(ids.alice)).toBe(LIMITS.socketsPerSession.value + 1);
    await pipeline.expectNothingMore([...opened.slice(1), kept]);
  });
});

describe(`event socket: what a client sends up (at most ${LIMITS.clientFrameBytes.value} bytes a frame)`, () => {
  it('ignores a frame of exactly the bound and keeps the socket open', async () => {
    const [alice] = await pipeline.connect('alice');
    alice!.socket.ws.send('x'.repeat(LIMITS.clientFrameBytes.value));
    await pipeline.expectNothingMore([alice!.socket]);
    expect(await socketsOf(ids.alice)).toBe(1);
  });

  it('closes the socket on a frame one byte larger', async () => {
    const [alice] = await pipeline.connect('alice');
    alice!.socket.ws.send('x'.repeat(LIMITS.clientFrameBytes.value + 1));
    expect((await alice!.socket.closed).code).toBe(1009);
    await until(async () => (await socketsOf(ids.alice)) === 0);
  });
});

describe('/_mock/pipeline: the frames it lists', () => {
  it('keeps the newest frames within its byte bound, cutting a frame too large to list whole', async () => {
    const [alice] = await pipeline.connect('alice');
    const content = 'y'.repeat(900 * 1024);
    for (let i = 0; i < 20; i++) await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: `big-${i}`, content });
    for (let i = 0; i < 20; i++) expect((await alice!.socket.next()).content).toHaveLength(content.length);
    const reply = await pipeline.control('GET', '/pipeline');
    expect(reply.status).toBe(200);
    const listed = reply.body.frames as { type: string; content: string; truncated?: boolean }[];
    expect(listed.length).toBeLessThan(20);
    expect(listed.at(-1)).toMatchObject({ type: 'big-19', truncated: true });
    expect(listed.at(-1)!.content).toBe(content.slice(0, LIMITS.pipelineFrameContentKept.value / 2));
  });
});
