// `node --import tsx bench/app-server.ts [--no-generated]`: the default world's app on 127.0.0.1, a
// free port, printing mock-api's listening line. Both sides of the route-cost comparison run this
// one script (from source, under tsx), so they differ only in the generated operations' routes.
import { serve } from '@hono/node-server';
import { createApp, sandboxDeps } from '../src/main/app.js';
import { adjustableSystemClock } from '../src/store/clock.js';
import { defaultFixturesDir, readFixtureDir } from '../src/store/fixtures/fixture-dir.js';
import { SandboxSource } from '../src/store/sandbox-source.js';

const generatedAnswers = !process.argv.includes('--no-generated');
const app = createApp({
  ...sandboxDeps(SandboxSource.inMemory(readFixtureDir(defaultFixturesDir)), adjustableSystemClock),
  generatedAnswers,
});
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`mock-api listening on http://127.0.0.1:${info.port}/api/1\n`);
});
