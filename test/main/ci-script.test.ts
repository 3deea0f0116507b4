// README's CI shell recipe (`# ci.sh`), run as written with `sh` in a project that has mock-api installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { consumerProject } from '../support/consumer-project.js';

const root = join(import.meta.dirname, '..', '..');

/** Every fenced block whose first line is `# ci.sh`, in README.md or under docs/, by the file it is in. */
function ciScripts() {
  const docs = join(root, 'docs');
  const markdown = [
    join(root, 'README.md'),
    ...(existsSync(docs)
      ? readdirSync(docs, { recursive: true, encoding: 'utf8' })
          .filter((name) => name.endsWith('.md'))
          .map((name) => join(docs, name))
      : []),
  ];
  return markdown.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^```\w*\n(# ci\.sh\n[\s\S]*?)^```/gm)].map(
      (match) => [relative(root, file), match[1]!] as const,
    ),
  );
}

/** A port nothing listens on, as the OS hands one out. */
function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function runScript(script: string, port: number) {
  const cwd = consumerProject();
  writeFileSync(join(cwd, 'ci.sh'), script);
  const started = performance.now();
  const result = spawnSync('sh', ['ci.sh'], { cwd, encoding: 'utf8', timeout: 30_000, env: { ...process.env, PORT: String(port) } });
  return { ...result, cwd, seconds: (performance.now() - started) / 1000 };
}

const scripts = ciScripts();

it('README (or docs/) has the CI shell recipe', () => {
  expect(scripts.length).toBeGreaterThan(0);
});

describe.each(scripts)('the `# ci.sh` block of %s', (_file, script) => {
  it('runs green against a free port and leaves no server behind', async () => {
    const port = await freePort();
    const result = runScript(script, port);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`your client's tests against http://127.0.0.1:${port}/api/1`);
    expect(existsSync(join(result.cwd, 'mock-api.pid'))).toBe(false);
    // The trap's `mock-api stop` waits until the server has exited: the port is free again at once.
    (await listen(port)).close();
  });

  it('exits 1 within seconds, printing the start error, when the port is taken', async () => {
    const port = await freePort();
    const taken = await listen(port);
    try {
      const result = runScript(script, port);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`mock-api: port ${port} is already in use on 127.0.0.1`);
      expect(result.seconds).toBeLessThan(15);
    } finally {
      taken.close();
    }
  });

  it('leaves no server behind when the shell running it is killed with SIGKILL while the tests run', async () => {
    const port = await freePort();
    const cwd = consumerProject();
    // The client's tests, still running when the shell is killed: the EXIT trap never runs.
    writeFileSync(join(cwd, 'ci.sh'), `${script}sleep 30\n`);
    // A job of its own, as a terminal or a CI runner starts it, so that its `sleep` can be cleared after.
    const shell = spawn('sh', ['ci.sh'], {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port) },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: shell.stdout! }).on('line', (line) => line.includes("your client's tests against") && resolve());
        shell.once('exit', (code) => reject(new Error(`ci.sh exited early with ${code}`)));
      });
      shell.kill('SIGKILL');
      expect(await freeWithin(port, 1000)).toBe(true);
    } finally {
      process.kill(-shell.pid!, 'SIGKILL'); // its `sleep`, and the server if it is still there
    }
  });
});

/** True once `port` can be listened on again, false if it is still taken after `ms`. */
async function freeWithin(port: number, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const server = await listen(port).catch(() => undefined);
    if (server) return new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function listen(port: number) {
  return new Promise<Server>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
