// What `mock-api conformance` runs: the shipped suite (or another Arazzo file) against a simulator started
// for the run, or against another base URL with the suite's account.
import { join } from 'node:path';
import type { Profile } from '../live-profile.js';
import { runAgainstSimulator, suiteDir } from './against-simulator.js';
import { respectBin, runSuite, type SuiteAccount, type WorkflowResult } from './run-suite.js';
import { SUITE_ACCOUNT } from './suite-world.js';

export const RESPECT_VERSION = '2.77.0';

/** redocly respect is an optional dependency: the one command that needs it says how to add it. */
export class RespectMissing extends Error {}

export interface ConformanceRun {
  workflows?: string;
  against?: string;
  account?: SuiteAccount;
  profile?: Profile;
  workflow?: string[];
}

export async function runConformance(run: ConformanceRun): Promise<WorkflowResult[]> {
  try {
    respectBin();
  } catch {
    throw new RespectMissing(`conformance runs the suite with redocly respect: npm install --save-dev @redocly/cli@${RESPECT_VERSION}`);
  }
  const suite = run.workflows
    ? { workflowsFile: run.workflows }
    : { workflowsFile: join(suiteDir(), 'arazzo.yaml'), descriptions: { default: join(suiteDir(), 'openapi-test.yaml') } };
  if (!run.against) return runAgainstSimulator({ profile: run.profile, only: run.workflow, ...suite });
  return runSuite({
    ...suite,
    server: run.against.replace(/\/$/, ''),
    account: run.account ?? SUITE_ACCOUNT,
    skip: ['logout'],
    only: run.workflow,
  });
}
