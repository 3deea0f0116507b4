// The console's browser script (src/control/console/browser/) as one file: written to dist/ by
// `npm run build`, and made on first request by a checkout that has no build (src/control/console/script.ts).
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const options: BuildOptions = {
  entryPoints: [fileURLToPath(new URL('../src/control/console/browser/console.ts', import.meta.url))],
  // Paths in the output (a comment per module) are relative to the repository, wherever it is.
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  bundle: true,
  format: 'iife',
  target: 'es2022',
  charset: 'utf8',
  logLevel: 'warning',
};

export async function consoleScriptText(): Promise<string> {
  const result = await build({ ...options, write: false });
  return result.outputFiles[0]!.text;
}

/** Writes the script and its source map (which names the sources, without their text). */
export async function writeConsoleScript(outfile: string): Promise<void> {
  await build({ ...options, outfile, sourcemap: true, sourcesContent: false });
}
