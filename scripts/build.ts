// `npm run build`: dist/ from nothing. The CLI as one bundle (one file to load instead of a hundred
// modules) with the code V8 compiled for it in one run, and the embedded default world, validated
// here once so that a start-up need not build the schemas to check it again.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';
import { defaultFixturesDir, readFixtureDir } from '../src/fixture-dir.js';

const dist = new URL('../dist/', import.meta.url);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);

const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' } as const;
// The CLI as one CommonJS file, which src/boot.ts runs through vm.Script with V8's code cache.
// import.meta.url has no CommonJS spelling of its own: the bundle's file URL stands in for it.
// faker, half the size of everything else and wanted only by --seed, stays in a file of its own.
await build({
  ...common,
  entryPoints: [new URL('../src/cli.ts', import.meta.url).pathname],
  outfile: new URL('cli.cjs', dist).pathname,
  format: 'cjs',
  define: { 'import.meta.url': 'bundleUrl' },
  banner: { js: "const bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [
    {
      name: 'faker-apart',
      setup: (bundle) => bundle.onResolve({ filter: /^@faker-js\/faker$/ }, () => ({ path: './faker.cjs', external: true })),
    },
  ],
});
// esbuild writes code in ASCII but copies comments as they are: escaping what a comment holds beyond
// ASCII lets src/boot.ts read the bundle as latin1, which costs half of decoding UTF-8.
const bundleFile = new URL('cli.cjs', dist);
writeFileSync(bundleFile, readFileSync(bundleFile, 'utf8').replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));

await build({
  ...common,
  stdin: { contents: "export { Faker, en } from '@faker-js/faker';", resolveDir: new URL('..', import.meta.url).pathname },
  outfile: new URL('faker.cjs', dist).pathname,
  format: 'cjs',
});
await build({
  ...common,
  entryPoints: [new URL('../src/boot.ts', import.meta.url).pathname],
  outfile: new URL('boot.js', dist).pathname,
  format: 'esm',
});

// The operations' schemas, read beside the bundle when a request first needs them (src/operations/contract.ts).
copyFileSync(new URL('../src/operations/contract.json', import.meta.url), new URL('contract.json', dist));

const world = readFixtureDir(defaultFixturesDir);
const text = JSON.stringify(world);
if (!isDeepStrictEqual(JSON.parse(text), world)) throw new Error('the default world does not survive JSON: a fixture field holds something JSON cannot');
writeFileSync(new URL('default-world.json', dist), text);

const warmUp = spawnSync(process.execPath, [new URL('code-cache.mjs', import.meta.url).pathname], { encoding: 'utf8', timeout: 60_000 });
if (warmUp.status !== 0) throw new Error(`making the code cache failed:\n${warmUp.stdout}${warmUp.stderr}`);
