import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/http/env.js';
import { retiredOperations } from '../../src/operations/retired.js';
import { operations } from '../../src/operations/table.js';
import { routeOperations } from '../../src/routing/wiring.js';
import { ids, testSandbox } from '../support/helpers.js';

const gone = { error: "The endpoint you're looking for is not implemented by our system.", status_code: 404 };

/** The operation's path with a value in each parameter. */
const pathOf = (template: string) => template.replace(/\{[^}]+\}/g, ids.alice);

describe('operations the live service retired', () => {
  it('each names an operation of the table and the day it went', () => {
    const known = new Set(operations.map((op) => op.operationId));
    for (const op of retiredOperations) {
      expect(known.has(op.operationId), op.operationId).toBe(true);
      expect(op.retiredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("each answers the live service's generic 404, with a session or without, and changes nothing", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    for (const { operationId } of retiredOperations) {
      const op = operations.find((o) => o.operationId === operationId)!;
      for (const init of [{ cookie }, {}]) {
        const reply = await t.call(op.method, pathOf(op.path), { ...init, body: op.method === 'GET' ? undefined : { accepted: true } });
        expect([operationId, reply.status, reply.body]).toEqual([operationId, 404, gone]);
        expect(reply.headers.get('x-mock-answer')).toBe('retired');
      }
    }
    expect(t.sandbox.tiliaAccounts.get(ids.alice)?.signedTos).toBe(false);
  });

  it('answers the same under --profile live', async () => {
    const t = testSandbox((data) => void (data.settings.profile = 'live'));
    const reply = await t.call('GET', '/tilia/status', { cookie: await t.login('alice') });
    expect([reply.status, reply.body]).toEqual([404, gone]);
  });

  it('lists each as retired, with its date, in /_mock/operations', async () => {
    const t = testSandbox();
    const { operations: answered } = (await (await t.app.request('/_mock/operations')).json()) as {
      operations: { operationId: string; answer: string; retiredOn?: string }[];
    };
    const retired = answered.filter((op) => op.answer === 'retired');
    expect(retired.map((op) => [op.operationId, op.retiredOn])).toEqual(
      operations
        .filter((op) => retiredOperations.some((r) => r.operationId === op.operationId))
        .map((op) => [op.operationId, retiredOperations.find((r) => r.operationId === op.operationId)!.retiredOn]),
    );
  });

  it('may not be routed by an area', () => {
    const area = new Hono<AppEnv>();
    area.get('/tilia/status', (c) => c.json({}));
    expect(() => routeOperations(new Hono<AppEnv>(), '', [area], [])).toThrow(/retired: getTiliaStatus/);
  });
});
