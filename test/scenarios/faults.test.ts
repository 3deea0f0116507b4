import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { startServer, type RunningServer } from '../../src/main/server.js';
import { ids } from '../support/helpers.js';

interface Raw {
  status?: number;
  body?: string;
  chunks?: number;
  error?: string;
}

let server: RunningServer;
let origin: string;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1' });
  origin = server.url.replace('/api/1', '');
});
afterAll(() => server.close());

/** One request on its own connection; resolves with what arrived or the error the client saw. */
function send(method: string, path: string, init: { headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}) {
  return new Promise<Raw>((resolve) => {
    const req = httpRequest(`${origin}${path}`, { method, headers: init.headers, agent: false }, (res) => {
      let body = '';
      let chunks = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        chunks += 1;
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, body, chunks }));
      res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    if (init.timeoutMs) req.setTimeout(init.timeoutMs, () => req.destroy(new Error('client gave up')));
    req.end(init.body);
  });
}

const useRules = (rules: unknown[]) =>
  send('POST', '/_mock/scenarios', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'faults', rules }) });

let cookie: string;
beforeEach(async () => {
  await send('POST', '/_mock/reset');
  await send('DELETE', '/_mock/requests');
  const login = await new Promise<string>((resolve) => {
    httpRequest(`${server.url}/auth/user`, { headers: { authorization: encodeBasic('alice', 'alice-password') }, agent: false }, (res) => {
      res.resume();
      resolve(String(res.headers['set-cookie']![0]).split(';')[0]!);
    }).end();
  });
  cookie = login;
});

const clearTutorials = () => send('DELETE', `/api/1/users/${ids.alice}/tutorial`, { headers: { cookie } });
const tutorials = async () => JSON.parse((await send('GET', `/api/1/users/${ids.alice}/tutorial`, { headers: { cookie } })).body!).completedTutorials;

describe('faults over a real connection', () => {
  it('hang: holds the connection without an answer until the client gives up, and changes nothing', async () => {
    await useRules([{ match: { method: 'DELETE', path: '/users/:userId/tutorial' }, fault: 'hang', times: 1 }]);
    expect((await send('DELETE', `/api/1/users/${ids.alice}/tutorial`, { headers: { cookie }, timeoutMs: 300 })).error).toBe('client gave up');
    expect(await tutorials()).toHaveLength(3);
    await expect.poll(async () => (await send('GET', '/_mock/requests/count?method=DELETE')).body).toBe('{"count":1}');
    expect(JSON.parse((await send('GET', '/_mock/requests?method=DELETE')).body!)[0]).toMatchObject({ status: 0, rule: { fault: 'hang' } });
  });

  it('hang: closes the connection itself once its bound passes', async () => {
    await useRules([{ match: { path: '/auth/user' }, fault: 'hang', delayMs: 50, times: 1 }]);
    expect((await send('GET', '/api/1/auth/user')).error).toMatch(/ECONNRESET|socket hang up/);
  });

  it('slow-body: dribbles the answer out in pieces, whole in the end', async () => {
    await useRules([{ match: { path: '/auth/user' }, fault: 'slow-body', delayMs: 200, times: 1 }]);
    const slow = await send('GET', '/api/1/auth/user', { headers: { cookie } });
    expect(slow.status).toBe(200);
    expect(slow.chunks).toBeGreaterThan(5);
    expect(JSON.parse(slow.body!).id).toBe(ids.alice);
  });

  it('slow-body with a response: the write does not happen', async () => {
    await useRules([{ match: { method: 'DELETE', path: '/users/*' }, fault: 'slow-body', delayMs: 50, response: { status: 503 }, times: 1 }]);
    const slow = await clearTutorials();
    expect(slow.status).toBe(503);
    expect(JSON.parse(slow.body!).error.status_code).toBe(503);
    expect(await tutorials()).toHaveLength(3);
  });

  it('random-bytes-then-close: the client reads garbage, and nothing changed', async () => {
    await useRules([{ match: { method: 'DELETE', path: '/users/*' }, fault: 'random-bytes-then-close', times: 1 }]);
    const garbage = await clearTutorials();
    expect(garbage.error).toMatch(/HPE_|ECONNRESET|socket hang up|Parse Error/);
    expect(await tutorials()).toHaveLength(3);
    const deleted = JSON.parse((await send('GET', '/_mock/requests?method=DELETE')).body!)[0];
    expect(deleted).toMatchObject({ status: 0, rule: { fault: 'random-bytes-then-close' } });
  });

  it('connection-reset: the write answered by a fault did not happen', async () => {
    await useRules([{ match: { method: 'DELETE', path: '/users/*' }, fault: 'connection-reset', times: 1 }]);
    expect((await clearTutorials()).error).toMatch(/ECONNRESET|socket hang up/);
    expect(await tutorials()).toHaveLength(3);
  });

  it('empty-response: the connection closes without an answer, and the write did not happen', async () => {
    await useRules([{ match: { method: 'DELETE', path: '/users/*' }, fault: 'empty-response', times: 1 }]);
    expect((await clearTutorials()).error).toMatch(/ECONNRESET|socket hang up/);
    expect(await tutorials()).toHaveLength(3);
  });

  it('malformed-json: a truncated body, and the write did not happen', async () => {
    await useRules([{ match: { method: 'DELETE', path: '/users/*' }, fault: 'malformed-json', times: 1 }]);
    const truncated = await clearTutorials();
    expect(truncated.status).toBe(200);
    expect(() => JSON.parse(truncated.body!)).toThrow();
    expect(await tutorials()).toHaveLength(3);
  });

  it('passThrough: the write happened and its answer was lost', async () => {
    await useRules([{ match: { method: 'DELETE', path: '/users/*' }, fault: 'connection-reset', passThrough: true, times: 1 }]);
    expect((await clearTutorials()).error).toMatch(/ECONNRESET|socket hang up/);
    expect(await tutorials()).toEqual(['undefined:safety:v1']);
    const deleted = JSON.parse((await send('GET', '/_mock/requests?method=DELETE')).body!)[0];
    expect(deleted).toMatchObject({ status: 0, rule: { fault: 'connection-reset' } });
  });

  it('rateLimit: exact under 200 concurrent connections', async () => {
    await useRules([{ match: { path: '/config' }, rateLimit: { limit: 20, windowMs: 60_000 } }]);
    const replies = await Promise.all(Array.from({ length: 200 }, () => send('GET', '/api/1/config')));
    expect(replies.filter((r) => r.status === 429)).toHaveLength(180);
    expect(replies.filter((r) => r.status !== 429 && r.status !== undefined)).toHaveLength(20);
  });
});
