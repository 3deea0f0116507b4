import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Tests that start processes (the CLI, npm, a browser, respect), kill them or reload `--db` files: the slow
 * project, which `npm test` runs after the fast one. Everything else runs in process through `app.request`.
 */
const PROCESS_TESTS = [
  'test/main/**/*.test.ts',
  'test/docs/commands.test.ts',
  'test/control/console.browser.test.ts',
  'test/control/journal-har.browser.test.ts',
  'test/store/every-write-kept.test.ts',
  'test/store/persistence*.test.ts',
  'test/store/persistence/**/*.test.ts',
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

export default defineConfig({
  test: {
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        // One module graph per worker: the app and its compiled schemas are built once per worker, not per file.
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...PROCESS_TESTS, ...PROCESS_BUDGET_TESTS], isolate: false },
      },
      { extends: true, test: { name: 'fast-isolated', include: PROCESS_BUDGET_TESTS, exclude: PROCESS_TESTS } },
      { extends: true, test: { name: 'process', include: PROCESS_TESTS } },
    ],
  },
});
