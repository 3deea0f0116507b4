// `npm start` and `npm pack` run this first: builds dist/ when it is missing or older than the sources, so a fresh
// clone needs only `npm ci && npm start`, and a start from an up-to-date build costs a few stat calls. The package
// ships it with dist/ and without src/: there it has nothing to build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
// The build's last output (scripts/build.ts): a build that stopped half way does not count as one.
const built = new URL('dist/default-world.json', root);

/** The latest change time of a file, or of anything below a directory. */
function newest(url) {
  const stat = statSync(url);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(url, { recursive: true }).map((name) => statSync(new URL(name, url)).mtimeMs));
}

const sources = ['src/', 'scripts/', 'fixtures/', 'scenarios/', 'package.json'].map((name) => new URL(name, root));
const stale = () => !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (existsSync(new URL('src/', root)) && stale()) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
