import { describe, expect, it } from 'vitest';
import { createInstance } from '../../../src/areas/instances/instances.js';
import { messages } from '../../../src/errors.js';
import { LIMITS } from '../../../src/limits.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { worlds } from '../../support/worlds-fixture-ids.js';

describe('instances per world', () => {
  it(`stop at ${LIMITS.instancesPerWorld.value} with 429, open or closed`, async () => {
    const t = testSandbox();
    const max = LIMITS.instancesPerWorld.value;
    const bob = t.sandbox.users.get(ids.bob)!;
    const body = { worldId: worlds.nightMarket, type: 'public', region: 'us' };
    while (t.sandbox.instances.size < max - 1) createInstance(t.sandbox, bob, body);
    const cookie = await t.login('bob');
    expect((await t.call('POST', '/instances', { cookie, body })).status).toBe(200);
    expectError(await t.call('POST', '/instances', { cookie, body }), 429, messages.tooManyInstances(max));
    expect(t.sandbox.instances.size).toBe(max);
  }, 60_000);
});
