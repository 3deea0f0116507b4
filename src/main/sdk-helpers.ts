// Helpers for the official `vrchat` SDK (2.x) against mock-api. No import of the SDK here: the
// options are plain objects, so mock-api does not depend on it.
import { WORLD_HEADER_NAME, type ControlClient } from '../control/client.js';

/**
 * The SDK needs `Promise.withResolvers`, which Node 20 lacks. Call this before the SDK is loaded
 * (import it with `await import('vrchat')` afterwards); it does nothing where the method exists.
 */
export function installPromiseWithResolvers(): void {
  if ('withResolvers' in Promise) return;
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export interface VRChatTargetOptions {
  baseUrl: string;
  headers: Record<string, string>;
  pipeline: { baseUrl: string; headers: Headers };
  application: { name: string; version: string; contact: string };
}

/**
 * The options that point a `new VRChat({...})` at a world of a mock-api server (the default world
 * for `controlClient(url)`, an isolated one for the handle `worlds.create()` answered): the API's base
 * URL, the world's header on every request, and the event socket on the same server, so nothing
 * leaves the machine. Spread them and add `authentication`.
 */
export function vrchatOptions(target: Pick<ControlClient, 'apiUrl' | 'pipelineUrl' | 'headers'>): VRChatTargetOptions {
  const headers = { ...target.headers };
  return {
    baseUrl: target.apiUrl,
    headers,
    pipeline: { baseUrl: target.pipelineUrl, headers: new Headers(headers) },
    application: { name: 'mock-api-tests', version: '1.0.0', contact: 'tests@example.test' },
  };
}

export { WORLD_HEADER_NAME };
