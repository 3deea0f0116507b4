// `npm test`'s checks before the tests (type-check, lint, format, build): independent of one another and each
// mostly on one core, so they run side by side, as many at once as the machine has cores. Each one's output is
// printed whole once it ends; the exit code is 1 when any failed.
// Usage: node scripts/run-parallel.mjs <npm script>...
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
const pending = [...scripts];
const failed = [];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('close', (code) => {
      process.stdout.write(`--- npm run ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${output}`);
      if (code !== 0) failed.push(script);
      resolve();
    });
  });
}

async function worker() {
  for (let script = pending.shift(); script !== undefined; script = pending.shift()) await run(script);
}

await Promise.all(Array.from({ length: Math.min(availableParallelism(), scripts.length) }, worker));
if (failed.length) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
