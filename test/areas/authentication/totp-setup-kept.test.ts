import { describe, expect, it } from 'vitest';
import { totp } from '../../../src/areas/authentication/totp.js';
import { ids, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { expectKeptWhole, savingAsDb } from '../../support/kept-copies.js';
import { WorldApi } from '../../support/write-cases/case.js';

async function startSetup(t: TestSandbox) {
  const reply = await new WorldApi(t).send({ as: 'frank', method: 'POST', path: '/auth/twofactorauth/totp/pending' });
  expect(reply.status).toBe(200);
  return (reply.body as { secret: string }).secret;
}

describe('a pending TOTP setup', () => {
  it('survives snapshot, export and --db: the secret it offered still finishes it', async () => {
    const t = testSandbox();
    const kept = await savingAsDb(t);
    const secret = await startSetup(t);
    const finish = async (world: TestSandbox) => {
      const reply = await new WorldApi(world).send({
        as: 'frank',
        method: 'POST',
        path: '/auth/twofactorauth/totp/pending/verify',
        body: { code: totp(secret, world.clock.now()) },
      });
      return { status: reply.status, body: reply.body };
    };
    expect(await expectKeptWhole(t, kept, finish)).toEqual({ status: 200, body: { verified: true, enabled: true } });
  });

  it("shows its secret to no one: neither the user's own view nor the console", async () => {
    const t = testSandbox();
    const secret = await startSetup(t);
    const api = new WorldApi(t);
    expect(JSON.stringify((await api.get('/auth/user', 'frank')).body)).not.toContain(secret);
    expect(JSON.stringify((await api.get(`/_mock/records/${ids.frank}`)).body)).not.toContain(secret);
  });
});
