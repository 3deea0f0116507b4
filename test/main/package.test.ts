// The package as a consumer gets it: packed, then docs/library.md's commands for a new project run as written (the
// tarball in place of the package's name), and its recipes (vitest with its tsconfig, and CI shell) run there.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandsOf, shBlocks } from '../support/doc-commands.js';

const root = join(import.meta.dirname, '..', '..');
const library = readFileSync(join(root, 'docs', 'library.md'), 'utf8');

/** docs/library.md's code blocks that start with a file name comment (`// login.test.ts`, `# ci.sh`), by file name. */
function recipeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, body] of library.matchAll(/```(?:ts|sh|jsonc)\n([\s\S]*?)```/g)) {
    const name = /^(?:\/\/|#) ([\w.-]+\.(?:ts|sh|json))\n/.exec(body!)?.[1];
    if (name) files.set(name, body!);
  }
  return files;
}

/** The commands of docs/library.md's shell block whose first command is `first`. */
function docCommands(first: string): string[] {
  const block = shBlocks(library)
    .map((body) => commandsOf(body).map((command) => command.text))
    .find((commands) => commands[0] === first);
  if (!block) throw new Error(`docs/library.md has no shell block starting with \`${first}\``);
  return block;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, timeout = 60_000): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The packages (not node: modules) the shipped code imports, statically or dynamically, types aside. */
function importedPackages(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const code = readFileSync(join(root, 'src', file), 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
    for (const [, imported, loaded] of code.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^.'][^']*)'|import\('([^.'][^']*)'\)/gm)) {
      const spec = imported ?? loaded!;
      if (!spec.startsWith('node:')) names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return [...names].sort();
}

/**
 * A command of the docs as the test runs it: in `npm install`, the tarball for the package's name, and each other
 * package at the version this checkout installed, which npm's cache holds once fetched (the run works offline then).
 */
function asConsumer(command: string, tarball: string): string {
  const [npm, verb, ...args] = command.split(' ');
  if (npm !== 'npm' || (verb !== 'install' && verb !== 'i')) return command;
  const versionOf = (name: string) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  const specs = args.map((arg) => (arg.startsWith('-') ? arg : arg === 'social-platform-mock-api' ? tarball : `${arg}@${versionOf(arg)}`));
  return [npm, verb, ...specs].join(' ');
}

/** More logins than Node's 10 listeners of an event before it warns, each in a test (and a world) of its own. */
const manyLogins = `import { test } from './mock-api-fixtures.js';

for (let i = 1; i <= 12; i++) test(\`login \${i} of 12\`, async ({ login }) => void (await login('alice', 'alice-password')));
`;

let project: string;
let installed: string;
let installOutput = '';
const recipes = recipeFiles();

