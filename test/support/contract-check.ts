import type { ValidateFunction } from 'ajv';
import { answeredOperation } from '../../src/operations/contract.js';
import { compileSchema } from '../../src/operations/validator.js';
import type { OperationFacts } from '../../src/operations/facts.js';
import { operationAt } from '../../src/operations/lookup.js';

/**
 * The contract check every test runs through `call()`: a JSON body the app answered for an operation
 * of the public description must validate against that operation's response schema for the status
 * (the documented deviations of src/operations/deviations.ts applied, nothing else). The schemas are closed
 * (`unevaluatedProperties: false`), so a field the description does not list fails unless a deviation adds it.
 */
const validators = new Map<string, ValidateFunction | null>();

function validatorFor(op: OperationFacts, status: number): ValidateFunction | null {
  const key = `${op.operationId} ${status}`;
  if (!validators.has(key)) {
    const media = answeredOperation(op.operationId).responses[String(status)];
    const schema = media?.type === 'application/json' ? media.schema : undefined;
    validators.set(key, schema ? compileSchema(schema, { deviations: true }) : null);
  }
  return validators.get(key)!;
}

/** Throws naming the operation, the status and each violation's JSON path and keyword. */
export function checkContract(method: string, path: string, status: number, body: unknown): void {
  const op = operationAt(method, path.split('?')[0]!);
  if (!op) return;
  const validate = validatorFor(op, status);
  if (!validate || validate(body)) return;
  const problems = (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `  at ${e.instancePath || '/'}: ${e.keyword} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  throw new Error(`contract: ${op.operationId} (${method} ${op.path}) answered ${status} against its schema:\n${problems.join('\n')}`);
}
