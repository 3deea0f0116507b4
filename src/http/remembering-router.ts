import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Hono's trie router, remembering its answers by method and path: a client asks the same few paths
 * again and again, and a trie search over every route of the API costs more than the rest of a
 * cached read's routing. Hono only reads a match, so one answer serves every request of its path.
 * Bounded: past `limit` paths it starts over, so paths full of ids cannot grow it without end.
 */
export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #answers = new Map<string, Result<T>>();

  constructor(private readonly limit = 2000) {}

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = this.#trie.match(method, path);
      if (this.#answers.size >= this.limit) this.#answers.clear();
      this.#answers.set(key, answer);
    }
    return answer;
  }
}
