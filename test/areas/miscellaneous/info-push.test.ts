import { describe, expect, it } from 'vitest';
import { testSandbox } from '../../support/helpers.js';

const idsOf = (body: { id: string }[]) => body.map((p) => p.id);

describe('GET /infoPush', () => {
  it('answers the enabled notices with any included tag, highest priority first', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/infoPush?include=user-all', { cookie });
    expect(r.status).toBe(200);
    expect(idsOf(r.body)).toEqual(['build-config', 'welcome-banner']);
    expect(idsOf((await t.call('GET', '/infoPush?include=quick-menu-banner', { cookie })).body)).toEqual(['welcome-banner']);
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
    expect((await t.call('GET', '/infoPush', { cookie: await t.login('alice') })).body).toEqual([]);
  });

  it('leaves out a notice before its start date and from its end date', async () => {
    const t = testSandbox((data) => {
      data.infoPushes[0]!.startDate = '2026-02-01T00:00:00.000Z';
      data.infoPushes[1]!.endDate = '2026-01-15T12:00:00.000Z';
    });
    expect((await t.call('GET', '/infoPush?include=user-all', { cookie: await t.login('alice') })).body).toEqual([]);
  });
});
