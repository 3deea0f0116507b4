import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { RememberingRouter } from '../../src/http/remembering-router.js';
import { testSandbox } from '../support/helpers.js';

const routes: [string, string, string][] = [
  ['ALL', '/api/1/*', 'middleware'],
  ['GET', '/worlds/recent', 'recent'],
  ['GET', '/worlds/:worldId', 'world'],
  ['PUT', '/inventory/:id/equip', 'equip'],
];

function both() {
  const remembering = new RememberingRouter<string>(3);
  const trie = new TrieRouter<string>();
  for (const [method, path, handler] of routes) {
    remembering.add(method, path, handler);
    trie.add(method, path, handler);
  }
  return { remembering, trie };
}

describe('the remembering router', () => {
  it('answers what Hono’s trie router answers, the first time and again', () => {
    const { remembering, trie } = both();
    for (const [method, path] of [
      ['GET', '/worlds/recent'],
      ['GET', '/worlds/wrld_1'],
      ['PUT', '/inventory/inv_1/equip'],
      ['GET', '/nowhere'],
    ] as const) {
      expect(remembering.match(method, path)).toEqual(trie.match(method, path));
      expect(remembering.match(method, path)).toEqual(trie.match(method, path));
    }
  });

  it('keeps each path’s own parameters', () => {
    const { remembering } = both();
    remembering.match('GET', '/worlds/wrld_1');
    const [matches] = remembering.match('GET', '/worlds/wrld_2');
    expect(matches.map(([handler, params]) => [handler, params])).toEqual([['world', { worldId: 'wrld_2' }]]);
  });

  it('tells methods apart on one path', () => {
    const { remembering } = both();
    expect(remembering.match('PUT', '/inventory/inv_1/equip')[0].map(([handler]) => handler)).toEqual(['equip']);
    expect(remembering.match('GET', '/inventory/inv_1/equip')[0]).toEqual([]);
  });

  it('finds a route added after a path was answered', () => {
    const { remembering } = both();
    expect(remembering.match('GET', '/late')[0]).toEqual([]);
    remembering.add('GET', '/late', 'late');
    expect(remembering.match('GET', '/late')[0].map(([handler]) => handler)).toEqual(['late']);
  });

  it('starts over past its limit of paths, answering the same', () => {
    const { remembering } = both();
    const first = remembering.match('GET', '/worlds/wrld_1');
    expect(remembering.match('GET', '/worlds/wrld_1')).toBe(first);
    for (const id of [2, 3, 4]) remembering.match('GET', `/worlds/wrld_${id}`);
    const again = remembering.match('GET', '/worlds/wrld_1');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('answers every route of the app as one trie of all its routes does, whatever path comes first', () => {
    const { routes: appRoutes } = testSandbox().app;
    // Each route's path with its parameters filled in, and paths beside them that no route names.
    const paths = appRoutes.flatMap((route) => {
      const filled = route.path.replace(/:[^/]+/g, 'id_1').replace(/\*/g, 'rest');
      return [filled, `${filled}/`, `${filled}/extra`, filled.replace(/\/[^/]*$/, '/unnamed')];
    });
    paths.push('/', '/api', '/api/1', '/api/1/', '/api/2/users', '/_mock', '/unnamed/path/here');
    for (const order of [paths, [...paths].reverse()]) {
      const remembering = new RememberingRouter<unknown>();
      const trie = new TrieRouter<unknown>();
      for (const { method, path, handler } of appRoutes) {
        remembering.add(method, path, handler);
        trie.add(method, path, handler);
      }
      for (const path of order) {
        for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
          expect(remembering.match(method, path), `${method} ${path}`).toEqual(trie.match(method, path));
      }
    }
  });

  it('keeps middleware on a pattern in every trie its pattern can reach, in the order added', () => {
    const remembering = new RememberingRouter<string>();
    remembering.add('ALL', '/api/*', 'first');
    remembering.add('GET', '/api/1/users/:id', 'user');
    remembering.add('ALL', '/:version/*', 'any version');
    remembering.add('GET', '/api/1/worlds/:id', 'world');
    expect(remembering.match('GET', '/api/1/users/u1')[0].map(([handler]) => handler)).toEqual(['first', 'user', 'any version']);
    expect(remembering.match('GET', '/api/1/worlds/w1')[0].map(([handler]) => handler)).toEqual(['first', 'any version', 'world']);
    expect(remembering.match('GET', '/v2/users/u1')[0].map(([handler]) => handler)).toEqual(['any version']);
  });
});
