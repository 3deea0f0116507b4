// Runs Arazzo workflows (the community's conformance suite by default) with `redocly respect` against a
// base URL: a copy of the file in a scratch folder names its descriptions by absolute path and its
// `local` helper at ours, answered in memory; respect's JSON report is read back as workflow results.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { startLocalHelper } from './local-helper.js';

export interface SuiteAccount {
  username: string;
  password: string;
  totpSecret: string;
  email: string;
  /** The user the workflows that take a `friendId` input act on (a friend request, a group invite). */
  friendId: string;
}

export interface SuiteOptions {
  /** The API's base URL, `http://127.0.0.1:<port>/api/1`. */
  server: string;
  /** The Arazzo file; the descriptions it names are read from beside it, but for those given here by source name. */
  workflowsFile: string;
  descriptions?: Record<string, string>;
  account: SuiteAccount;
  /** Workflows to leave out (the suite's maintainers leave out `logout`, which ends the cached session). */
  skip?: string[];
  /** Run only these. */
  only?: string[];
  /** Where respect's HAR goes, when wanted. */
  harOutput?: string;
}

export interface StepResult {
  stepId: string;
  ok: boolean;
  status?: number;
  failures: string[];
  warnings: string[];
}
export interface WorkflowResult {
  workflowId: string;
  ok: boolean;
  steps: StepResult[];
}

/**
 * The Arazzo file with its sources made reachable from a scratch folder: a relative description by its
 * absolute path, the `local` helper by the URL of ours. Only the `sourceDescriptions` block changes.
 */
export function withSources(arazzo: string, arazzoDir: string, localUrl: string, descriptions: Record<string, string> = {}): string {
  const end = arazzo.search(/^(workflows|components):/m);
  const head = end < 0 ? arazzo : arazzo.slice(0, end);
  let source = '';
  const sources = head.replace(/^([ \t]*-?[ \t]*)(name|url):[ \t]*(\S+)[ \t]*$/gm, (line, lead: string, key: string, value: string) => {
    if (key === 'name') {
      source = value;
      return line;
    }
    if (source === 'local') return `${lead}url: ${localUrl}/openapi.json`;
    if (descriptions[source]) return `${lead}url: ${resolve(descriptions[source])}`;
    return /^[a-z]+:\/\//i.test(value) ? line : `${lead}url: ${resolve(arazzoDir, value)}`;
  });
  return sources + arazzo.slice(head.length);
}

/** Where redocly respect is installed; throws when it is not (it is an optional peer). */
export function respectBin(): string {
  return createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
}

interface RespectCheck {
  name: string;
  passed: boolean;
  severity: string;
  message?: string;
}
interface RespectStep {
  stepId: string;
  checks?: RespectCheck[];
  response?: { statusCode?: number };
}
interface RespectWorkflow {
  workflowId: string;
  status?: string;
  executedSteps?: RespectStep[];
}

function readReport(report: { files?: Record<string, { executedWorkflows?: RespectWorkflow[] }> }): WorkflowResult[] {
  const results: WorkflowResult[] = [];
  for (const file of Object.values(report.files ?? {})) {
    for (const workflow of file.executedWorkflows ?? []) {
      const steps = (workflow.executedSteps ?? []).map((step): StepResult => {
        const checks = step.checks ?? [];
        const failures = checks.filter((c) => !c.passed && c.severity === 'error').map((c) => `${c.name}: ${c.message ?? ''}`.trim());
        const warnings = checks.filter((c) => !c.passed && c.severity !== 'error').map((c) => `${c.name}: ${c.message ?? ''}`.trim());
        return { stepId: step.stepId, ok: failures.length === 0, status: step.response?.statusCode, failures, warnings };
      });
      results.push({
        workflowId: workflow.workflowId,
        ok: workflow.status !== 'error' && steps.every((s) => s.ok),
        status: workflow.status,
        steps,
      } as WorkflowResult);
    }
  }
  return results;
}

/** Runs respect once and answers each workflow it ran. */
export async function runSuite(options: SuiteOptions): Promise<WorkflowResult[]> {
  const root = await mkdtemp(join(tmpdir(), 'mock-api-conformance-'));
  const helper = await startLocalHelper();
  try {
    const workflows = await readFile(options.workflowsFile, 'utf8');
    await writeFile(
      join(root, 'arazzo.yaml'),
      withSources(workflows, dirname(resolve(options.workflowsFile)), helper.url, options.descriptions),
    );
    const { account } = options;
    const args = [
      respectBin(),
      'respect',
      'arazzo.yaml',
      '--server',
      `default=${options.server}`,
      '--input',
      `username=${account.username},password=${account.password},totpSecret=${account.totpSecret},email=${account.email},friendId=${account.friendId}`,
      '--severity',
      '{"SCHEMA_CHECK":"warn"}',
      '-J',
      'report.json',
    ];
    // respect takes either a list of workflows to run or a list to skip
    if (options.only?.length) for (const id of options.only) args.push('--workflow', id);
    else for (const id of options.skip ?? []) args.push('--skip', id);
    if (options.harOutput) args.push('-H', options.harOutput);
    const stderr = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 || code === 1 ? resolve(stderr) : reject(new Error(`respect exited ${code}: ${stderr}`))));
    });
    const report = await readFile(join(root, 'report.json'), 'utf8').catch(() => {
      throw new Error(`respect wrote no report: ${stderr}`);
    });
    return readReport(JSON.parse(report));
  } finally {
    await helper.close();
    await rm(root, { recursive: true, force: true });
  }
}
