import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { shop } from './shop-fixtures.js';

const newProduct = {
  displayName: 'Paper Crane',
  description: 'Folds itself.',
  imageId: 'file_f11e0000-0000-4000-8000-000000000001',
  productType: 'udon',
  tags: ['prop'],
  useForSubscriberList: false,
};
const newListing = (productIds: string[], storeIds: string[] = [shop.guildStore]) => ({
  displayName: 'Crane Pack',
  description: 'One crane.',
  imageId: 'file_f11e0000-0000-4000-8000-000000000001',
  listingType: 'permanent',
  priceTokens: 80,
  productIds,
  storeIds,
});

describe('products', () => {
  it('a created product reads back, lists under its seller and names its seller', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const made = await t.call('POST', '/products', { cookie: alice, body: newProduct });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ displayName: 'Paper Crane', sellerId: ids.alice, sellerDisplayName: 'Alice', parentListings: [] });
    expect(made.body.id).toMatch(/^prod_[0-9a-f-]{36}$/);
    const read = await t.call('GET', `/products/${made.body.id}`, { cookie: alice });
    expect(read.body).toMatchObject({ id: made.body.id, displayName: 'Paper Crane', productType: 'udon' });
    const listed = await t.call('GET', `/user/${ids.alice}/products`, { cookie: await t.login('bob') });
    expect(listed.body.map((p: { id: string }) => p.id)).toEqual([shop.lanternProduct, shop.roleProduct, made.body.id]);
  });

  it('an edit shows on the next read', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('PUT', `/products/${shop.lanternProduct}`, {
      cookie: alice,
      body: { displayName: 'Moon Lantern', tags: ['light'] },
    });
    expect(r.body).toMatchObject({ displayName: 'Moon Lantern', tags: ['light'], parentListings: [shop.lanternListing] });
    expect((await t.call('GET', `/user/${ids.alice}/products`, { cookie: alice })).body[0].displayName).toBe('Moon Lantern');
  });

  it('a deleted product is gone from its seller, its reads and the listings that bundled it', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', `/products/${shop.lanternProduct}`, { cookie: alice })).body).toEqual({ success: true });
    expectError(await t.call('GET', `/products/${shop.lanternProduct}`, { cookie: alice }), 404, 'Product not found');
    expect((await t.call('GET', `/user/${ids.alice}/products`, { cookie: alice })).body.map((p: { id: string }) => p.id)).toEqual([
      shop.roleProduct,
    ]);
    expect((await t.call('GET', `/listing/${shop.lanternListing}`, { cookie: alice })).body).toMatchObject({
      productIds: [],
      products: [],
    });
  });

  it("refuses to change another seller's product", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('PUT', `/products/${shop.lanternProduct}`, { cookie: bob, body: { displayName: 'Mine' } }),
      403,
      'You are not authorized to perform that action.',
    );
    expectError(
      await t.call('DELETE', `/products/${shop.lanternProduct}`, { cookie: bob }),
      403,
      'You are not authorized to perform that action.',
    );
  });

  it('refuses a product without a type and an unknown id', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('POST', '/products', { cookie: alice, body: { ...newProduct, productType: undefined } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('productType');
    expectError(await t.call('DELETE', '/products/prod_00000000-0000-4000-8000-000000000000', { cookie: alice }), 404, 'Product not found');
  });
});

