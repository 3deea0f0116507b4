import { existsSync, readFileSync } from 'node:fs';

// The console's browser script, type-checked on its own (browser/tsconfig.json: the DOM, no Node).
// `npm run build` writes it beside the server's modules (dist/console.js), which is all a package
// ships. A checkout without a build has none: the build's own step makes it on first request, with
// esbuild, a devDependency that the package never loads.
const built = new URL('./console.js', import.meta.url);
const builder = new URL('../../../scripts/console-script.ts', import.meta.url);

let script: Promise<string> | undefined;

/** The script's text, read or made once per process (tried again after a failure). */
export function consoleScript(): Promise<string> {
  if (!script) {
    script = existsSync(built) ? Promise.resolve(readFileSync(built, 'utf8')) : fromSource();
    script.catch(() => (script = undefined));
  }
  return script;
}

async function fromSource(): Promise<string> {
  const { consoleScriptText } = (await import(builder.href)) as { consoleScriptText: () => Promise<string> };
  return consoleScriptText();
}
