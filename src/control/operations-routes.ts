import { Hono } from 'hono';
import { json } from '../http/helpers.js';
import { loadContract } from '../operations/contract.js';
import { applyDeviations, deviations } from '../operations/deviations.js';
import { OPENAPI_VERSION } from '../operations/table.js';
import { routeNotImplementedBody } from '../operations/retired.js';
import type { OperationAnswer } from '../routing/wiring.js';

/** GET /_mock/operations and GET /_mock/openapi.json: what this server answers, read from the table. */
export function operationRoutes(answers: () => OperationAnswer[]) {
  const control = new Hono();
  control.get('/operations', (c) => json(c, { openapiVersion: OPENAPI_VERSION, operations: answers() }));
  let document: string | undefined;
  control.get('/openapi.json', (c) =>
    c.body((document ??= JSON.stringify(openapiDocument(answers()))), 200, { 'Content-Type': 'application/json; charset=utf-8' }),
  );
  return control;
}

/** What a retired operation answers instead of its responses (src/operations/retired.ts). */
const retiredFacts = (retiredOn: string) => ({
  deprecated: true,
  'x-mock-retired-on': retiredOn,
  responses: {
    '404': {
      description: `The live service no longer serves this operation (since ${retiredOn}).`,
      content: { 'application/json': { example: routeNotImplementedBody() } },
    },
  },
});

/**
 * The public description's operations as this server answers them: its parameters, bodies and
 * responses (nullable written as OpenAPI 3.1 does), the documented deviations applied to the
 * schemas, and `x-mock-answer` on each operation.
 */
function openapiDocument(answers: OperationAnswer[]) {
  const contract = loadContract();
  const schemas = structuredClone(contract.components.schemas);
  const operations = structuredClone(contract.operations);
  applyDeviations(schemas, operations);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of answers) {
    const { parameters, body, responses, security } = operations[op.operationId]!;
    const content = (media: { type?: string; schema?: unknown }) =>
      media.type ? { content: { [media.type]: media.schema ? { schema: media.schema } : {} } } : {};
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: op.operationId,
      tags: [op.tag],
      ...(security ? { security } : {}),
      parameters,
      ...(body ? { requestBody: { required: body.required, ...content(body) } } : {}),
      responses: Object.fromEntries(
        Object.entries(responses).map(([status, media]) => [status, { description: status, ...content(media) }]),
      ),
      ...(op.retiredOn ? retiredFacts(op.retiredOn) : {}),
      'x-mock-answer': op.answer,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'mock-api',
      version: OPENAPI_VERSION,
      description: `The public description ${OPENAPI_VERSION} as mock-api answers it. Deviations: ${deviations.map((d) => `${d.where}: ${d.reason}`).join(' ')}`,
    },
    servers: [{ url: '/api/1' }],
    paths,
    components: { schemas, securitySchemes: contract.components.securitySchemes },
  };
}
