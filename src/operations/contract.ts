import { readFileSync } from 'node:fs';
import { applyDeviations, applyOperationDeviations } from './deviations.js';

/**
 * The description's parameters, bodies and responses (src/operations/contract.json, written by
 * `npm run operations:table`). Read, parsed and compiled only when a request first needs an operation:
 * the file holds every operation's schemas, and compiling them all would make start-up wait for what
 * few requests use.
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

// Built, this module is a file in dist/, where the build puts contract.json.
export const contractFile = new URL('./contract.json', import.meta.url);

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
    applyDeviations(parsed.components.schemas, parsed.operations);
    generation = { $defs: parsed.components.schemas, operations: parsed.operations };
  }
  return generation;
}

export function operationContract(operationId: string): OperationContract {
  const found = loadContract().operations[operationId];
  if (!found) throw new Error(`no operation ${operationId} in the contract`);
  return found;
}

let answered: Record<string, OperationContract> | undefined;
/** An operation as this server answers it: the description's, with the documented deviations of operations applied. */
export function answeredOperation(operationId: string): OperationContract {
  if (!answered) {
    answered = structuredClone(loadContract().operations);
    applyOperationDeviations(answered);
  }
  const found = answered[operationId];
  if (!found) throw new Error(`no operation ${operationId} in the contract`);
  return found;
}
