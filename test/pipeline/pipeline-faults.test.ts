import { describe, expect, it } from 'vitest';
import { ids } from '../support/helpers.js';
import { usePipelineServer } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();
const frame = (n: number) => ({ userId: ids.alice, type: 'friend-update', content: { n } });
const sent = (n: number) => ({ type: 'friend-update', content: JSON.stringify({ n }) });

async function aliceSocket(token?: string) {
  const socket = pipeline.open(`authToken=${token ?? (await pipeline.login('alice')).token}`);
  await socket.opened;
  return socket;
}

describe('socket faults', () => {
  it("drops a user's sockets without a close frame; the same token reconnects and gets later events", async () => {
    const [{ token, socket: dropped }, { socket: bob }] = await pipeline.connect('alice', 'bob');
    expect((await pipeline.control('POST', '/pipeline/drop', { userId: ids.alice })).body).toEqual({ dropped: 1 });
    expect(await dropped.closed).toEqual({ code: 1006, hadCloseFrame: false });

    const again = await aliceSocket(token);
    await pipeline.control('POST', '/pipeline', frame(1));
    expect(await again.next()).toEqual(sent(1));
    await pipeline.expectNothingMore([again, bob]);
  });

  it('drops every socket of the world without a userId', async () => {
    const [{ socket: alice }, { socket: bob }] = await pipeline.connect('alice', 'bob');
    expect((await pipeline.control('POST', '/pipeline/drop', {})).body).toEqual({ dropped: 2 });
    await Promise.all([alice.closed, bob.closed]);
    expect((await pipeline.control('GET', '/pipeline')).body.sockets).toEqual([]);
  });

  it('sends every frame twice in a row while duplicate is on', async () => {
    const socket = await aliceSocket();
    await pipeline.control('POST', '/pipeline/faults', { duplicate: true });
    await pipeline.control('POST', '/pipeline', frame(1));
    await pipeline.control('DELETE', '/pipeline/faults');
    await pipeline.control('POST', '/pipeline', frame(2));
    expect([await socket.next(), await socket.next(), await socket.next()]).toEqual([sent(1), sent(1), sent(2)]);
  });

  it('refuses the next connection attempts with 503, then accepts again', async () => {
    const { token } = await pipeline.login('alice');
    const faults = await pipeline.control('POST', '/pipeline/faults', { refuseConnections: 2 });
    expect(faults.body).toEqual({ delayMs: 0, duplicate: false, refuseConnections: 2, refuseUntil: null });
    await expect(pipeline.open(`authToken=${token}`).opened).rejects.toThrow('refused: 503');
    await expect(pipeline.open(`authToken=${token}`).opened).rejects.toThrow('refused: 503');
    const socket = await aliceSocket(token);
    await pipeline.expectNothingMore([socket]);
  });

  it('refuses connections for a span of wall time', async () => {
    const reply = await pipeline.control('POST', '/pipeline/faults', { refuseForMs: 600_000 });
    expect(Date.parse(reply.body.refuseUntil)).toBeGreaterThan(Date.now());
    await expect(pipeline.open(`authToken=x`).opened).rejects.toThrow('refused: 503');
    await pipeline.control('DELETE', '/pipeline/faults');
    expect((await pipeline.control('GET', '/pipeline/faults')).body.refuseUntil).toBeNull();
  });

  it('delays frames and keeps their order', async () => {
    const socket = await aliceSocket();
    await pipeline.control('POST', '/pipeline/faults', { delayMs: 20 });
    for (const n of [1, 2, 3]) await pipeline.control('POST', '/pipeline', frame(n));
    expect([await socket.next(), await socket.next(), await socket.next()]).toEqual([sent(1), sent(2), sent(3)]);
  });

  it('forgets its faults when the world is reset', async () => {
    await pipeline.control('POST', '/pipeline/faults', { duplicate: true, delayMs: 5 });
    await pipeline.control('POST', '/reset');
    expect((await pipeline.control('GET', '/pipeline/faults')).body).toEqual({
      delayMs: 0,
      duplicate: false,
      refuseConnections: 0,
      refuseUntil: null,
    });
  });

  it('refuses an unknown fault with 400 naming it', async () => {
    const reply = await pipeline.control('POST', '/pipeline/faults', { explode: true });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('explode is not allowed');
  });
});

describe('scenario rules acting on the socket', () => {
  it('drops the sockets of the user whose request meets the rule, and only theirs', async () => {
    const [alice, { socket: bob }] = await pipeline.connect('alice', 'bob');
    const aliceSocket = alice.socket;
    const rule = { match: { method: 'GET', path: '/auth/user/notifications' }, pipeline: { drop: 'user' }, times: 1 };
    expect((await pipeline.control('POST', '/scenarios', { name: 'drop-alice', rules: [rule] })).status).toBe(200);
    expect((await pipeline.api('GET', '/auth/user/notifications', { cookie: alice.cookie })).status).toBe(200);
    expect((await aliceSocket.closed).code).toBe(1006);
    await pipeline.expectNothingMore([bob]);
  });

  it('sets socket faults from a request met before any socket is open', async () => {
    const rule = { match: { method: 'GET', path: '/auth/user' }, pipeline: { refuseConnections: 1 }, times: 1 };
    // A new world: nothing has listened to its events yet. Rules posted with its header are its own.
    const world = (await pipeline.control('POST', '/worlds')).body.id as string;
    await pipeline.control('POST', '/scenarios', { name: 'refuse-once', rules: [rule] }, { 'x-mock-world': world });
    const { token } = await pipeline.login('alice', { 'x-mock-world': world });
    await expect(pipeline.open(`world=${world}&authToken=${token}`).opened).rejects.toThrow('refused: 503');
    const socket = pipeline.open(`world=${world}&authToken=${token}`);
    await socket.opened;
    await pipeline.expectNothingMore([socket], world);
    await pipeline.control('DELETE', `/worlds/${world}`);
  });

  it('refuses a rule with an unknown socket action', async () => {
    const rule = { match: { path: '/auth/user' }, pipeline: { drop: 'everyone' } };
    const reply = await pipeline.control('POST', '/scenarios', { name: 'bad', rules: [rule] });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('rules.0.pipeline.drop must be one of user, all');
  });
});
