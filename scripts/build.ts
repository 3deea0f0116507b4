// `npm run build`: dist/ from nothing. The CLI as one bundle (one file to load instead of a hundred
// modules) with the code V8 compiled for it in one run, and the embedded default world, validated
// here once so that a start-up need not build the schemas to check it again.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';
import { defaultFixturesDir, readFixtureDir } from '../src/store/fixtures/fixture-dir.js';
import { scenarioJsonSchema } from '../src/scenarios/check.js';
import '../src/main/app.js'; // declares every view
import { viewFieldNames } from '../src/schema/view.js';
import { buildConsoleScript } from '../src/control/console/script.js';

const dist = new URL('../dist/', import.meta.url);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);

const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' } as const;
// Everything dist/ runs as one CommonJS file (src/bundle.ts: the CLI and the library), which
// src/boot.ts runs through vm.Script with V8's code cache: the CLI starts and the library imports
// without compiling most of their code. import.meta.url has no CommonJS spelling of its own: the
// bundle's file URL stands in for it. What only some runs want stays in files of its own, so that
// a start-up reads less: faker (half the size of everything else, wanted only by --seed), and what
// checks inputs and makes generated bodies (wanted from the first generated answer on).
// The engine's packages: the export the engine imports from each, and its name in dist/engine-vendor.cjs.
const engineVendor: Record<string, { imports: string; as: string }> = {
  ajv: { imports: 'Ajv', as: 'Ajv' },
  'ajv-formats': { imports: 'default', as: 'addFormats' },
  'json-schema-faker': { imports: 'generateSync', as: 'generateSync' },
};
const vendorFilter = new RegExp(`^(${Object.keys(engineVendor).join('|')})$`);
/** The bundle's stand-in for one of those packages: its export, read from the vendor file. */
const fromVendor = (pkg: string) => {
  const { imports, as } = engineVendor[pkg]!;
  const value = `require('./engine-vendor.cjs').${as}`;
  return imports === 'default' ? `export default ${value};` : `export const ${imports} = ${value};`;
};
await build({
  ...common,
  entryPoints: [new URL('../src/main/bundle.ts', import.meta.url).pathname],
  outfile: new URL('mock-api.cjs', dist).pathname,
  format: 'cjs',
  // Only a checkout without dist/console.js builds the console's script: esbuild stays out of the bundle.
  external: ['esbuild'],
  define: { 'import.meta.url': 'bundleUrl' },
  banner: { js: "const bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [
    {
      name: 'apart',
      setup: (bundle) => {
        bundle.onResolve({ filter: /^@faker-js\/faker$/ }, () => ({ path: './faker.cjs', external: true }));
        bundle.onResolve({ filter: /^\.\/engine-vendor\.cjs$/ }, (args) => ({ path: args.path, external: true }));
        bundle.onResolve({ filter: vendorFilter }, (args) => ({ path: args.path, namespace: 'apart' }));
        bundle.onLoad({ filter: /.*/, namespace: 'apart' }, (args) => ({ contents: fromVendor(args.path), loader: 'js' }));
      },
    },
  ],
});
// esbuild writes code in ASCII but copies comments as they are: escaping what a comment holds beyond
// ASCII lets src/boot.ts read the bundle as latin1, which costs half of decoding UTF-8.
const bundleFile = new URL('mock-api.cjs', dist);
writeFileSync(bundleFile, readFileSync(bundleFile, 'utf8').replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));

await build({
  ...common,
  stdin: { contents: "export { Faker, en } from '@faker-js/faker';", resolveDir: new URL('..', import.meta.url).pathname },
  outfile: new URL('faker.cjs', dist).pathname,
  format: 'cjs',
});
await build({
  ...common,
  stdin: {
    contents: Object.entries(engineVendor)
      .map(([pkg, { imports, as }]) => `export { ${imports === as ? as : `${imports} as ${as}`} } from '${pkg}';`)
      .join('\n'),
    resolveDir: new URL('..', import.meta.url).pathname,
  },
  outfile: new URL('engine-vendor.cjs', dist).pathname,
  format: 'cjs',
});
await build({
  ...common,
  entryPoints: [new URL('../src/main/boot.ts', import.meta.url).pathname],
  outfile: new URL('boot.cjs', dist).pathname,
  format: 'cjs',
});

// The library (`import ... from 'mock-api'`): an ES module naming what src/index.ts exports, taken
// from the same bundle and code cache as the CLI.
const libraryNames = Object.keys(createRequire(import.meta.url)(bundleFile.pathname)).filter((name) => name !== 'main');
writeFileSync(
  new URL('index.js', dist),
  [
    "import { createRequire } from 'node:module';",
    '',
    "const { bundle } = createRequire(import.meta.url)('./boot.cjs').loadBundle();",
    `export const { ${libraryNames.join(', ')} } = bundle;`,
    '',
  ].join('\n'),
);
// Its declarations: the public types are written out in src/index.ts and src/control-client.ts, so
// these need none of the packages the bundle contains.
const declarations = spawnSync(
  process.execPath,
  [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '-p', new URL('../tsconfig.build.json', import.meta.url).pathname],
  { encoding: 'utf8' },
);
if (declarations.status !== 0) throw new Error(`declarations failed:\n${declarations.stdout}${declarations.stderr}`);
pruneDeclarations(new URL('types/', dist), 'main/index.d.ts');
// The JSON Schema of scenario files, from the zod schema that checks them, so the two never disagree.
writeFileSync(new URL('scenario.schema.json', dist), `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
// The operations' schemas, read beside the bundle when a request first needs them (src/operations/contract.ts).
copyFileSync(new URL('../src/operations/contract.json', import.meta.url), new URL('contract.json', dist));

// The console's browser script (src/control/console/browser/), served as GET /_mock/console.js.
writeFileSync(new URL('console.js', dist), await buildConsoleScript());

// Every view's field names, so that a first request need not build a schema to know them.
writeFileSync(new URL('view-fields.json', dist), JSON.stringify(viewFieldNames()));

const world = readFixtureDir(defaultFixturesDir);
const text = JSON.stringify(world);
if (!isDeepStrictEqual(JSON.parse(text), world)) throw new Error('the default world does not survive JSON: a fixture field holds something JSON cannot');
writeFileSync(new URL('default-world.json', dist), text);

const warmUp = spawnSync(process.execPath, [new URL('code-cache.mjs', import.meta.url).pathname], { encoding: 'utf8', timeout: 60_000 });
if (warmUp.status !== 0) throw new Error(`making the code cache failed:\n${warmUp.stdout}${warmUp.stderr}`);

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
