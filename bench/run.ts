// `npm run bench [-- --quick --no-build --no-scale --only=1,2 --startup-runs=21]`: start-up, throughput and scale of
// mock-api beside a bare node:http server answering the same bytes, on 127.0.0.1 only. Every server
// is spawned here and stopped here; every load run is bounded in time. Ratios within one run count,
// absolute figures vary with the machine and whatever else runs on it.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type Spawned } from './processes.js';
import { NODE, Report } from './report.js';
import { API, login, resolveTargets } from './targets.js';
import { args, bareArgs, firstRequest, mockArgs, root, runs, runsTarget, settings } from './settings.js';
import { benchStartup, benchThroughput, type Servers } from './sections.js';
import { benchScale } from './scale.js';
import { benchControlPlane, benchRules } from './control.js';
import { benchOperations } from './operations.js';
import { benchPipeline } from './pipeline.js';
import { benchLibrary } from './library.js';

const loadText = (load: number[]) => load.map((v) => v.toFixed(2)).join(' ');

function build() {
  process.stdout.write('building (npm run build) ...\n');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}${result.stderr}`);
}

async function main() {
  if (!args.has('--no-build')) build();
  const report = new Report();
  const started = performance.now();
  const loadAtStart = loadavg();
  process.stdout.write(`Node.js ${NODE}, load average ${loadText(loadAtStart)}\n`);
  const bodiesFile = join(tmpdir(), `mock-api-bench-${process.pid}.json`);
  const running: Spawned[] = [];
  try {
    const mock = await spawnServer(mockArgs(), firstRequest);
    running.push(mock);
    const cookie = await login(mock.origin);
    const resolved = await resolveTargets(mock.origin, cookie);
    const targets = resolved.flatMap((r) => ('target' in r && runsTarget(r.target.label) ? [r.target] : []));
    const skips = resolved.flatMap((r) => ('skipped' in r ? [r.skipped] : []));

    // The baseline answers every benchmarked request (and the start-up probe) with mock-api's bytes.
    const bodies: Record<string, unknown> = { [`GET ${API}/auth/user`]: JSON.parse(mock.firstAnswer.text) };
    for (const target of targets) bodies[`${target.method} ${API}${target.path}`] = target.answer;
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await spawnServer(bareArgs(bodiesFile), firstRequest);
    running.push(bare);

    const servers: Servers = { mock, bare, cookie, bodiesFile, sequence: { next: 0 } };
    if (runs(1)) await benchStartup(report, servers);
    if (runs(2)) await benchThroughput(report, servers, targets, skips);
    if (runs(3))
      await benchScale(
        report,
        servers,
        targets.filter((t) => t.kind === 'read'),
      );
    if (runs(4)) await benchControlPlane(report, servers);
    if (runs(5))
      await benchRules(
        report,
        servers,
        targets.find((t) => t.path === '/auth/user'),
      );
    if (runs(6)) await benchOperations(report, servers);
    if (runs(7)) await benchPipeline(report);
    if (runs(8))
      await benchLibrary(
        report,
        servers,
        targets.find((t) => t.kind === 'write'),
      );
  } finally {
    await Promise.all(running.map((server) => server.stop()));
    rmSync(bodiesFile, { force: true });
  }
  const loadAtEnd = loadavg();
  process.stdout.write(`${report.summary()}\nload average at the end ${loadText(loadAtEnd)}\n`);
  const out = join(root, 'bench/results.json');
  report.write(out, {
    settings,
    seconds: Math.round((performance.now() - started) / 1000),
    loadAverage: { start: loadAtStart, end: loadAtEnd },
  });
  process.stdout.write(`results written to bench/results.json (${Math.round((performance.now() - started) / 1000)} s)\n`);
}

await main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
