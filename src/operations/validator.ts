import type { ValidateFunction } from 'ajv';
import { Ajv2019 as Ajv } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { contractFile, type Contract, type Schema } from './contract.js';
import { applyDeviations } from './deviations.js';

// Ajv is slow to load: nothing at start-up imports this module (see engine.ts).
const CONTRACT_ID = 'mock-api-contract';

/**
 * One Ajv holding the components, each schema compiled on its first use. `coerce` reads path and
 * query values, which arrive as text, as the numbers, booleans and arrays their schemas say.
 */
function makeAjv(coerce: boolean, deviations: boolean): Ajv {
  const text = readFileSync(contractFile, 'utf8').replaceAll('"#/components/', `"${CONTRACT_ID}#/components/`);
  const { components } = JSON.parse(text) as Contract;
  if (deviations) applyDeviations(components.schemas);
  // The description is OpenAPI 3.0: `nullable`, `example` and `x-` keywords that strict mode refuses. Its schemas
  // are closed with `unevaluatedProperties: false` (JSON Schema 2019-09), so an answer's fields beyond them fail.
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
