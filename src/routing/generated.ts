import type { Context, Handler } from 'hono';
import type { AppEnv } from '../http/env.js';
import { cachedJson, json, JSON_TYPE, jsonBody, rawQuery, requestHeader } from '../http/helpers.js';
import { generationContract, operationContract, type Media } from '../operations/contract.js';
import type { OperationFacts } from '../operations/facts.js';
import type { InputCheck } from '../operations/inputs.js';
import { loadEngine } from '../operations/load-engine.js';
import type { HonoRoute } from '../http/path-pattern.js';
import { recordAnswer } from './records.js';
import { WEBSITE_HOME } from '../http/website-home.js';

/** The answer an operation gives on success: its first 2xx response (a redirect where it has none). */
function successOf(responses: Record<string, Media>): { status: number; media: Media } {
  const statuses = Object.keys(responses);
  const status = statuses.find((s) => s.startsWith('2')) ?? statuses.find((s) => s.startsWith('3')) ?? '200';
  return { status: Number(status), media: responses[status] ?? {} };
}

/** Bodies of the few operations that answer something other than JSON. */
const TEXT_BODIES: Record<string, string> = {
  'text/calendar': 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//mock-api//generated//EN\r\nEND:VCALENDAR\r\n',
  'text/css': '/* mock-api: generated */\n',
  'application/javascript': '// mock-api: generated\n',
};
// A 1x1 transparent PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (ch) =>
  ch.charCodeAt(0),
);

interface Compiled {
  inputs: InputCheck;
  /** Whether the operation takes a JSON body (multipart uploads are answered without reading theirs). */
  takesJson: boolean;
  status: number;
  media: Media;
}

/**
 * The handler of an operation no area simulates: checks its inputs against the description (400
 * naming each invalid field), finds the records its path names (404 for an unknown id), then answers
 * the record through its view or a body generated from the response schema. Compiled on first use.
 */
export function generatedHandler(op: OperationFacts, template: HonoRoute): Handler<AppEnv> {
  let compiled: Compiled | undefined;
  const lastParam = /\{(\w+Id)\}$/.exec(op.path)?.[1];
  return async (c) => {
    const { generateBody, inputCheck } = await loadEngine();
    if (!compiled) {
      const contract = operationContract(op.operationId);
      const success = successOf(generationContract().operations[op.operationId]!.responses);
      compiled = { inputs: inputCheck(contract), takesJson: contract.body?.type === 'application/json', ...success };
    }
    const { inputs, takesJson, status, media } = compiled;
    const path = template.params(c.req.param() as Record<string, string>);
    const query = readQuery(c, inputs.arrays);
    const body = takesJson && isJsonRequest(c) ? await jsonBody(c) : undefined;
    inputs.check({ path, query, body });
    const record = recordAnswer(c, path, media.schema);
    if (record) return json(c, record.value, status);
    if (status >= 300 && status < 400) return c.body(null, status as 302, { Location: WEBSITE_HOME });
    if (!media.schema || media.type !== 'application/json') return otherBody(c, status, media.type);
    const seed = `${c.get('sandbox').instanceDiscovery.seed}|${op.operationId}|${JSON.stringify(path)}|${rawQuery(c)}|${body === undefined ? '' : JSON.stringify(body)}`;
    const make = () => generateBody(media.schema!, seed, path, lastParam);
    if (op.method === 'GET' && status === 200) return cachedJson(c, `generated ${op.operationId} ${seed}`, make);
    return json(c, make(), status);
  };
}

function readQuery(c: Context, arrays: Set<string>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = c.req.query();
  for (const name of arrays) if (name in query) query[name] = c.req.queries(name) ?? [];
  return query;
}

const isJsonRequest = (c: Context) => {
  const type = requestHeader(c, 'content-type');
  return type === undefined || type.startsWith('application/json');
};

function otherBody(c: Context, status: number, type: string | undefined): Response {
  if (type === undefined) return c.body(null, status as 200);
  if (type.startsWith('image/')) return c.body(PNG, status as 200, { 'Content-Type': 'image/png' });
  if (type in TEXT_BODIES) return c.body(TEXT_BODIES[type]!, status as 200, { 'Content-Type': `${type}; charset=utf-8` });
  return c.body('', status as 200, { 'Content-Type': type === 'application/json' ? JSON_TYPE : type });
}
