import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type MockServer, type WorldHandle } from '../../src/main/index.js';
import { totp } from '../../src/areas/authentication/totp.js';
import { TestSocket, USER_AGENT } from '../support/pipeline-harness.js';
import { refusal } from '../support/control-helpers.js';

const EVE = 'usr_e0e00000-0000-4000-8000-000000000006';
const DANA = 'usr_da0a0000-0000-4000-8000-000000000005';
const ALICE_HOME = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';

let server: MockServer;
let world: WorldHandle;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeAll(async () => {
  world = await server.worlds.create();
});
afterEach(() => world.reset());

describe('world.login', () => {
  it('answers a session whose fetch acts as the user in the world', async () => {
    const alice = await world.login('alice', 'alice-password');
    expect(alice.user).toMatchObject({ username: 'alice' });
    expect(alice.cookie).toMatch(/^auth=authcookie_/);
    const me = await alice.fetch('/auth/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'alice' });
    const seen = await world.requests({ path: '/auth/user', user: 'alice' });
    expect(seen.map((entry) => [entry.world, entry.status])).toContainEqual([world.id, 200]);
  });

  it('refuses a wrong password with the status and the envelope message', async () => {
    const error = await refusal(world.login('alice', 'wrong-password'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('GET /api/1/auth/user answered 401: Missing Credentials');
  });

  it('names the second factor a user needs when no code is given', async () => {
    const error = await refusal(world.login('carol', 'carol-password'));
    expect(error.message).toBe('GET /api/1/auth/user answered 200: carol needs a second factor (totp, otp): pass { code } to login()');
  });

  it('finishes a login with an authenticator code', async () => {
    const carol = await world.login('carol', 'carol-password', { code: totp('JBSWY3DPEHPK3PXP', Date.now()) });
    expect(carol.user).toMatchObject({ username: 'carol' });
    expect(carol.cookie).toContain('twoFactorAuth=');
    expect((await carol.fetch('/auth/user')).status).toBe(200);
  });

  it('finishes a login with the code the world emailed', async () => {
    const dana = await world.login('dana', 'dana-password', {
      code: async (methods) => {
        expect(methods).toEqual(['emailOtp']);
        return (await world.outbox())[0]!.code!;
      },
    });
    expect(dana.user).toMatchObject({ id: DANA });
  });

  it('refuses a wrong code with the verify answer', async () => {
    const error = await refusal(world.login('carol', 'carol-password', { code: '000000' }));
    expect([error.status, error.message]).toEqual([400, 'POST /api/1/auth/twofactorauth/totp/verify answered 400: Invalid 2FA code']);
  });
});

describe('the journal through the client', () => {
  it('matches a rule path as GET /_mock/requests does', async () => {
    const alice = await world.login('alice', 'alice-password');
    await alice.fetch(`/user/${EVE}/friendRequest`, { method: 'POST' });
    const http = await (await world.fetch(`${world.url}/_mock/requests?path=/user/:userId/friendRequest`)).json();
    const found = await world.requests({ path: '/user/:userId/friendRequest' });
    expect(http).toHaveLength(1);
    expect(found.map((entry) => [entry.method, entry.path])).toEqual([['POST', `/api/1/user/${EVE}/friendRequest`]]);
    expect(await world.requestCount({ method: 'post', path: '/user/:userId/friendRequest' })).toBe(1);
    expect(await world.requests({ path: /friendRequest$/ })).toHaveLength(1);
  });

  it('clears the entries the filters keep', async () => {
    const alice = await world.login('alice', 'alice-password');
    const bob = await world.login('bob', 'bob-password');
    await world.clearRequests();
    await alice.fetch('/auth/user');
    await bob.fetch('/auth/user');
    await world.clearRequests({ user: 'bob' });
    expect((await world.requests()).map((entry) => entry.username)).toEqual(['alice']);
  });

  it('refuses a filter the server refuses', async () => {
    const error = await refusal(world.requests({ path: 'auth/user' }));
    expect([error.status, error.message]).toEqual([400, 'GET /_mock/requests?path=auth%2Fuser answered 400: path must start with /']);
  });
});

describe('the clock', () => {
  it('refuses a time that is no date with a ControlError', async () => {
    const error = await refusal(world.clock.set('garbage'));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^POST \/_mock\/clock answered 400: set /);
  });
});

describe('settings', () => {
  it('changes a switch the API then follows', async () => {
    expect(await world.settings.set({ signups: 'closed' })).toMatchObject({ signups: 'closed', sessionLimit: 10 });
    expect((await world.settings.get()).signups).toBe('closed');
    const register = await world.fetch('/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(register.status).toBe(403);
    expect((await server.settings.get()).signups).toBe('open');
  });

  it('refuses a value the server refuses', async () => {
    const error = await refusal(world.settings.set({ sessionLimit: 0 }));
    expect([error.status, error.message]).toEqual([400, 'PATCH /_mock/settings answered 400: sessionLimit must be at least 1']);
  });
});

describe('presence, badges and the event socket', () => {
  async function openSocket(cookie: string) {
    const token = cookie.split(';')[0]!.slice('auth='.length);
    const socket = new TestSocket(
      new WebSocket(`${world.pipelineUrl}?authToken=${token}&world=${world.id}`, { headers: { 'user-agent': USER_AGENT } }),
    );
    await socket.opened;
    return socket;
  }

  it('moves a user, and her friend hears of it', async () => {
    const socket = await openSocket((await world.login('alice', 'alice-password')).cookie);
    try {
      expect(await world.presence(DANA, { location: ALICE_HOME })).toMatchObject({ id: DANA, location: ALICE_HOME });
      expect(await socket.next()).toMatchObject({ type: 'friend-online' });
    } finally {
      socket.close();
    }
  });

  it('gives a badge and takes it back, and the holder hears of each', async () => {
    const alice = await world.login('alice', 'alice-password');
    const socket = await openSocket(alice.cookie);
    try {
      const badge = await world.badges.assign(alice.user.id, { badgeName: 'Night Owl', showcased: true });
      expect(badge).toMatchObject({ badgeName: 'Night Owl', showcased: true, hidden: false });
      expect(await socket.next()).toEqual({ type: 'user-badge-assigned', content: JSON.stringify({ badge }) });
      const shown = async () => ((await (await alice.fetch(`/users/${alice.user.id}`)).json()) as { badges: { badgeId: string }[] }).badges;
      expect((await shown()).map((b) => b.badgeId)).toContain(badge.badgeId);
      await world.badges.unassign(alice.user.id, badge.badgeId);
      expect(await socket.next()).toEqual({ type: 'user-badge-unassigned', content: JSON.stringify({ badgeId: badge.badgeId }) });
      expect((await shown()).map((b) => b.badgeId)).not.toContain(badge.badgeId);
      const error = await refusal(world.badges.unassign(alice.user.id, badge.badgeId));
      expect([error.status, error.message]).toEqual([
        404,
        `DELETE /_mock/users/${alice.user.id}/badges/${badge.badgeId} answered 404: The user does not have the badge ${badge.badgeId}.`,
      ]);
    } finally {
      socket.close();
    }
  });

  it('refuses a move to a missing instance', async () => {
    const error = await refusal(world.presence(DANA, { location: 'wrld_nope:1' }));
    expect(error.status).toBe(404);
  });

  it('sends frames, lists them, drops sockets and sets faults', async () => {
    const alice = await world.login('alice', 'alice-password');
    const socket = await openSocket(alice.cookie);
    expect(await world.pipeline.send({ type: 'hello', content: { n: 1 }, userId: alice.user.id })).toBe(1);
    expect(await socket.next()).toEqual({ type: 'hello', content: '{"n":1}' });
    const state = await world.pipeline.get();
    expect(state.sockets.map((open) => open.userId)).toEqual([alice.user.id]);
    expect(state.frames.at(-1)).toMatchObject({ type: 'hello', users: [alice.user.id], sockets: 1 });
    expect(await world.pipeline.faults.set({ duplicate: true, refuseConnections: 2 })).toMatchObject({
      duplicate: true,
      refuseConnections: 2,
    });
    expect((await world.pipeline.faults.get()).refuseConnections).toBe(2);
    expect(await world.pipeline.faults.clear()).toMatchObject({ duplicate: false, refuseConnections: 0 });
    expect(await world.pipeline.drop(alice.user.id)).toBe(1);
    expect((await socket.closed).code).toBe(1006);
  });

  it('refuses a frame without a type', async () => {
    const error = await refusal(world.pipeline.send({ type: '' }));
    expect([error.status, error.message]).toEqual([400, 'POST /_mock/pipeline answered 400: type must be at least 1 characters long']);
  });
});
