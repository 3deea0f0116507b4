import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../../support/helpers.js';

const idsOf = (body: { id: string }[]) => body.map((p) => p.id);

describe('GET /infoPush', () => {
  it('answers the enabled notices with any included tag, highest priority first', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/infoPush?include=user-all&require=user-all', { cookie });
    expect(r.status).toBe(200);
    expect(idsOf(r.body)).toEqual(['build-config', 'welcome-banner']);
    const banners = await t.call('GET', '/infoPush?include=quick-menu-banner&require=quick-menu-banner', { cookie });
    expect(idsOf(banners.body)).toEqual(['welcome-banner']);
  });

  it('keeps only notices carrying every required tag, read from repeated or comma-separated values', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const repeated = await t.call('GET', '/infoPush?include=user-all&require=user-all&require=high-priority', { cookie });
    expect(idsOf(repeated.body)).toEqual(['build-config']);
    const commas = await t.call('GET', '/infoPush?include=user-all&require=user-all,quick-menu-banner', { cookie });
    expect(idsOf(commas.body)).toEqual(['welcome-banner']);
  });

  it('answers none without include', async () => {
    const t = testSandbox();
    expect((await t.call('GET', '/infoPush?require=user-all', { cookie: await t.login('alice') })).body).toEqual([]);
  });

  it('refuses a request without require, as the live service does, even with include', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', '/infoPush', { cookie }), 400, 'Parameter `require` must be an array.');
    expectError(await t.call('GET', '/infoPush?include=user-all', { cookie }), 400, 'Parameter `require` must be an array.');
  });

  it('answers the live characters under --profile live', async () => {
    const t = testSandbox((data) => void (data.settings.profile = 'live'));
    const reply = await t.call('GET', '/infoPush', { cookie: await t.login('alice') });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('Parameter `require` must be an array\u2024');
  });

  it('leaves out a notice before its start date and from its end date', async () => {
    const t = testSandbox((data) => {
      data.infoPushes[0]!.startDate = '2026-02-01T00:00:00.000Z';
      data.infoPushes[1]!.endDate = '2026-01-15T12:00:00.000Z';
    });
    const reply = await t.call('GET', '/infoPush?include=user-all&require=user-all', { cookie: await t.login('alice') });
    expect(reply.body).toEqual([]);
  });
});
