import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The console's browser script, type-checked on its own (browser/tsconfig.json: the DOM, no Node). */
const entry = new URL('./browser/console.ts', import.meta.url);
// Where `npm run build` writes it: beside the server's modules in dist/. Running from source there is
// none, and the first request builds it from browser/ instead.
const built = new URL('./console.js', import.meta.url);

/** The script as one file, from browser/ (esbuild, a devDependency: loaded only when building). */
export async function buildConsoleScript(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    // Paths in the output (a comment per module) are relative to browser/, wherever it is built.
    absWorkingDir: fileURLToPath(new URL('.', entry)),
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    charset: 'utf8',
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text;
}

let script: Promise<string> | undefined;

/** The script's text, read or built once per process (tried again after a failure). */
export function consoleScript(): Promise<string> {
  if (!script) {
    script = existsSync(built) ? Promise.resolve(readFileSync(built, 'utf8')) : buildConsoleScript();
    script.catch(() => (script = undefined));
  }
  return script;
}
