// The conformance suite against a simulator started for it in this process: the suite's world arranged,
// every workflow but `logout` run, then `logout` last (it ends the session every other workflow shares).
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startServer } from '../main/index.js';
import type { Profile } from '../live-profile.js';
import { runSuite, type WorkflowResult } from './run-suite.js';
import { arrangeSuiteWorld, SUITE_ACCOUNT } from './suite-world.js';

/** The package's `conformance/` folder, from `src/conformance/` and from the bundle in `dist/`. */
export function suiteDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return here.endsWith(join('src', 'conformance')) ? join(here, '..', '..', 'conformance') : join(here, '..', 'conformance');
}

export interface SimulatorRunOptions {
  profile?: Profile;
  /** Run only these workflows (and `login` and `session`, which every other one needs). */
  only?: string[];
  /** Another Arazzo file than the shipped suite, and the descriptions it names by source name. */
  workflowsFile?: string;
  descriptions?: Record<string, string>;
}

export async function runAgainstSimulator(options: SimulatorRunOptions = {}): Promise<WorkflowResult[]> {
  const dir = suiteDir();
  const server = await startServer({ profile: options.profile });
  try {
    await arrangeSuiteWorld(server, join(dir, 'world'));
    const common = {
      server: `http://127.0.0.1:${server.port}/api/1`,
      workflowsFile: options.workflowsFile ?? join(dir, 'arazzo.yaml'),
      // the suite names its description where its repository builds it, `../dist/openapi-test.yaml`
      descriptions: options.workflowsFile ? options.descriptions : { default: join(dir, 'openapi-test.yaml') },
      account: SUITE_ACCOUNT,
    };
    const only = options.only ?? [];
    // respect runs no workflow that another depends on by itself: every workflow shares login's session
    const chosen = only.length ? [...new Set(['login', 'session', ...only.filter((id) => id !== 'logout')])] : [];
    const results = await runSuite({ ...common, skip: ['logout'], only: chosen });
    if (only.length === 0 || only.includes('logout'))
      results.push(...(await runSuite({ ...common, only: ['login', 'session', 'logout'] })).filter((r) => r.workflowId === 'logout'));
    return results;
  } finally {
    await server.close();
  }
}
