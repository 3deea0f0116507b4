import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { totp } from '../src/auth/totp.js';

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

function client(credentials: { username: string; password: string; totpSecret?: string }) {
  return new VRChat({
    baseUrl: server.url,
    application: { name: 'mock-api-tests', version: '1.0.0', contact: 'tests@example.test' },
    authentication: { credentials, optimistic: false },
    // Keep the SDK's websocket on loopback: nothing here may leave the machine.
    pipeline: { baseUrl: 'ws://127.0.0.1:9' },
  });
}

describe('the official vrchat SDK, unchanged', () => {
  it('logs in with credentials and reads the current user', async () => {
    const vrchat = client({ username: 'alice', password: 'alice-password' });
    const { data, error } = await vrchat.login({ username: 'alice', password: 'alice-password' });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ username: 'alice', displayName: 'Alice' });
    const again = await vrchat.getCurrentUser();
    expect(again.data).toMatchObject({ username: 'alice' });
  });

  it('finishes a two-factor login with a TOTP secret', async () => {
    const vrchat = client({ username: 'carol', password: 'carol-password', totpSecret: 'JBSWY3DPEHPK3PXP' });
    const { data, error } = await vrchat.login({ username: 'carol', password: 'carol-password', totpSecret: 'JBSWY3DPEHPK3PXP' });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ username: 'carol' });
  });

  it('finishes a two-factor login with a code it is handed', async () => {
    const vrchat = client({ username: 'carol', password: 'carol-password' });
    const { data } = await vrchat.login({
      username: 'carol',
      password: 'carol-password',
      twoFactorCode: () => totp('JBSWY3DPEHPK3PXP', Date.now()),
    });
    expect(data).toMatchObject({ username: 'carol' });
  });

  it('reports a wrong password as an error, not a crash', async () => {
    const vrchat = client({ username: 'alice', password: 'wrong' });
    const { data, error } = await vrchat.login({ username: 'alice', password: 'wrong' });
    expect(data).toBeUndefined();
    expect(error?.message).toBe('Missing Credentials');
  });

  it('logs out with the success envelope', async () => {
    const vrchat = client({ username: 'bob', password: 'bob-password' });
    await vrchat.login({ username: 'bob', password: 'bob-password' });
    const out = await vrchat.logout();
    expect(out.data).toMatchObject({ success: { status_code: 200 } });
  });
});
