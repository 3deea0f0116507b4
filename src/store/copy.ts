import { WatchedMap } from './watched-map.js';

/**
 * A deep copy of a sandbox's records or state: plain objects, arrays, Maps and Sets copied member by
 * member, typed arrays sliced to their own bytes, anything else structured-cloned. Quicker than
 * structuredClone or parsing the JSON again; a sandbox's records and state form a tree (nothing in them
 * is reachable twice), so copying each reference on its own loses no sharing.
 */
export function deepCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = value.slice();
    for (let index = 0; index < copy.length; index++) copy[index] = deepCopy(copy[index]);
    return copy as T;
  }
  const prototype = Object.getPrototypeOf(value);
  // A spread copies a record's primitive members at once (V8 clones the object's shape), leaving only
  // the members that are objects to copy one by one.
  if (prototype === Object.prototype) return copyObjectMembers({ ...value });
  if (prototype === null) return copyObjectMembers(Object.assign(Object.create(null) as T & object, value));
  if (value instanceof Map) {
    // A sandbox's map stays watchable in its copy (see WatchedMap).
    const entries = [...value].map(([key, item]): [unknown, unknown] => [deepCopy(key), deepCopy(item)]);
    return (value instanceof WatchedMap ? new WatchedMap(entries, value.keyedBy) : new Map(entries)) as T;
  }
  if (value instanceof Set) return new Set([...value].map(deepCopy)) as T;
  if (value instanceof Uint8Array) return value.slice() as T;
  return structuredClone(value);
}

function copyObjectMembers<T extends object>(copy: T): T {
  for (const key in copy) {
    const member = copy[key];
    if (typeof member === 'object' && member !== null) copy[key] = deepCopy(member);
  }
  return copy;
}

/**
 * About how many bytes `value` holds, walked as deepCopy walks it: a character or byte each, eight
 * per number and eight per member for its slot. Cheap enough to ask before every snapshot.
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  if (value instanceof Uint8Array) return value.byteLength;
  let bytes = 0;
  if (Array.isArray(value) || value instanceof Set) for (const item of value) bytes += 8 + approximateBytes(item);
  else if (value instanceof Map) for (const [key, item] of value) bytes += 8 + approximateBytes(key) + approximateBytes(item);
  else for (const key of Object.keys(value)) bytes += 8 + key.length + approximateBytes((value as Record<string, unknown>)[key]);
  return bytes;
}
