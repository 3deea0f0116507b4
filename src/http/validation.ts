import type * as z from 'zod';
import { invalidFields } from '../errors.js';

type Issue = z.core.$ZodIssue;

const fieldOf = (issue: Issue) => issue.path.map(String).join('.') || 'body';

/** What is wrong with one field, whichever validator found it (zod for our schemas, ajv for the description's). */
export type Problem =
  | { kind: 'required' }
  | { kind: 'type'; expected: string }
  | { kind: 'oneOf'; values: readonly unknown[] }
  | { kind: 'bound'; words: 'at least' | 'at most'; of: 'string' | 'array' | 'number'; limit: number | bigint }
  | { kind: 'format'; format: string }
  | { kind: 'notAllowed'; keys: readonly string[] }
  | { kind: 'says'; words: string };

/** A problem in the API's words: `<field> must be ...`, `<field> is required`. */
export function sayProblem(field: string, problem: Problem): string {
  switch (problem.kind) {
    case 'required':
      return `${field} is required`;
    case 'type':
      return `${field} must be ${article(problem.expected)}`;
    case 'oneOf':
      return `${field} must be one of ${problem.values.map(String).join(', ')}`;
    case 'bound': {
      const unit = problem.of === 'string' ? ' characters long' : problem.of === 'array' ? ' items' : '';
      return `${field} must be ${problem.words} ${problem.limit}${unit}`;
    }
    case 'format':
      return `${field} must be ${article(problem.format)}`;
    case 'notAllowed':
      return `${problem.keys.join(', ')} ${problem.keys.length > 1 ? 'are' : 'is'} not allowed`;
    case 'says':
      return `${field} ${problem.words}`;
  }
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) && noun !== 'URL' ? `an ${noun}` : `a ${noun}`);

const boundOf = (origin: string) => (origin === 'string' ? 'string' : origin === 'array' || origin === 'set' ? 'array' : 'number');

function problemOf(issue: Issue): Problem {
  // A missing field fails whatever check comes first (an enum's, a format's): say it is missing.
  if (issue.input === undefined && issue.path.length > 0 && issue.code !== 'unrecognized_keys') return { kind: 'required' };
  if (issue.message.startsWith('must ')) return { kind: 'says', words: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? { kind: 'required' } : { kind: 'type', expected: issue.expected };
    case 'too_small':
      return { kind: 'bound', words: 'at least', of: boundOf(issue.origin), limit: issue.minimum };
    case 'too_big':
      return { kind: 'bound', words: 'at most', of: boundOf(issue.origin), limit: issue.maximum };
    case 'invalid_value':
      return { kind: 'oneOf', values: issue.values };
    case 'invalid_format':
      return { kind: 'format', format: issue.format === 'url' ? 'URL' : issue.format };
    case 'unrecognized_keys':
      return { kind: 'notAllowed', keys: issue.keys };
    default:
      return { kind: 'says', words: 'is invalid' };
  }
}

/**
 * Validates input against a schema. A failure is one 400 whose message lists every invalid field,
 * in the API's style: `imageUrl must be a URL, name must be at least 3 characters long`.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  // One problem per field, the first: a field of the wrong type would otherwise also fail its length check.
  const seen = new Set<string>();
  const problems = result.error.issues
    .filter((issue) => !seen.has(fieldOf(issue)) && seen.add(fieldOf(issue)))
    .map((issue) => sayProblem(fieldOf(issue), problemOf(issue)));
  throw invalidFields(problems);
}
