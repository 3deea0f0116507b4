import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { applyDeviations } from './deviations.js';

/**
 * The description's parameters, bodies and responses (src/operations/contract.json, written by
 * `npm run operations:table`). Read, parsed and compiled only when a request first needs an operation:
 * the whole file is 300 kB of schemas, and compiling them all would cost start-up seconds.
 */
export interface Contract {
  version: string;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
  operations: Record<string, OperationContract>;
}

export type Schema = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface Media {
  /** Content type: application/json, text/calendar, image/*, ... */
  type?: string;
  schema?: Schema;
}

export interface OperationContract {
  parameters: Parameter[];
  body?: Media & { required: boolean };
  responses: Record<string, Media>;
  security?: Record<string, string[]>[];
}

// In the bundle, import.meta.url is the bundle's own file: the build puts contract.json beside it.
const contractFile = new URL('./contract.json', import.meta.url);

let contract: Contract | undefined;
/** The contract as the description writes it (what generated answers are made from). */
export function loadContract(): Contract {
  return (contract ??= JSON.parse(readFileSync(contractFile, 'utf8')) as Contract);
}

let generation: { $defs: Record<string, Schema>; operations: Record<string, OperationContract> } | undefined;
/**
 * The contract as json-schema-faker reads it, with the documented deviations (answers follow them): references to the components point into `$defs`, so a
 * schema generates beside them (`{ $defs, ...schema }`) without the components counting as its fields.
 */
export function generationContract() {
  if (!generation) {
    const parsed = JSON.parse(readFileSync(contractFile, 'utf8').replaceAll('"#/components/schemas/', '"#/$defs/')) as Contract;
    applyDeviations(parsed.components.schemas);
    generation = { $defs: parsed.components.schemas, operations: parsed.operations };
  }
  return generation;
}

export function operationContract(operationId: string): OperationContract {
  const found = loadContract().operations[operationId];
  if (!found) throw new Error(`no operation ${operationId} in the contract`);
  return found;
}

const CONTRACT_ID = 'mock-api-contract';

/**
 * One Ajv holding the components, each schema compiled on its first use. `coerce` reads path and
 * query values, which arrive as text, as the numbers, booleans and arrays their schemas say.
 */
function makeAjv(coerce: boolean, deviations: boolean): Ajv {
  const text = readFileSync(contractFile, 'utf8').replaceAll('"#/components/', `"${CONTRACT_ID}#/components/`);
  const { components } = JSON.parse(text) as Contract;
  if (deviations) applyDeviations(components.schemas);
  // The description is OpenAPI 3.0: `nullable`, `example` and `x-` keywords that strict mode refuses.
  // inlineRefs off: each component compiles once into a function that later schemas call (not a copy per use).
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false, inlineRefs: false, coerceTypes: coerce ? 'array' : false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: CONTRACT_ID, components }, CONTRACT_ID);
  return ajv;
}

const ajvs = new Map<string, Ajv>();
function ajvFor(coerce: boolean, deviations: boolean) {
  const key = `${coerce}:${deviations}`;
  let ajv = ajvs.get(key);
  if (!ajv) ajvs.set(key, (ajv = makeAjv(coerce, deviations)));
  return ajv;
}

const compiled = new Map<string, ValidateFunction>();

/**
 * Compiles a schema of the contract (its `$ref`s to the components resolved by Ajv), once per schema
 * text and options: a generated answer and the tests' contract check validate one response schema.
 */
export function compileSchema(schema: Schema, options: { coerce?: boolean; deviations?: boolean } = {}): ValidateFunction {
  const coerce = options.coerce ?? false;
  const deviations = options.deviations ?? false;
  const text = JSON.stringify(schema).replaceAll('"#/components/', `"${CONTRACT_ID}#/components/`);
  const key = `${coerce}:${deviations}:${text}`;
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajvFor(coerce, deviations).compile(JSON.parse(text) as Schema)));
  return validate;
}
