import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/http/env.js';
import { routeOperations } from '../../src/routing/wiring.js';
import { retiredOperations } from '../../src/operations/retired.js';
import { operations } from '../../src/operations/table.js';
import { ApiError, messages } from '../../src/errors.js';
import { errorBody, json } from '../../src/http/helpers.js';
import { groups } from '../support/groups-fixture-ids.js';
import { expectError, ids, replyOf, testSandbox, type TestSandbox } from '../support/helpers.js';
import { worlds } from '../support/worlds-fixture-ids.js';

describe('routing', () => {
  // Each fixed path beside an area's parameter route reaches its own operation, not the neighbour's.
  const collisions: [string, string, string][] = [
    ['GET', '/worlds/recent', '/worlds/{worldId}'],
    ['GET', '/calendar/discover', '/calendar/{groupId}'],
    ['GET', '/inventory/drops', '/inventory/{inventoryItemId}'],
    ['GET', '/avatars/licensed', '/avatars/{avatarId}'],
    ['GET', '/groups/roleTemplates', '/groups/{groupId}'],
    ['GET', '/instances/recent', '/instances/{worldId}:{instanceId}'],
    ['GET', '/worlds/active', '/worlds/{worldId}'],
    ['GET', '/users/usr_a11ce000-0000-4000-8000-000000000001/groups', '/users/{userId}/groups/...'],
  ];
  for (const [method, path, neighbour] of collisions) {
    it(`${method} ${path} reaches its own operation, not ${neighbour}`, async () => {
      const t = testSandbox();
      const cookie = await t.login('alice');
      const reply = await t.call(method, path, { cookie });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-mock-answer')).toMatch(/^(stateful|generated)$/);
    });
  }

  it('POST /file/image reaches the image upload, not POST /file/{fileId}', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const form = new FormData();
    form.set('tag', 'gallery');
    form.set('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'a.png');
    const response = await t.app.request('/api/1/file/image', { method: 'POST', headers: { cookie }, body: form });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { versions: unknown[] }).versions.length).toBeGreaterThan(0);
  });

  it('answers the most specific route whatever order the areas come in', async () => {
    for (const order of [
      ['param', 'literal'],
      ['literal', 'param'],
    ]) {
      const areas = order.map((kind) => {
        const area = new Hono<AppEnv>();
        if (kind === 'param') area.get('/worlds/:worldId', (c) => c.text(`world ${c.req.param('worldId')}`));
        else area.get('/worlds/recent', (c) => c.text('recent'));
        return area;
      });
      const api = new Hono<AppEnv>();
      routeOperations(api, '', areas, [], false);
      expect(await (await api.request('/worlds/recent')).text()).toBe('recent');
      expect(await (await api.request('/worlds/wrld_1')).text()).toBe('world wrld_1');
    }
  });

  it('counts an operation as stateful as soon as an area registers its route', () => {
    const api = new Hono<AppEnv>();
    const area = new Hono<AppEnv>();
    area.get('/worlds/recent', (c) => c.json([]));
    area.get('/worlds/:worldId', (c) => c.json({}));
    const { answers } = routeOperations(api, '', [area], []);
    const answerOf = (id: string) => answers().find((op) => op.operationId === id)?.answer;
    expect(answerOf('getRecentWorlds')).toBe('stateful');
    expect(answerOf('getWorld')).toBe('stateful');
    expect(answerOf('getActiveWorlds')).toBe('generated');
  });

  it('answers the unknown-route 404 for a path of no operation once logged in, 401 before', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/no/such/operation'), 401, messages.missingCredentials);
    const cookie = await t.login('alice');
    const reply = await t.call('GET', '/no/such/operation', { cookie });
    expectError(reply, 404, messages.notFound);
    expect(reply.headers.has('x-mock-answer')).toBe(false);
  });
});

describe('operations without a session', () => {
  it('GET /config answers the fields clients read before logging in', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/config');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      clientApiKey: 'JlE5Jldo5Jibnk5O5hTx6XVqsJu4WJ26',
      websocketMaxFriendsRefreshDelay: 900,
      websocketQuickReconnectTime: 2,
      websocketReconnectMaxDelay: 2,
      announcements: [],
    });
  });

  it('GET /config answers alike in every world of the same data, each naming its own first world as home', async () => {
    const first = (await testSandbox().call('GET', '/config')).body;
    const again = (await testSandbox().call('GET', '/config')).body;
    expect(again).toEqual(first);
    const firstWorldLast = testSandbox((data) => void data.worlds.push(data.worlds.shift()!));
    const other = (await firstWorldLast.call('GET', '/config')).body;
    expect(other.homeWorldId).not.toBe(first.homeWorldId);
    expect(other.homeWorldId).toBe(firstWorldLast.sandbox.worlds.keys().next().value);
    expect(other.hubWorldId).toBe(other.homeWorldId);
  });

  it('GET /time answers the world clock as a bare JSON string', async () => {
    const t = testSandbox();
    t.clock.advance(90_000);
    const reply = await t.call('GET', '/time');
    expect(reply.text).toBe(JSON.stringify(new Date(t.clock.now()).toISOString()));
  });

  it('GET /visits answers how many users are online as a bare number', async () => {
    const t = testSandbox();
    const before = Number((await t.call('GET', '/visits')).text);
    const moved = await t.app.request(`/_mock/users/${ids.dana}/presence`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        state: 'online',
        location: 'wrld_ad000000-0000-4000-8000-00000000b003:10001~region(us)~nonce(ad000000-0000-4000-8000-0000000000c4)',
      }),
    });
    expect(moved.status).toBe(200);
    const reply = await t.call('GET', '/visits');
    expect(reply.text).toBe(String(before + 1));
  });

  it('GET /health answers 401 with a session or without, as the live service does since it restricted it', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/health'), 401, 'Missing Credentials');
    expectError(await t.call('GET', '/health', { cookie: await t.login('alice') }), 401, 'Missing Credentials');
    expect((await t.app.request('/_mock/health')).status).toBe(200);
  });

  it('GET /worlds/{worldId}/metadata answers without a cookie, and 404 for an unknown world', async () => {
    const t = testSandbox();
    expect((await t.call('GET', `/worlds/${worlds.aliceHome}/metadata`)).status).toBe(200);
    const unknown = 'wrld_0000000f-0000-4000-8000-000000000000';
    expectError(await t.call('GET', `/worlds/${unknown}/metadata`), 404, messages.worldNotFound(unknown));
  });

  it('every other operation still needs one', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/auth/user/friends'), 401, messages.missingCredentials);
    expectError(await t.call('GET', `/groups/${groups.builders}/members`), 401, messages.missingCredentials);
  });
});

