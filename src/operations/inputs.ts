import type { ErrorObject, ValidateFunction } from 'ajv';
import { invalidFields } from '../errors.js';
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
    problems.push(describe(field, error));
  }
  return problems;
}

const fieldOf = (error: ErrorObject) => {
  const base = error.instancePath.slice(1).replaceAll('/', '.');
  if (error.keyword !== 'required') return base || 'body';
  const missing = (error.params as { missingProperty: string }).missingProperty;
  return base ? `${base}.${missing}` : missing;
};

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/** In the API's `<field> must be ...` words, as the simulated operations say it. */
function describe(field: string, error: ErrorObject): string {
  const params = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'type':
      return `${field} must be ${article(String(params.type).replace(',null', ''))}`;
    case 'enum':
      return `${field} must be one of ${(params.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}`;
    case 'minimum':
      return `${field} must be at least ${params.limit}`;
    case 'maximum':
      return `${field} must be at most ${params.limit}`;
    case 'minLength':
      return `${field} must be at least ${params.limit} characters long`;
    case 'maxLength':
      return `${field} must be at most ${params.limit} characters long`;
    case 'minItems':
      return `${field} must be at least ${params.limit} items`;
    case 'maxItems':
      return `${field} must be at most ${params.limit} items`;
    case 'format':
      return `${field} must be ${article(params.format)}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}
