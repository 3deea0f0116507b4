import { generateSync } from 'json-schema-faker';
import { describe, expect, it } from 'vitest';
import { generationContract, operationContract, type Schema } from '../../src/operations/contract.js';
import { inputCheck } from '../../src/operations/inputs.js';
import type { OperationFacts } from '../../src/operations/facts.js';
import { operations } from '../../src/operations/table.js';
import { WORLD_HEADER } from '../../src/store/sandboxes.js';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { bundleIds, fileIds } from '../support/files-fixtures.js';
import { groups } from '../support/groups-fixture-ids.js';
import { cookieFrom, ids, passwords, testSandbox, type Reply } from '../support/helpers.js';
import { instances, worlds } from '../support/worlds-fixture-ids.js';

/** Path values naming records of the default world; other parameters get a value made from their schema. */
const fixtureValues: Record<string, string> = {
  userId: ids.alice,
  username: 'alice',
  groupId: groups.builders,
  worldId: worlds.aliceHome,
  instanceId: instances.aliceHidden,
  avatarId: 'avtr_a11ce000-0000-4000-8000-00000000a001',
  fileId: fileIds.photo,
  versionId: '1',
  fileType: 'file',
  adminAssetBundleId: bundleIds.confetti,
  notificationId: 'not_a11ce000-0000-4000-8000-0000000d0001',
  inventoryItemId: 'inv_a11ce000-0000-4000-8000-0000000c0001',
  calendarId: 'cal_00000001-0000-4000-8000-000000000001',
  groupRoleId: 'grol_00000001-0000-4000-8000-000000000002',
  groupGalleryId: 'ggal_00000001-0000-4000-8000-000000000001',
  messageType: 'message',
  slot: '0',
};

const { $defs, operations: contracts } = generationContract();
const make = (schema: Schema, seed: number) => generateSync({ $defs, ...schema } as never, { seed, fillProperties: false } as never);

function valueFor(name: string, schema: Schema, seed: number): string {
  if (name in fixtureValues) return fixtureValues[name]!;
  const made = make(schema, seed);
  return made === '' || made === null || made === undefined ? `${name}1` : String(made);
}

/** A request of the operation with valid inputs: fixture ids, required query parameters, a made body. */
function validRequest(op: OperationFacts) {
  const contract = contracts[op.operationId]!;
  const seed = op.operationId.length;
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of contract.parameters) {
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(valueFor(p.name, p.schema, seed)));
    if (p.in === 'query' && p.required) query.set(p.name, valueFor(p.name, p.schema, seed));
  }
  const body = contract.body?.type === 'application/json' && contract.body.schema ? make(contract.body.schema, seed) : undefined;
  return { url: query.size ? `${path}?${query}` : path, body };
}

/** The admins' tools: anyone else is refused before the inputs are read, so they are walked as the admin. */
const ADMIN_TOOLS = new Set([
  'getPermissions',
  'createPermission',
  'updatePermission',
  'deletePermission',
  'searchActiveUsers',
  'getAdminTransactions',
  'getAdminTransaction',
]);
const actorOf = (op: OperationFacts) => (ADMIN_TOOLS.has(op.operationId) ? 'admin' : 'alice');

/** A parameter of the operation that can be given an invalid value (any of `names` may be named), and that value. */
function invalidInput(op: OperationFacts): { names: string[]; url: string; body?: unknown } | undefined {
  const { url, body } = validRequest(op);
  const contract = contracts[op.operationId]!;
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve($defs[schema.$ref.split('/').pop()!]!) : schema);
  for (const p of contract.parameters.filter((p) => p.in === 'query')) {
    const schema = resolve(p.schema);
    if (schema.enum || ['integer', 'number', 'boolean'].includes(schema.type)) {
      const [path, search] = url.split('?');
      const query = new URLSearchParams(search);
      query.set(p.name, 'not-valid!');
      return { names: [p.name], url: `${path}?${query}`, body };
    }
  }
  const bodySchema = contract.body?.type === 'application/json' && contract.body.schema ? resolve(contract.body.schema) : undefined;
  // A few request schemas of the description require a property they do not define (instanceId of
  // RequestInviteRequest): no client can send those. An empty body misses every required field: naming any will do.
  const required: string[] = (bodySchema?.required ?? []).filter((name: string) => bodySchema?.properties?.[name]);
  if (required.length) return { names: required, url, body: {} };
  return undefined;
}

