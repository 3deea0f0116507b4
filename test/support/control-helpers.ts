import { expect } from 'vitest';
import { ControlError } from '../../src/control/control-error.js';
import type { TestSandbox } from './helpers.js';

export interface ControlReply {
  status: number;
  body: any;
}

/** A control-plane request; `world` sends X-Mock-World, a `body` goes as JSON. */
export async function control(
  t: TestSandbox,
  method: string,
  path: string,
  init: { world?: string; body?: unknown } = {},
): Promise<ControlReply> {
  const headers: Record<string, string> = {};
  if (init.world) headers['x-mock-world'] = init.world;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await t.app.request(`/_mock${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: await response.json() };
}

export async function newSandbox(t: TestSandbox): Promise<string> {
  return (await control(t, 'POST', '/worlds')).body.id;
}

/** What a control-client call rejected with; fails the test when it resolved or threw anything else. */
export async function refusal(call: Promise<unknown>): Promise<ControlError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ControlError);
  return error as ControlError;
}
