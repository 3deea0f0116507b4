// The command line as commander reads it: every command, option, environment variable and message.
// Loaded for any command line the quick reading of `start` (quick-start.ts) does not take.
import { existsSync, readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { RunningServer } from './server.js';
import { exportSandbox, isDbTarget } from './export.js';
import { FixtureError } from '../store/fixtures/fixtures.js';
import { DbError } from '../store/persistence/db-error.js';
import { totp } from '../areas/authentication/public.js';
import { stopByPidFile } from './pid-file.js';
import { scenarioProblems } from '../scenarios/check.js';
import { packageVersion, readyMadeScenarios } from './package-files.js';
import { generatedKinds, type GenerateCounts } from '../store/generators/counts.js';
import { defaultMaxMemory, formatMemorySize, parseMemorySize } from '../limits.js';
import { MAX_SESSION_TTL_MINUTES } from '../store/records/settings.js';
import { EXIT_USAGE, fail, startCommand, type StartCommandOptions } from './start-command.js';
import { conformanceCommand, type ConformanceCommandOptions } from './conformance-command.js';
import { addParityCommands } from './parity-commands.js';

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

const MIN_MEMORY = 64 * 1024 * 1024;

/** `--max-memory 1073741824`, `512MiB`, `2GiB`: bytes, at least 64 MiB. */
function memorySize(value: string) {
  const bytes = parseMemorySize(value);
  if (bytes === undefined || bytes < MIN_MEMORY)
    throw new InvalidArgumentError('must be bytes or a size such as 512MiB or 2GiB, at least 64MiB.');
  return bytes;
}

/** `onStarted` receives the server that `start` started. */
export function buildCli(onStarted: (server: RunningServer) => void = () => {}) {
  const program = new Command('mock-api')
    .description('A stateful simulator of the Social Platform REST API (/api/1) for client tests')
    .version(packageVersion(), '-V, --version')
    .exitOverride();

  program
    .command('start')
    .description('start the server on the embedded default world (or your fixtures)')
    .addOption(new Option('-p, --port <n>', 'port to listen on; 0 picks a free one').env('PORT').default(8080).argParser(integer(0, 65535)))
    .addOption(new Option('-H, --host <address>', 'interface to listen on').env('MOCK_API_HOST').default('127.0.0.1').argParser(host))
    .addOption(
      new Option('-f, --fixtures <dir>', 'a directory of fixture JSON files to use instead of the default world').env('MOCK_API_FIXTURES'),
    )
    .addOption(
      new Option('-s, --seed <n>', 'add seeded generated data (users, groups, ...); one seed, one world')
        .env('MOCK_API_SEED')
        .argParser(integer(0, 2 ** 31 - 1)),
    )
    .addOption(
      new Option(
        '--db <file>',
        'keep the default world in this JSON file: loaded at start when it exists; each write is on disk before it is answered',
      ).env('MOCK_API_DB'),
    )
    .addOption(
      new Option('--generate <counts>', 'with --seed: records per kind, e.g. users=100000,groups=10000')
        .env('MOCK_API_GENERATE')
        .argParser(generateCounts),
    )
    .addOption(
      new Option('--signups <state>', 'whether POST /auth/register accepts new accounts')
        .choices(['open', 'closed'])
        .env('MOCK_API_SIGNUPS'),
    )
    .addOption(
      new Option('--session-limit <n>', 'simultaneous sessions per user (default 10)')
        .env('MOCK_API_SESSION_LIMIT')
        .argParser(integer(1, 100000)),
    )
    .addOption(
      new Option('--max-worlds <n>', 'isolated worlds at once (default 100)').env('MOCK_API_MAX_WORLDS').argParser(integer(1, 100000)),
    )
    .addOption(
      new Option('--world-idle-minutes <n>', 'an isolated world unused this long is removed (default 60)')
        .env('MOCK_API_WORLD_IDLE_MINUTES')
        .argParser(integer(1, 10_000_000)),
    )
    .addOption(
      new Option(
        '--max-memory <size>',
        `memory budget of the process that caches, logs and socket queues are held within: bytes or 512MiB, 2GiB (default a quarter of the machine, at most 4GiB: here ${formatMemorySize(defaultMaxMemory())})`,
      )
        .env('MOCK_API_MAX_MEMORY')
        .argParser(memorySize),
    )
    .addOption(
      new Option(
        '--control-token <token>',
        'a token /_mock requests must send as Authorization: Bearer (made and printed when --host is not loopback)',
      ).env('MOCK_API_CONTROL_TOKEN'),
    )
    .addOption(new Option('--allowed-hosts <names...>', 'Host names besides localhost and IP addresses that /_mock and upload URLs accept'))
    .addOption(new Option('--allowed-origins <origins...>', "browser Origins besides the server's own that may call /_mock"))
    .addOption(
      new Option('--user-agent <mode>', 'strict: 403 with waf_code 13799 for a missing or placeholder User-Agent')
        .choices(['any', 'strict'])
        .env('MOCK_API_USER_AGENT'),
    )
    .addOption(
      new Option('--profile <name>', 'live: answer as the live service does where it and the API description differ')
        .choices(['seed', 'live'])
        .env('MOCK_API_PROFILE'),
    )
    .addOption(
      new Option('--session-ttl <minutes>', 'lifetime of a session on the world clock (default 1440)')
        .env('MOCK_API_SESSION_TTL')
        .argParser(integer(1, MAX_SESSION_TTL_MINUTES)),
    )
    .addOption(
      new Option(
        '--scenario <name|file...>',
        `scenario files of scripted failures, active from the start, or ready-made ones by name (${readyMadeScenarios().join(', ')})`,
      ).env('MOCK_API_SCENARIO'),
    )
    .addOption(
      new Option('--har-secrets <mode>', "keep: the journal's HAR (GET /_mock/requests.har) keeps cookies and authorizations")
        .choices(['redact', 'keep'])
        .env('MOCK_API_HAR_SECRETS'),
    )
    .addOption(new Option('-q, --quiet', 'print only the listening line, no request log (env MOCK_API_QUIET=1)'))
    .addOption(
      new Option('--pid-file <file>', 'write the process id there (removed on exit), for `mock-api stop`').env('MOCK_API_PID_FILE'),
    )
    .addOption(new Option('--outlive-parent', 'keep running when the process that started it ends (env MOCK_API_OUTLIVE_PARENT=1)'))
    .action((opts: StartCommandOptions) => startCommand(opts, onStarted));

  program
    .command('export')
    .description('write the default world (from --db, --fixtures, --seed as start takes them) as a fixtures directory, or as a --db file')
    .argument('<target>', 'a directory to write <collection>.json files to, or a file ending in .json to write as a database file')
    .addOption(new Option('--db <file>', 'the database file to export').env('MOCK_API_DB'))
    .addOption(new Option('-f, --fixtures <dir>', 'start from this fixtures directory').env('MOCK_API_FIXTURES'))
    .addOption(new Option('-s, --seed <n>', 'add seeded generated data').env('MOCK_API_SEED').argParser(integer(0, 2 ** 31 - 1)))
    .addOption(new Option('--generate <counts>', 'with --seed: records per kind').argParser(generateCounts))
    .action(async (target: string, opts) => {
      if (opts.generate && opts.seed === undefined) fail('--generate needs --seed <n>: one seed, one world');
      try {
        const files = await exportSandbox(target, { db: opts.db, fixturesDir: opts.fixtures, seed: opts.seed, generate: opts.generate });
        process.stdout.write(
          isDbTarget(target)
            ? `mock-api exported the default world to ${target}\n`
            : `mock-api exported ${files.length} files to ${target}\n`,
        );
      } catch (error) {
        if (error instanceof FixtureError) fail(`invalid ${error.kind} ${error.message}`);
        if (error instanceof DbError) fail(error.message);
        throw error;
      }
    });

  program
    .command('stop')
    .description('stop the server started with --pid-file <file>, waiting until it has exited')
    .addOption(new Option('--pid-file <file>', 'the pid file the server wrote').env('MOCK_API_PID_FILE').makeOptionMandatory())
    .action(async (opts: { pidFile: string }) => {
      if (!existsSync(opts.pidFile)) fail(`no pid file ${opts.pidFile}: is the server running?`);
      const outcome = await stopByPidFile(opts.pidFile);
      if (outcome === 'still-running') fail(`the server in ${opts.pidFile} did not exit within 5 s`);
      if (outcome === 'not-running') process.stdout.write(`mock-api was not running (${opts.pidFile} removed)\n`);
    });

  program
    .command('scenario')
    .description('scenario files')
    .command('check')
    .description('check a scenario file, printing every problem with its JSON path')
    .argument('<file>', 'the scenario file')
    .action((file: string) => {
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        fail(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
      // A file that cannot be used, JSON syntax included, is a problem of the file: exit code 1, as for any other.
      let lines: string[];
      try {
        lines = scenarioProblems(JSON.parse(text.replace(/^\uFEFF/, ''))).map(({ path, message }) => `${path}: ${message}`);
      } catch (error) {
        lines = [`is not valid JSON (${(error as Error).message.replace(/\s+/g, ' ')})`];
      }
      if (lines.length === 0) return void process.stdout.write(`${file}: ok\n`);
      for (const line of lines) process.stdout.write(`${file}: ${line}\n`);
      process.exit(1);
    });

  program
    .command('conformance')
    .description(
      "run the community's conformance suite (Arazzo workflows, with redocly respect) against a simulator it starts, or another server",
    )
    .addOption(
      new Option(
        '--workflows <file>',
        'an Arazzo file to run instead of the shipped suite (its description beside it as the suite names it)',
      ),
    )
    .addOption(
      new Option(
        '--against <url>',
        'the API base URL to test instead of a simulator started for the run, e.g. http://127.0.0.1:8080/api/1',
      ),
    )
    .addOption(
      new Option(
        '--account <file>',
        'with --against: a JSON file {"username","password","totpSecret","email","friendId"}: the account to log in as and a user who is not its friend',
      ),
    )
    .addOption(new Option('--profile <name>', 'the profile of the simulator started for the run').choices(['seed', 'live']))
    .addOption(new Option('--workflow <ids...>', 'run only these workflows'))
    .addOption(new Option('--json', 'print every workflow and step as JSON'))
    .action(async (opts: ConformanceCommandOptions) => conformanceCommand(opts));

  addParityCommands(program, integer(0, 65535));

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

/** Runs the command line: exits 0 after help or the version, EXIT_USAGE on a usage error. */
export async function parseCommandLine(argv: string[], onStarted: (server: RunningServer) => void) {
  try {
    await buildCli(onStarted).parseAsync(argv);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    const ok = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0;
    process.exit(ok ? 0 : EXIT_USAGE);
  }
}