describe('every operation of the public description', () => {
  // One world for the whole walk, reads sharing one made before any write; every write gets its own.
  const t = testSandbox();
  const reads = t.deps.sandboxes.create().id;
  const sessions = new Map<string, string>();
  const session = async (worldId: string, actor: 'alice' | 'admin') => {
    const key = `${worldId} ${actor}`;
    if (!sessions.has(key)) {
      const login = await t.call('GET', '/auth/user', {
        headers: { [WORLD_HEADER]: worldId, authorization: encodeBasic(actor, passwords[actor]!) },
      });
      sessions.set(key, cookieFrom(login.headers, 'auth'));
    }
    return sessions.get(key)!;
  };

  // One test per tag keeps each well inside the time limit of a test on a busy machine.
  for (const tag of [...new Set(operations.map((op) => op.tag))].sort()) {
    it(`${tag}: valid inputs on a fresh world answer, never the unknown route nor a 5xx, the same bytes twice, a body that keeps the schema`, async () => {
      const failures: string[] = [];
      for (const op of operations.filter((op) => op.tag === tag)) {
        const worldId = op.method === 'GET' ? reads : t.deps.sandboxes.create().id;
        const headers = { [WORLD_HEADER]: worldId };
        const cookie = await session(worldId, actorOf(op));
        const { url, body } = validRequest(op);
        const send = () => t.call(op.method, url, { cookie, body, headers });
        let first: Reply;
        try {
          first = await send();
        } catch (error) {
          failures.push(`${op.method} ${op.path}: ${(error as Error).message}`);
          continue;
        }
        const answer = first.headers.get('x-mock-answer');
        if (!answer) failures.push(`${op.method} ${op.path}: reached no operation (${first.status} ${first.text.slice(0, 80)})`);
        if (first.status >= 500) failures.push(`${op.method} ${op.path}: ${first.status} ${first.text.slice(0, 120)}`);
        if (op.method === 'GET' || answer === 'generated') {
          const second = await send();
          if (second.text !== first.text) failures.push(`${op.method} ${op.path}: a second call answered other bytes`);
        }
        if (worldId !== reads) t.deps.sandboxes.remove(worldId);
      }
      expect(failures).toEqual([]);
    });
  }

  it('answers every stateful operation that needs no session without a cookie, with a 200', async () => {
    const t = testSandbox();
    const { operations: answered } = (await (await t.app.request('/_mock/operations')).json()) as {
      operations: { operationId: string; answer: string }[];
    };
    const stateful = new Set(answered.filter((op) => op.answer === 'stateful').map((op) => op.operationId));
    const open = operations.filter((op) => !op.session && stateful.has(op.operationId));
    const failures: string[] = [];
    for (const op of open) {
      const worldId = t.deps.sandboxes.create().id;
      const { url, body } = validRequest(op);
      const reply = await t.call(op.method, url, { body, headers: { [WORLD_HEADER]: worldId } });
      if (reply.status !== 200) failures.push(`${op.method} ${op.path}: ${reply.status} ${reply.text.slice(0, 120)}`);
      t.deps.sandboxes.remove(worldId);
    }
    expect(failures).toEqual([]);
    expect(open.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining(['GET /config', 'GET /worlds/{worldId}', 'GET /worlds/{worldId}/metadata']),
    );
  });

  it('answers an invalid parameter of a stateful operation with a 400 naming it', async () => {
    const t = testSandbox();
    const { operations: answered } = (await (await t.app.request('/_mock/operations')).json()) as {
      operations: { operationId: string; answer: string }[];
    };
    const stateful = new Set(answered.filter((op) => op.answer === 'stateful').map((op) => op.operationId));
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations.filter((op) => stateful.has(op.operationId))) {
      const invalid = invalidInput(op);
      if (!invalid) continue;
      checked++;
      // A world per call: a valid write before the check must not change what the next call sees.
      const worldId = t.deps.sandboxes.create().id;
      const headers = { [WORLD_HEADER]: worldId };
      const actor = actorOf(op);
      const login = await t.call('GET', '/auth/user', { headers: { ...headers, authorization: encodeBasic(actor, passwords[actor]!) } });
      const reply = await t.call(op.method, invalid.url, { cookie: cookieFrom(login.headers, 'auth'), body: invalid.body, headers });
      if (reply.status !== 400 || !invalid.names.some((name) => String(reply.body?.error?.message).includes(name))) {
        failures.push(`${op.method} ${op.path} (${invalid.names.join(', ')}): ${reply.status} ${reply.text.slice(0, 120)}`);
      }
      t.deps.sandboxes.remove(worldId);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(stateful.size / 4);
  });

  it('answers an invalid parameter of a generated operation with a 400 naming it', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const { operations: answered } = (await (await t.app.request('/_mock/operations')).json()) as {
      operations: { operationId: string; answer: string }[];
    };
    const generated = new Set(answered.filter((op) => op.answer === 'generated').map((op) => op.operationId));
    const failures: string[] = [];
    for (const op of operations.filter((op) => generated.has(op.operationId))) {
      const invalid = invalidInput(op);
      if (!invalid) continue;
      const reply = await t.call(op.method, invalid.url, { cookie, body: invalid.body });
      if (reply.status !== 400 || !invalid.names.some((name) => String(reply.body?.error?.message).includes(name))) {
        failures.push(`${op.method} ${op.path} (${invalid.names.join(', ')}): ${reply.status} ${reply.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // The engine stays the answer for operations a newer description adds, so it is checked on every
  // operation of this one, whoever answers it today.
  it("the engine's input check names the invalid input of every operation that has one", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const invalid = invalidInput(op);
      if (!invalid) continue;
      checked++;
      const path = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, `${name}_1`]));
      const query = Object.fromEntries(new URLSearchParams(invalid.url.split('?')[1] ?? ''));
      try {
        inputCheck(operationContract(op.operationId)).check({ path, query, body: invalid.body });
        failures.push(`${op.operationId} (${invalid.names.join(', ')}): accepted`);
      } catch (error) {
        const message = (error as { message?: string }).message ?? '';
        if (!invalid.names.some((name) => message.includes(name)))
          failures.push(`${op.operationId} (${invalid.names.join(', ')}): ${message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(operations.length / 4);
  });
});
