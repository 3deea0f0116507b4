import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../../support/helpers.js';

describe('the website bundles', () => {
  it('answers the stylesheet as CSS and the script as JavaScript', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const css = await t.call('GET', '/css/app.css', { cookie });
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.text).toContain('body {');
    const js = await t.call('GET', '/js/app.js?variant=public&branch=main', { cookie });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(js.text).toContain('console.log');
  });

  it('serves both without a session, as the live service does', async () => {
    const t = testSandbox();
    const css = await t.call('GET', '/css/app.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await t.call('GET', '/js/app.js')).status).toBe(200);
    expectError(await t.call('GET', '/js/app.js?branch=beta'), 400, 'only admins can get non-main branches');
  });

  it('refuses another branch or the internal variant to a non-admin, and serves them to an admin', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('GET', '/js/app.js?branch=beta', { cookie: alice }), 400, 'only admins can get non-main branches');
    expectError(await t.call('GET', '/css/app.css?variant=internal', { cookie: alice }), 400, 'only admins can get non-public variants');
    expect((await t.call('GET', '/css/app.css?variant=internal&branch=beta', { cookie: await t.login('admin') })).status).toBe(200);
  });

  it('refuses an unknown variant', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/css/app.css?variant=secret', { cookie: await t.login('alice') });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('variant');
  });
});
