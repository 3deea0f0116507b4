import type { Params, Result, Router } from 'hono/router';
import { patternOf, routeSegments, specificity } from './paths.js';

interface Route<T> {
  handler: T;
  method: string;
  /** Registration order: Hono runs the handlers a request matches (middleware first) in this order. */
  order: number;
  /** The names of the route's parameters, in path order. */
  names: string[];
  /** The path of a route; empty for middleware (a path ending in `*`), which keeps its place. */
  path: string;
  /** Specificity, worked out when the route first shares a request with another route. */
  rank?: string;
}

/**
 * One segment of the routes' paths: what continues with a fixed word, with any value, or with a
 * pattern. Each part is made when a route first needs it: start-up builds hundreds of nodes.
 */
class Node<T> {
  words: Map<string, Node<T>> | undefined = undefined;
  any: Node<T> | undefined = undefined;
  patterns: { pattern: RegExp; node: Node<T> }[] | undefined = undefined;
  /** Routes whose path ends here. */
  routes: Route<T>[] | undefined = undefined;
  /** Routes of this path followed by `/*`: this path and every path below it. */
  below: Route<T>[] | undefined = undefined;
}

type Match<T> = [Route<T>, string[]];

/**
 * A trie of path segments that answers, when several routes match one request, the most specific
 * first, whatever order they were registered in: `/worlds/recent` before `/worlds/:worldId`, so an
 * area's parameter route never shadows another area's fixed path. Middleware keeps its place; only
 * the routes among themselves are reordered. It knows the paths this app registers: fixed words,
 * `:name`, `:name{pattern}` (matched within one segment) and a final `/*`. A route costs a few map
 * lookups to register, where Hono's TrieRouter parses each path with regular expressions.
 */
export class SpecificRouter<T> implements Router<T> {
  readonly name = 'SpecificRouter';
  readonly #root = new Node<T>();
  #count = 0;
  /** Answers by method and path: clients ask the same paths again and again. Bounded, and cleared by any new route. */
  readonly #answers = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    const star = path.indexOf('*');
    // Hono's optional parameters (`:id?`) and inner wildcards are not among them.
    if (/\?(\/|$)/.test(path) || (star !== -1 && star !== path.length - 1)) throw new Error(`SpecificRouter: unsupported path ${path}`);
    const wildcard = path === '*' || path.endsWith('/*');
    const prefix = wildcard ? path.slice(0, -2) : path;
    let node = this.#root;
    let names = NO_NAMES;
    for (const segment of prefix === '' ? [] : routeSegments(prefix)) {
      if (segment.kind === 'literal') {
        node.words ??= new Map();
        let next = node.words.get(segment.text);
        if (!next) node.words.set(segment.text, (next = new Node()));
        node = next;
        continue;
      }
      names = names === NO_NAMES ? [segment.name!] : [...names, segment.name!];
      if (segment.kind === 'param') {
        node = node.any ??= new Node();
        continue;
      }
      const pattern = patternOf(segment);
      node.patterns ??= [];
      let entry = node.patterns.find((p) => p.pattern.source === pattern.source);
      if (!entry) node.patterns.push((entry = { pattern, node: new Node() }));
      node = entry.node;
    }
    const route: Route<T> = { handler, method, order: this.#count++, names, path: wildcard ? '' : path };
    if (wildcard) node.below = node.below ? [...node.below, route] : [route];
    else node.routes = node.routes ? [...node.routes, route] : [route];
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (answer) return answer;
    const parts = path.split('/');
    const found: Match<T>[] = [];
    collect(this.#root, parts, parts[0] === '' ? 1 : 0, [], method, found);
    if (found.length > 1) orderMatches(found);
    answer = [found.map(([route, values]) => [route.handler, route.names.length === 0 ? NO_PARAMS : paramsOf(route.names, values)])];
    if (this.#answers.size >= MAX_ANSWERS) this.#answers.clear();
    this.#answers.set(key, answer);
    return answer;
  }
}

const MAX_ANSWERS = 2000;

const NO_NAMES: string[] = [];

/** The parameters of every route without any: Hono only reads them (and so shares an answer). */
const NO_PARAMS: Params = Object.freeze(Object.create(null));
const NO_VALUES: string[] = [];

/** Pushes the routes of `routes` that answer `method`, each with its parameters' values so far. */
function take<T>(routes: Route<T>[], method: string, values: string[], found: Match<T>[]) {
  for (const route of routes) {
    if (route.method === method || route.method === 'ALL') found.push([route, route.names.length === 0 ? NO_VALUES : values.slice()]);
  }
}

function collect<T>(node: Node<T>, parts: string[], i: number, values: string[], method: string, found: Match<T>[]) {
  if (node.below) take(node.below, method, values, found);
  if (i === parts.length) {
    if (node.routes) take(node.routes, method, values, found);
    return;
  }
  const part = parts[i]!;
  const word = node.words?.get(part);
  if (word) collect(word, parts, i + 1, values, method, found);
  if (node.any && part !== '') {
    values.push(part);
    collect(node.any, parts, i + 1, values, method, found);
    values.pop();
  }
  if (!node.patterns) return;
  for (const { pattern, node: next } of node.patterns) {
    if (!pattern.test(part)) continue;
    values.push(part);
    collect(next, parts, i + 1, values, method, found);
    values.pop();
  }
}

/** Registration order, then the routes (not the middleware) among their own places by specificity. */
function orderMatches<T>(found: Match<T>[]) {
  // The trie is walked mostly in registration order already: sorting is the exception.
  for (let i = 1; i < found.length; i++) {
    if (found[i - 1]![0].order > found[i]![0].order) {
      found.sort((a, b) => a[0].order - b[0].order);
      break;
    }
  }
  const slots: number[] = [];
  for (let i = 0; i < found.length; i++) if (found[i]![0].path !== '') slots.push(i);
  if (slots.length < 2) return;
  // Array.prototype.sort is stable: of two routes equally specific, the first registered answers.
  const routes = slots.map((i) => found[i]!).sort((a, b) => compare(rankOf(a[0]), rankOf(b[0])));
  slots.forEach((slot, i) => (found[slot] = routes[i]!));
}

const rankOf = (route: Route<unknown>) => (route.rank ??= specificity(route.path)!);

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function paramsOf(names: string[], values: string[]): Params {
  const params: Params = Object.create(null);
  for (let i = 0; i < names.length; i++) params[names[i]!] = values[i]!;
  return params;
}
