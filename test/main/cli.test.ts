import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { viewFieldNames } from '../../src/schema/view.js';
import { messages } from '../../src/errors.js';
import { parseFixtures } from '../../src/store/fixtures/fixtures.js';
import { fileDataBytes } from '../../src/store/upload-bytes.js';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'mock-api.cjs');

function run(args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 15_000 });
}

function runAsync(args: string[]) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function fixtureDir(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-fixtures-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

describe('mock-api start', () => {
  it('prints its URL, serves logins over real HTTP and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [bin, 'start', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout! });
    // Both lines may come in one chunk: collect them rather than wait for each in turn.
    const [first, second] = await new Promise<string[]>((resolve, reject) => {
      const seen: string[] = [];
      lines.on('line', (line) => seen.push(line) === 2 && resolve(seen));
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const url = /^mock-api listening on (http:\/\/127\.0\.0\.1:\d+\/api\/1)$/.exec(first!)?.[1];
    expect(url, first).toBeDefined();
    expect(url).not.toMatch(/:0\//);
    expect(second).toBe(`mock-api pipeline on ${url!.replace('http:', 'ws:').replace(/\/api\/1$/, '/')}`);

    const login = await fetch(`${url}/auth/user`, { headers: { authorization: encodeBasic('alice', 'alice-password') } });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = await fetch(`${url}/auth/user`, { headers: { cookie } });
    expect(((await me.json()) as { username: string }).username).toBe('alice');

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it.each([
    ['1', 0],
    ['0', 1],
  ])('logs requests or not as MOCK_API_QUIET=%s says', async (quiet, logLines) => {
    const child = spawn(process.execPath, [bin, 'start', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MOCK_API_QUIET: quiet },
    });
    const lines: string[] = [];
    const url = await new Promise<string>((resolve) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line);
        if (lines.length === 1) resolve(/listening on (\S+)/.exec(line)![1]!);
      });
    });
    await (await fetch(`${url}/auth/user`)).text();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(lines.filter((line) => line.startsWith('GET /api/1/auth/user 401'))).toHaveLength(logLines);
  });

  it('exits 0 on SIGTERM sent the moment it prints its URL, while it is still loading', async () => {
    const child = spawn(process.execPath, [bin, 'start', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a port that is in use with one line on stderr and exit code 2', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const result = await runAsync(['start', '--port', String(port)]);
    taken.close();
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`mock-api: port ${port} is already in use on 127.0.0.1\n`);
    expect(result.stdout).toBe('');
  });

  it('rejects a bad port with one line on stderr and exit code 2', () => {
    const result = run(['start', '--port', 'abc']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("error: option '-p, --port <n>' argument 'abc' is invalid. must be a whole number from 0 to 65535.\n");
  });

  it('rejects a bad PORT from the environment the same way', () => {
    const result = spawnSync(process.execPath, [bin, 'start'], { encoding: 'utf8', timeout: 15_000, env: { ...process.env, PORT: 'xyz' } });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "error: option '-p, --port <n>' value 'xyz' from env 'PORT' is invalid. must be a whole number from 0 to 65535.\n",
    );
  });

  it('rejects an empty host instead of listening on every interface', () => {
    const result = run(['start', '--port', '0', '--host', '']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("error: option '-H, --host <address>' argument '' is invalid. must be an address or host name.\n");
  });

  it('names the file and field of an invalid fixture, exit code 2', () => {
    const dir = fixtureDir({ 'users.json': JSON.stringify([{ id: 'usr_x', username: 'x', displayName: 'x', password: 'p', email: '' }]) });
    const result = run(['start', '--port', '0', '--fixtures', dir]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      `mock-api: invalid fixture ${join(dir, 'users.json')}: [0].id: must be usr_ followed by a UUID (usr_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)`,
    );
  });

  it("refuses fixtures whose files' inline data pass --max-memory's share for uploads, exit code 2", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-api-fixtures-'));
    cpSync(join(import.meta.dirname, '..', '..', 'fixtures'), dir, { recursive: true });
    const files = JSON.parse(readFileSync(join(dir, 'files.json'), 'utf8')) as { versions: { file?: { data?: string } }[] }[];
    // --max-memory 64MiB gives uploads a quarter: 16 MiB. One byte more, inline in a fixture file.
    const bytes = 16 * 1024 * 1024 + 1;
    files[0]!.versions.at(-1)!.file = { ...files[0]!.versions.at(-1)!.file, data: Buffer.alloc(bytes, 1).toString('base64') };
    writeFileSync(join(dir, 'files.json'), JSON.stringify(files));
    const result = run(['start', '--port', '0', '--max-memory', '64MiB', '--fixtures', dir]);
    expect(result.status).toBe(2);
    const held = fileDataBytes(parseFixtures({ files }).files);
    expect(held).toBeGreaterThan(16 * 1024 * 1024);
    expect(result.stderr.trim()).toBe(
      `mock-api: invalid fixture ${join(dir, 'files.json')}: ${messages.fixtureBytesProcessFull(held, 16 * 1024 * 1024)}`,
    );
  });

  it('names a fixture file that is not JSON', () => {
    const dir = fixtureDir({ 'groups.json': '[{' });
    const result = run(['start', '--port', '0', '--fixtures', dir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${join(dir, 'groups.json')}: is not valid JSON`);
  });

  it('names a fixtures directory that does not exist', () => {
    const result = run(['start', '--fixtures', '/no/such/dir']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('mock-api: invalid fixture /no/such/dir: is not a readable directory');
  });

  it('documents every flag in start --help', () => {
    const result = run(['start', '--help']);
    expect(result.status).toBe(0);
    for (const flag of ['--port', '--host', '--fixtures', '--seed', '--signups', '--session-limit', '--quiet']) {
      expect(result.stdout).toContain(flag);
    }
  });
});

describe('the built CLI', () => {
  it('knows the fields of every view as the schemas list them', async () => {
    await import('../../src/main/app.js');
    const built = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'view-fields.json'), 'utf8'));
    expect(built).toEqual(viewFieldNames());
    expect(built.CurrentUser).toContain('displayName');
  });

  it('answers every operation from state, and what the description alone gives with the engine it loads on first use', async () => {
    const child = spawn(process.execPath, [bin, 'start', '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
      const url = /listening on (\S+)/.exec(first)![1]!;
      const listed = (await (await fetch(`${new URL(url).origin}/_mock/operations`)).json()) as { operations: { answer: string }[] };
      // every operation but those the live service retired, which answer its generic 404
      expect(listed.operations.filter((op) => op.answer !== 'stateful' && op.answer !== 'retired')).toEqual([]);
      const config = await fetch(`${url}/config`);
      expect(((await config.json()) as { clientApiKey: unknown }).clientApiKey).toBe('JlE5Jldo5Jibnk5O5hTx6XVqsJu4WJ26');
      const login = await fetch(`${url}/auth/user`, { headers: { authorization: encodeBasic('alice', 'alice-password') } });
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
      const status = await fetch(`${url}/user/usr_a11ce000-0000-4000-8000-000000000001/economy/payouts/status`, { headers: { cookie } });
      expect(status.headers.get('x-mock-answer')).toBe('stateful');
      expect(((await status.json()) as { earningsBalance: unknown }).earningsBalance).toBe(240);
      const retired = await fetch(`${url}/tilia/status`, { headers: { cookie } });
      expect(retired.status).toBe(404);
      expect(await retired.json()).toEqual({
        error: "The endpoint you're looking for is not implemented by our system.",
        status_code: 404,
      });
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('mock-api totp', () => {
  it('prints a six-digit code for a base32 secret', () => {
    const result = run(['totp', 'JBSWY3DPEHPK3PXP']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d{6}$/);
  });
});
