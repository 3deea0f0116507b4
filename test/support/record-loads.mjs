// Preloaded by tests with `node --import`: appends to the file MOCK_API_LOADS names each package the
// process imports or requires from node_modules (`package <name>`).
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const file = process.env.MOCK_API_LOADS;
register(new URL('./record-loads-hooks.mjs', import.meta.url), { data: { file } });
// A package required rather than imported passes no module hook.
const load = Module._load;
Module._load = function (request, ...rest) {
  if (!/^(\.|\/|node:)/.test(request)) appendFileSync(file, `package ${request}\n`);
  return load.call(this, request, ...rest);
};
