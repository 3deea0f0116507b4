/**
 * A module-level schema, built the first time anything reads it.
 *
 * Why: a zod schema costs tens of microseconds to build while the process is cold, and the app declares
 * some 1,600 of them; built at import they were a fifth of the time from spawn to the first answer.
 * Built on first use, a start-up pays only for the schemas its first requests touch.
 *
 * The proxy forwards every read to the built schema, with the schema as the receiver, so zod's
 * lazily bound methods (`safeParse`, `extend`, ...) bind to the real instance.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const target = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key, target()),
    has: (_, key) => Reflect.has(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value, target()),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    ownKeys: () => Reflect.ownKeys(target()),
    // Reported configurable: a proxy may not claim a fixed property its empty stand-in lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
