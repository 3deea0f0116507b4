#!/usr/bin/env node
// The command: turns on Node's compile cache where Node has one and traces that name src/ (from the
// source maps, read when a trace is made), and runs the built CLI. CommonJS, so that it runs, and
// says what to do, even before a build.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const cli = join(__dirname, '..', 'dist', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write(`mock-api: not built yet: run \`npm run build\` in ${join(__dirname, '..')}\n`);
  process.exit(1);
}
require('node:module').enableCompileCache?.();
import(pathToFileURL(cli).href).then(({ main, mapStackTraces }) => {
  mapStackTraces();
  return main(process.argv);
});
