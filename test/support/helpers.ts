import type * as z from 'zod';
import { expect } from 'vitest';
import { createApp, sandboxDeps, type App, type AppDeps } from '../../src/main/app.js';
import { manualClock, type ManualClock } from '../../src/store/clock.js';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';
import { encodeBasic } from '../../src/http/basic-auth.js';
import type { SandboxData } from '../../src/store/fixtures/fixtures.js';
import type { Sandbox } from '../../src/store/sandbox.js';
import { SandboxSource } from '../../src/store/sandbox-source.js';
import type { SandboxState } from '../../src/store/persistence/snapshot.js';
import { ErrorEnvelopeSchema } from '../../src/schema/common.js';
import { checkContract } from './contract-check.js';

const defaultData = readFixtureDir(defaultFixturesDir);

/** Ids of the embedded default world, as the README lists them. */
export const ids = {
  alice: 'usr_a11ce000-0000-4000-8000-000000000001',
  bob: 'usr_b0b00000-0000-4000-8000-000000000002',
  carol: 'usr_ca201000-0000-4000-8000-000000000003',
  admin: 'usr_ad000000-0000-4000-8000-000000000004',
  dana: 'usr_da0a0000-0000-4000-8000-000000000005',
  eve: 'usr_e0e00000-0000-4000-8000-000000000006',
  frank: 'usr_f0a0c000-0000-4000-8000-000000000007',
} as const;

/** The default world's avatars. */
export const avatarIds = {
  aliceFox: 'avtr_a11ce000-0000-4000-8000-00000000a001',
  neonRobot: 'avtr_b0b00000-0000-4000-8000-00000000a002',
  cozyBear: 'avtr_ca201000-0000-4000-8000-00000000a003',
  secretDraft: 'avtr_a11ce000-0000-4000-8000-00000000a004',
  oldGhost: 'avtr_b0b00000-0000-4000-8000-00000000a005',
  pixelKnight: 'avtr_ad000000-0000-4000-8000-00000000a006',
  questCat: 'avtr_b0b00000-0000-4000-8000-00000000a007',
} as const;

export const passwords: Record<string, string> = {
  alice: 'alice-password',
  bob: 'bob-password',
  carol: 'carol-password',
  admin: 'admin-password',
  dana: 'dana-password',
  eve: 'eve-password',
  frank: 'frank-password',
};

export interface TestSandbox {
  app: App;
  deps: AppDeps;
  sandbox: Sandbox;
  clock: ManualClock;
  /** Logs in with credentials and returns the Cookie header value to send afterwards. */
  login(username: string, password?: string): Promise<string>;
  call(method: string, path: string, init?: CallInit): Promise<Reply>;
}

export interface CallInit {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

/** A response as tests read it: its body parsed when it is JSON, its text either way. */
export async function replyOf(response: Response): Promise<Reply> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers, text };
}

/** A fresh copy of the default world (or one adjusted by `tweak`) on a manual clock, with no port. */
export function testSandbox(tweak?: (data: SandboxData) => void, state?: SandboxState): TestSandbox {
  const data = structuredClone(defaultData);
  tweak?.(data);
  const clock = manualClock('2026-01-15T12:00:00.000Z');
  const deps = sandboxDeps(SandboxSource.inMemory(data, undefined, state), () => manualClock('2026-01-15T12:00:00.000Z'), {
    defaultClock: clock,
  });
  const app = createApp(deps);

  async function call(method: string, path: string, init: CallInit = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const reply = await replyOf(await app.request(`/api/1${path}`, { method, headers, body }));
    // Every answer of an operation keeps the public contract; scripted scenario answers and the
    // unknown-route 404 carry no X-Mock-Answer and are no operation's.
    const type = reply.headers.get('content-type') ?? '';
    if (reply.headers.has('x-mock-answer') && type.startsWith('application/json')) checkContract(method, path, reply.status, reply.body);
    return reply;
  }

  async function login(username: string, password = passwords[username] ?? '') {
    const reply = await call('GET', '/auth/user', { headers: { authorization: encodeBasic(username, password) } });
    expect(reply.status, `login of ${username}`).toBe(200);
    return cookieFrom(reply.headers, 'auth');
  }

  return {
    app,
    get sandbox() {
      return deps.sandboxes.default;
    },
    deps,
    clock,
    call,
    login,
  };
}

/** `name=value` of a Set-Cookie the reply carries, ready for a Cookie header. */
export function cookieFrom(headers: Headers, name: string): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie was set`);
  return cookie.split(';')[0]!;
}

/** Asserts the error envelope: status, exact message, and status_code equal to the HTTP status. */
export function expectError(reply: Reply, status: number, message?: string) {
  expect(reply.status).toBe(status);
  const envelope = ErrorEnvelopeSchema.parse(reply.body);
  expect(envelope.error.status_code).toBe(status);
  if (message !== undefined) expect(envelope.error.message).toBe(message);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
}

/**
 * Asserts a body matches the project's own schema for it and returns the parsed value. Fields the
 * schema gives a default must still be present in the body: defaults serve fixtures, not responses.
 */
export function expectShape<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const missing: string[] = [];
  findMissing(schema, body, '', missing);
  if (missing.length) throw new Error(`response lacks required fields: ${missing.slice(0, 10).join(', ')}`);
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`response does not match schema: ${result.error.message}`);
  return result.data;
}

function findMissing(schema: z.ZodType, value: unknown, path: string, missing: string[]) {
  const def = (schema as any)._zod.def;
  switch (def.type) {
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'pipe':
      return findMissing(def.innerType ?? def.in, value, path, missing);
    case 'nullable':
      if (value !== null) findMissing(def.innerType, value, path, missing);
      return;
    case 'optional':
      if (value !== undefined) findMissing(def.innerType, value, path, missing);
      return;
    case 'array':
      if (Array.isArray(value)) value.forEach((item, i) => findMissing(def.element, item, `${path}[${i}]`, missing));
      return;
    case 'object':
      if (value === null || typeof value !== 'object') return;
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const fieldPath = path ? `${path}.${key}` : key;
        const fieldValue = (value as Record<string, unknown>)[key];
        if (!(key in (value as object))) {
          if ((field as any)._zod.def.type !== 'optional') missing.push(fieldPath);
        } else findMissing(field, fieldValue, fieldPath, missing);
      }
      return;
  }
}
