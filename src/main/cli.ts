// The CLI's entry: `start` in its common forms is read without loading commander, which reads the rest.
import type { RunningServer } from './server.js';
import { quickStartOptions } from './quick-start.js';
import { startCommand } from './start-command.js';

export { mapStackTraces } from './stack-traces.js';

/** Runs the command line; resolves to the server once `start` has one listening. */
export async function main(argv: string[]): Promise<RunningServer | undefined> {
  let started: RunningServer | undefined;
  const onStarted = (server: RunningServer) => (started = server);
  try {
    const quick = quickStartOptions(argv.slice(2), process.env);
    if (quick) await startCommand(quick, onStarted);
    else await (await import('./cli-program.js')).parseCommandLine(argv, onStarted);
    return started;
  } catch (error) {
    process.stderr.write(`mock-api: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
