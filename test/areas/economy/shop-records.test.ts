import { describe, expect, it } from 'vitest';
import { FixtureError, parseFixtures } from '../../../src/store/fixtures/fixtures.js';
import { FIXTURE_EPOCH } from '../../../src/schema/common.js';
import { ids } from '../../support/helpers.js';

const productId = 'prod_5e110000-0000-4000-8000-00000000f001';
const listingId = 'prod_11570000-0000-4000-8000-00000000f001';
const storeId = 'esto_57010000-0000-4000-8000-00000000f001';

const product = { id: productId, sellerId: ids.alice, displayName: 'Kite' };
const listing = { id: listingId, sellerId: ids.alice, displayName: 'Kite Pack', priceTokens: 10 };
const store = { id: storeId, sellerId: ids.alice, displayName: 'Kite Shop' };

describe('shop fixture records', () => {
  it('fill what a product, a listing and a store leave out, each with its own fields and those they share', () => {
    const data = parseFixtures({ products: [product], listings: [listing], stores: [store] });
    const shared = { description: '', created: FIXTURE_EPOCH, updated: FIXTURE_EPOCH };
    expect(data.products[0]).toStrictEqual({
      ...product,
      ...shared,
      imageId: null,
      productType: 'udon',
      tags: [],
      useForSubscriberList: false,
      archived: false,
    });
    expect(data.listings[0]).toStrictEqual({
      ...listing,
      ...shared,
      imageId: null,
      listingType: 'permanent',
      productIds: [],
      storeIds: [],
      active: true,
    });
    expect(data.stores[0]).toStrictEqual({ ...store, ...shared, storeType: 'group', tags: [], shelves: [] });
  });

  it.each([
    ['products', product],
    ['listings', listing],
    ['stores', store],
  ] as const)('refuse %s whose seller is not a user', (file, record) => {
    expect(() => parseFixtures({ [file]: [{ ...record, sellerId: 'grp_00000000-0000-4000-8000-000000000001' }] })).toThrow(
      new FixtureError(`${file}.json`, '[0].sellerId', 'must be usr_ followed by a UUID (usr_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)'),
    );
  });

  it('keep each id to its kind: a store has an esto_ id, a listing a prod_ id', () => {
    expect(() => parseFixtures({ stores: [{ ...store, id: productId }] })).toThrow(
      new FixtureError('stores.json', '[0].id', 'must be esto_ followed by a UUID (esto_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)'),
    );
    expect(() => parseFixtures({ listings: [{ ...listing, id: storeId }] })).toThrow(
      new FixtureError('listings.json', '[0].id', 'must be prod_ followed by a UUID (prod_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)'),
    );
  });
});
