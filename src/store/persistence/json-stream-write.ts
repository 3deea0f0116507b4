import { toJson } from './codec.js';

/** Text is handed on once this many characters have gathered, so no piece grows with the sandbox. */
export const DEFAULT_CHUNK_CHARS = 1 << 20;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const isContainer = (value: unknown) => Array.isArray(value) || value instanceof Map || value instanceof Set;

/**
 * Hands `write` the text of `JSON.stringify(toJson(value))`, character for character, in pieces of
 * about `chunkChars` (more only when one record alone is longer): collections (arrays, Maps, Sets)
 * and the plain objects that hold them are written member by member, and each record inside a
 * collection is stringified on its own, so the whole text is never one string however big the
 * sandbox. Runs in one synchronous step: the text is the value as it was when the call began.
 */
export function writeJsonChunks(value: unknown, write: (text: string) => void, chunkChars = DEFAULT_CHUNK_CHARS): void {
  let pieces: string[] = [];
  let gathered = 0;
  const emit = (text: string) => {
    pieces.push(text);
    gathered += text.length;
    if (gathered >= chunkChars) flush();
  };
  const flush = () => {
    if (gathered === 0) return;
    const text = pieces.join('');
    pieces = [];
    gathered = 0;
    write(text);
  };

  const record = (item: unknown) => emit(JSON.stringify(toJson(item)) ?? 'null');
  const list = (items: Iterable<unknown>, each: (item: unknown) => void) => {
    emit('[');
    let first = true;
    for (const item of items) {
      if (!first) emit(',');
      first = false;
      each(item);
    }
    emit(']');
  };
  // An element of a collection: a collection inside it is walked, anything else is one record.
  const member = (item: unknown) => (isContainer(item) ? part(item) : record(item));
  const part = (item: unknown): void => {
    if (Array.isArray(item)) return list(item, member);
    if (item instanceof Map) {
      emit('{"$map":');
      list(item, (entry) => {
        const [key, inner] = entry as [unknown, unknown];
        emit('[');
        member(key);
        emit(',');
        member(inner);
        emit(']');
      });
      return emit('}');
    }
    if (item instanceof Set) {
      emit('{"$set":');
      list(item, member);
      return emit('}');
    }
    if (isPlainObject(item)) {
      emit('{');
      let first = true;
      for (const [key, inner] of Object.entries(item)) {
        // As toJson and JSON.stringify do: a field without a value is left out.
        if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
        emit(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        part(inner);
      }
      return emit('}');
    }
    record(item);
  };

  part(value);
  flush();
}
