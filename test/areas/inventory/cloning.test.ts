import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const sticker = 'inv_a11ce000-0000-4000-8000-0000000c0004';
const blueDrone = 'inv_a11ce000-0000-4000-8000-0000000c0001';
const share = (itemId: string) => `/inventory/cloning/direct?itemId=${itemId}&duration=90`;
const namesIn = (body: { data: { name: string }[] }) => body.data.map((i) => i.name);

describe('POST /inventory/cloning/direct', () => {
  it("gives each named user a copy of the item, which their inventory then lists, and keeps the sharer's", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    expect(namesIn((await t.call('GET', '/inventory', { cookie: bob })).body)).not.toContain('Party Sticker');
    const r = await t.call('POST', share(sticker), { cookie: alice, body: { itemId: sticker, users: [ids.bob, ids.frank] } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: 'true' });
    const bobs = (await t.call('GET', '/inventory', { cookie: bob })).body.data.filter((i: { name: string }) => i.name === 'Party Sticker');
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({ holderId: ids.bob, acquisition: 'share', created_at: '2026-01-15T12:00:00.000Z' });
    expect(bobs[0].id).not.toBe(sticker);
    expect(namesIn((await t.call('GET', '/inventory', { cookie: await t.login('frank') })).body)).toContain('Party Sticker');
    expect((await t.call('GET', `/inventory/${sticker}`, { cookie: alice })).body.holderId).toBe(ids.alice);
  });

  it('refuses an item that is not cloneable, one the requester does not hold, and an unknown user', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(
      await t.call('POST', share(blueDrone), { cookie: alice, body: { itemId: blueDrone, users: [ids.bob] } }),
      400,
      'InventoryItem not cloneable',
    );
    const bob = await t.login('bob');
    expectError(
      await t.call('POST', share(sticker), { cookie: bob, body: { itemId: sticker, users: [ids.alice] } }),
      404,
      'InventoryItem not found',
    );
    const nobody = 'usr_00000000-0000-4000-8000-00000000dead';
    expectError(
      await t.call('POST', share(sticker), { cookie: alice, body: { itemId: sticker, users: [ids.bob, nobody] } }),
      404,
      `User ${nobody} not found`,
    );
    expect(namesIn((await t.call('GET', '/inventory', { cookie: bob })).body)).not.toContain('Party Sticker');
  });

  it('refuses a duration out of bounds', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/inventory/cloning/direct?itemId=${sticker}&duration=10`, {
      cookie: await t.login('alice'),
      body: { itemId: sticker, users: [ids.bob] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('duration');
  });
});

describe('GET /inventory/cloning/pedestal', () => {
  it('answers a token for a cloneable item the requester holds', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/inventory/cloning/pedestal?itemId=${sticker}&duration=300`, { cookie: await t.login('alice') });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ token: expect.stringMatching(/^[\w-]{32}$/), version: 1 });
  });

  it('refuses an item that is not cloneable', async () => {
    const t = testSandbox();
    expectError(
      await t.call('GET', `/inventory/cloning/pedestal?itemId=${blueDrone}&duration=300`, { cookie: await t.login('alice') }),
      400,
      'InventoryItem not cloneable',
    );
  });
});
