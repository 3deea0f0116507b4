import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../support/helpers.js';
import { control } from '../support/control-call.js';

const ruleWith = (response: Record<string, unknown>) => ({ name: 'bad', rules: [{ match: { path: '/config' }, response }] });

/** A scenario whose rule answers a body nested `depth` arrays deep, as JSON text (JSON.stringify would overflow first). */
const nestedScenario = (depth: number, headers = '{}') =>
  `{"name":"deep","rules":[{"match":{"path":"/config"},"response":{"status":200,"headers":${headers},"body":${'['.repeat(depth)}"leaf"${']'.repeat(depth)}}}]}`;

describe('scenario rules that could not be answered', () => {
  it('refuse a header name with a space', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', ruleWith({ status: 503, headers: { 'Retry After': '5' } }));
    expectError(reply, 400, "rules.0.response.headers.Retry After must be a header name (letters, digits and !#$%&'*+-.^_`|~)");
    expect((await t.call('GET', '/config')).status).toBeLessThan(500);
  });

  it('refuse a header value with CR/LF', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', ruleWith({ status: 503, headers: { 'X-Note': 'a\r\nSet-Cookie: x=1' } }));
    expectError(reply, 400, 'rules.0.response.headers.X-Note must be a header value without line breaks');
    expect((await t.call('GET', '/config')).status).toBeLessThan(500);
  });

  it('refuse a body nested 10,000 deep', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', nestedScenario(10_000));
    expectError(reply, 400, 'rules.0.response.body must nest at most 64 deep');
    expect((await t.call('GET', '/config')).status).toBeLessThan(500);
  });

  it('refuse a body nested 65 deep, one level past the bound, and keep answering as before', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', nestedScenario(65));
    expectError(reply, 400, 'rules.0.response.body must nest at most 64 deep');
    const config = await t.call('GET', '/config');
    expect(config.status).toBe(200);
    expect(Array.isArray(config.body)).toBe(false);
  });

  it('refuse a 204, which has no body to carry', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', ruleWith({ status: 204 }));
    expectError(reply, 400, 'rules.0.response.status must not be 204, 205 or 304: those answers carry no body');
  });

  it('still answer a body nested 64 deep and plain headers', async () => {
    const t = testSandbox();
    const loaded = await control(t, 'POST', '/scenarios', nestedScenario(64, '{"Retry-After":"5"}'));
    expect(loaded.status).toBe(200);
    const reply = await t.call('GET', '/config');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('retry-after')).toBe('5');
  });
});
