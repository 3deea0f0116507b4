import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'mock-api.cjs');

function run(args: string[], cwd = root) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 15_000, cwd });
}

/** Starts the CLI in `cwd`, reads its URL and answers it with a way to stop the server. */
async function started(args: string[], cwd: string) {
  const child = spawn(process.execPath, [bin, 'start', '--port', '0', '--quiet', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
  const url = /listening on (\S+)/.exec(line)![1]!;
  return { url, origin: new URL(url).origin, stop: () => child.kill('SIGTERM') };
}

describe('mock-api --version', () => {
  it("prints the package's version", () => {
    const result = run(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });
});

describe('mock-api conformance --against', () => {
  it('names the URL and the cause when nothing answers there, exit code 2', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const result = run(['conformance', '--against', `http://127.0.0.1:${port}/api/1`]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`mock-api: cannot reach http://127.0.0.1:${port}/api/1: ECONNREFUSED\n`);
    expect(result.stdout).toBe('');
  });
});

describe('mock-api start --scenario', () => {
  it("finds the package's ready-made scenario by name from any directory", async () => {
    const server = await started(['--scenario', 'flaky-network'], mkdtempSync(join(tmpdir(), 'mock-api-elsewhere-')));
    const rules = (await (await fetch(`${server.origin}/_mock/scenarios`)).json()) as { scenario: string }[];
    server.stop();
    expect(rules.map((rule) => rule.scenario)).toContain('flaky-network');
  });

  it('finds it as the docs write it, scenarios/<name>.json, outside the package', async () => {
    const server = await started(['--scenario', 'scenarios/login-rate-limited.json'], mkdtempSync(join(tmpdir(), 'mock-api-elsewhere-')));
    const rules = (await (await fetch(`${server.origin}/_mock/scenarios`)).json()) as { scenario: string }[];
    server.stop();
    expect(rules.map((rule) => rule.scenario)).toContain('login-rate-limited');
  });

  it('names an unknown scenario and the ready-made ones, exit code 2', () => {
    const result = run(['start', '--port', '0', '--scenario', 'flakey-network']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^mock-api: no scenario file flakey-network, nor a ready-made scenario of that name \(.*flaky-network.*\)\n$/,
    );
  });
});

describe('mock-api start --fixtures', () => {
  it('refuses a misspelt fixture file name, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-api-fixtures-'));
    writeFileSync(join(dir, 'userz.json'), '[]');
    const result = run(['start', '--port', '0', '--fixtures', dir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^mock-api: invalid fixture ${join(dir, 'userz.json')}: is not a fixture file: the names are .*users\\.json`),
    );
  });
});

describe('mock-api start --generate', () => {
  it('is refused without --seed', () => {
    const result = run(['start', '--port', '0', '--generate', 'users=10']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('mock-api: --generate needs --seed <n>: one seed, one world\n');
  });
});

describe("docs/cli.md's table", () => {
  it('lists every flag of mock-api start', () => {
    const help = run(['start', '--help']).stdout;
    const flags = [...help.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((match) => match[1]!).filter((flag) => flag !== '--help');
    const page = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
    const table = page.slice(page.indexOf('| flag | env |'), page.indexOf('\n\n', page.indexOf('| flag | env |')));
    expect(flags.length).toBeGreaterThan(10);
    expect(flags.filter((flag) => !table.includes(`\`${flag}`) && !table.includes(`, ${flag}`))).toEqual([]);
  });
});

describe("docs/cli.md's record and drift tables", () => {
  it.each(['record', 'drift'])('list every flag of mock-api %s', (command) => {
    const help = run([command, '--help']).stdout;
    const flags = [...help.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((match) => match[1]!).filter((flag) => flag !== '--help');
    const page = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
    const start = page.indexOf('| flag | default |', page.indexOf(`\`mock-api ${command} `));
    const table = page.slice(start, page.indexOf('\n\n', start));
    expect(flags.length).toBeGreaterThan(2);
    expect(flags.filter((flag) => !table.includes(`\`${flag}`) && !table.includes(`, ${flag}`))).toEqual([]);
  });
});

describe('mock-api start --max-memory', () => {
  it('sets the process budget that /_mock/limits reports, in bytes', async () => {
    const server = await started(['--max-memory', '512MiB'], root);
    const limits = (await (await fetch(`${server.origin}/_mock/limits`)).json()) as {
      maxMemory: number;
      limits: Record<string, { value: number }>;
    };
    server.stop();
    expect(limits.maxMemory).toBe(512 * 1024 * 1024);
    expect(limits.limits.socketsPerSession!.value).toBe(10);
  });

  it('prints its default for this machine in readable units in start --help', () => {
    const help = run(['start', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/at most 4GiB: here \d+(\.\d{1,2})? (GiB|MiB)\)/);
  });

  it('takes a size as --help prints it, a fraction and a space included', async () => {
    const server = await started(['--max-memory', '1.5 GiB'], root);
    const { maxMemory } = (await (await fetch(`${server.origin}/_mock/limits`)).json()) as { maxMemory: number };
    server.stop();
    expect(maxMemory).toBe(1.5 * 1024 ** 3);
  });

  it('refuses a size it cannot read, exit code 2', () => {
    const result = run(['start', '--port', '0', '--max-memory', 'lots']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      "option '--max-memory <size>' argument 'lots' is invalid. must be bytes or a size such as 512MiB or 2GiB, at least 64MiB.",
    );
  });
});

describe('mock-api start --session-limit', () => {
  it('refuses 0 with a usage error, exit code 2', () => {
    const result = run(['start', '--port', '0', '--session-limit', '0']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("error: option '--session-limit <n>' argument '0' is invalid. must be a whole number from 1 to 100000.\n");
    expect(result.stdout).toBe('');
  });

  it('refuses MOCK_API_SESSION_LIMIT=0 from the environment the same way', () => {
    const result = spawnSync(process.execPath, [bin, 'start', '--port', '0'], {
      encoding: 'utf8',
      timeout: 15_000,
      cwd: root,
      env: { ...process.env, MOCK_API_SESSION_LIMIT: '0' },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "error: option '--session-limit <n>' value '0' from env 'MOCK_API_SESSION_LIMIT' is invalid. must be a whole number from 1 to 100000.\n",
    );
  });

  it('starts with 1, the smallest, which /_mock/settings then reports', async () => {
    const server = await started(['--session-limit', '1'], root);
    const settings = (await (await fetch(`${server.origin}/_mock/settings`)).json()) as { sessionLimit: number };
    server.stop();
    expect(settings.sessionLimit).toBe(1);
  });
});

describe('mock-api start --session-ttl', () => {
  it('refuses one minute past a year with a usage error, exit code 2', () => {
    const result = run(['start', '--port', '0', '--session-ttl', '525601']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "error: option '--session-ttl <minutes>' argument '525601' is invalid. must be a whole number from 1 to 525600.\n",
    );
  });

  it('starts with a year, the longest, which /_mock/settings then reports', async () => {
    const server = await started(['--session-ttl', '525600'], root);
    const settings = (await (await fetch(`${server.origin}/_mock/settings`)).json()) as { sessionTtlMinutes: number };
    server.stop();
    expect(settings.sessionTtlMinutes).toBe(525_600);
  });
});
