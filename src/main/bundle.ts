// Everything dist/ runs, in one bundle with one code cache (src/boot.ts): the CLI that
// bin/mock-api.cjs starts, and the library that dist/index.js re-exports.
export { main } from './cli.js';
export * from './index.js';
