import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { specificity } from './paths.js';

type Entry<T> = [T, Record<string, string>];

/**
 * Hono's TrieRouter, except that when several routes match one request the most specific answers
 * first, whatever order they were registered in: `/worlds/recent` before `/worlds/:worldId`, so an
 * area's parameter route never shadows another area's fixed path. Middleware (paths ending in `*`)
 * keeps its place; only the routes among themselves are reordered.
 */
export class SpecificRouter<T> implements Router<T> {
  readonly name = 'SpecificRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #rank = new Map<T, string | undefined>();

  readonly #paths = new Map<T, string>();

  add(method: string, path: string, handler: T): void {
    // Ranked on the first request two routes share, not here: start-up registers hundreds of routes
    // (section 6 of `npm run bench` measures what they cost the other requests).
    this.#paths.set(handler, path);
    this.#trie.add(method, path, handler);
  }

  #rankOf(handler: T): string | undefined {
    if (!this.#rank.has(handler)) this.#rank.set(handler, specificity(this.#paths.get(handler) ?? '*'));
    return this.#rank.get(handler);
  }

  match(method: string, path: string): Result<T> {
    const result = this.#trie.match(method, path);
    const entries = result[0] as Entry<T>[];
    if (entries.length < 2) return result;
    const slots: number[] = [];
    for (let i = 0; i < entries.length; i++) if (this.#rankOf(entries[i]![0]) !== undefined) slots.push(i);
    if (slots.length < 2) return result;
    // Array.prototype.sort is stable: the handlers of one route keep their order.
    const routes = slots.map((i) => entries[i]!).sort((a, b) => compare(this.#rankOf(a[0])!, this.#rankOf(b[0])!));
    slots.forEach((slot, i) => (entries[slot] = routes[i]!));
    return result;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
