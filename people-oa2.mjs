import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
const doc = parse(readFileSync('/work/shared/spec/openapi/vrchat-openapi.yaml','utf8'));
const ids = process.argv.slice(2);
const deref = (x) => x && x.$ref ? x.$ref.split('/').pop() : x;
for (const [p, ops] of Object.entries(doc.paths)) for (const [m,o] of Object.entries(ops)) if (ids.includes(o.operationId)) {
  const out = {};
  for (const [code, r] of Object.entries(o.responses)) { const rr = r.$ref ? doc.components.responses[deref(r)] : r; const s = rr?.content?.['application/json']?.schema; out[code] = (r.$ref? deref(r)+': ':'') + JSON.stringify(s && (s.$ref? deref(s) : s)) + (rr?.content?.['application/json']?.examples? ' ex:'+JSON.stringify(Object.values(rr.content['application/json'].examples).map(e=>e.value?.error?.message ?? e.value)).slice(0,300):''); }
  console.log(m.toUpperCase(), p, JSON.stringify(out));
}
