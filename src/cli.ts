import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { pipelineUrlOf } from './pipeline/url.js';
import { startServer, type RunningServer } from './server.js';
import { FixtureError } from './store/fixtures.js';
import { totp } from './auth/totp.js';
import { readScenarioFile } from './fixture-dir.js';
import { generatedKinds, type GenerateCounts } from './store/generate-counts.js';

const EXIT_USAGE = 2;

function integer(min: number, max: number) {
  return (value: string) => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}.`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

/** An empty host (`--host ''`, `MOCK_API_HOST=`) would listen on every interface and print a URL without a host. */
function host(value: string) {
  if (value.trim() === '') throw new InvalidArgumentError('must be an address or host name.');
  return value.trim();
}

/** `users=100000,groups=10000`: counts of the kinds the generator knows. */
function generateCounts(value: string): Partial<GenerateCounts> {
  const counts: Partial<GenerateCounts> = {};
  for (const pair of value.split(',')) {
    const [kind, n] = pair.split('=');
    if (!generatedKinds.includes(kind as keyof GenerateCounts)) {
      throw new InvalidArgumentError(`unknown kind ${kind}; one of ${generatedKinds.join(', ')}.`);
    }
    counts[kind as keyof GenerateCounts] = integer(0, 10_000_000)(n ?? '');
  }
  return counts;
}

/** A boolean from the environment: commander would take any value, `0` and `false` included, as on. */
const isOn = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

function fail(line: string): never {
  process.stderr.write(`mock-api: ${line}\n`);
  process.exit(EXIT_USAGE);
}

/** `onStarted` receives the server that `start` started. */
export function buildCli(onStarted: (server: RunningServer) => void = () => {}) {
  const program = new Command('mock-api')
    .description('A stateful simulator of the Social Platform REST API (/api/1) for client tests')
    .exitOverride();

  program
    .command('start')
    .description('start the server on the embedded default world (or your fixtures)')
    .addOption(new Option('-p, --port <n>', 'port to listen on; 0 picks a free one').env('PORT').default(8080).argParser(integer(0, 65535)))
    .addOption(new Option('-H, --host <address>', 'interface to listen on').env('MOCK_API_HOST').default('127.0.0.1').argParser(host))
    .addOption(new Option('-f, --fixtures <dir>', 'a directory of fixture JSON files to use instead of the default world').env('MOCK_API_FIXTURES'))
    .addOption(new Option('-s, --seed <n>', 'add seeded generated data (users, groups, ...); one seed, one world').env('MOCK_API_SEED').argParser(integer(0, 2 ** 31 - 1)))
    .addOption(new Option('--generate <counts>', 'with --seed: records per kind, e.g. users=100000,groups=10000').argParser(generateCounts))
    .addOption(new Option('--signups <state>', 'whether POST /auth/register accepts new accounts').choices(['open', 'closed']).env('MOCK_API_SIGNUPS'))
    .addOption(new Option('--session-limit <n>', 'simultaneous sessions per user (default 10)').env('MOCK_API_SESSION_LIMIT').argParser(integer(1, 100000)))
    .addOption(new Option('--user-agent <mode>', 'strict: 403 with waf_code 13799 for a missing or placeholder User-Agent').choices(['any', 'strict']).env('MOCK_API_USER_AGENT'))
    .addOption(new Option('--session-ttl <minutes>', 'lifetime of a session on the world clock (default 1440)').env('MOCK_API_SESSION_TTL').argParser(integer(1, 10_000_000)))
    .addOption(new Option('--scenario <file...>', 'scenario files of scripted failures, active from the start'))
    .addOption(new Option('-q, --quiet', 'print only the listening line, no request log (env MOCK_API_QUIET=1)'))
    .action(async (opts) => {
      const settings: Record<string, unknown> = {};
      if (opts.signups) settings.signups = opts.signups;
      if (opts.sessionLimit) settings.sessionLimit = opts.sessionLimit;
      if (opts.userAgent) settings.userAgent = opts.userAgent;
      if (opts.sessionTtl) settings.sessionTtlMinutes = opts.sessionTtl;
      // From the listening line on, a signal stops the server cleanly, even while it is still loading.
      let server: RunningServer | undefined;
      const stop = () => void (server?.close() ?? Promise.resolve()).then(() => process.exit(0));
      try {
        const scenarios = ((opts.scenario as string[] | undefined) ?? []).map(readScenarioFile);
        server = await startServer({
          scenarios,
          port: opts.port,
          host: opts.host,
          fixturesDir: opts.fixtures,
          seed: opts.seed ?? (opts.generate ? 1 : undefined),
          generate: opts.generate,
          settings,
          log: opts.quiet || isOn(process.env.MOCK_API_QUIET) ? undefined : (line) => process.stdout.write(`${line}\n`),
          onListening: (url) => {
            // Handlers first: a client may signal as soon as it reads the line.
            process.once('SIGINT', stop);
            process.once('SIGTERM', stop);
            process.stdout.write(`mock-api listening on ${url}\nmock-api pipeline on ${pipelineUrlOf(url)}\n`);
          },
        });
      } catch (error) {
        if (error instanceof FixtureError) fail(`invalid ${error.kind} ${error.message}`);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE') fail(`port ${opts.port} is already in use on ${opts.host}`);
        if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`cannot listen on host ${opts.host}`);
        if (code === 'EACCES') fail(`no permission to listen on port ${opts.port}`);
        throw error;
      }
      onStarted(server);
    });

  program
    .command('totp')
    .description("print the current 2FA code for a base32 secret (e.g. carol's), for curl sessions")
    .argument('<secret>', 'base32 TOTP secret')
    .action((secret: string) => {
      try {
        process.stdout.write(`${totp(secret, Date.now())}\n`);
      } catch {
        fail('the secret must be base32 (A-Z, 2-7)');
      }
    });

  return program;
}

/** Runs the command line; resolves to the server once `start` has one listening. */
export async function main(argv: string[]): Promise<RunningServer | undefined> {
  let started: RunningServer | undefined;
  try {
    await buildCli((server) => (started = server)).parseAsync(argv);
    return started;
  } catch (error) {
    if (error instanceof CommanderError) {
      const ok = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0;
      process.exit(ok ? 0 : EXIT_USAGE);
    }
    process.stderr.write(`mock-api: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
