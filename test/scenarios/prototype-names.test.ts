import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/main/server.js';
import { subset } from '../../src/scenarios/match.js';
import { control } from '../support/control-call.js';
import { expectError, testSandbox } from '../support/helpers.js';

const teapot = { status: 418 };
const rule = (match: Record<string, unknown>) => ({ name: 'prototype names', rules: [{ match, response: teapot }] });
const userAgent = 'prototype-names-test/1.0';

describe('scenario matchers and names every object inherits', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it.each(['constructor', 'hasOwnProperty'])('a header matcher %s: * matches only a request that sends it', async (name) => {
    const origin = `http://127.0.0.1:${server.port}`;
    const loaded = await fetch(`${origin}/_mock/scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rule({ path: '/config', headers: { [name]: '*' } })),
    });
    expect(loaded.status).toBe(200);
    try {
      expect((await fetch(`${origin}/api/1/config`, { headers: { 'user-agent': userAgent } })).status).toBe(200);
      expect((await fetch(`${origin}/api/1/config`, { headers: { 'user-agent': userAgent, [name]: 'x' } })).status).toBe(418);
    } finally {
      await fetch(`${origin}/_mock/scenarios`, { method: 'DELETE' });
    }
  });

  it.each(['constructor', 'toString'])('a query matcher %s: * matches only a request that sends it', async (name) => {
    const t = testSandbox();
    expect((await control(t, 'POST', '/scenarios', rule({ path: '/config', query: { [name]: '*' } }))).status).toBe(200);
    expect((await t.call('GET', '/config')).status).toBe(200);
    expectError(await t.call('GET', `/config?${name}=1`), 418);
  });

  it('a body matcher hasOwnProperty, or __proto__ nested, matches only a body that has the field', async () => {
    const t = testSandbox();
    const scenario = `{"name":"p","rules":[{"match":{"method":"PUT","path":"/users/*","body":{"hasOwnProperty":"*","a":{"__proto__":"*"}}},"response":{"status":418}}]}`;
    expect((await control(t, 'POST', '/scenarios', scenario)).status).toBe(200);
    const cookie = await t.login('alice');
    const path = '/users/usr_a11ce000-0000-4000-8000-000000000001';
    expect((await t.call('PUT', path, { cookie, body: '{"bio":"hi","a":{}}' })).status).not.toBe(418);
    expect((await t.call('PUT', path, { cookie, body: '{"hasOwnProperty":1,"a":{}}' })).status).not.toBe(418);
    expectError(await t.call('PUT', path, { cookie, body: '{"hasOwnProperty":1,"a":{"__proto__":2}}' }), 418);
  });

  it.each(['headers', 'query', 'body'])('a %s matcher named __proto__ is refused at load, naming it', async (field) => {
    const t = testSandbox();
    const scenario = `{"name":"p","rules":[{"match":{"path":"/config","${field}":{"__proto__":"*"}},"response":{"status":418}}]}`;
    const reply = await control(t, 'POST', '/scenarios', scenario);
    expectError(reply, 400, `rules.0.match.${field}.__proto__ must not be a matcher: no request field can be named __proto__ here`);
    expect((await t.call('GET', '/config')).status).toBe(200);
  });

  it('subset reads own fields only, dotted or not', () => {
    expect(subset({}, { constructor: '*' })).toBe(false);
    expect(subset({ a: {} }, { 'a.toString': '*' })).toBe(false);
    expect(subset(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1}}'))).toBe(true);
  });
});

describe('scenario rules that set the framing headers', () => {
  it.each(['Content-Length', 'transfer-encoding'])('refuse %s at load, naming the field', async (name) => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', { name: 'framing', rules: [{ match: { path: '/config' }, response: { status: 200, headers: { [name]: '5' } } }] });
    expectError(reply, 400, `rules.0.response.headers.${name} must be left out: the server sets it from the body it sends`);
    expect((await t.call('GET', '/config')).status).toBe(200);
  });
});
