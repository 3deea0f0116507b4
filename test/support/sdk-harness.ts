import type { EventEmitter } from 'node:events';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import type { VRChat as VRChatClient } from 'vrchat';
import { startServer, type RunningServer } from '../../src/main/server.js';
import { installPromiseWithResolvers } from '../../src/main/sdk-helpers.js';

// The official SDK needs Promise.withResolvers, which Node 20 lacks: applied before the SDK is loaded,
// hence the dynamic import below.
installPromiseWithResolvers();

const { VRChat } = await import('vrchat');

/**
 * The SDK's client adds process listeners and never removes them (its cache is dropped and its event
 * socket closed at `beforeExit`, the socket closed on SIGINT).
 */
const CLIENT_EVENTS = ['beforeExit', 'SIGINT'];
type ProcessListener = (...args: unknown[]) => unknown;
const processEvents: EventEmitter = process;

/**
 * An SDK client made in a test, whose process listeners go (and whose `beforeExit` work is done) when
 * that test ends: files share a process, and each client's listeners would outlive its test.
 */
export function sdkClient(options: ConstructorParameters<typeof VRChat>[0]): VRChatClient {
  const before = new Set(CLIENT_EVENTS.flatMap((event) => processEvents.listeners(event)));
  const vrchat = new VRChat(options);
  const added = CLIENT_EVENTS.flatMap((event) =>
    (processEvents.listeners(event) as ProcessListener[])
      .filter((listener) => !before.has(listener))
      .map((listener) => ({ event, listener })),
  );
  onTestFinished(async () => {
    for (const { event, listener } of added) {
      processEvents.off(event, listener);
      if (event === 'beforeExit') await listener();
    }
  });
  return vrchat;
}

export interface SdkCredentials {
  username: string;
  password: string;
  totpSecret?: string;
}

export interface SdkServer {
  /** The base URL of this file's server; only valid once beforeAll has run. */
  url(): string;
  /** A fresh SDK client against this file's server, not yet logged in; for the test that makes it. */
  client(credentials: SdkCredentials): VRChatClient;
  /** A fresh SDK client, logged in; the password defaults to the fixtures' `<username>-password`. */
  loggedIn(username: string, password?: string): Promise<VRChatClient>;
}

/**
 * Starts a mock server for the calling test file (beforeAll/afterAll) and hands out
 * official `vrchat` SDK clients pointed at it. Call once at the top level of a test file.
 */
export function useSdkServer(): SdkServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server?.close());

  const url = () => {
    if (!server) throw new Error('useSdkServer: the server is not running (use it inside a test)');
    return server.url;
  };

  const client = (credentials: SdkCredentials) =>
    sdkClient({
      baseUrl: url(),
      application: { name: 'mock-api-tests', version: '1.0.0', contact: 'tests@example.test' },
      authentication: { credentials, optimistic: false },
      // Keep the SDK's websocket on loopback: nothing here may leave the machine.
      pipeline: { baseUrl: 'ws://127.0.0.1:9' },
    });

  const loggedIn = async (username: string, password = `${username}-password`) => {
    const credentials = { username, password };
    const vrchat = client(credentials);
    await vrchat.login(credentials);
    return vrchat;
  };

  return { url, client, loggedIn };
}
