import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { expectKeptWhole, savingAsDb } from '../../support/kept-copies.js';

const drops = {
  winter: 'invd_00000000-0000-4000-8000-0000000d0001',
  summer: 'invd_00000000-0000-4000-8000-0000000d0002',
};
const templates = {
  auroraPortal: 'invt_00000000-0000-4000-8000-0000000c1003',
  partySticker: 'invt_00000000-0000-4000-8000-0000000c1004',
};

const dropIds = (body: unknown) => (body as { id: string }[]).map((drop) => drop.id);
const templateIdsHeld = (body: unknown) => (body as { data: { templateId: string }[] }).data.map((item) => item.templateId);

describe('GET /inventory/drops', () => {
  it("lists the world's drops", async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/inventory/drops', { cookie: await t.login('alice') });
    expect(reply.status).toBe(200);
    expect(dropIds(reply.body)).toEqual([drops.winter, drops.summer]);
  });

  it("names a drop's state dropStatus, as the description does", async () => {
    const t = testSandbox();
    const [first] = (await t.call('GET', '/inventory/drops', { cookie: await t.login('alice') })).body;
    expect(first.dropStatus).toBe('active');
    expect(first).not.toHaveProperty('status');
  });

  it('active=true keeps the drops whose window holds now, active=false the others', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(dropIds((await t.call('GET', '/inventory/drops?active=true', { cookie })).body)).toEqual([drops.winter]);
    expect(dropIds((await t.call('GET', '/inventory/drops?active=false', { cookie })).body)).toEqual([drops.summer]);
  });

  it('a drop becomes active when the clock enters its window', async () => {
    const t = testSandbox((data) => {
      data.inventoryDrops[1]!.endDropDate = '2026-03-01T00:00:00.000Z';
      data.inventoryDrops[1]!.startDropDate = '2026-02-01T00:00:00.000Z';
    });
    const cookie = await t.login('alice');
    expect(dropIds((await t.call('GET', '/inventory/drops?active=true', { cookie })).body)).toEqual([drops.winter]);
    t.clock.set(Date.parse('2026-02-10T00:00:00.000Z'));
    const later = await t.login('alice');
    expect(dropIds((await t.call('GET', '/inventory/drops?active=true', { cookie: later })).body)).toEqual([drops.winter, drops.summer]);
  });

  it('a disabled drop is not active', async () => {
    const t = testSandbox((data) => {
      data.inventoryDrops[0]!.isDisabled = true;
    });
    const cookie = await t.login('alice');
    expect(dropIds((await t.call('GET', '/inventory/drops?active=true', { cookie })).body)).toEqual([]);
  });

  it('refuses an active value that is not a boolean', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/inventory/drops?active=yes', { cookie: await t.login('alice') });
    expect(reply.status).toBe(400);
  });
});

describe('POST /reward/redeem', () => {
  it("adds the code's item to the requester's inventory", async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const reply = await t.call('POST', '/reward/redeem', { cookie, body: { code: 'AURORA-ONCE' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject([
      { redemptionCode: 'AURORA-ONCE', redeemedRewards: [{ type: 'item', data: { item: { id: templates.auroraPortal } } }] },
    ]);
    const inventory = await t.call('GET', '/inventory', { cookie });
    expect(templateIdsHeld(inventory.body)).toContain(templates.auroraPortal);
  });

  it('refuses a one-time code already redeemed, by anyone', async () => {
    const t = testSandbox();
    expect((await t.call('POST', '/reward/redeem', { cookie: await t.login('bob'), body: { code: 'AURORA-ONCE' } })).status).toBe(200);
    const alice = await t.login('alice');
    expectError(
      await t.call('POST', '/reward/redeem', { cookie: alice, body: { code: 'AURORA-ONCE' } }),
      400,
      messages.rewardCodeAlreadyRedeemed,
    );
  });

  it('serves a shared code once per user', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const alice = await t.login('alice');
    expect((await t.call('POST', '/reward/redeem', { cookie: bob, body: { code: 'PARTY-2026' } })).status).toBe(200);
    expect((await t.call('POST', '/reward/redeem', { cookie: alice, body: { code: 'PARTY-2026' } })).status).toBe(200);
    expectError(
      await t.call('POST', '/reward/redeem', { cookie: bob, body: { code: 'PARTY-2026' } }),
      400,
      messages.rewardCodeAlreadyRedeemed,
    );
    const held = templateIdsHeld((await t.call('GET', '/inventory', { cookie: bob })).body);
    expect(held.filter((id) => id === templates.partySticker)).toHaveLength(1);
  });

  it('refuses an unknown code and changes nothing', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const before = (await t.call('GET', '/inventory', { cookie })).body;
    expectError(await t.call('POST', '/reward/redeem', { cookie, body: { code: 'NO-SUCH-CODE' } }), 400, messages.rewardCodeInvalid);
    expect((await t.call('GET', '/inventory', { cookie })).body).toEqual(before);
  });

  it('lets exactly one of 50 concurrent redemptions of a one-time code through', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', '/reward/redeem', { cookie, body: { code: 'AURORA-ONCE' } })),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
  });
});

describe('a template after its last item is gone', () => {
  const partySticker = 'inv_a11ce000-0000-4000-8000-0000000c0004';

  it('still reads, and its reward code still gives the item', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', `/inventory/${partySticker}`, { cookie: alice })).status).toBe(200);
    expect((await t.call('GET', `/inventory/template/${templates.partySticker}`, { cookie: alice })).body.name).toBe('Party Sticker');
    const bob = await t.login('bob');
    expect((await t.call('POST', '/reward/redeem', { cookie: bob, body: { code: 'PARTY-2026' } })).status).toBe(200);
    const held = (await t.call('GET', '/inventory', { cookie: bob })).body;
    expect(templateIdsHeld(held)).toContain(templates.partySticker);
    expect(held.data.find((item: { templateId: string }) => item.templateId === templates.partySticker)).not.toHaveProperty('removedAt');
  });

  it('is kept by snapshot, export and --db, which refused the reward code naming it', async () => {
    const t = testSandbox();
    const kept = await savingAsDb(t);
    await t.call('DELETE', `/inventory/${partySticker}`, { cookie: await t.login('alice') });
    const original = await expectKeptWhole(t, kept, async (world) => {
      const alice = await world.login('alice');
      return [
        await world.call('GET', `/inventory/${partySticker}`, { cookie: alice }),
        await world.call('GET', `/inventory/template/${templates.partySticker}`, { cookie: alice }),
      ].map((reply) => reply.status);
    });
    expect(original).toEqual([404, 200]);
  });
});

describe('a redeemed code', () => {
  it('stays redeemed by its redeemer through snapshot, export and --db', async () => {
    const t = testSandbox();
    const kept = await savingAsDb(t);
    expect((await t.call('POST', '/reward/redeem', { cookie: await t.login('bob'), body: { code: 'PARTY-2026' } })).status).toBe(200);
    const again = async (world: TestSandbox) =>
      (await world.call('POST', '/reward/redeem', { cookie: await world.login('bob'), body: { code: 'PARTY-2026' } })).body;
    expect(await expectKeptWhole(t, kept, again)).toEqual({ error: { message: messages.rewardCodeAlreadyRedeemed, status_code: 400 } });
  });
});
