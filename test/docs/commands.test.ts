// The commands README and docs/ give run as written against a server on a free port, each exiting 0
// and meeting no 4xx or 5xx but those its comment announces; the Try block runs twice in a row.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/main/index.js';
import { commandsOf, readDoc, root, runCommands, scratchDir, shBlocks } from '../support/doc-commands.js';

/** The files of the checkout that git neither tracks nor ignores: what a command run there leaves behind. */
const newFiles = () => execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });

let server: MockServer;
let cwd: string;
let untracked: string;

beforeAll(async () => {
  server = await startServer();
  cwd = scratchDir();
  untracked = newFiles();
});
afterAll(() => server.close());

const clean = (outcomes: Awaited<ReturnType<typeof runCommands>>) =>
  outcomes.filter((outcome) => outcome.exitCode !== 0 || [...outcome.errors].sort().join() !== [...outcome.expected].sort().join());

describe("README's Try the following", () => {
  const [block] = shBlocks(readDoc('README.md'), '## Try the following');
  const commands = commandsOf(block ?? '');

  it('is one block of commands against the default port, each line runnable (no placeholders)', () => {
    expect(commands.length).toBeGreaterThan(20);
    expect(block).toContain('127.0.0.1:8080');
    expect(commands.filter((command) => /<[^>]*>|…/.test(command.text))).toEqual([]);
    // The two-factor line runs the CLI of this checkout.
    expect(existsSync(join(root, 'dist'))).toBe(true);
  });

  it('runs as written from the checkout: every command exits 0 and meets only the errors its comment names', async () => {
    expect(commands.some((command) => command.expected.length > 0)).toBe(true);
    expect(clean(await runCommands(commands, server, root))).toEqual([]);
  }, 120_000);

  it('runs again as written, from the reset it starts with, and leaves no file in the checkout', async () => {
    expect(clean(await runCommands(commands, server, root))).toEqual([]);
    expect(newFiles()).toEqual(untracked);
  }, 120_000);
});

describe("the docs' curl blocks", () => {
  it.each(['docs/scenarios.md', 'docs/control-plane.md'])('%s runs as written, twice', async (page) => {
    const blocks = shBlocks(readDoc(page)).filter((block) => commandsOf(block).every((command) => command.text.startsWith('curl ')));
    expect(blocks).not.toHaveLength(0);
    for (const block of [...blocks, ...blocks]) expect(clean(await runCommands(commandsOf(block), server, cwd))).toEqual([]);
  }, 60_000);
});

describe("README's library example", () => {
  it('prints what its comment says', async () => {
    const [example] = [...readDoc('README.md').matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(example).toContain("from 'social-platform-mock-api'");
    expect(example).toContain('// 200 alice');
    const file = join(cwd, 'example.mts');
    writeFileSync(file, example!.replace("'social-platform-mock-api'", JSON.stringify(join(root, 'src', 'main', 'index.ts'))));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
    expect(stdout).toBe('200 alice\n');
  }, 60_000);
});
