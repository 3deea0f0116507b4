import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMaxMemory, LIMITS, setMemoryBudget, shareOf } from '../../src/limits.js';
import { queuedBytesOfProcess } from '../../src/http/push-queues.js';
import { ids } from '../support/helpers.js';
import { usePipelineServer, type TestSocket } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();

const stopReading = (socket: TestSocket) => (socket.ws as unknown as { _socket: Socket })._socket.pause();

async function socketsOf(userId: string, world?: string): Promise<number> {
  const { body } = await pipeline.control('GET', '/pipeline', undefined, world ? { 'x-mock-world': world } : {});
  return body.sockets.filter((socket: { userId: string }) => socket.userId === userId).length;
}

afterEach(() => setMemoryBudget(defaultMaxMemory()));

describe('event socket: the unread bytes of every socket of the process together', () => {
  it('stay within their share of --max-memory across users and worlds: the largest readers are cut, a reading client is served', async () => {
    // The share is below one socket's own bound, so only the process's total can cut these sockets.
    setMemoryBudget((0.75 * LIMITS.socketUnreadBytes.value) / LIMITS.pushQueueShare.value);
    const share = shareOf(LIMITS.pushQueueShare);
    const world = (await pipeline.control('POST', '/worlds')).body.id as string;
    const elsewhere = await pipeline.login('alice', { 'x-mock-world': world });
    const [alice, eve, bob] = await pipeline.connect('alice', 'eve', 'bob');
    const elsewhereSocket = pipeline.open(`world=${world}&authToken=${elsewhere.token}`);
    await elsewhereSocket.opened;
    for (const socket of [alice!.socket, eve!.socket, elsewhereSocket]) stopReading(socket);
    const content = 'x'.repeat(512 * 1024);
    const targets = [
      { userId: ids.alice, world: undefined },
      { userId: ids.eve, world: undefined },
      { userId: ids.alice, world },
    ];
    let counted = 0;
    const stillOpen = async () => (await Promise.all(targets.map((to) => socketsOf(to.userId, to.world)))).some((n) => n > 0);
    // Far past what the kernel's buffers take in before the server has to queue.
    for (let i = 0; i < 3 * 128 && (i % 12 !== 0 || (await stillOpen())); i++) {
      const to = targets[i % targets.length]!;
      const headers: Record<string, string> = to.world ? { 'x-mock-world': to.world } : {};
      expect((await pipeline.control('POST', '/pipeline', { userId: to.userId, type: 'bulk', content }, headers)).status).toBe(200);
      counted = Math.max(counted, queuedBytesOfProcess());
    }
    expect(await stillOpen()).toBe(false);
    // Counted, and never past the share after a frame was queued.
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThanOrEqual(share);
    expect(await socketsOf(ids.bob)).toBe(1);
    await pipeline.expectNothingMore([bob!.socket]);
    expect((await pipeline.api('GET', '/auth/user', { cookie: bob!.cookie })).status).toBe(200);
  });
});
