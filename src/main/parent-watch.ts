import { readFileSync } from 'node:fs';

/** A process as `/proc/<pid>/stat` describes it; undefined off Linux or once the process is gone. */
function processStat(pid: number) {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], ppid: Number(fields[1]), group: fields[2], started: fields[19] };
}

interface Watched {
  pid: number;
  /** The start time since boot, so that a pid taken by a newer process counts as gone. */
  started: string;
}

/**
 * The processes whose end means the command that started the server has ended: the parent, and
 * above it every ancestor in the server's process group, up to its leader. A process group is what
 * a shell calls a job and what a harness starts with one spawn: `sh ci.sh` with the `npx` it runs
 * in the background, `sh -c 'npx mock-api start'`, `npm start` typed at a prompt, with the `npx`,
 * `npm` and `sh -c` between them and the server. Not above it: a job that started the server in a
 * group of its own (`setsid`, a job of an interactive shell) has its own end.
 */
function launcherChain(): Watched[] {
  const self = processStat(process.pid);
  const parent = self && processStat(self.ppid);
  if (!self || !parent || self.ppid <= 1) return [];
  const chain = [{ pid: self.ppid, started: parent.started }];
  for (let pid = parent.ppid; pid > 1 && parent.group === self.group;) {
    const stat = processStat(pid);
    if (!stat || stat.group !== self.group) break;
    chain.push({ pid, started: stat.started });
    pid = stat.ppid;
  }
  return chain;
}

/** Gone, or a zombie its own parent has not reaped yet (a killed `npx` under a harness that waits late). */
function ended({ pid, started }: Watched) {
  const stat = processStat(pid);
  return !stat || stat.started !== started || stat.state === 'Z' || stat.state === 'X';
}

/**
 * Calls `gone` once the command that started this one has ended, however it ended: `kill -9` of
 * `npx`, `npm start` or the script that ran them leaves the `sh -c` between it and the server
 * running, so the parent alone says nothing. Off Linux, where there is no /proc, the parent alone:
 * the server notices when it is adopted by another process. A server started by init (ppid 0 or 1)
 * has no launcher to lose.
 */
export function watchLauncher(gone: () => void, everyMs = 200) {
  const parent = process.ppid;
  if (parent <= 1) return;
  const chain = launcherChain();
  const timer = setInterval(() => {
    if (process.ppid === parent && !chain.some(ended)) return;
    clearInterval(timer);
    gone();
  }, everyMs);
  timer.unref();
}
