import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, basicAlice } from './targets.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

/** Sections to run: all, or those `--only=2,3` names; `--no-scale` leaves out the large world. */
export const runs = (section: number) =>
  (only === undefined || only.split(',').includes(String(section))) && !(section === 3 && args.has('--no-scale'));

const startupRunsArg = process.argv.find((arg) => arg.startsWith('--startup-runs='))?.slice('--startup-runs='.length);
const targets = process.argv.find((arg) => arg.startsWith('--targets='))?.slice('--targets='.length);

/** Whether a benchmarked request runs: all, or those whose label contains one of `--targets=worlds?search,favorites?`. */
export const runsTarget = (label: string) => targets === undefined || targets.split(',').some((part) => label.includes(part));

export const settings = {
  quick,
  /** Seconds per A or B leg of a comparison. */
  legSeconds: quick ? 1 : 3,
  /** Seconds of unmeasured load on each side before a comparison, so both are warm (JIT, pools). */
  warmSeconds: quick ? 0.5 : 1,
  /** A B rounds per comparison (A B A B). */
  rounds: quick ? 1 : 2,
  /** Starts per server in section 1 (`--startup-runs=N`): the median of nine is steadier against the host's jitter. */
  startupRuns: startupRunsArg ? Math.max(1, Number.parseInt(startupRunsArg, 10) || 1) : quick ? 3 : 9,
  /** Timed calls per control-plane operation. */
  controlRuns: quick ? 10 : 50,
};

/** The start-up probe: a client's first call, logging alice in on the default world. */
export const firstRequest = { method: 'GET', path: `${API}/auth/user`, headers: { authorization: basicAlice } };

/** The built CLI, as a user runs it: `node bin/mock-api.cjs start --port 0 --quiet ...`. */
export const mockArgs = (extra: string[] = []) => [join(root, 'bin/mock-api.cjs'), 'start', '--port', '0', '--quiet', ...extra];
export const bareArgs = (bodiesFile: string) => [join(root, 'bench/bare-server.mjs'), bodiesFile];
