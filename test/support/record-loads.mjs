// Preloaded by tests with `node --import`: appends to the file MOCK_API_LOADS names each package the
// process loads from node_modules (`package <name>`) and, at exit, whether source maps were on.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';

const file = process.env.MOCK_API_LOADS;
register(new URL('./record-loads-hooks.mjs', import.meta.url), { data: { file } });
process.once('exit', () => appendFileSync(file, `sourceMaps ${process.sourceMapsEnabled}\n`));
