// Loads the bundle (dist/mock-api.cjs: the CLI and the library) with the code V8 compiled for it
// when `npm run build` ran it once (dist/mock-api.code-cache): a start-up then deserialises its
// functions instead of parsing and compiling them. Node 20 caches compiled code for its own modules
// only, and for user code only through vm.Script, hence a CommonJS bundle run through it. A cache
// that does not fit (another Node version, other V8 flags, a rebuilt bundle) is ignored by V8 and
// everything compiles as usual. Built as CommonJS (dist/boot.cjs), so `__dirname` is dist/.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script, constants } from 'node:vm';
import type * as Bundle from './bundle.js';

const bundleFile = join(__dirname, 'mock-api.cjs');
export const codeCacheFile = join(__dirname, 'mock-api.code-cache');

export interface LoadedBundle {
  bundle: typeof Bundle;
  /** The compiled bundle: its `createCachedData()` holds every function compiled so far. */
  script: Script;
  /** True when V8 took the code cache. */
  cached: boolean;
}

let loaded: LoadedBundle | undefined;

/** The bundle, run once per process: the CLI and the library share its one copy. */
export function loadBundle({ useCodeCache = true } = {}): LoadedBundle {
  if (loaded) return loaded;
  const source = readFileSync(bundleFile, 'latin1'); // ASCII only: the build escapes the rest
  const cachedData = useCodeCache && existsSync(codeCacheFile) ? readFileSync(codeCacheFile) : undefined;
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundleFile,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} as typeof Bundle };
  script.runInThisContext()(module.exports, createRequire(bundleFile), module, bundleFile, __dirname);
  loaded = { bundle: module.exports, script, cached: cachedData !== undefined && !script.cachedDataRejected };
  return loaded;
}
