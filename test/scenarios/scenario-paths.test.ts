import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientPattern } from '../../src/http/path-pattern.js';
import { testSandbox } from '../support/helpers.js';

/** The regular expression scenario paths compiled to before: the reference for what a path matches. */
function referencePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

describe('scenario paths', () => {
  it('answer a 56-segment path against eight stars at once', async () => {
    const t = testSandbox();
    const scenario = { name: 'stars', rules: [{ match: { path: '/*/*/*/*/*/*/*/*/z' }, response: { status: 503 } }] };
    const loaded = await t.app.request('/_mock/scenarios', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(scenario),
    });
    expect(loaded.status).toBe(200);
    const reply = await t.call('GET', `/${'a/'.repeat(55)}b`);
    expect(reply.status).toBe(401);
    expect((await t.call('GET', `/${'a/'.repeat(55)}z`)).status).toBe(503);
  });

  it('match exactly what the regular expression matched', () => {
    const segment = fc.constantFrom('a', 'b', '', ':id', '*', 'a.b');
    const pathSegment = fc.constantFrom('a', 'b', '', 'a.b', 'axb', 'c');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.array(pathSegment, { maxLength: 8 }), (pattern, path) => {
        const rule = `/${pattern.join('/')}`;
        const request = `/${path.join('/')}`;
        expect(clientPattern(rule).testAllowingSlash(request), `${rule} ~ ${request}`).toBe(referencePattern(rule).test(request));
      }),
      { seed: 17, numRuns: 20_000 },
    );
  });
});
