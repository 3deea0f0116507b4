import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCli } from '../../src/main/cli-program.js';
import { LEFT_ENV, quickStartOptions, TAKEN_ENV } from '../../src/main/quick-start.js';

const ALL_ENV = ['PORT', 'MOCK_API_HOST', 'MOCK_API_PID_FILE', ...LEFT_ENV];

/** The options commander gives `start` for `args` under `env`, without starting anything. */
async function commanderOptions(args: string[], env: Record<string, string> = {}) {
  for (const name of ALL_ENV) vi.stubEnv(name, env[name]);
  const program = buildCli();
  let options: unknown;
  program.commands.find((command) => command.name() === 'start')!.action((opts) => void (options = opts));
  program.configureOutput({ writeErr: () => {}, writeOut: () => {} });
  await program.parseAsync(['node', 'mock-api', ...args]);
  return options;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('reading `start` without commander', () => {
  it.each([
    [['start']],
    [['start', '--port', '0', '--quiet']],
    [['start', '-p', '9000', '-q']],
    [['start', '--port=0', '--host=localhost']],
    [['start', '-H', '0.0.0.0', '--port', '65535']],
    [['start', '--host', '::1', '--pid-file', '/tmp/mock.pid', '--outlive-parent']],
    [['start', '--pid-file=run/pid', '--port', '1', '--port', '00080']],
    [['start', '--quiet', '--quiet']],
  ])('gives what commander gives for %j', async (args) => {
    const quick = quickStartOptions(args, {});
    expect(quick).toBeDefined();
    expect(quick).toEqual(await commanderOptions(args));
  });

  it.each([
    [{ PORT: '3000' }, ['start']],
    [{ PORT: '3000' }, ['start', '--port', '0']],
    [{ MOCK_API_HOST: 'localhost', MOCK_API_PID_FILE: 'x.pid' }, ['start', '--quiet']],
    [{ MOCK_API_HOST: 'localhost' }, ['start', '-H', '127.0.0.1']],
  ])('takes the environment as commander does: %j with %j', async (env, args) => {
    const quick = quickStartOptions(args, env);
    expect(quick).toBeDefined();
    expect(quick).toEqual(await commanderOptions(args, env));
  });

  it.each([
    [['export', 'out']],
    [['--version']],
    [['start', '--help']],
    [['start', '--seed', '1']],
    [['start', '--port', 'abc']],
    [['start', '--port', '65536']],
    [['start', '--port', ' 80']],
    [['start', '--port']],
    [['start', '--port', '-1']],
    [['start', '-qp', '0']],
    [['start', '-p0']],
    [['start', '--quiet=yes']],
    [['start', '--host', '']],
    [['start', 'extra']],
    [['start', '--', '--port', '0']],
  ])('leaves %j to commander', (args) => {
    expect(quickStartOptions(args, {})).toBeUndefined();
  });

  it('leaves a start to commander when the environment sets an option it does not take, or a value it would not', () => {
    for (const name of LEFT_ENV) expect(quickStartOptions(['start'], { [name]: '1' }), name).toBeUndefined();
    expect(quickStartOptions(['start'], { PORT: '' })).toBeUndefined();
    expect(quickStartOptions(['start'], { PORT: 'http' })).toBeUndefined();
    expect(quickStartOptions(['start'], { MOCK_API_HOST: ' ' })).toBeUndefined();
  });

  it("knows every environment variable of start's options", () => {
    const start = buildCli().commands.find((command) => command.name() === 'start')!;
    const envs = start.options.flatMap((option) => (option.envVar ? [option.envVar] : []));
    expect([...envs].sort()).toEqual([...TAKEN_ENV, ...LEFT_ENV].sort());
  });
});
