import { describe, expect, it } from 'vitest';
import { ids } from '../support/helpers.js';
import { usePipelineServer } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();
const inactive = { err: "authToken doesn't correspond with an active session" };

describe('event socket: connecting', () => {
  it('refuses an upgrade without a User-Agent with 403, as the real service does', async () => {
    const { token } = await pipeline.login('alice');
    const socket = pipeline.open(`authToken=${token}`, {});
    await expect(socket.opened).rejects.toThrow('refused: 403');
  });

  it('refuses a placeholder User-Agent with 403 only when the world is strict about it', async () => {
    const { token } = await pipeline.login('alice');
    const loose = pipeline.open(`authToken=${token}`, { 'user-agent': 'node' });
    await loose.opened;
    expect((await pipeline.control('PATCH', '/settings', { userAgent: 'strict' })).status).toBe(200);
    await expect(pipeline.open(`authToken=${token}`, { 'user-agent': 'node' }).opened).rejects.toThrow('refused: 403');
    await pipeline.open(`authToken=${token}`).opened;
  });

  it('accepts the auth cookie value as authToken and delivers frames to it', async () => {
    const { token } = await pipeline.login('alice');
    const socket = pipeline.open(`authToken=${token}`);
    await socket.opened;
    await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'friend-online', content: { userId: ids.bob } });
    expect(await socket.next()).toEqual({ type: 'friend-online', content: JSON.stringify({ userId: ids.bob }) });
  });

  it('accepts the same token as auth, as desktop clients send it', async () => {
    const { token } = await pipeline.login('alice');
    const socket = pipeline.open(`auth=${token}`);
    await socket.opened;
    await pipeline.expectNothingMore([socket]);
  });

  it('sends the error frame and closes when the token names no session', async () => {
    const socket = pipeline.open('authToken=authcookie_unknown');
    expect(await socket.next()).toEqual(inactive);
    expect((await socket.closed).hadCloseFrame).toBe(true);
  });

  it('sends the error frame when no token is given', async () => {
    const socket = pipeline.open('');
    expect(await socket.next()).toEqual(inactive);
    await socket.closed;
  });

  it('sends the error frame for a session still waiting for its second factor', async () => {
    const { token } = await pipeline.login('carol');
    const socket = pipeline.open(`authToken=${token}`);
    expect(await socket.next()).toEqual(inactive);
  });

  it('closes the sockets of a session that logs out; reconnecting with its token gets the error frame', async () => {
    const alice = await pipeline.login('alice');
    const other = await pipeline.login('alice');
    const closing = pipeline.open(`authToken=${alice.token}`);
    const staying = pipeline.open(`authToken=${other.token}`);
    await Promise.all([closing.opened, staying.opened]);
    expect((await pipeline.api('PUT', '/logout', { cookie: alice.cookie })).status).toBe(200);
    expect(await closing.closed).toEqual({ code: 1000, hadCloseFrame: true });
    const again = pipeline.open(`authToken=${alice.token}`);
    expect(await again.next()).toEqual(inactive);
    await pipeline.expectNothingMore([staying]);
  });

  it('sends the error frame and closes, instead of the next frame, once the session expired by the world clock', async () => {
    const { token } = await pipeline.login('alice');
    const expiring = pipeline.open(`authToken=${token}`);
    await expiring.opened;
    const { body: settings } = await pipeline.control('GET', '/settings');
    expect((await pipeline.control('POST', '/clock', { advanceMinutes: settings.sessionTtlMinutes + 1 })).status).toBe(200);
    const fresh = await pipeline.login('alice');
    const staying = pipeline.open(`authToken=${fresh.token}`);
    await staying.opened;
    await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'friend-online', content: { userId: ids.bob } });
    expect(await expiring.next()).toEqual(inactive);
    expect(await expiring.closed).toEqual({ code: 1008, hadCloseFrame: true });
    expect(await staying.next()).toEqual({ type: 'friend-online', content: JSON.stringify({ userId: ids.bob }) });
  });

  it('closes every socket of a world that is reset, since its sessions end', async () => {
    const { token } = await pipeline.login('alice');
    const socket = pipeline.open(`authToken=${token}`);
    await socket.opened;
    await pipeline.control('POST', '/reset');
    expect((await socket.closed).code).toBe(1000);
  });

  it('ignores what a client sends: the socket is receive-only', async () => {
    const { token } = await pipeline.login('alice');
    const socket = pipeline.open(`authToken=${token}`);
    await socket.opened;
    socket.ws.send('{"type":"hello"}');
    await pipeline.expectNothingMore([socket]);
  });
});

