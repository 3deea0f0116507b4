import { describe, expect, it } from 'vitest';
import { ids } from '../support/helpers.js';
import { shop } from '../areas/economy/shop-fixtures.js';
import { usePipelineServer, type TestSocket } from '../support/pipeline-harness.js';
import { newProp } from '../support/props-fixtures.js';

const pipeline = usePipelineServer();

const partySticker = 'inv_a11ce000-0000-4000-8000-0000000c0004';
const partyTemplate = 'invt_00000000-0000-4000-8000-0000000c1004';

async function nextContent(socket: TestSocket) {
  const frame = await socket.next();
  return { type: frame.type, content: JSON.parse(frame.content) };
}

const itemAdded = (itemId: string, itemType: string) => ({
  type: 'content-refresh',
  content: { contentType: 'inventory', actionType: 'add', fileId: '', itemId, itemType },
});

describe('content-refresh for an inventory', () => {
  it('tells the redeemer which item a reward code put in their inventory, and no one else', async () => {
    const [bob, alice] = await pipeline.connect('bob', 'alice');
    const redeemed = await pipeline.api('POST', '/reward/redeem', { cookie: bob!.cookie, body: { code: 'PARTY-2026' } });
    expect(redeemed.status).toBe(200);
    const frame = await nextContent(bob!.socket);
    expect(frame).toEqual(itemAdded(frame.content.itemId, 'sticker'));
    const item = await pipeline.api('GET', `/inventory/${frame.content.itemId}`, { cookie: bob!.cookie });
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ holderId: ids.bob, templateId: partyTemplate, acquisition: 'reward' });
    await pipeline.expectNothingMore([bob!.socket, alice!.socket]);
  });

  it("tells each user an item was shared with their own copy's id, and not the sharer", async () => {
    const [alice, bob, frank] = await pipeline.connect('alice', 'bob', 'frank');
    const shared = await pipeline.api('POST', `/inventory/cloning/direct?itemId=${partySticker}&duration=90`, {
      cookie: alice!.cookie,
      body: { itemId: partySticker, users: [ids.bob, ids.frank] },
    });
    expect(shared.status).toBe(200);
    for (const [session, holderId] of [
      [bob!, ids.bob],
      [frank!, ids.frank],
    ] as const) {
      const frame = await nextContent(session.socket);
      expect(frame).toEqual(itemAdded(frame.content.itemId, 'sticker'));
      const item = await pipeline.api('GET', `/inventory/${frame.content.itemId}`, { cookie: session.cookie });
      expect(item.body).toMatchObject({ holderId, templateId: partyTemplate, acquisition: 'share' });
    }
    await pipeline.expectNothingMore([alice!.socket, bob!.socket, frank!.socket]);
  });

  it('sends nothing when the holder changes or throws away an item of their own', async () => {
    const [alice] = await pipeline.connect('alice');
    const path = `/inventory/${partySticker}`;
    expect((await pipeline.api('PUT', path, { cookie: alice!.cookie, body: { isSeen: true } })).status).toBe(200);
    expect((await pipeline.api('DELETE', path, { cookie: alice!.cookie })).status).toBe(200);
    expect((await pipeline.api('GET', path, { cookie: alice!.cookie })).status).toBe(404);
    await pipeline.expectNothingMore([alice!.socket]);
  });
});

describe('families the event socket says nothing of', () => {
  it('a prop created, a jam submission and a purchase send no frame to anyone', async () => {
    // While the default world's winter jam takes submissions.
    expect((await pipeline.control('POST', '/clock', { set: '2026-01-15T12:00:00.000Z' })).status).toBe(200);
    const [alice, bob] = await pipeline.connect('alice', 'bob');
    const prop = await pipeline.api('POST', '/props', {
      cookie: alice!.cookie,
      body: newProp,
    });
    expect(prop.status).toBe(200);
    const submission = await pipeline.api('POST', '/jams/jam_00000000-0000-4000-8000-00000000e301/submissions', {
      cookie: alice!.cookie,
      body: { contentId: 'wrld_a11ce000-0000-4000-8000-00000000b006', description: 'Sand and snow.' },
    });
    expect(submission.status).toBe(200);
    const purchase = await pipeline.api('POST', '/economy/purchase/listing', {
      cookie: bob!.cookie,
      body: { listingId: shop.lanternListing, quantity: 1, totalPrice: 120 },
    });
    expect(purchase.status).toBe(200);
    await pipeline.expectNothingMore([alice!.socket, bob!.socket]);
  });
});
