// `npm run operations:table [-- <openapi.yaml>]`: reads the public OpenAPI description and writes what the simulator needs
// of it, without prose: src/operations/table.ts (method, path, operationId, tag, whether a session is
// needed; loaded at start-up, so kept small) and src/operations/contract.json (parameters, request
// bodies and responses by status with their schemas; read on the first request that needs it).
// Both are committed: the installed package never reads the description itself.
import { readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { parse } from 'yaml';

// The description sits beside the repository (`../shared/spec/...`); another copy can be named instead.
const source = process.argv[2] ?? new URL('../../shared/spec/openapi/vrchat-openapi.yaml', import.meta.url);
const tableFile = new URL('../src/operations/table.ts', import.meta.url);
const contractFile = new URL('../src/operations/contract.json', import.meta.url);

type Json = Record<string, any>;
const doc = parse(readFileSync(source, 'utf8')) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
// Keywords that only document: dropped so the contract file holds structure alone.
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'title', 'externalDocs', 'deprecated']);

function component(ref: string): Json {
  const [, , kind, name] = ref.split('/');
  const found = doc.components[kind!]?.[name!];
  if (!found) throw new Error(`unresolved ${ref}`);
  return found.$ref ? component(found.$ref) : found;
}
/** Parameters, responses and request bodies resolved to their content; schema $refs stay. */
const deref = (value: Json): Json => (value.$ref && !value.$ref.startsWith('#/components/schemas/') ? component(value.$ref) : value);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    if (PROSE.has(key) || key.startsWith('x-')) continue;
    // `properties` names fields, not keywords: a field called `description` stays.
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(inner as Json).map(([k, v]) => [k, strip(v)])) : strip(inner);
  }
  return out.nullable === undefined ? out : withNull(out);
}

/**
 * OpenAPI 3.0's `nullable: true` in JSON Schema's own words (as OpenAPI 3.1 writes it), which Ajv and
 * json-schema-faker both read: `type: [X, 'null']`, or a `$ref` beside `{type: 'null'}`.
 */
function withNull(schema: Json): Json {
  const { nullable, ...rest } = schema;
  if (!nullable) return rest;
  if (typeof rest.type === 'string' && !rest.$ref) {
    return { ...rest, type: [rest.type, 'null'], ...(rest.enum ? { enum: [...rest.enum, null] } : {}) };
  }
  return { anyOf: [rest, { type: 'null' }] };
}

function content(body: Json | undefined) {
  if (!body?.content) return undefined;
  const [type, media] = Object.entries(body.content as Json)[0]!;
  return { type, schema: media.schema ? strip(media.schema) : undefined };
}

/**
 * Where the live service's session check differs from the description's `security` (the community's
 * conformance suite, run against the live service): the website's bundles are served without a session
 * (get-css, get-java-script), and `/health` always answers 401 (get-health, get-health-unauthenticated; the
 * newer description says the endpoint was restricted), so no caller without a session gets past the check.
 */
const LIVE_SESSION: Record<string, boolean> = {
  getCSS: false,
  getJavaScript: false,
  getHealth: true,
  // an instance and its short name are read without a session (get-instance, get-short-name)
  getInstance: false,
  getShortName: false,
  // calendar discovery and featured events (discover-calendar-events-anonymous, get-featured-calendar-events-anonymous)
  discoverCalendarEvents: false,
  getFeaturedCalendarEvents: false,
};

const rows: string[] = [];
const operations: Json = {};
for (const [path, item] of Object.entries(doc.paths as Json)) {
  for (const method of METHODS) {
    const op = item[method];
    if (!op) continue;
    const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref).map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required === true,
      schema: strip(p.schema ?? {}),
    }));
    const responses: Json = {};
    for (const [status, response] of Object.entries(op.responses ?? {})) responses[status] = content(deref(response as Json)) ?? {};
    const body = op.requestBody ? deref(op.requestBody) : undefined;
    // An empty `security` list, or one holding the empty requirement `{}` (anonymous allowed, a session
    // optional), is the description's way of saying no session is needed.
    const anonymous = (requirement: unknown) =>
      typeof requirement === 'object' && requirement !== null && Object.keys(requirement).length === 0;
    const session =
      LIVE_SESSION[op.operationId] ?? !(Array.isArray(op.security) && (op.security.length === 0 || op.security.some(anonymous)));
    const security = op.operationId in LIVE_SESSION ? (session ? [{ authCookie: [] }] : []) : op.security;
    operations[op.operationId] = {
      parameters,
      ...(body ? { body: { required: body.required === true, ...content(body) } } : {}),
      responses,
      ...(security ? { security } : {}),
    };
    rows.push(
      `  { method: '${method.toUpperCase()}', path: '${path}', operationId: '${op.operationId}', tag: '${op.tags?.[0] ?? ''}', session: ${session} },`,
    );
  }
}

/** Written as the formatter would leave it, so the generated files pass `npm run format:check` as they are. */
async function writeFormatted(file: URL, text: string) {
  const options = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(text, { ...options, filepath: file.pathname }));
}

await writeFormatted(
  tableFile,
  `// Written by \`npm run operations:table\` from the public OpenAPI description ${doc.info.version}; do not edit.
import type { OperationFacts } from './facts.js';

export const OPENAPI_VERSION = '${doc.info.version}';

export const operations: readonly OperationFacts[] = [
${rows.join('\n')}
];
`,
);
const components = { schemas: strip(doc.components.schemas), securitySchemes: doc.components.securitySchemes };
await writeFormatted(contractFile, `${JSON.stringify({ version: doc.info.version, components, operations })}\n`);
process.stdout.write(`${rows.length} operations: ${tableFile.pathname}, ${contractFile.pathname}\n`);
