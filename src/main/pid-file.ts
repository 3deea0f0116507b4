import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Writes this process's id to `file` and removes the file when the process exits. */
export function writePidFile(file: string) {
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => rmSync(file, { force: true }));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Sends SIGTERM to the server named by a pid file and waits (at most `waitMs`) until it has exited.
 * Answers what happened, for one line of output.
 */
export async function stopByPidFile(file: string, waitMs = 5000): Promise<'stopped' | 'not-running' | 'still-running'> {
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) {
    rmSync(file, { force: true });
    return 'not-running';
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return 'stopped';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return 'still-running';
}
