// The shell commands of the docs, run as a reader would paste them: each against a running server,
// with its answers checked.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const root = join(import.meta.dirname, '..', '..');

/** One command of a block: its text (continued lines joined) and the error statuses its comment announces. */
export interface DocCommand {
  text: string;
  /** 4xx/5xx statuses named in the command's trailing comment (`curl ...  # 401: the session has ended`). */
  expected: number[];
}

export function readDoc(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

/** The bodies of the ```sh blocks of `markdown` (below `heading` when given, up to the next heading of its level). */
export function shBlocks(markdown: string, heading?: string): string[] {
  let text = markdown;
  if (heading !== undefined) {
    const start = markdown.indexOf(`\n${heading}\n`);
    if (start === -1) throw new Error(`no heading ${heading}`);
    const level = /^#+/.exec(heading)![0];
    const next = markdown.slice(start + heading.length + 2).search(new RegExp(`^${level} `, 'm'));
    text = markdown.slice(start, next === -1 ? undefined : start + heading.length + 2 + next);
  }
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** The commands of a block: comment lines dropped, a command continued with `\` kept whole. */
export function commandsOf(block: string): DocCommand[] {
  const commands: DocCommand[] = [];
  let pending = '';
  for (const line of block.split('\n')) {
    if (pending === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line}\n`;
      continue;
    }
    const text = pending + line;
    pending = '';
    const comment = /\s#\s([^'"]*)$/.exec(line)?.[1] ?? '';
    commands.push({ text, expected: [...comment.matchAll(/\b([45]\d\d)\b/g)].map((match) => Number(match[1])) });
  }
  return commands;
}

/** A directory to run commands in, where `bin/` and `scenarios/` are this checkout's, as in the checkout itself. */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-docs-'));
  for (const name of ['bin', 'scenarios']) symlinkSync(join(root, name), join(dir, name));
  return dir;
}

interface Outcome {
  command: string;
  exitCode: number;
  /** Every status that was a 4xx or 5xx: of the API requests it made (the journal) and of an envelope it printed. */
  errors: number[];
  expected: number[];
  stderr: string;
}

/**
 * One `sh` that runs commands one at a time, as a reader's terminal does: a variable a command sets (`jars=$(mktemp
 * -d)`) is there for the next. Each command's output goes to files of its own, so the shell's stdout says only when
 * a command ended and with what status.
 */
function shell(cwd: string) {
  const outputs = mkdtempSync(join(tmpdir(), 'mock-api-docs-output-'));
  const sh = spawn('sh', [], { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
  const ends = createInterface({ input: sh.stdout })[Symbol.asyncIterator]();
  return {
    async run(command: string, timeoutMs: number): Promise<{ exitCode: number; stdout: string; stderr: string }> {
      const [out, err] = [join(outputs, 'stdout'), join(outputs, 'stderr')];
      sh.stdin.write(`{\n${command}\n} >'${out}' 2>'${err}' </dev/null\necho "ended $?"\n`);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms: ${command}`)), timeoutMs);
      });
      const ended = await Promise.race([ends.next(), timedOut]).finally(() => clearTimeout(timer));
      const exitCode = Number(/^ended (\d+)$/.exec(String(ended.value))?.[1] ?? -1);
      return { exitCode, stdout: readFileSync(out, 'utf8'), stderr: readFileSync(err, 'utf8') };
    },
    close() {
      sh.kill();
      rmSync(outputs, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the commands one after the other in one `sh` in `cwd`, the docs' port replaced by the server's, and reports
 * what each exited with and which error statuses it met (a server in this process stays free to answer them).
 */
export async function runCommands(commands: DocCommand[], server: { url: string }, cwd: string): Promise<Outcome[]> {
  const port = new URL(server.url).port;
  const journal = async () => (await (await fetch(`${server.url}/_mock/requests?world=default`)).json()) as { status: number }[];
  const sh = shell(cwd);
  const outcomes: Outcome[] = [];
  try {
    for (const { text, expected } of commands) {
      const before = (await journal()).length;
      const { exitCode, stdout, stderr } = await sh.run(text.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`), 20_000);
      const after = await journal();
      if (after.length >= 1000) throw new Error('the journal is full: these commands can no longer be told apart');
      const statuses = after.slice(before).map((entry) => entry.status);
      const printed = envelopeStatus(stdout);
      if (printed !== undefined) statuses.push(printed);
      outcomes.push({ command: text, exitCode, errors: [...new Set(statuses.filter((status) => status >= 400))], expected, stderr });
    }
  } finally {
    sh.close();
  }
  return outcomes;
}

/** The status of an error envelope the command printed as its whole answer, if it printed one. */
function envelopeStatus(stdout: string): number | undefined {
  try {
    const body = JSON.parse(stdout) as { error?: { status_code?: unknown } };
    return typeof body?.error?.status_code === 'number' ? body.error.status_code : undefined;
  } catch {
    return undefined;
  }
}
