import { describe, expect, it } from 'vitest';
import { createApp, worldDeps } from '../../src/main/app.js';
import { manualClock } from '../../src/store/clock.js';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';
import { WorldSource } from '../../src/store/world-source.js';
import type { WorldLimits } from '../../src/store/worlds.js';
import { expectError, testWorld, type TestWorld } from '../support/helpers.js';
import { control } from '../support/control-call.js';

const data = readFixtureDir(defaultFixturesDir);
const tooMany = (max: number) =>
  `There are already ${max} mock worlds; remove one with DELETE /_mock/worlds/{id} or start with a higher --max-worlds`;

function worldsWith(limits: Partial<WorldLimits>): TestWorld {
  const deps = worldDeps(WorldSource.inMemory(data), () => manualClock(), { worldLimits: limits });
  return { app: createApp(deps), deps } as TestWorld;
}

describe('isolated worlds', () => {
  it('are refused with 429 past the default cap of 100', async () => {
    const t = testWorld();
    for (let i = 0; i < 100; i++) expect((await control(t, 'POST', '/worlds')).status).toBe(200);
    expectError(await control(t, 'POST', '/worlds'), 429, tooMany(100));
    expect(t.deps.worlds.count).toBe(100);
  });

  it('free their place when removed', async () => {
    const t = worldsWith({ maxWorlds: 1 });
    const { id } = (await control(t, 'POST', '/worlds')).body;
    expectError(await control(t, 'POST', '/worlds'), 429, tooMany(1));
    expect((await control(t, 'DELETE', `/worlds/${id}`)).status).toBe(200);
    expect((await control(t, 'POST', '/worlds')).status).toBe(200);
  });

  it('expire after the idle time without a request naming them', async () => {
    let now = 0;
    const t = worldsWith({ maxWorlds: 1, worldIdleMinutes: 60, now: () => now });
    const { id } = (await control(t, 'POST', '/worlds')).body;
    now += 59 * 60_000;
    expect((await control(t, 'GET', '/clock', undefined, { 'x-mock-world': id })).status).toBe(200);
    now += 59 * 60_000;
    expect((await control(t, 'GET', '/clock', undefined, { 'x-mock-world': id })).status).toBe(200);
    now += 61 * 60_000;
    expect((await control(t, 'POST', '/worlds')).status).toBe(200);
    expectError(await control(t, 'GET', '/clock', undefined, { 'x-mock-world': id }), 404);
  });
});
