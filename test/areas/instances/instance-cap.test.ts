import { describe, expect, it } from 'vitest';
import { createInstance } from '../../../src/areas/instances/instances.js';
import { messages } from '../../../src/errors.js';
import { LIMITS } from '../../../src/limits.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { worlds } from '../../support/worlds-fixture-ids.js';

const body = { worldId: worlds.nightMarket, type: 'public', region: 'us' };

/** A sandbox holding `count` instances, bob's made without HTTP beside the fixtures' own. */
function instancesUpTo(count: number) {
  const t = testSandbox();
  const bob = t.sandbox.users.get(ids.bob)!;
  let last = [...t.sandbox.instances.values()].at(-1)!;
  while (t.sandbox.instances.size < count) last = createInstance(t.sandbox, bob, body);
  return { t, last };
}

describe('instances per world', () => {
  const max = LIMITS.instancesPerWorld.value;

  it(`refuse one past ${max} with 429, a closed instance still counting`, async () => {
    const { t, last } = instancesUpTo(max);
    // Public instances have no owner to close them through the API.
    last.closedAt = new Date(t.sandbox.clock.now()).toISOString();
    const cookie = await t.login('bob');
    expectError(await t.call('POST', '/instances', { cookie, body }), 429, messages.tooManyInstances(max));
    expect(t.sandbox.instances.size).toBe(max);
  }, 60_000);

  it(`let instance ${max} be made, and refuse the next one`, async () => {
    const { t } = instancesUpTo(max - 1);
    const cookie = await t.login('bob');
    expect((await t.call('POST', '/instances', { cookie, body })).status).toBe(200);
    expect(t.sandbox.instances.size).toBe(max);
    expectError(await t.call('POST', '/instances', { cookie, body }), 429, messages.tooManyInstances(max));
    expect(t.sandbox.instances.size).toBe(max);
  }, 60_000);
});
