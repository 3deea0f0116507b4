import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../support/helpers.js';
import { groups } from '../support/groups-fixture-ids.js';
import { openMicEvent, seedEvents } from '../support/calendar-seed.js';

describe('free-text limits', () => {
  it('refuse a calendar description of 1 MB, naming the field', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { ...openMicEvent, description: 'x'.repeat(1_000_000 - 100) };
    const reply = await t.call('POST', `/calendar/${groups.builders}/event`, { cookie, body });
    expectError(reply, 400, 'description must be at most 10000 characters long');
  });

  it('name a nested field', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { ...openMicEvent, tags: ['ok', 'y'.repeat(10_001)] };
    const reply = await t.call('POST', `/calendar/${groups.builders}/event`, { cookie, body });
    expectError(reply, 400, 'tags.1 must be at most 10000 characters long');
  });

  it('follow the world setting maxTextLength', async () => {
    const t = testSandbox((data) => Object.assign(data.settings, { maxTextLength: 30 }));
    const cookie = await t.login('alice');
    const reply = await t.call('POST', `/calendar/${groups.builders}/event`, {
      cookie,
      body: { ...openMicEvent, description: 'z'.repeat(31) },
    });
    expectError(reply, 400, 'description must be at most 30 characters long');
  });
});

describe('the read cache', () => {
  it('keeps one answer for pages that differ only in a parameter the handler does not read', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    for (let i = 0; i < 50; i++) {
      expect((await t.call('GET', `/calendar/${groups.builders}?n=100&x=${i}`, { cookie })).status).toBe(200);
    }
    expect(t.sandbox.readCache.count).toBe(2); // the current user, one calendar page
  });

  it('holds no more than its byte budget however many pages are read', async () => {
    const t = testSandbox((data) => {
      Object.assign(data.settings, { readCacheBytes: 200_000 });
      seedEvents(data, groups.builders, '2026-02-01T10:00:00.000Z', 100).forEach((event) => (event.description = 'd'.repeat(9_000)));
    });
    const cookie = await t.login('alice');
    for (let offset = 0; offset < 60; offset++) {
      const reply = await t.call('GET', `/calendar/${groups.builders}?n=100&offset=${offset}`, { cookie });
      expect(reply.status).toBe(200);
      expect(t.sandbox.readCache.bytes).toBeLessThanOrEqual(200_000);
    }
    expect(t.sandbox.readCache.count).toBeGreaterThan(0);
  });
});
