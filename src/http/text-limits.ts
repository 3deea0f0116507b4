import { ApiError, invalidFields, messages } from '../errors.js';
import { LIMITS } from '../limits.js';

/**
 * Refuses a request body with a string longer than `max` in any field, naming the field
 * (`description must be at most 10000 characters long`), an array of more than LIMITS.arrayItems
 * items, or an array item longer than LIMITS.arrayStringCharacters. The API description leaves most
 * free-text fields and lists open; unbounded, one calendar description of 1 MB made every page that
 * shows it 1 MB, and a megabyte of tags on each of thousands of files took the process past its heap.
 * Walks without recursion: a body may nest as deep as a megabyte of brackets allows.
 */
export function checkTextLengths(body: Record<string, unknown>, max: number): void {
  const maxItems = LIMITS.arrayItems.value;
  const maxItemLength = LIMITS.arrayStringCharacters.value;
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > max) throw invalidFields([`${path || 'body'} must be at most ${max} characters long`]);
    } else if (Array.isArray(value)) {
      if (value.length > maxItems) throw new ApiError(400, messages.arrayTooLong(path, maxItems));
      for (const [index, item] of value.entries()) {
        // An item past `max` is named by its index, as any string past it is (below).
        const tooLong = typeof item === 'string' && item.length > maxItemLength && item.length <= max;
        if (tooLong) throw new ApiError(400, messages.arrayStringTooLong(path, maxItemLength));
        stack.push([item, `${path}.${index}`]);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push([item, path ? `${path}.${key}` : key]);
    }
  }
}
