import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../support/helpers.js';
import { groups } from '../support/groups-fixture-ids.js';
import { events, openMicEvent } from '../support/calendar-seed.js';

/** A world whose free text is at most 30 characters (the world setting maxTextLength). */
const world = () => testSandbox((data) => Object.assign(data.settings, { maxTextLength: 30 }));
const eventPath = `/calendar/${groups.builders}/${events.jamKickoff}/event`;

describe('the world setting maxTextLength at its boundary', () => {
  it('takes a description of exactly the limit on create, and keeps it', async () => {
    const t = world();
    const cookie = await t.login('alice');
    const made = await t.call('POST', `/calendar/${groups.builders}/event`, {
      cookie,
      body: { ...openMicEvent, description: 'z'.repeat(30) },
    });
    expect(made.status).toBe(200);
    const read = await t.call('GET', `/calendar/${groups.builders}/${made.body.id}`, { cookie });
    expect(read.body.description).toBe('z'.repeat(30));
  });

  it('refuses one character more on update, naming the field, and keeps the description it had', async () => {
    const t = world();
    const cookie = await t.login('bob');
    const before = (await t.call('GET', `/calendar/${groups.builders}/${events.jamKickoff}`, { cookie })).body.description;
    expectError(
      await t.call('PUT', eventPath, { cookie, body: { description: 'z'.repeat(31) } }),
      400,
      'description must be at most 30 characters long',
    );
    expect((await t.call('GET', `/calendar/${groups.builders}/${events.jamKickoff}`, { cookie })).body.description).toBe(before);
  });

  it('takes a description of exactly the limit on update, and keeps it', async () => {
    const t = world();
    const cookie = await t.login('bob');
    expect((await t.call('PUT', eventPath, { cookie, body: { description: 'z'.repeat(30) } })).status).toBe(200);
    expect((await t.call('GET', `/calendar/${groups.builders}/${events.jamKickoff}`, { cookie })).body.description).toBe('z'.repeat(30));
  });
});