beforeAll(() => {
  const work = mkdtempSync(join(tmpdir(), 'mock-api-package-'));
  // prepack builds when dist/ is older than the sources: what `npm pack` in a fresh clone relies on.
  run('npm', ['pack', '--pack-destination', work, '--silent'], root, {}, 300_000);
  const tarball = join(
    work,
    readdirSync(work).find((name) => name.endsWith('.tgz'))!,
  );
  project = join(work, 'consumer');
  installed = join(project, 'node_modules', 'social-platform-mock-api');
  mkdirSync(project);
  // Packages come from npm's cache where an earlier run or this checkout's `npm ci` left them, else the registry.
  const npmConfig = {
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  for (const command of docCommands('npm init -y')) {
    const { stdout, stderr } = run('sh', ['-c', asConsumer(command, tarball)], project, npmConfig, 300_000);
    installOutput += stdout + stderr;
  }
  for (const [name, body] of recipes) writeFileSync(join(project, name), body);
  writeFileSync(join(project, 'many-logins.test.ts'), manyLogins);
}, 600_000);

describe('the packed package in a new project', () => {
  it("declares every package its code imports as a dependency, which the consumer's lockfile lists", () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies).sort()).toEqual(importedPackages());
    for (const range of Object.values<string>(manifest.dependencies)) expect(range).toMatch(/^\^\d/);
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
    for (const name of importedPackages()) expect(lock.packages[`node_modules/${name}`]?.version, name).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => /^(pre|post)?install$/.test(name))).toEqual([]);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the mock-api authors\n/);
  });

  it('ships source maps and no V8 code cache, and nothing that names the folder it was built in', () => {
    const files = readdirSync(installed, { recursive: true, encoding: 'utf8' });
    const code = files.filter((file) => file.endsWith('.js') && file.startsWith('dist'));
    expect(code).toContain(join('dist', 'cli.js'));
    for (const file of code) expect(files, file).toContain(`${file}.map`);
    expect(files.filter((file) => /cache/i.test(file))).toEqual([]);
    for (const file of files) {
      if (statSync(join(installed, file)).isFile()) expect(readFileSync(join(installed, file), 'latin1').includes(root), file).toBe(false);
    }
  });

  it("a thrown error's stack names the installed package, and src/ with source maps on", () => {
    const script =
      "import { startServer } from 'social-platform-mock-api'; await startServer({ fixturesDir: 'no-such-dir' }).catch((error) => console.log(error.stack));";
    const plain = run(process.execPath, ['--input-type=module', '-e', script], project).stdout;
    expect(plain).toMatch(/^Error: no-such-dir: is not a readable directory\n/);
    expect(plain).toMatch(new RegExp(`\\(${pathToFileURL(join(installed, 'dist')).href}/[\\w-]+\\.js:\\d+:\\d+\\)`));
    const mapped = run(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], project).stdout;
    expect(mapped).toContain(`(${join(installed, 'src', 'store', 'fixtures', 'fixture-dir.ts')}:`);
    expect(mapped).toContain(`(${join(installed, 'src', 'main', 'index.ts')}:`);
  });

  it('installs without a warning of its own, and names where its source and docs live', () => {
    expect(installOutput).not.toContain('social-platform-mock-api@');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
    expect(manifest.homepage).toBe(`${manifest.repository.url.replace(/^git\+|\.git$/g, '')}#readme`);
  });

  // `test` is left out: npm runs it only when asked, in a checkout, where its files are.
  it('has no lifecycle script that names a file it does not ship', () => {
    const { scripts } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    const lifecycle = Object.entries<string>(scripts).filter(([name]) =>
      /^(pre|post)?(install|uninstall|prepare|prepublish|prepublishOnly|pack|publish|version|dependencies|start|stop|restart)$/.test(name),
    );
    expect(lifecycle.map(([name]) => name)).toContain('start');
    const named = lifecycle.flatMap(([, script]) => [...script.matchAll(/(?<=^|\s)([\w.-]+\/[\w./-]+)/g)].map((match) => match[1]!));
    expect(named).toContain('bin/mock-api.cjs');
    expect(named.filter((file) => !existsSync(join(installed, file)))).toEqual([]);
  });

  it('ships every file a relative link of its README or docs reaches', () => {
    const pages = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.md') && !file.startsWith('node_modules'),
    );
    expect(pages).toEqual(expect.arrayContaining(['README.md', join('docs', 'library.md')]));
    const broken = pages.flatMap((page) =>
      [...readFileSync(join(installed, page), 'utf8').matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(installed, dirname(page), target)))
        .map((target) => `${page}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("type-checks the docs' vitest recipe strictly, with the docs' tsconfig and command, against the published declarations", () => {
    expect([...recipes.keys()]).toEqual(
      expect.arrayContaining([
        'vitest.config.ts',
        'mock-api-setup.ts',
        'mock-api-fixtures.ts',
        'login.test.ts',
        'arrange.test.ts',
        'tsconfig.json',
      ]),
    );
    expect(JSON.parse(recipes.get('tsconfig.json')!.replace(/^\/\/.*\n/, '')).compilerOptions.strict).toBe(true);
    const typeCheck = docCommands('npx tsc');
    expect(typeCheck[0]).toBe('npx tsc');
    run('sh', ['-c', typeCheck[0]!], project, {}, 120_000);
  }, 120_000);

  it("runs the docs' vitest recipe green with the docs' command, the event socket's frame included, and twelve logins without a leak warning", () => {
    const vitest = docCommands('npx tsc').find((command) => command.startsWith('npx vitest'));
    expect(vitest).toBe('npx vitest run');
    const result = run('sh', ['-c', vitest!], project, { CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' }, 120_000);
    expect(result.stdout).toMatch(/Tests\s+17 passed/);
    expect(result.stdout + result.stderr).not.toContain('MaxListenersExceededWarning');
  }, 120_000);

  it("runs the docs' CI shell recipe green, leaving no server behind", () => {
    const result = run('sh', ['ci.sh'], project, { PORT: '0' });
    expect(result.stdout).toMatch(/your client's tests against http:\/\/127\.0\.0\.1:\d+\/api\/1/);
    expect(readdirSync(project)).not.toContain('mock-api.pid');
  });
});
