// `npm run build`: dist/ from nothing. Our own code only, as ES modules: the packages it imports stay
// imports, resolved in the user's node_modules where npm installed them (each with its licence, seen by
// `npm audit`). Code split at the dynamic imports, so that the generated-answer engine, the `--seed`
// generator and `--db` persistence load, with the packages they need, only when used. Source maps
// point at src/. Beside the code, the data the modules read from their own folder.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';
import { defaultFixturesDir, readFixtureDir } from '../src/store/fixtures/fixture-dir.js';
import { scenarioJsonSchema } from '../src/scenarios/check.js';
import '../src/main/app.js'; // declares every view
import { viewFieldNames } from '../src/schema/view.js';
import { makeGeneratedConfig } from '../src/areas/miscellaneous/system.js';
import { loadEngine } from '../src/operations/load-engine.js';
import { discoverySeed } from '../src/store/indexes/instances.js';
import { writeConsoleScript } from './console-script.js';

const root = new URL('../', import.meta.url);
const dist = new URL('dist/', root);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);

// zod loads when the first schema is built, not at start-up: every schema is built on first use
// (src/schema/lazy.ts), and loading zod's modules was the largest part of a cold start beyond the
// floor of the stack. Our modules' `import * as z from 'zod'` read it through a stand-in with zod's
// export names, which requires the installed zod the first time any of them is used.
const zodExports = await import('zod');
const zodOnDemand = [
  "import { createRequire } from 'node:module';",
  'let zod;',
  'const load = () => {',
  '  if (zod) return zod;',
  "  zod = createRequire(import.meta.url)('zod');",
  ...Object.keys(zodExports).flatMap((name, i) =>
    typeof zodExports[name as keyof typeof zodExports] === 'function' ? [] : [`  e${i} = zod[${JSON.stringify(name)}];`],
  ),
  '  return zod;',
  '};',
  'const stand = (name) => new Proxy({}, { get: (_, key) => Reflect.get(load()[name], key), has: (_, key) => key in load()[name] });',
  ...Object.keys(zodExports).map((name, i) => {
    const value = zodExports[name as keyof typeof zodExports];
    const key = JSON.stringify(name);
    if (typeof value === 'function') return `const e${i} = (...args) => load()[${key}](...args);`;
    return typeof value === 'object' ? `let e${i} = stand(${key});` : `let e${i};`;
  }),
  `export { ${Object.keys(zodExports)
    .map((name, i) => `e${i} as ${JSON.stringify(name)}`)
    .join(', ')} };`,
].join('\n');

// One folder for entry points and chunks alike: a module reads its data files beside itself
// (`new URL('./contract.json', import.meta.url)`), whichever chunk it lands in.
await build({
  absWorkingDir: fileURLToPath(root),
  entryPoints: { cli: 'src/main/cli.ts', index: 'src/main/index.ts' },
  outdir: 'dist',
  bundle: true,
  packages: 'external',
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Traces name the file and line; the sources themselves stay out of the package.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'zod-on-demand',
      setup: (build) => {
        build.onResolve({ filter: /^zod$/ }, () => ({ path: 'zod', namespace: 'zod-on-demand' }));
        build.onLoad({ filter: /.*/, namespace: 'zod-on-demand' }, () => ({ contents: zodOnDemand, loader: 'js' }));
      },
    },
  ],
});

// The library's declarations: the public types are written out in src/main/index.ts and
// src/control/client.ts, so these need none of the packages' types.
const declarations = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('node_modules/typescript/bin/tsc', root)), '-p', fileURLToPath(new URL('tsconfig.build.json', root))],
  { encoding: 'utf8' },
);
if (declarations.status !== 0) throw new Error(`declarations failed:\n${declarations.stdout}${declarations.stderr}`);
pruneDeclarations(new URL('types/', dist), 'main/index.d.ts');
// The JSON Schema of scenario files, from the zod schema that checks them, so the two never disagree.
writeFileSync(new URL('scenario.schema.json', dist), `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
// The operations' schemas, read when a request first needs them (src/operations/contract.ts).
copyFileSync(new URL('src/operations/contract.json', root), new URL('contract.json', dist));
// The console's browser script (src/control/console/browser/), served as GET /_mock/console.js.
await writeConsoleScript(fileURLToPath(new URL('console.js', dist)));
// Every view's field names, so that a first request need not build a schema to know them.
writeFileSync(new URL('view-fields.json', dist), JSON.stringify(viewFieldNames()));
// The default world's generated config, so that a first GET /config need not load the generation engine.
const fixtures = readFixtureDir(defaultFixturesDir);
const seed = discoverySeed(fixtures.worlds, fixtures.instances);
const configs = { [seed]: makeGeneratedConfig(seed, (await loadEngine()).generateBody) };
writeFileSync(new URL('generated-configs.json', dist), JSON.stringify(configs));
// The embedded default world, validated here once so that a start-up need not build the schemas to check it.
// Written last: scripts/build-if-stale.mjs takes its time as the build's.
const sandbox = fixtures;
const text = JSON.stringify(sandbox);
if (!isDeepStrictEqual(JSON.parse(text), sandbox))
  throw new Error('the default world does not survive JSON: a fixture field holds something JSON cannot');
writeFileSync(new URL('default-world.json', dist), text);

/** tsc declares every module the library imports; only those its public types name are kept. */
function pruneDeclarations(dir: URL, entry: string) {
  const keep = new Set<string>();
  const visit = (file: string) => {
    if (keep.has(file)) return;
    keep.add(file);
    const text = readFileSync(new URL(file, dir), 'utf8');
    for (const [, spec] of text.matchAll(/from '(\.[^']+)\.js'/g)) visit(posix.normalize(posix.join(posix.dirname(file), `${spec}.d.ts`)));
  };
  visit(entry);
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.d.ts') && !keep.has(file)) rmSync(new URL(file, dir));
  }
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort().reverse()) {
    const path = new URL(file, dir);
    if (statSync(path).isDirectory() && readdirSync(path).length === 0) rmSync(path, { recursive: true });
  }
}
