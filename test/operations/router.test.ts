import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { SpecificRouter } from '../../src/operations/router.js';
import { operations } from '../../src/operations/table.js';
import { testWorld } from '../support/helpers.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** Request paths: every operation's template and every route's path with its parameters filled in, and odd variants. */
function requestPaths(routePaths: string[]): string[] {
  const filled = [
    ...operations.map((op) => `/api/1${op.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}_1`)}`),
    ...routePaths.map((path) => path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => `${name}_1`).replace(/\/\*$/, '/anything')),
  ];
  const odd = filled.flatMap((path) => [`${path}/`, `${path}/extra`, path.replace('/api/1/', '/api/1//'), path.slice(0, path.lastIndexOf('/'))]);
  return [...new Set([...filled, ...odd, '/', '', '/api', '/api/1', '/api/1/', '/api/10/config', '/_mock', '/_mock/', '/nowhere'])];
}

describe('SpecificRouter', () => {
  it("matches the same routes with the same parameters as Hono's TrieRouter, for every route of the app", () => {
    const routes = testWorld().app.routes.map((route) => [route.method, route.path] as const);
    const ours = new SpecificRouter<number>();
    const hono = new TrieRouter<number>();
    routes.forEach(([method, path], index) => {
      ours.add(method, path, index);
      hono.add(method, path, index);
    });
    const paths = requestPaths(routes.map(([, path]) => path));
    expect(paths.length).toBeGreaterThan(1000);
    let compared = 0;
    for (const method of METHODS) {
      for (const path of paths) {
        // Ours puts the most specific route first; in registration order the two must agree exactly.
        const mine = ours.match(method, path)[0].map(([index, params]) => [index, { ...params }]).sort((a, b) => (a[0] as number) - (b[0] as number));
        const theirs = hono.match(method, path)[0].map(([index, params]) => [index, { ...params }]);
        expect(mine, `${method} ${path}`).toEqual(theirs);
        compared += mine.length;
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('answers the most specific route first, middleware in its place', () => {
    const router = new SpecificRouter<string>();
    router.add('ALL', '/api/1/*', 'middleware');
    router.add('GET', '/api/1/worlds/:worldId', 'world');
    router.add('GET', '/api/1/:area/recent', 'area recent');
    router.add('GET', '/api/1/worlds/:id{wrld_[a-z]+}', 'pattern');
    router.add('GET', '/api/1/worlds/recent', 'recent');
    const handlers = (path: string) => router.match('GET', path)[0].map(([handler]) => handler);
    // Segment by segment: a fixed word before a pattern before any value.
    expect(handlers('/api/1/worlds/recent')).toEqual(['middleware', 'recent', 'world', 'area recent']);
    expect(handlers('/api/1/worlds/wrld_x')).toEqual(['middleware', 'pattern', 'world']);
    expect(router.match('GET', '/api/1/worlds/wrld_x')[0][1]![1]).toEqual({ id: 'wrld_x' });
  });

  it('answers a path again the same way, and a route added later is found', () => {
    const router = new SpecificRouter<string>();
    router.add('GET', '/worlds/:worldId', 'world');
    const first = router.match('GET', '/worlds/recent');
    expect(router.match('GET', '/worlds/recent')).toEqual(first);
    router.add('GET', '/worlds/recent', 'recent');
    expect(router.match('GET', '/worlds/recent')[0].map(([handler]) => handler)).toEqual(['recent', 'world']);
    expect(router.match('GET', '/worlds/wrld_2')[0][0]![1]).toEqual({ worldId: 'wrld_2' });
  });

  it('refuses a path shape it does not know rather than routing it wrongly', () => {
    const router = new SpecificRouter<string>();
    expect(() => router.add('GET', '/files/*/versions', 'x')).toThrow('unsupported path');
    expect(() => router.add('GET', '/files/:id?', 'x')).toThrow('unsupported path');
    expect(() => router.add('GET', '/files/:id{[0-9]+?}', 'x')).not.toThrow();
  });
});
