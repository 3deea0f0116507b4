/**
 * What checks inputs and makes bodies: Ajv and json-schema-faker, which are slow to load. Nothing at
 * start-up imports this module; `loadEngine()` loads it on the first request that
 * needs it (the first generated answer, GET /config), so start-up pays nothing for them.
 */
export { inputCheck } from './inputs.js';
export { generateBody } from './generate.js';
