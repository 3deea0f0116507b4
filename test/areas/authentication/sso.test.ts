import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('GET /sso/{provider}', () => {
  it.each(['canny', 'furality'])('mints a %s token that names the requester, issued by the world clock', async (provider) => {
    const t = testSandbox();
    const r = await t.call('GET', `/sso/${provider}`, { cookie: await t.login('alice') });
    expect(r.status).toBe(200);
    expect(r.body.token.split('.')).toHaveLength(3);
    expect(claimsOf(r.body.token)).toEqual({
      aud: provider,
      id: ids.alice,
      name: 'Alice',
      email: expect.any(String),
      iat: Date.parse('2026-01-15T12:00:00.000Z') / 1000,
    });
  });

  it('refuses a provider it does not serve with 400', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/sso/conformance', { cookie: await t.login('alice') }), 400, 'That is not a supported SSO provider.');
  });

  it('answers 401 without a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/sso/canny'), 401, 'Missing Credentials');
  });
});

describe('GET /oauth/redirectCode', () => {
  it("answers the session's own code: the same again in that session, another in another", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const first = await t.call('GET', '/oauth/redirectCode', { cookie: alice });
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(/^redirect_[0-9a-f-]{36}$/);
    expect((await t.call('GET', '/oauth/redirectCode', { cookie: alice })).body.code).toBe(first.body.code);
    const again = await t.call('GET', '/oauth/redirectCode', { cookie: await t.login('alice') });
    expect(again.body.code).not.toBe(first.body.code);
  });

  it('answers 401 without a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/oauth/redirectCode'), 401, 'Missing Credentials');
  });
});
