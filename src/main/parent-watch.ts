/**
 * Calls `gone` once the process that started this one has ended. `npx mock-api start` and `npm start`
 * run the server under `sh -c`, which dies of a SIGTERM without passing it on: the server is then
 * adopted by another process, which is how it notices. A server started by init (ppid 0 or 1) has
 * no parent to lose.
 */
export function watchParent(gone: () => void, everyMs = 250) {
  const parent = process.ppid;
  if (parent <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    gone();
  }, everyMs);
  timer.unref();
}
