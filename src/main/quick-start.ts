// `mock-api start` in its common forms, read without commander: loading commander and declaring every
// command and option is a part of a start that these forms need not pay (bench/README.md). Anything else (another command, another option, a value
// that is not plainly valid, an option's environment variable) is left to commander, which reads it
// as before and words its errors.
import type { StartCommandOptions } from './start-command.js';

/** The environment variables of `start`'s options that this reading takes. */
export const TAKEN_ENV = ['PORT', 'MOCK_API_HOST', 'MOCK_API_PID_FILE'];
/** Those of its other options: when one is set, commander reads the command line. */
export const LEFT_ENV = [
  'MOCK_API_FIXTURES',
  'MOCK_API_SEED',
  'MOCK_API_DB',
  'MOCK_API_GENERATE',
  'MOCK_API_SIGNUPS',
  'MOCK_API_SESSION_LIMIT',
  'MOCK_API_MAX_WORLDS',
  'MOCK_API_WORLD_IDLE_MINUTES',
  'MOCK_API_MAX_MEMORY',
  'MOCK_API_CONTROL_TOKEN',
  'MOCK_API_USER_AGENT',
  'MOCK_API_SESSION_TTL',
  'MOCK_API_SCENARIO',
  'MOCK_API_PROFILE',
  'MOCK_API_HAR_SECRETS',
];

const port = (value: string) => (/^\d{1,5}$/.test(value) && Number(value) <= 65535 ? Number(value) : undefined);
const host = (value: string) => (value !== '' && value.trim() === value ? value : undefined);
const file = (value: string) => value;

const VALUED: Record<string, { key: 'port' | 'host' | 'pidFile'; read: (value: string) => number | string | undefined }> = {
  '-p': { key: 'port', read: port },
  '--port': { key: 'port', read: port },
  '-H': { key: 'host', read: host },
  '--host': { key: 'host', read: host },
  '--pid-file': { key: 'pidFile', read: file },
};
const FLAGS: Record<string, 'quiet' | 'outliveParent'> = { '-q': 'quiet', '--quiet': 'quiet', '--outlive-parent': 'outliveParent' };

/** The options commander would give `start` for `args` (the command line after node and the script), or undefined to ask it. */
export function quickStartOptions(args: string[], env: NodeJS.ProcessEnv): StartCommandOptions | undefined {
  if (args[0] !== 'start') return undefined;
  if (LEFT_ENV.some((name) => env[name] !== undefined)) return undefined;
  const given: Partial<Record<'port' | 'host' | 'pidFile', string>> = {};
  const options: Partial<StartCommandOptions> = {};
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    const flag = FLAGS[name];
    if (flag && equals < 0) options[flag] = true;
    else if (VALUED[name]) {
      const value = equals > 0 ? arg.slice(equals + 1) : args[++i];
      if (value === undefined || value.startsWith('-')) return undefined;
      given[VALUED[name].key] = value;
    } else return undefined;
  }
  const port = readValue('--port', given.port ?? env.PORT, 8080);
  const host = readValue('--host', given.host ?? env.MOCK_API_HOST, '127.0.0.1');
  const pidFile = given.pidFile ?? env.MOCK_API_PID_FILE;
  if (port === undefined || host === undefined) return undefined;
  return { port, host, ...(pidFile === undefined ? {} : { pidFile }), ...options } as StartCommandOptions;
}

function readValue<T>(name: string, value: string | undefined, fallback: T): T | undefined {
  return value === undefined ? fallback : (VALUED[name]!.read(value) as T | undefined);
}
