// What `mock-api start` does once its command line is read, by commander (cli-program.ts) or by the
// quick reading of its common forms (quick-start.ts).
import { pipelineUrlOf } from '../pipeline/url.js';
import { startServer, type RunningServer } from './server.js';
import { FixtureError } from '../store/fixtures/fixtures.js';
import { DbError } from '../store/persistence/db-error.js';
import { watchLauncher } from './parent-watch.js';
import { writePidFile } from './pid-file.js';
import { readyMadeScenarios, scenarioFile } from './package-files.js';
import { readScenarioFile } from '../scenarios/scenario-files.js';
import type { GenerateCounts } from '../store/generators/counts.js';
import { setMemoryBudget } from '../limits.js';

export const EXIT_USAGE = 2;
const SHUTDOWN_GRACE_MS = 2000;

/** The options of `start` as its command line gives them. */
export interface StartCommandOptions {
  port: number;
  host: string;
  fixtures?: string;
  seed?: number;
  db?: string;
  generate?: Partial<GenerateCounts>;
  signups?: 'open' | 'closed';
  sessionLimit?: number;
  maxWorlds?: number;
  worldIdleMinutes?: number;
  maxMemory?: number;
  controlToken?: string;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  userAgent?: 'any' | 'strict';
  profile?: 'seed' | 'live';
  sessionTtl?: number;
  scenario?: string[] | string;
  quiet?: boolean;
  pidFile?: string;
  outliveParent?: boolean;
  harSecrets?: 'redact' | 'keep';
}

/** `--scenario a b` gives a list, `MOCK_API_SCENARIO=a,b` one string. */
const scenarioArguments = (value: string[] | string | undefined) =>
  (typeof value === 'string' ? value.split(',') : (value ?? [])).map((item) => item.trim()).filter(Boolean);

/** A boolean from the environment: commander would take any value, `0` and `false` included, as on. */
const isOn = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

export function fail(line: string): never {
  process.stderr.write(`mock-api: ${line}\n`);
  process.exit(EXIT_USAGE);
}

/** Starts the server; `onStarted` receives it once it listens. */
export async function startCommand(opts: StartCommandOptions, onStarted: (server: RunningServer) => void) {
  const settings: Record<string, unknown> = {};
  if (opts.signups) settings.signups = opts.signups;
  if (opts.sessionLimit) settings.sessionLimit = opts.sessionLimit;
  if (opts.userAgent) settings.userAgent = opts.userAgent;
  if (opts.profile) settings.profile = opts.profile;
  if (opts.sessionTtl) settings.sessionTtlMinutes = opts.sessionTtl;
  if (opts.maxMemory) setMemoryBudget(opts.maxMemory);
  // From the listening line on, a signal stops the server cleanly, even while it is still loading.
  let server: RunningServer | undefined;
  // Requests in flight get a bounded time to finish; new connections are refused meanwhile. Once
  // only: a signal may arrive while the server drains because its launcher has gone.
  let stopping: Promise<void> | undefined;
  const stop = () => void (stopping ??= (server?.close({ graceMs: SHUTDOWN_GRACE_MS }) ?? Promise.resolve()).then(() => process.exit(0)));
  try {
    if (opts.generate && opts.seed === undefined) fail('--generate needs --seed <n>: one seed, one world');
    const scenarios = scenarioArguments(opts.scenario).map((nameOrFile) => {
      const file = scenarioFile(nameOrFile);
      if (!file) fail(`no scenario file ${nameOrFile}, nor a ready-made scenario of that name (${readyMadeScenarios().join(', ')})`);
      return readScenarioFile(file);
    });
    server = await startServer({
      scenarios,
      port: opts.port,
      host: opts.host,
      fixturesDir: opts.fixtures,
      db: opts.db,
      seed: opts.seed,
      generate: opts.generate,
      settings,
      harSecrets: opts.harSecrets,
      control: { token: opts.controlToken, allowedHosts: opts.allowedHosts, allowedOrigins: opts.allowedOrigins },
      sandboxLimits: { maxSandboxes: opts.maxWorlds, sandboxIdleMinutes: opts.worldIdleMinutes },
      log: opts.quiet || isOn(process.env.MOCK_API_QUIET) ? undefined : (line) => process.stdout.write(`${line}\n`),
      onListening: (url) => {
        // Handlers first: a client may signal as soon as it reads the line.
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        if (opts.pidFile) writePidFile(opts.pidFile);
        if (!opts.outliveParent && !isOn(process.env.MOCK_API_OUTLIVE_PARENT)) watchLauncher(stop);
        process.stdout.write(`mock-api listening on ${url}\nmock-api pipeline on ${pipelineUrlOf(url)}\n`);
      },
    });
  } catch (error) {
    if (error instanceof FixtureError) fail(`invalid ${error.kind} ${error.message}`);
    if (error instanceof DbError) fail(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${opts.port} is already in use on ${opts.host}`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`cannot listen on host ${opts.host}`);
    if (code === 'EACCES') fail(`no permission to listen on port ${opts.port}`);
    throw error;
  }
  onStarted(server);
}
