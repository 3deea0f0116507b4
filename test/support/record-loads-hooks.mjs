// Module hooks of record-loads.mjs (they run in a thread of their own).
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(result.url)?.[1];
  if (name) appendFileSync(file, `package ${name}\n`);
  return result;
}
