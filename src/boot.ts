// Loads the bundled CLI (dist/cli.cjs) with the code V8 compiled for it when `npm run build` ran it
// once (dist/cli.code-cache): a start-up then deserialises its functions instead of parsing and
// compiling them. Node 20 caches compiled code for its own modules only, and for user code only
// through vm.Script, hence a CommonJS bundle run through it. A cache that does not fit (another Node
// version, other V8 flags, a rebuilt bundle) is ignored by V8 and everything compiles as usual.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script, constants } from 'node:vm';
import type * as Cli from './cli.js';

const bundleFile = fileURLToPath(new URL('./cli.cjs', import.meta.url));
export const codeCacheFile = fileURLToPath(new URL('./cli.code-cache', import.meta.url));

export interface LoadedCli {
  cli: typeof Cli;
  /** The compiled bundle: its `createCachedData()` holds every function compiled so far. */
  script: Script;
  /** True when V8 took the code cache. */
  cached: boolean;
}

export function loadCli({ useCodeCache = true } = {}): LoadedCli {
  const source = readFileSync(bundleFile, 'latin1'); // ASCII only: the build escapes the rest
  const cachedData = useCodeCache && existsSync(codeCacheFile) ? readFileSync(codeCacheFile) : undefined;
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundleFile,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} as typeof Cli };
  script.runInThisContext()(module.exports, createRequire(bundleFile), module, bundleFile, dirname(bundleFile));
  return { cli: module.exports, script, cached: cachedData !== undefined && !script.cachedDataRejected };
}
