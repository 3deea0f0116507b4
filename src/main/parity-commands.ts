// `mock-api record` and `mock-api drift`: is the simulator right about the live service? (docs/parity.md).
// Their modules (src/parity/) load only when one of them runs.
import { type Command, Option } from 'commander';
import type { HarSecrets } from '../control/har-types.js';
import type { Profile } from '../live-profile.js';
import { fail } from './start-command.js';

export interface RecordCommandOptions {
  upstream: string;
  pipelineUpstream?: string;
  out: string;
  port: number;
  host: string;
  harSecrets?: HarSecrets;
  quiet?: boolean;
}

export interface DriftCommandOptions {
  profile?: Profile;
  user?: string;
  json?: boolean;
}

const httpUrl = (flag: string, value: string | undefined) => {
  if (value !== undefined && !/^(http|ws)s?:\/\/[^/]+/.test(value)) fail(`${flag} must be a URL such as https://api.example.test/api/1`);
};

export async function recordCommand(opts: RecordCommandOptions): Promise<void> {
  httpUrl('--upstream', opts.upstream);
  httpUrl('--pipeline-upstream', opts.pipelineUpstream);
  const { startRecorder, UpstreamUnreachable } = await import('../parity/record.js');
  const log = opts.quiet ? undefined : (line: string) => process.stdout.write(`${line}\n`);
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  try {
    recorder = await startRecorder({ ...opts, secrets: opts.harSecrets, log });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof UpstreamUnreachable) fail(error.message);
    if (code === 'EADDRINUSE') fail(`port ${opts.port} is already in use on ${opts.host}`);
    if (code && /^E[A-Z]+$/.test(code)) fail(`cannot write ${opts.out} (${code})`);
    throw error;
  }
  const stop = () =>
    void recorder.close().then((entries) => {
      process.stdout.write(`mock-api recorded ${entries} ${entries === 1 ? 'entry' : 'entries'} to ${opts.out}\n`);
      process.exit(0);
    });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(`mock-api recording ${opts.upstream} on ${recorder.url} to ${opts.out}\n`);
}

export async function driftCommand(file: string, opts: DriftCommandOptions): Promise<void> {
  const at = opts.user?.indexOf(':') ?? 0;
  if (opts.user !== undefined && at < 1) fail('--user must be <username:password>');
  const user = opts.user === undefined ? undefined : { username: opts.user.slice(0, at), password: opts.user.slice(at + 1) };
  const [{ readHarFile, HarInputError }, { drift }, report] = await Promise.all([
    import('../parity/har-file.js'),
    import('../parity/drift.js'),
    import('../parity/drift-report.js'),
  ]);
  try {
    const replayed = await drift(readHarFile(file), { file, profile: opts.profile, user });
    const summary = report.summarize(replayed);
    if (opts.json) process.stdout.write(`${JSON.stringify(report.driftJson(replayed), null, 2)}\n`);
    else process.stdout.write([...report.differenceLines(replayed), report.summaryLine(summary)].map((line) => `${line}\n`).join(''));
    process.exitCode = report.differs(summary) ? 1 : 0;
  } catch (error) {
    if (error instanceof HarInputError) fail(error.message);
    throw error;
  }
}

export function addParityCommands(program: Command, port: (value: string) => number) {
  program
    .command('record')
    .description('a proxy to point a client at instead of the live service: forwards each request and writes the pairs to a HAR file')
    .addOption(new Option('--upstream <url>', 'the service to forward to, e.g. https://api.example.test/api/1').makeOptionMandatory())
    .addOption(new Option('--pipeline-upstream <url>', "the event socket's URL (default: the upstream's origin as ws(s)://)"))
    .addOption(new Option('-o, --out <file>', 'the HAR file to write').default('session.har'))
    .addOption(new Option('-p, --port <n>', 'port to listen on; 0 picks a free one').default(8080).argParser(port))
    .addOption(new Option('-H, --host <address>', 'interface to listen on').default('127.0.0.1'))
    .addOption(new Option('--har-secrets <mode>', 'keep: the file keeps cookies, authorizations and tokens').choices(['redact', 'keep']))
    .addOption(new Option('-q, --quiet', 'print no line per request'))
    .action((opts: RecordCommandOptions) => recordCommand(opts));

  program
    .command('drift')
    .description("replay a HAR's requests against a fresh simulator and report where its answers differ from the recorded ones")
    .argument('<file>', 'the HAR file (from mock-api record, a browser, or GET /_mock/requests.har)')
    .addOption(new Option('--profile <name>', 'the profile of the simulator replayed against').choices(['seed', 'live']))
    .addOption(new Option('--user <username:password>', "the simulator's user to log in as, when the recording's login is redacted"))
    .addOption(new Option('--json', 'print the differences and the summary as JSON'))
    .action((file: string, opts: DriftCommandOptions) => driftCommand(file, opts));
}
