import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/main/app.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

async function outbox(t: ReturnType<typeof testSandbox>) {
  const response = await createApp(t.deps).request('/_mock/outbox');
  return (await response.json()) as { to: string; userId: string; subject: string; body: string; code: string; sentAt: string }[];
}

describe('POST /auth/user/resendEmail', () => {
  it("sends a confirmation email to the user's address, which the outbox then lists first", async () => {
    const t = testSandbox();
    const before = (await outbox(t)).length;
    const r = await t.call('POST', '/auth/user/resendEmail', { cookie: await t.login('bob') });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: { message: 'Verification Email Sent!', status_code: 200 } });
    const sent = await outbox(t);
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]).toMatchObject({
      to: 'bob@example.test',
      userId: ids.bob,
      subject: 'Confirm your email address',
      sentAt: '2026-01-15T12:00:00.000Z',
    });
    expect(sent[0]!.body).toContain(`/api/1/auth/confirmEmail?id=${ids.bob}&verify_email=${sent[0]!.code}`);
  });

  it('sends a new email with a new token each time', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    await t.call('POST', '/auth/user/resendEmail', { cookie: bob });
    await t.call('POST', '/auth/user/resendEmail', { cookie: bob });
    const [second, first] = await outbox(t);
    expect(second!.code).not.toBe(first!.code);
  });

  it('needs a session', async () => {
    const t = testSandbox();
    expectError(await t.call('POST', '/auth/user/resendEmail'), 401, 'Missing Credentials');
  });
});
