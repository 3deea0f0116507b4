import type * as z from 'zod';
import { invalidFields } from '../errors.js';

type Issue = z.core.$ZodIssue;

const fieldOf = (issue: Issue) => issue.path.map(String).join('.') || 'body';

function describe(issue: Issue): string {
  const field = fieldOf(issue);
  // A missing field fails whatever check comes first (an enum's, a format's): say it is missing.
  if (issue.input === undefined && issue.path.length > 0 && issue.code !== 'unrecognized_keys') return `${field} is required`;
  if (issue.message.startsWith('must ')) return `${field} ${issue.message}`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required` : `${field} must be ${article(issue.expected)}`;
    case 'too_small':
      return `${field} must be ${bound('at least', issue.origin, issue.minimum)}`;
    case 'too_big':
      return `${field} must be ${bound('at most', issue.origin, issue.maximum)}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${field} must be ${article(issue.format === 'url' ? 'URL' : issue.format)}`;
    case 'unrecognized_keys':
      return `${issue.keys.join(', ')} ${issue.keys.length > 1 ? 'are' : 'is'} not allowed`;
    default:
      return `${field} is invalid`;
  }
}

const article = (noun: string) => (/^[aeiouAEIOU]/.test(noun) && noun !== 'URL' ? `an ${noun}` : `a ${noun}`);

function bound(words: string, origin: string, limit: number | bigint): string {
  if (origin === 'string') return `${words} ${limit} characters long`;
  if (origin === 'array' || origin === 'set') return `${words} ${limit} items`;
  return `${words} ${limit}`;
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
  const problems = result.error.issues.filter((issue) => !seen.has(fieldOf(issue)) && seen.add(fieldOf(issue))).map(describe);
  throw invalidFields(problems);
}
