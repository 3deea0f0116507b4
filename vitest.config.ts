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

/** In-process tests that measure the process-wide share of --max-memory: each needs a module graph of its own. */
const PROCESS_BUDGET_TESTS = [
  'test/areas/files/upload-process-budget.test.ts',
  'test/control/fixture-file-bytes.test.ts',
  'test/control/request-stream-total.test.ts',
  'test/control/snapshot-budget.test.ts',
  'test/http/bodies-in-flight.test.ts',
  'test/http/push-queues.test.ts',
  'test/pipeline/pipeline-process-total.test.ts',
  'test/store/read-cache-budget.test.ts',
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
      { extends: true, test: { name: 'fast-isolated', include: PROCESS_BUDGET_TESTS } },
      { extends: true, test: { name: 'process', include: PROCESS_TESTS } },
    ],
  },
});