describe('listings', () => {
  it("a created listing reads back with its products, lists under its seller and shows in the store's shelf", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const product = (await t.call('POST', '/products', { cookie: alice, body: newProduct })).body;
    const made = await t.call('POST', '/listing', { cookie: alice, body: newListing([product.id]) });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      displayName: 'Crane Pack',
      priceTokens: 80,
      productIds: [product.id],
      products: [product.id],
      storeIds: [shop.guildStore],
      active: true,
    });
    const read = await t.call('GET', `/listing/${made.body.id}?hydrate=true`, { cookie: await t.login('bob') });
    expect(read.body.hydratedProducts.map((p: { displayName: string }) => p.displayName)).toEqual(['Paper Crane']);
    expect((await t.call('GET', `/products/${product.id}`, { cookie: alice })).body.productType).toBe('udon');
    const bob = await t.login('bob');
    const shelves = await t.call('GET', `/economy/store/shelves?storeId=${shop.guildStore}&hydrateListings=true`, { cookie: bob });
    expect(shelves.body[0].listingIds).toEqual([shop.lanternListing, made.body.id]);
    expect(shelves.body[0].listings[1].hydratedProducts[0].displayName).toBe('Paper Crane');
    const store = await t.call('GET', `/economy/store?storeId=${shop.guildStore}&hydrateListings=true&hydrateProducts=true`, {
      cookie: bob,
    });
    expect(store.body.listingIds).toEqual([shop.lanternListing, made.body.id]);
    expect(store.body.listings[1].hydratedProducts[0].id).toBe(product.id);
    expect((await t.call('GET', `/user/${ids.alice}/listings`, { cookie: alice })).body.map((l: { id: string }) => l.id)).toEqual([
      shop.lanternListing,
      shop.supporterListing,
      made.body.id,
    ]);
  });

  it('a listing taken off sale leaves the store for buyers and stays listed for its seller', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    expect((await t.call('PUT', `/listing/${shop.lanternListing}`, { cookie: alice, body: { active: false } })).body.active).toBe(false);
    expect((await t.call('GET', `/economy/store?storeId=${shop.guildStore}`, { cookie: bob })).body.listingIds).toEqual([]);
    expectError(await t.call('GET', `/user/${ids.alice}/listings`, { cookie: bob }), 403, 'Access Denied');
    expect(
      (await t.call('GET', `/user/${ids.alice}/listings?active=false`, { cookie: alice })).body.map((l: { id: string }) => l.id),
    ).toEqual([shop.lanternListing, shop.supporterListing]);
  });

  it('a deleted listing is gone from its reads, its seller and every shelf', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', `/listing/${shop.lanternListing}`, { cookie: alice })).body).toEqual({ success: true });
    expectError(await t.call('GET', `/listing/${shop.lanternListing}`, { cookie: alice }), 404, 'Listing not found');
    expect((await t.call('GET', `/economy/store/shelves?storeId=${shop.guildStore}`, { cookie: alice })).body[0].listingIds).toEqual([]);
    expect((await t.call('GET', `/products/${shop.lanternProduct}`, { cookie: alice })).body.productIds).toEqual([shop.lanternProduct]);
  });

  it("refuses another seller's products, stores and listings", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const denied = 'You are not authorized to perform that action.';
    expectError(await t.call('POST', '/listing', { cookie: bob, body: newListing([shop.lanternProduct], []) }), 403, denied);
    const own = (await t.call('POST', '/products', { cookie: bob, body: newProduct })).body;
    expectError(await t.call('POST', '/listing', { cookie: bob, body: newListing([own.id]) }), 403, denied);
    expectError(
      await t.call('POST', '/listing', { cookie: bob, body: newListing([own.id], ['esto_00000000-0000-4000-8000-000000000000']) }),
      404,
      'Store not found',
    );
    expectError(await t.call('PUT', `/listing/${shop.lanternListing}`, { cookie: bob, body: { active: false } }), 403, denied);
    expectError(await t.call('DELETE', `/listing/${shop.lanternListing}`, { cookie: bob }), 403, denied);
  });
});

describe('stores', () => {
  it("lists the requester's own stores as the seller manages them, listings off sale too", async () => {
    const t = testSandbox();
    const stores = await t.call('GET', `/economy/stores?sellerId=${ids.alice}`, { cookie: await t.login('alice') });
    expect(stores.body).toMatchObject([
      {
        id: shop.guildStore,
        sellerDisplayName: 'Alice',
        shelfIds: [shop.featuredShelf],
        listingIds: [shop.lanternListing, shop.supporterListing],
      },
    ]);
  });

  it('refuses a list of stores without the requester named as seller (400), and a seller without a store (403)', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const noSeller = 'You must specify a sellerId';
    expectError(await t.call('GET', '/economy/stores', { cookie: bob }), 400, noSeller);
    expectError(await t.call('GET', `/economy/stores?sellerId=${ids.alice}`, { cookie: bob }), 400, noSeller);
    expectError(await t.call('GET', `/economy/stores?sellerId=${ids.bob}`, { cookie: bob }), 403, 'Stores unavailable');
  });

  it('a store a seller opens makes their list answer', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.call('GET', `/economy/stores?sellerId=${ids.bob}`, { cookie: bob })).status).toBe(403);
    const store = t.sandbox.stores.get(shop.guildStore)!;
    t.sandbox.stores.set('esto_b0b00000-0000-4000-8000-000000000001', {
      ...structuredClone(store),
      id: 'esto_b0b00000-0000-4000-8000-000000000001',
      sellerId: ids.bob,
    });
    const stores = await t.call('GET', `/economy/stores?sellerId=${ids.bob}`, { cookie: bob });
    expect(stores.body.map((s: { id: string }) => s.id)).toEqual(['esto_b0b00000-0000-4000-8000-000000000001']);
  });

  it('reads a store by its id and refuses an unknown store', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.call('GET', `/economy/store?storeId=${shop.guildStore}`, { cookie: bob })).body.id).toBe(shop.guildStore);
    expectError(
      await t.call('GET', '/economy/store?storeId=esto_00000000-0000-4000-8000-000000000000', { cookie: bob }),
      404,
      'Store not found',
    );
    const missing = await t.call('GET', '/economy/store', { cookie: bob });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('storeId');
  });
});
