import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** A process as `/proc/<pid>/stat` describes it; undefined off Linux or once the process is gone. */
function processStat(pid: number) {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces and parentheses.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  return {
    name: text.slice(text.indexOf('(') + 1, close),
    state: fields[0],
    ppid: Number(fields[1]),
    session: fields[3],
    started: fields[19],
  };
}

const packageRunner = /^(npm|npx|pnpm|pnpx|yarn|yarnpkg|bun|bunx)(-cli)?(\.[cm]?js)?$/;

/** npm and npx retitle themselves (`npm exec mock-api start`); yarn and pnpm show as `node .../yarn.js`. */
function isPackageRunner(pid: number, name: string) {
  if (packageRunner.test(name.split(' ')[0]!)) return true;
  if (name !== 'node') return false;
  try {
    const [, script = ''] = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
    return packageRunner.test(basename(script));
  } catch {
    return false; // gone meanwhile: the watch notices it on its first round
  }
}

interface Watched {
  pid: number;
  /** The start time since boot, so that a pid taken by a newer process counts as gone. */
  started: string;
}

/**
 * The processes whose end means the command that started the server has ended: the parent, and
 * above it every ancestor up to the nearest package runner (`npx`, `npm start`, `pnpm`, `yarn`),
 * whatever wraps in between (`sh -c`, a script). Not above it: the shell or CI step that ran `npx`
 * may end while `npx` goes on (a step that backgrounds the server for the next steps), and a
 * server must not stop then. Only within our session: a server started in a session of its own
 * (`setsid`) was detached on purpose. Without a package runner among the ancestors, the parent alone.
 */
function launcherChain(): Watched[] {
  const self = processStat(process.pid);
  const parent = self && processStat(self.ppid);
  if (!self || !parent || self.ppid <= 1) return [];
  const chain = [{ pid: self.ppid, started: parent.started }];
  if (isPackageRunner(self.ppid, parent.name)) return chain;
  for (let pid = parent.ppid; pid > 1;) {
    const stat = processStat(pid);
    if (!stat || stat.session !== self.session) break;
    chain.push({ pid, started: stat.started });
    if (isPackageRunner(pid, stat.name)) return chain;
    pid = stat.ppid;
  }
  return chain.slice(0, 1);
}

/** Gone, or a zombie its own parent has not reaped yet (a killed `npx` under a harness that waits late). */
function ended({ pid, started }: Watched) {
  const stat = processStat(pid);
  return !stat || stat.started !== started || stat.state === 'Z' || stat.state === 'X';
}

/**
 * Calls `gone` once the command that started this one has ended, however it ended: `kill -9` of
 * `npx` or `npm start` leaves the `sh -c` between it and the server running, so the parent alone
 * says nothing. Off Linux, where there is no /proc, the parent alone: the server notices when it
 * is adopted by another process. A server started by init (ppid 0 or 1) has no launcher to lose.
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
