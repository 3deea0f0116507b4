import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Tests that start processes (the CLI, npm, a browser, respect) or kill them, and the two long in-process checks
 * that every write survives every way of keeping the world: the slow project, which `npm test` runs after the
 * fast one. Everything else runs in process through `app.request` or `startServer`.
 */
const PROCESS_TESTS = [
  'test/main/build-output.test.ts',
  'test/main/ci-script.test.ts',
  'test/main/cli.test.ts',
  'test/main/cli-*.test.ts',
  'test/main/export.test.ts',
  'test/main/package.test.ts',
  'test/main/parity.test.ts',
  'test/docs/commands.test.ts',
  'test/scenarios/scenario-schema.test.ts',
  'test/control/console.browser.test.ts',
  'test/control/journal-har.browser.test.ts',
  'test/store/persistence.test.ts',
  'test/store/persistence-append.test.ts',
  'test/store/persistence-control-plane.test.ts',
  'test/store/persistence-durable.test.ts',
  'test/store/persistence-hostile.test.ts',
  'test/store/persistence-log.test.ts',
  'test/store/persistence/fixture-state-hostile.test.ts',
  'test/store/persistence/recipes-hostile.test.ts',
  'test/store/every-write-kept.test.ts',
  'test/store/persistence-property.test.ts',
  'test/conformance/**/*.test.ts',
];

/**
 * In-process tests that set the process-wide --max-memory budget (setMemoryBudget), and two that read state a
 * shared module graph leaves behind: each needs a module graph of its own.
 */
const PROCESS_BUDGET_TESTS = [
  ...readdirSync('test', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && readFileSync(join('test', file), 'utf8').includes('setMemoryBudget('))
    .map((file) => `test/${file}`),
  'test/scenarios/scenario-rules.test.ts',
  'test/scenarios/scenarios.test.ts',
];

/**
 * A worker per core: vitest's default leaves one core to its own process, which is idle once the files are
 * transformed, and on a 2-core machine that leaves one worker. The process project's files mostly wait on the
 * processes they start, so two run side by side there too.
 */
const maxWorkers = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    testTimeout: 20_000,
    maxWorkers,
    projects: [
      {
        extends: true,
        // One module graph per worker: the app and its compiled schemas are built once per worker, not per file.
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...PROCESS_TESTS, ...PROCESS_BUDGET_TESTS], isolate: false },
      },
      {
        extends: true,
        // After the fast files rather than among them: a worker keeps its module graph only while the next file shares it.
        test: { name: 'fast-isolated', include: PROCESS_BUDGET_TESTS, exclude: PROCESS_TESTS, sequence: { groupOrder: 1 } },
      },
      { extends: true, test: { name: 'process', include: PROCESS_TESTS, sequence: { groupOrder: 2 } } },
    ],
  },
});
