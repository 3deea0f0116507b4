// `npm run operations:table [-- <openapi.yaml> [<older openapi.yaml>]]`: reads the public OpenAPI description and
// writes what the simulator needs of it, without prose: src/operations/table.ts (method, path, operationId, tag,
// whether a session is needed; loaded at start-up, so kept small) and src/operations/contract.json (parameters,
// request bodies and responses by status with their schemas; read on the first request that needs it).
// Both are committed: the installed package never reads the description itself.
//
// The description is the newer one the community's conformance suite names (conformance/openapi-test.yaml); the
// operations of the older one (1.20.8, beside the repository) that it no longer lists stay, as the live service
// still answers them (`POST /worlds/{worldId}/removeTags`, which the newer calls `/deleteTags`).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { parse } from 'yaml';

const source = process.argv[2] ?? new URL('../conformance/openapi-test.yaml', import.meta.url);
const olderSource = process.argv[3] ?? new URL('../../shared/spec/openapi/vrchat-openapi.yaml', import.meta.url);
const tableFile = new URL('../src/operations/table.ts', import.meta.url);
const contractFile = new URL('../src/operations/contract.json', import.meta.url);

type Json = Record<string, any>;
const readDoc = (file: string | URL) => parse(readFileSync(file, 'utf8')) as Json;
const doc = readDoc(source);
const older = existsSync(olderSource) ? readDoc(olderSource) : undefined;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
// Keywords that only document: dropped so the contract file holds structure alone.
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'title', 'externalDocs', 'deprecated']);

function component(from: Json, ref: string): Json {
  const [, , kind, name] = ref.split('/');
  const found = from.components[kind!]?.[name!];
  if (!found) throw new Error(`unresolved ${ref}`);
  return found.$ref ? component(from, found.$ref) : found;
}
/** Parameters, responses and request bodies resolved to their content; schema $refs stay. */
const deref = (from: Json, value: Json): Json =>
  value.$ref && !value.$ref.startsWith('#/components/schemas/') ? component(from, value.$ref) : value;

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
 * conformance suite, run against the live service): the website's bundles, an instance and its short name,
 * calendar discovery and featured events are served without a session (get-css, get-java-script, get-instance,
 * get-short-name, discover-calendar-events-anonymous, get-featured-calendar-events-anonymous), and `/health`
 * always answers 401 (get-health, get-health-unauthenticated; the newer description says it was restricted).
 */
const LIVE_SESSION: Record<string, boolean> = {
  getCSS: false,
  getJavaScript: false,
  getHealth: true,
  getInstance: false,
  getShortName: false,
  discoverCalendarEvents: false,
  getFeaturedCalendarEvents: false,
};

interface Operation {
  method: string;
  path: string;
  operationId: string;
  tag: string;
  session: boolean;
  contract: Json;
}

function operationsOf(from: Json): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(from.paths as Json)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p) => deref(from, p))
        .map((p) => ({ name: p.name, in: p.in, required: p.required === true, schema: strip(p.schema ?? {}) }));
      const responses: Json = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) responses[status] = content(deref(from, response as Json)) ?? {};
      const body = op.requestBody ? deref(from, op.requestBody) : undefined;
      const live = LIVE_SESSION[op.operationId];
      const security = live === undefined ? (op.security as Json[] | undefined) : live ? [{ authCookie: [] }] : [];
      found.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        // `deprecated` is a mark, not the area: the operation's folder is its other tag.
        tag: (op.tags as string[] | undefined)?.find((tag) => tag !== 'deprecated') ?? '',
        // An empty `security` list is the description's way of saying no session is needed. (An empty requirement
        // among alternatives, `[{}, {authCookie: []}]`, says a session is optional; the areas answer those
        // operations with a session, but for the ones LIVE_SESSION names.)
        session: !(Array.isArray(security) && security.length === 0),
        contract: {
          parameters,
          ...(body ? { body: { required: body.required === true, ...content(body) } } : {}),
          responses,
          ...(security ? { security } : {}),
        },
      });
    }
  }
  return found;
}

const operations = operationsOf(doc);
const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
const listed = new Set(operations.map(key));
const ids = new Set(operations.map((op) => op.operationId));
for (const op of older ? operationsOf(older) : []) {
  if (listed.has(key(op))) continue;
  // The newer description gave the operationId to the operation's new path: the old path keeps its own.
  const operationId = ids.has(op.operationId) ? `${op.operationId}Legacy` : op.operationId;
  for (const ref of JSON.stringify(op.contract).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
    if (!doc.components.schemas[ref[1]!]) throw new Error(`${key(op)} of the older description names ${ref[1]}, which the newer lacks`);
  operations.push({ ...op, operationId });
}
operations.sort((a, b) =>
  a.path === b.path ? METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase()) : a.path < b.path ? -1 : 1,
);

const rows = operations.map(
  (op) => `  { method: '${op.method}', path: '${op.path}', operationId: '${op.operationId}', tag: '${op.tag}', session: ${op.session} },`,
);

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
const contracts = Object.fromEntries(operations.map((op) => [op.operationId, op.contract]));
await writeFormatted(contractFile, `${JSON.stringify({ version: doc.info.version, components, operations: contracts })}\n`);
process.stdout.write(`${rows.length} operations: ${tableFile.pathname}, ${contractFile.pathname}\n`);
