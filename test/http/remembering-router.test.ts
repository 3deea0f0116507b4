import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { RememberingRouter } from '../../src/http/remembering-router.js';

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
});
