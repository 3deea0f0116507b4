import { Faker, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { InstanceSchema } from '../../../src/store/records/instances.js';
import { WorldSchema } from '../../../src/store/records/worlds.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { generateWorlds } from '../../../src/store/generators/worlds.js';
import { expectShape, testSandbox } from '../../support/helpers.js';

const generate = (seed: number) => (data: SandboxData) => generateWorlds(new Faker({ locale: [en], seed }), data, 60);

describe('generateWorlds', () => {
  it('adds worlds and instances that every read answers in full', async () => {
    let generated: SandboxData | undefined;
    let fixtureWorlds = 0;
    const t = testSandbox((data) => {
      fixtureWorlds = data.worlds.length;
      generate(3)(data);
      generated = data;
    });
    const cookie = await t.login('alice');
    const worlds = generated!.worlds.slice(fixtureWorlds);
    expect(worlds).toHaveLength(60);
    for (const world of worlds.slice(0, 5)) {
      const r = await t.call('GET', `/worlds/${world.id}`, { cookie });
      expect(r.status).toBe(200);
      expectShape(WorldSchema, r.body);
    }
    const instances = generated!.instances.slice(5);
    expect(new Set(instances.map((i) => i.type))).toEqual(new Set(['public', 'hidden', 'friends', 'private', 'group']));
    for (const instance of instances) {
      const r = await t.call('GET', `/instances/${instance.id}`, { cookie });
      expect(r.status).toBe(200);
      const read = expectShape(InstanceSchema, r.body);
      expect(read.n_users).toBe(read.users.length);
      expect(read.full).toBe(read.n_users >= read.capacity);
    }
  });

  it('gives the same worlds for the same seed', () => {
    const a = testSandbox(generate(5)).sandbox;
    const b = testSandbox(generate(5)).sandbox;
    expect([...a.instances.keys()]).toEqual([...b.instances.keys()]);
    expect([...a.worlds.values()]).toEqual([...b.worlds.values()]);
  });
});
