// Runs the community's Arazzo conformance suite (`redocly respect`) against a base URL: the suite is laid
// out as its repository lays it out (`test/arazzo.yaml`, `dist/openapi-test.yaml`) in a scratch folder,
// its `local` helper answered in memory, and respect's JSON report read back as workflow results.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  /** The suite's files: `arazzo.yaml` and the description it names. */
  workflowsFile: string;
  descriptionFile: string;
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

const LOCAL_SOURCE = /(- name: local\s+type: openapi\s+url: )\S+/;

function respectBin(): string {
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
    await mkdir(join(root, 'test', '.out'), { recursive: true });
    await mkdir(join(root, 'dist'));
    const workflows = await readFile(options.workflowsFile, 'utf8');
    await writeFile(join(root, 'test', 'arazzo.yaml'), workflows.replace(LOCAL_SOURCE, `$1${helper.url}/openapi.json`));
    await copyFile(options.descriptionFile, join(root, 'dist', 'openapi-test.yaml'));
    const { account } = options;
    const args = [
      respectBin(),
      'respect',
      'test/arazzo.yaml',
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
