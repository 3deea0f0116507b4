import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { mostSpecificFirst } from '../../src/http/path-pattern.js';
import { operations } from '../../src/operations/table.js';
import { testSandbox } from '../support/helpers.js';

const app = testSandbox().app;
const endpoints = app.routes.filter((route) => !route.path.endsWith('*'));

/** A request path for a route or template: each parameter filled with `<name>_1`. */
const filled = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?|\{(\w+)\}/g, (_, a?: string, _p?: string, b?: string) => `${a ?? b}_1`);

/** Every request path the table and the app's routes name, with the endpoints that match it, in registration order. */
function requestsWithSeveralMatches() {
  const router = new TrieRouter<number>();
  endpoints.forEach((route, index) => router.add(route.method, route.path, index));
  const requests = new Map<string, { method: string; path: string }>();
  for (const op of operations)
    requests.set(`${op.method} /api/1${filled(op.path)}`, { method: op.method, path: `/api/1${filled(op.path)}` });
  for (const route of endpoints)
    if (!route.path.includes('{'))
      requests.set(`${route.method} ${filled(route.path)}`, { method: route.method, path: filled(route.path) });
  return [...requests.values()]
    .map(({ method, path }) => ({ method, path, matches: router.match(method, path)[0].map(([index]) => endpoints[index]!) }))
    .filter(({ matches }) => matches.length > 1);
}

const shadowing = requestsWithSeveralMatches();

describe('routing on Hono’s router', () => {
  it('finds the requests where one route could shadow another', () => {
    expect(shadowing.length).toBeGreaterThan(10);
  });

  it.each(shadowing.map(({ method, path, matches }) => [`${method} ${path}`, matches]))(
    '%s is answered by its most specific route',
    (_, matches) => {
      // Hono answers with the first registered route that matches: it must be the most specific one.
      expect(matches[0]!.path).toBe(mostSpecificFirst(matches)[0]!.path);
    },
  );

  it('orders a fixed word before a pattern before any value, segment by segment', () => {
    const paths = ['/worlds/:worldId', '/:area/recent', '/worlds/:id{wrld_[a-z]+}', '/worlds/recent'].map((path) => ({ path }));
    expect(mostSpecificFirst(paths).map(({ path }) => path)).toEqual([
      '/worlds/recent',
      '/worlds/:id{wrld_[a-z]+}',
      '/worlds/:worldId',
      '/:area/recent',
    ]);
  });
});
