// The package as a consumer gets it: packed, installed from the tarball into a new project, and
// docs/library.md's recipes (vitest with its tsconfig, and CI shell) run there as they are written.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** docs/library.md's code blocks that start with a file name comment (`// login.test.ts`, `# ci.sh`), by file name. */
function recipeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, body] of readFileSync(join(root, 'docs', 'library.md'), 'utf8').matchAll(/```(?:ts|sh|jsonc)\n([\s\S]*?)```/g)) {
    const name = /^(?:\/\/|#) ([\w.-]+\.(?:ts|sh|json))\n/.exec(body!)?.[1];
    if (name) files.set(name, body!);
  }
  return files;
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

let project: string;
let installed: string;
const recipes = recipeFiles();

beforeAll(() => {
  const work = mkdtempSync(join(tmpdir(), 'mock-api-package-'));
  // prepack builds when dist/ is older than the sources: what `npm pack` in a fresh clone relies on.
  run('npm', ['pack', '--pack-destination', work, '--silent'], root, {}, 300_000);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
  project = join(work, 'consumer');
  installed = join(project, 'node_modules', 'social-platform-mock-api');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  // Its dependencies come from npm's cache where this checkout's `npm ci` left them, else the registry.
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, tarball)], project);
  // The consumer's own test tools, as its devDependencies would bring them.
  for (const tool of ['vitest', 'vrchat', 'typescript', '@types/node']) {
    mkdirSync(join(project, 'node_modules', tool, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', tool), join(project, 'node_modules', tool));
  }
  for (const [name, body] of recipes) writeFileSync(join(project, name), body);
}, 400_000);

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

  it("type-checks the docs' vitest recipe with the docs' tsconfig against the published declarations", () => {
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
    run(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], project);
  }, 120_000);

  it("runs the docs' vitest recipe green, the event socket's frame included", () => {
    const result = run(process.execPath, [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], project, {
      CI: '1',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    });
    expect(result.stdout).toMatch(/Tests\s+5 passed/);
  });

  it("runs the docs' CI shell recipe green, leaving no server behind", () => {
    const result = run('sh', ['ci.sh'], project, { PORT: '0' });
    expect(result.stdout).toMatch(/your client's tests against http:\/\/127\.0\.0\.1:\d+\/api\/1/);
    expect(readdirSync(project)).not.toContain('mock-api.pid');
  });
});
