// A sandbox's snapshot holds Maps and bytes, which JSON cannot: they are written as one-key objects
// (`{"$map": [[k, v], ...]}`, `{"$bytes": "<base64>"}`) and read back as they were.

export function toJson(value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value].map(([key, item]) => [toJson(key), toJson(item)]) };
  if (value instanceof Set) return { $set: [...value].map(toJson) };
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = toJson(item);
    return out;
  }
  return value;
}

export function fromJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromJson);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1) {
    if (keys[0] === '$map' && Array.isArray(record.$map))
      return new Map((record.$map as [unknown, unknown][]).map(([key, item]) => [fromJson(key), fromJson(item)]));
    if (keys[0] === '$set' && Array.isArray(record.$set)) return new Set(record.$set.map(fromJson));
    if (keys[0] === '$bytes' && typeof record.$bytes === 'string') return Buffer.from(record.$bytes, 'base64');
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = fromJson(record[key]);
  return out;
}

/**
 * As fromJson, reusing the arrays and objects of `value` (which it takes over) rather than copying
 * them, so a big saved sandbox is not held twice while it is read back.
 */
export function fromJsonInPlace(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = fromJsonInPlace(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && ['$map', '$set', '$bytes'].includes(keys[0]!)) return fromJson(record);
  for (const key of keys) record[key] = fromJsonInPlace(record[key]);
  return record;
}
