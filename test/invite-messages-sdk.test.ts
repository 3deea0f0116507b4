import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { ids } from './helpers.js';

// The official SDK needs Promise.withResolvers, which Node 20 lacks.
if (!('withResolvers' in Promise)) {
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

const { VRChat } = await import('vrchat');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

async function loggedIn(username: string) {
  const credentials = { username, password: `${username}-password` };
  const vrchat = new VRChat({
    baseUrl: server.url,
    application: { name: 'mock-api-tests', version: '1.0.0', contact: 'tests@example.test' },
    authentication: { credentials, optimistic: false },
    pipeline: { baseUrl: 'ws://127.0.0.1:9' },
  });
  await vrchat.login(credentials);
  return vrchat;
}

describe('invite messages through the official vrchat SDK', () => {
  it('lists, edits, meets the cooldown, and reads back', async () => {
    const vrchat = await loggedIn('bob');
    const path = { userId: ids.bob, messageType: 'request' as const, slot: 9 };
    const listed = await vrchat.getInviteMessages({ path: { userId: ids.bob, messageType: 'request' } });
    expect(listed.data).toHaveLength(12);
    const edited = await vrchat.updateInviteMessage({ path, body: { message: 'Bringing the speakers' } });
    expect(edited.data?.[9]).toMatchObject({ message: 'Bringing the speakers', remainingCooldownMinutes: 60 });
    const again = await vrchat.updateInviteMessage({ path, body: { message: 'Too soon' } });
    expect(again.error?.message).toBe('Please wait 60 more minutes until you try again.');
    const reset = await vrchat.resetInviteMessage({ path });
    expect(reset.error?.message).toBe('Please wait 60 more minutes until you try again.');
    const one = await vrchat.getInviteMessage({ path });
    expect(one.data).toMatchObject({ message: 'Bringing the speakers', canBeUpdated: false });
  });

  it('resets a customised slot to its original text', async () => {
    const vrchat = await loggedIn('alice');
    const reset = await vrchat.resetInviteMessage({ path: { userId: ids.alice, messageType: 'message', slot: 0 } });
    expect(reset.data?.[0]).toMatchObject({ message: 'Come hang out with me!', canBeUpdated: true });
  });
});
