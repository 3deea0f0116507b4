import { checkContract } from '../contract-check.js';
import { cookieFrom, passwords, replyOf, type Reply, type TestSandbox } from '../helpers.js';
import { encodeBasic } from '../../../src/http/basic-auth.js';

/** A user of the default world who logs in with the password README gives. */
export type Actor = 'alice' | 'bob' | 'carol' | 'admin' | 'dana' | 'eve' | 'frank';

/** One request of the public API, sent as an actor; a path under `/_mock` goes to the control plane. */
export interface Call {
  as?: Actor;
  method: string;
  path: string;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body, made anew for each send. */
  form?: () => FormData;
  headers?: Record<string, string>;
}

/**
 * A read that shows what a write changed: a GET as an actor (alice unless named), or, where no GET
 * shows a state, a write that state refuses (its refusal changes nothing and names the state).
 */
export interface Read {
  as?: Actor;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  /**
   * Why what this read shows is, by design, not kept by snapshot, export or `--db` (sessions, for
   * one, are documented as unsaved): the read then checks that the write shows, not that it is kept.
   */
  notKept?: string;
}

/**
 * One stateful write operation of the description, as a client makes it in the default world:
 * `prepare` makes what the write needs (through the API, as a client would) and answers the write
 * with the reads that show its change. It must not throw when an earlier write of a random
 * sequence took away what it needs: a refused answer is then the write's outcome.
 */
export interface WriteCase {
  /** `METHOD /path/{template}` exactly as the operations table names the operation. */
  operation: string;
  /** What the write does, as a sentence: the label of the test and of the property's step. */
  label: string;
  prepare(api: WorldApi): Promise<{ write: Call; reads: Read[] }>;
}

/** The API of one test world as its users see it: each actor logged in on first use. */
export class WorldApi {
  private readonly cookies = new Map<Actor, string | undefined>();

  constructor(readonly t: TestSandbox) {}

  /** The actor's session cookie, or none when the actor cannot log in (deleted, a second factor). */
  async cookie(as: Actor): Promise<string | undefined> {
    if (!this.cookies.has(as)) {
      const reply = await this.t.call('GET', '/auth/user', { headers: { authorization: encodeBasic(as, passwords[as]!) } });
      this.cookies.set(as, reply.status === 200 ? cookieFrom(reply.headers, 'auth') : undefined);
    }
    return this.cookies.get(as);
  }

  async send(call: Call): Promise<Reply> {
    const cookie = await this.cookie(call.as ?? 'alice');
    const headers: Record<string, string> = { ...call.headers, ...(cookie ? { cookie } : {}) };
    if (call.path.startsWith('/_mock')) {
      const body = call.body === undefined ? undefined : JSON.stringify(call.body);
      if (body) headers['content-type'] ??= 'application/json';
      return replyOf(await this.t.app.request(call.path, { method: call.method, headers, body }));
    }
    if (call.form) {
      const reply = await replyOf(await this.t.app.request(`/api/1${call.path}`, { method: call.method, headers, body: call.form() }));
      if (reply.headers.has('x-mock-answer')) checkContract(call.method, call.path, reply.status, reply.body);
      return reply;
    }
    return this.t.call(call.method, call.path, { cookie, body: call.body, headers: call.headers });
  }

  get(path: string, as: Actor = 'alice'): Promise<Reply> {
    return this.send({ as, method: 'GET', path });
  }

  /** Each read's status and body, in order. */
  async readAll(reads: readonly Read[]) {
    const answers: { as: Actor; path: string; status: number; body: unknown }[] = [];
    for (const { as = 'alice', path, method = 'GET', body } of reads) {
      const reply = await this.send({ as, method, path, body });
      answers.push({ as, path, status: reply.status, body: reply.body });
    }
    return answers;
  }
}
