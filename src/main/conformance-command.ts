// `mock-api conformance`: the conformance suite against a simulator started for the run, or against another
// base URL. The suite's runner (and redocly respect, an optional dependency) load only when the command runs.
import { existsSync, readFileSync } from 'node:fs';
import { fail } from './start-command.js';
import { connectionFailure } from '../control/control-error.js';

export interface ConformanceCommandOptions {
  workflows?: string;
  against?: string;
  account?: string;
  profile?: 'seed' | 'live';
  workflow?: string[];
  json?: boolean;
}

const ACCOUNT_FIELDS = ['username', 'password', 'totpSecret', 'email', 'friendId'] as const;

function readAccount(file: string) {
  let account: Record<string, unknown> = {};
  try {
    account = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    fail(`--account ${file}: cannot be read as JSON (${(error as Error).message})`);
  }
  const missing = ACCOUNT_FIELDS.filter((field) => typeof account[field] !== 'string');
  if (missing.length) fail(`--account ${file}: needs the strings ${missing.join(', ')}`);
  return Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, account[field]])) as Record<(typeof ACCOUNT_FIELDS)[number], string>;
}

/** One line naming the URL and why, where every workflow would fail on its own for want of an answer. */
async function mustAnswer(base: string) {
  try {
    await fetch(base, { method: 'HEAD' });
  } catch (error) {
    const why = connectionFailure(error);
    if (why === undefined) throw error;
    fail(`cannot reach ${base}: ${why}`);
  }
}

export async function conformanceCommand(opts: ConformanceCommandOptions): Promise<void> {
  if (opts.workflows && !existsSync(opts.workflows)) fail(`no workflows file ${opts.workflows}`);
  if (opts.against && !/^https?:\/\/[^/]+/.test(opts.against))
    fail(`--against must be an http(s) base URL, such as http://127.0.0.1:8080/api/1`);
  if (opts.account && !opts.against) fail('--account goes with --against: a simulator started for the run has its own account');
  const account = opts.account ? readAccount(opts.account) : undefined;
  if (opts.against) await mustAnswer(opts.against);
  const { runConformance, RespectMissing } = await import('../conformance/command.js');
  try {
    const results = await runConformance({ ...opts, account });
    const steps = results.flatMap((result) => result.steps);
    if (opts.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    else {
      for (const result of results.filter((r) => !r.ok)) {
        const failed = result.steps.filter((step) => !step.ok);
        process.stdout.write(
          `failed ${result.workflowId}: ${failed.map((step) => `${step.stepId} (${step.status ?? 'no answer'})`).join(', ')}\n`,
        );
      }
      process.stdout.write(
        `workflows ${results.filter((r) => r.ok).length}/${results.length} passed, steps ${steps.filter((s) => s.ok).length}/${steps.length} passed\n`,
      );
    }
    if (results.some((result) => !result.ok)) process.exitCode = 1;
  } catch (error) {
    if (error instanceof RespectMissing) fail(error.message);
    throw error;
  }
}