/**
 * The API with no area at all: every operation answers as one a newer description adds would, with
 * the generated answer. The world, the session check and the error envelope are those of the app.
 */
function generatedOnly(t: TestSandbox) {
  const api = new Hono<AppEnv>();
  api.use((c, next) => {
    c.set('sandbox', t.sandbox);
    return next();
  });
  let gate: MiddlewareHandler<AppEnv> = (_c, next) => next();
  api.use((c, next) => gate(c, next));
  ({ gate } = routeOperations(api, '', [], []));
  api.onError((error, c) => (error instanceof ApiError ? json(c, errorBody(error), error.status) : c.text('unexpected', 500)));
  return async (method: string, path: string, init: { cookie?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = init.cookie ? { cookie: init.cookie } : {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    return replyOf(await api.request(path, { method, headers, body }));
  };
}

describe('generated answers, the fallback for operations no area routes', () => {
  it('say so in X-Mock-Answer and answer the shape of the description', async () => {
    const t = testSandbox();
    const call = generatedOnly(t);
    const reply = await call('GET', `/economy/metrics/earnings?sellerId=${ids.alice}`, { cookie: await t.login('alice') });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-mock-answer')).toBe('generated');
    expect(Object.keys(reply.body.totals).sort()).toEqual([
      'otpEarnings',
      'otpPurchaseCount',
      'subscriberEarnings',
      'subscriberMonths',
      'totalEarnings',
    ]);
  });

  it('need a session where the description asks for one', async () => {
    const t = testSandbox();
    expectError(await generatedOnly(t)('GET', `/economy/metrics/earnings?sellerId=${ids.alice}`), 401, messages.missingCredentials);
  });

  it('answer the same request with the same bytes, in another world of the same data too', async () => {
    const a = testSandbox();
    const b = testSandbox();
    const path = `/groups/${groups.builders}/roles`;
    const first = await generatedOnly(a)('GET', path, { cookie: await a.login('alice') });
    const again = await generatedOnly(b)('GET', path, { cookie: await b.login('alice') });
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
  });

  it('echo the path ids in the fields named after them', async () => {
    const t = testSandbox();
    const reply = await generatedOnly(t)('GET', `/groups/${groups.builders}/roles`, { cookie: await t.login('alice') });
    expect(reply.body.length).toBeGreaterThan(0);
    for (const role of reply.body as { groupId?: string }[]) if (role.groupId !== undefined) expect(role.groupId).toBe(groups.builders);
  });

  it('answer a record the path names through its view, and 404 for an unknown id', async () => {
    const t = testSandbox();
    const call = generatedOnly(t);
    const cookie = await t.login('alice');
    expect((await call('PUT', `/worlds/${worlds.aliceHome}`, { cookie, body: {} })).body).toMatchObject({
      id: worlds.aliceHome,
      name: "Alice's Workshop",
    });
    expectError(await call('GET', `/groups/grp_0000000f-0000-4000-8000-000000000000/roles`, { cookie }), 404, messages.groupNotFound);
  });

  it('answer 400 naming each invalid input', async () => {
    const t = testSandbox();
    const reply = await generatedOnly(t)('GET', '/users/active?n=5', { cookie: await t.login('alice') });
    expectError(reply, 400, 'search is required');
  });
});

describe('GET /_mock/operations', () => {
  it('lists every operation of the table, each answered from state but those the live service retired', async () => {
    const t = testSandbox();
    const body = (await (await t.app.request('/_mock/operations')).json()) as { operations: { operationId: string; answer: string }[] };
    expect(body.operations).toHaveLength(operations.length);
    expect(body.operations.find((op) => op.operationId === 'getGroup')?.answer).toBe('stateful');
    const others = body.operations.filter((op) => op.answer !== 'stateful');
    expect(others.map((op) => [op.operationId, op.answer]).sort()).toEqual(
      retiredOperations.map((op) => [op.operationId, 'retired']).sort(),
    );
  });

  it('GET /_mock/openapi.json describes the operations this server answers', async () => {
    const t = testSandbox();
    const doc = (await (await t.app.request('/_mock/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-mock-answer': string }>>;
    };
    expect(doc.paths['/groups/{groupId}']!.get!['x-mock-answer']).toBe('stateful');
    expect(Object.values(doc.paths).flatMap((item) => Object.keys(item))).toHaveLength(operations.length);
  });
});
