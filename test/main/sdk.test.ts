import { describe, expect, it } from 'vitest';
import { totp } from '../../src/areas/authentication/totp.js';
import { useSdkServer } from '../support/sdk-harness.js';

const { client } = useSdkServer();

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
