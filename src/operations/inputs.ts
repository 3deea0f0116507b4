import type { ErrorObject, ValidateFunction } from 'ajv';
import { invalidFields } from '../errors.js';
import { sayProblem, type Problem } from '../http/validation.js';
import type { OperationContract, Parameter, Schema } from './contract.js';
import { compileSchema } from './validator.js';

export interface Inputs {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  /** The JSON body, when the operation takes one. */
  body?: unknown;
}

export interface InputCheck {
  /** Names the query parameters whose schema is an array (read with every value sent). */
  arrays: Set<string>;
  /** Throws the 400 envelope naming each invalid field; coerces path and query values in place. */
  check(inputs: Inputs): void;
}

function objectOf(parameters: Parameter[]): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

const isArray = (schema: Schema) => schema.type === 'array';

/** The validators of one operation's inputs, built from the contract on the operation's first request. */
export function inputCheck(contract: OperationContract): InputCheck {
  const inPath = contract.parameters.filter((p) => p.in === 'path');
  const inQuery = contract.parameters.filter((p) => p.in === 'query');
  const path = compileSchema(objectOf(inPath), { coerce: true });
  const query = compileSchema(objectOf(inQuery), { coerce: true });
  const json = contract.body?.type === 'application/json' && contract.body.schema;
  const body = json ? compileSchema(json) : undefined;
  return {
    arrays: new Set(inQuery.filter((p) => isArray(p.schema)).map((p) => p.name)),
    check(inputs) {
      const problems = [...run(path, inputs.path), ...run(query, inputs.query)];
      if (body && (inputs.body !== undefined || contract.body?.required)) problems.push(...run(body, inputs.body ?? {}));
      if (problems.length) throw invalidFields(problems);
    },
  };
}

function run(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error);
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push(sayProblem(field, problemOf(error)));
  }
  return problems;
}

const fieldOf = (error: ErrorObject) => {
  const base = error.instancePath.slice(1).replaceAll('/', '.');
  if (error.keyword !== 'required') return base || 'body';
  const missing = (error.params as { missingProperty: string }).missingProperty;
  return base ? `${base}.${missing}` : missing;
};

/** The problem an ajv error reports, for the one translator into the API's words. */
function problemOf(error: ErrorObject): Problem {
  const params = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return { kind: 'required' };
    case 'type':
      return { kind: 'type', expected: String(params.type).replace(',null', '') };
    case 'enum':
      return { kind: 'oneOf', values: (params.allowedValues as unknown[]).filter((v) => v !== null) };
    case 'minimum':
    case 'maximum':
      return { kind: 'bound', words: error.keyword === 'minimum' ? 'at least' : 'at most', of: 'number', limit: params.limit };
    case 'minLength':
    case 'maxLength':
      return { kind: 'bound', words: error.keyword === 'minLength' ? 'at least' : 'at most', of: 'string', limit: params.limit };
    case 'minItems':
    case 'maxItems':
      return { kind: 'bound', words: error.keyword === 'minItems' ? 'at least' : 'at most', of: 'array', limit: params.limit };
    case 'format':
      return { kind: 'format', format: params.format };
    default:
      return { kind: 'says', words: error.message ?? 'is invalid' };
  }
}
