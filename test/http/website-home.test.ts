import { describe, expect, it } from 'vitest';
import { ids, testSandbox } from '../support/helpers.js';

describe('the redirects of the account email links', () => {
  it('point confirmEmail and verifyLoginPlace at /home, which answers a 200 page', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    for (const path of [`/auth/confirmEmail?id=${ids.alice}&verify_email=eml_x`, '/auth/verifyLoginPlace?token=x']) {
      const r = await t.call('GET', path, { cookie });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/home');
    }
    const home = await t.app.request('/home');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
