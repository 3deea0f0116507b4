// The built CLI as `npm run build` leaves it: our code in chunks that load their packages from
// node_modules, the heavy ones only when a run needs them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { CLIENT_API_KEY, makeGeneratedConfig } from '../../src/areas/miscellaneous/system.js';
import { generateBody } from '../../src/operations/generate.js';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'mock-api.cjs');
const recorder = join(root, 'test', 'support', 'record-loads.mjs');
const alice = { authorization: encodeBasic('alice', 'alice-password') };

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

/** `mock-api start` with a record of the packages it loads (test/support/record-loads.mjs). */
async function startRecorded(args: string[] = []) {
  const loadsFile = join(mkdtempSync(join(tmpdir(), 'mock-api-loads-')), 'loads.txt');
  writeFileSync(loadsFile, '');
  const child = spawn(process.execPath, ['--import', recorder, bin, 'start', '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MOCK_API_LOADS: loadsFile },
  });
  children.push(child);
  const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const url = /listening on (\S+)/.exec(first)![1]!;
  const lines = () => readFileSync(loadsFile, 'utf8').split('\n');
  return {
    url,
    packages: () => new Set(lines().flatMap((line) => (line.startsWith('package ') ? [line.slice('package '.length)] : []))),
    /** Stops it and answers what it recorded at exit. */
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return lines();
    },
  };
}

describe('the built CLI', () => {
  it('answers a first login without loading commander, zod, the generated-answer engine, the seed generator or the database file', async () => {
    const server = await startRecorded();
    expect((await fetch(`${server.url}/auth/user`, { headers: alice })).status).toBe(200);
    const packages = server.packages();
    for (const name of ['hono', '@hono/node-server']) expect(packages).toContain(name);
    for (const name of ['commander', 'zod', 'ajv', 'ajv-formats', 'json-schema-faker', '@faker-js/faker', 'lowdb'])
      expect(packages).not.toContain(name);
  });

  it('loads zod for the first request whose input it checks', async () => {
    const server = await startRecorded();
    const refused = await fetch(`${server.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(400);
    expect(server.packages()).toContain('zod');
  });

  it("answers the default world's first GET /config from the build, and loads the engine for a world of another seed", async () => {
    const engine = ['ajv', 'ajv-formats', 'json-schema-faker'];
    const server = await startRecorded();
    const config = await fetch(`${server.url}/config`);
    expect(config.status).toBe(200);
    for (const name of engine) expect(server.packages()).not.toContain(name);

    // What the build wrote is what the engine makes for that seed.
    const built = JSON.parse(readFileSync(join(root, 'dist', 'generated-configs.json'), 'utf8')) as Record<string, unknown>;
    const [seed, generated] = Object.entries(built)[0]!;
    expect(generated).toEqual(makeGeneratedConfig(Number(seed), generateBody));
    const answer = (await config.json()) as Record<string, unknown>;
    expect(answer.clientApiKey).toBe(CLIENT_API_KEY);
    // Every generated field the answer does not set to the real service's value comes from the build.
    const setByServer = ['clientApiKey', 'announcements', 'homeWorldId', 'hubWorldId', 'tutorialWorldId', 'disableRegistration'];
    const fromBuild = Object.entries(generated as object).filter(
      ([field]) => !setByServer.includes(field) && !field.startsWith('websocket'),
    );
    expect(fromBuild.length).toBeGreaterThan(50);
    for (const [field, value] of fromBuild) expect(answer[field], field).toEqual(value);

    const generatedWorlds = await startRecorded(['--seed', '7', '--generate', 'worlds=3']);
    expect((await fetch(`${generatedWorlds.url}/config`)).status).toBe(200);
    for (const name of engine) expect(generatedWorlds.packages()).toContain(name);
  });

  it('loads commander for options past the common ones, the generator for --seed and the database file for --db', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-api-db-'));
    const server = await startRecorded(['--seed', '7', '--generate', 'users=10', '--db', join(dir, 'world.json')]);
    expect(server.packages()).toContain('commander');
    expect(server.packages()).toContain('@faker-js/faker');
    expect(server.packages()).toContain('lowdb');
  });

  it("names src/ in a trace, at the lines Node's own source maps give", () => {
    const traced = (setUp: string, flags: string[] = []) =>
      spawnSync(
        process.execPath,
        [
          ...flags,
          '--input-type=module',
          '-e',
          `${setUp} const { startServer } = await import(${JSON.stringify(pathToFileURL(join(root, 'dist', 'index.js')).href)});
          await startServer({ fixturesDir: 'no-such-dir' }).catch((error) => console.log(error.stack));`,
        ],
        { encoding: 'utf8', timeout: 15_000 },
      ).stdout;
    // What the bin does before it runs the CLI.
    const ours = traced(`(await import(${JSON.stringify(pathToFileURL(join(root, 'dist', 'cli.js')).href)})).mapStackTraces();`);
    expect(ours).toMatch(/^Error: no-such-dir: is not a readable directory\n/);
    expect(ours).toContain(`(${join(root, 'src', 'store', 'fixtures', 'fixture-dir.ts')}:`);
    expect(ours).toContain(`(${join(root, 'src', 'main', 'index.ts')}:`);
    expect(ours).toBe(traced('', ['--enable-source-maps']));
    const map = JSON.parse(readFileSync(join(root, 'dist', 'cli.js.map'), 'utf8'));
    expect(map.sources).toContain('../src/main/cli.ts');
  });
});

describe('a checkout without a build', () => {
  it('says in one line what to run, exit code 1', () => {
    const copy = mkdtempSync(join(tmpdir(), 'mock-api-clone-'));
    cpSync(join(root, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(root, 'package.json'), join(copy, 'package.json'));
    expect(existsSync(join(copy, 'dist'))).toBe(false);
    const result = spawnSync(process.execPath, [join(copy, 'bin', 'mock-api.cjs'), 'start'], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`mock-api: not built yet: run \`npm run build\` in ${copy}\n`);
  });
});

describe('what the build writes beside the code', () => {
  it('reach the built server as the schemas read them: the build validates the default world once', () => {
    const built = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'default-world.json'), 'utf8'));
    expect(built).toStrictEqual(readFixtureDir(defaultFixturesDir));
  });

  it('is served by the built server from dist/console.js, which a package ships instead of the TypeScript', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'mock-api-console-'));
    for (const dir of ['bin', 'dist', 'fixtures']) cpSync(join(root, dir), join(copy, dir), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
    writeFileSync(join(copy, 'package.json'), '{"type":"module"}');
    const built = readFileSync(join(copy, 'dist', 'console.js'), 'utf8');
    expect(built).toContain('new EventSource(');
    writeFileSync(join(copy, 'dist', 'console.js'), `${built}// the copy's own\n`);
    const child = spawn(process.execPath, [join(copy, 'bin', 'mock-api.cjs'), 'start', '--port', '0', '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
      const origin = /listening on (\S+)/.exec(first)![1]!.replace('/api/1', '');
      const served = await fetch(`${origin}/_mock/console.js`);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe(`${built}// the copy's own\n`);
    } finally {
      child.kill('SIGTERM');
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