describe('event socket: worlds', () => {
  it('serves an isolated world named by the world query parameter or X-Mock-World, apart from the default one', async () => {
    const world = (await pipeline.control('POST', '/worlds')).body.id as string;
    const header = { 'x-mock-world': world };
    const first = await pipeline.login('alice', header);
    const second = await pipeline.login('alice', header);
    const inDefaultWorld = await pipeline.login('alice');
    const inWorldByQuery = pipeline.open(`world=${world}&authToken=${first.token}`);
    const inWorldByHeader = pipeline.open(`authToken=${second.token}`, { 'user-agent': 'tests', ...header });
    const inDefault = pipeline.open(`authToken=${inDefaultWorld.token}`);
    await Promise.all([inWorldByQuery.opened, inWorldByHeader.opened, inDefault.opened]);

    await pipeline.control('POST', '/pipeline', { type: 'content-refresh' }, header);
    expect(await inWorldByQuery.next()).toEqual({ type: 'content-refresh' });
    expect(await inWorldByHeader.next()).toEqual({ type: 'content-refresh' });
    await pipeline.expectNothingMore([inDefault]);
    await pipeline.control('DELETE', `/worlds/${world}`);
  });

  it('closes the sockets of an isolated world when it is removed', async () => {
    const world = (await pipeline.control('POST', '/worlds')).body.id as string;
    const socket = pipeline.open(`world=${world}&authToken=${(await pipeline.login('alice', { 'x-mock-world': world })).token}`);
    await socket.opened;
    await pipeline.control('DELETE', `/worlds/${world}`);
    expect((await socket.closed).code).toBe(1000);
  });

  it('refuses a world that does not exist with 404', async () => {
    const socket = pipeline.open('world=world_nope&authToken=x');
    await expect(socket.opened).rejects.toThrow('refused: 404');
  });

  it('does not take a session of the default world in an isolated one', async () => {
    const world = (await pipeline.control('POST', '/worlds')).body.id as string;
    const socket = pipeline.open(`world=${world}&authToken=${(await pipeline.login('alice')).token}`);
    expect(await socket.next()).toEqual(inactive);
    await pipeline.control('DELETE', `/worlds/${world}`);
  });
});

describe('/_mock/pipeline', () => {
  it('sends a frame to one user, a bare string as it is, and nothing to the others', async () => {
    const [{ socket: alice }, { socket: bob }] = await pipeline.connect('alice', 'bob');
    const reply = await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'see-notification', content: 'not_1' });
    expect(reply.body).toEqual({ sent: 1 });
    expect(await alice.next()).toEqual({ type: 'see-notification', content: 'not_1' });
    await pipeline.expectNothingMore([alice, bob]);
  });

  it('sends a frame to every socket of the world without a userId', async () => {
    const [{ socket: alice }, { socket: bob }] = await pipeline.connect('alice', 'bob');
    expect((await pipeline.control('POST', '/pipeline', { type: 'clear-notification' })).body).toEqual({ sent: 2 });
    expect(await alice.next()).toEqual({ type: 'clear-notification' });
    expect(await bob.next()).toEqual({ type: 'clear-notification' });
  });

  it('refuses a frame without a type', async () => {
    const reply = await pipeline.control('POST', '/pipeline', { content: {} });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('type is required');
  });

  it('lists the open sockets and the frames sent, oldest first', async () => {
    await pipeline.connect('alice');
    await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'user-update', content: { userId: ids.alice } });
    await pipeline.control('POST', '/pipeline', { userId: ids.bob, type: 'friend-offline', content: { userId: ids.alice } });
    await pipeline.control('POST', '/pipeline', { type: 'clear-notification' });
    const { body } = await pipeline.control('GET', '/pipeline');
    expect(body.sockets).toEqual([{ userId: ids.alice, world: null, since: expect.any(String) }]);
    expect(Date.parse(body.sockets[0].since)).not.toBeNaN();
    expect(body.frames.map(({ at: _, ...frame }: { at: string }) => frame)).toEqual([
      { type: 'user-update', content: JSON.stringify({ userId: ids.alice }), users: [ids.alice], sockets: 1 },
      { type: 'clear-notification', users: [ids.alice], sockets: 1 },
    ]);
  });
});
