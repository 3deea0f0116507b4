// `npm run build`: dist/ from nothing. The CLI as one bundle (one file to load instead of a hundred
// modules; faker in a chunk of its own that only --seed loads), and the embedded default world,
// validated here once so that a start-up need not build the schemas to check it again.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';
import { defaultFixturesDir, readFixtureDir } from '../src/fixture-dir.js';

const dist = new URL('../dist/', import.meta.url);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);

await build({
  entryPoints: [new URL('../src/cli.ts', import.meta.url).pathname],
  outdir: dist.pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require(), which an ES module lacks.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
});

const world = readFixtureDir(defaultFixturesDir);
const text = JSON.stringify(world);
if (!isDeepStrictEqual(JSON.parse(text), world)) throw new Error('the default world does not survive JSON: a fixture field holds something JSON cannot');
writeFileSync(new URL('default-world.json', dist), text);
