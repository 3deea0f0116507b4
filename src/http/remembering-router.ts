import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many leading segments of a path pick its trie: `/api/1/users/...` goes to the trie of `api/1/users`. */
const DEPTH = 3;
/** A segment no route names at its place. */
const OTHER = '\0';

interface Route<T> {
  method: string;
  path: string;
  handler: T;
  /** The route's leading segments up to its first pattern (`:id`, `*`, `{...}`), at most DEPTH. */
  fixed: string[];
}

/**
 * Hono's trie router, with two savings. It remembers its answers by method and path: a client asks the
 * same few paths again and again, and a trie search over every route of the API costs more than the
 * rest of a cached read's routing; Hono only reads a match, so one answer serves every request of its
 * path. Bounded: past `limit` paths it starts over, so paths full of ids cannot grow it without end.
 * And it builds its tries on first use, one per leading segments (`api/1/auth`), each holding only the
 * routes that can match there, in the order they were added: a start then inserts the few routes its
 * first request needs rather than every route of the API. A route left out of a trie names a fixed
 * segment the path does not have, so the trie's search would never have reached it: each trie answers
 * what one trie of every route answers.
 */
export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #routes: Route<T>[] = [];
  /** Per place, the fixed segments routes name there: any other segment stands as OTHER in a trie's key. */
  readonly #fixedAt = Array.from({ length: DEPTH }, () => new Set<string>());
  readonly #tries = new Map<string, TrieRouter<T>>();
  readonly #answers = new Map<string, Result<T>>();

  constructor(private readonly limit = 2000) {}

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#tries.clear();
    const fixed = fixedSegments(path);
    fixed.forEach((segment, at) => this.#fixedAt[at]!.add(segment));
    this.#routes.push({ method, path, handler, fixed });
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = this.#trieFor(path).match(method, path);
      if (this.#answers.size >= this.limit) this.#answers.clear();
      this.#answers.set(key, answer);
    }
    return answer;
  }

  #trieFor(path: string): TrieRouter<T> {
    const lead = segments(path)
      .slice(0, DEPTH)
      .map((segment, at) => (this.#fixedAt[at]!.has(segment) ? segment : OTHER));
    const key = lead.join('/');
    let trie = this.#tries.get(key);
    if (!trie) {
      trie = new TrieRouter<T>();
      for (const route of this.#routes) {
        if (route.fixed.every((segment, at) => at >= lead.length || segment === lead[at]))
          trie.add(route.method, route.path, route.handler);
      }
      // Bounded as the answers are: paths of made-up segments cannot grow it without end.
      if (this.#tries.size >= this.limit) this.#tries.clear();
      this.#tries.set(key, trie);
    }
    return trie;
  }
}

/** A path's segments as the trie splits them: `/a/b/` is `a`, `b`, ``. */
function segments(path: string) {
  const parts = path.split('/');
  if (parts[0] === '') parts.shift();
  return parts;
}

function fixedSegments(path: string) {
  const fixed: string[] = [];
  for (const segment of segments(path)) {
    if (fixed.length === DEPTH || /[:*{]/.test(segment)) break;
    fixed.push(segment);
  }
  return fixed;
}
