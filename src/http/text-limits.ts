import { invalidFields } from '../errors.js';

/**
 * Refuses a request body with a string longer than `max` in any field, naming the field
 * (`description must be at most 10000 characters long`). The API description leaves most free-text
 * fields open; unbounded, one calendar description of 1 MB made every page that shows it 1 MB.
 * Walks without recursion: a body may nest as deep as a megabyte of brackets allows.
 */
export function checkTextLengths(body: Record<string, unknown>, max: number): void {
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > max) throw invalidFields([`${path || 'body'} must be at most ${max} characters long`]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push([item, path ? `${path}.${key}` : key]);
    }
  }
}
