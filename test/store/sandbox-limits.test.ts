import { describe, expect, it } from 'vitest';
import { createApp, sandboxDeps } from '../../src/main/app.js';
import { manualClock } from '../../src/store/clock.js';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';
import { SandboxSource } from '../../src/store/sandbox-source.js';
import type { SandboxLimits } from '../../src/store/sandboxes.js';
import { expectError, testSandbox, type TestSandbox } from '../support/helpers.js';
import { control } from '../support/control-call.js';

const data = readFixtureDir(defaultFixturesDir);
const tooMany = (max: number) =>
  `There are already ${max} mock worlds; remove one with DELETE /_mock/worlds/{id} or start with a higher --max-worlds`;

function sandboxesWith(limits: Partial<SandboxLimits>): TestSandbox {
  const deps = sandboxDeps(SandboxSource.inMemory(data), () => manualClock(), { sandboxLimits: limits });
  return { app: createApp(deps), deps } as TestSandbox;
}

describe('isolated worlds', () => {
  it('are refused with 429 past the default cap of 100', async () => {
    const t = testSandbox();
    for (let i = 0; i < 100; i++) expect((await control(t, 'POST', '/worlds')).status).toBe(200);
    expectError(await control(t, 'POST', '/worlds'), 429, tooMany(100));
    expect(t.deps.sandboxes.count).toBe(100);
  });

  it('free their place when removed', async () => {
    const t = sandboxesWith({ maxSandboxes: 1 });
    const { id } = (await control(t, 'POST', '/worlds')).body;
    expectError(await control(t, 'POST', '/worlds'), 429, tooMany(1));
    expect((await control(t, 'DELETE', `/worlds/${id}`)).status).toBe(200);
    expect((await control(t, 'POST', '/worlds')).status).toBe(200);
  });

  it('expire after the idle time without a request naming them', async () => {
    let now = 0;
    const t = sandboxesWith({ maxSandboxes: 1, sandboxIdleMinutes: 60, now: () => now });
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
