import { ids } from '../helpers.js';
import { shop } from '../../areas/economy/shop-fixtures.js';
import type { WriteCase } from './case.js';

const aliceListings = `/user/${ids.alice}/listings`;
const aliceProducts = `/user/${ids.alice}/products`;
const guildStore = `/economy/store?storeId=${shop.guildStore}`;
const guildShelves = `/economy/store/shelves?storeId=${shop.guildStore}`;

export const cases: WriteCase[] = [
  {
    operation: 'POST /economy/purchase/listing',
    label: "bob buys alice's lantern pack",
    prepare: async () => ({
      write: {
        as: 'bob',
        method: 'POST',
        path: '/economy/purchase/listing',
        body: { listingId: shop.lanternListing, quantity: 1, totalPrice: 120 },
      },
      reads: [
        { as: 'bob', path: `/economy/purchases?buyerId=${ids.bob}` },
        { as: 'bob', path: `/user/${ids.bob}/economy/balances` },
        { as: 'bob', path: '/economy/licenses/active' },
        { path: `/user/${ids.alice}/economy/transactions` },
        { path: `/user/${ids.alice}/economy/balances` },
      ],
    }),
  },
  {
    operation: 'POST /listing',
    label: 'alice lists her lantern again in the guild shop',
    prepare: async () => ({
      write: {
        method: 'POST',
        path: '/listing',
        body: {
          displayName: 'Lantern Duo',
          description: 'Two lanterns.',
          listingType: 'permanent',
          priceTokens: 200,
          productIds: [shop.lanternProduct],
          storeIds: [shop.guildStore],
        },
      },
      reads: [{ path: aliceListings }, { as: 'bob', path: guildStore }, { as: 'bob', path: guildShelves }],
    }),
  },
  {
    operation: 'PUT /listing/{productId}',
    label: 'alice takes her lantern pack off sale',
    prepare: async () => ({
      write: { method: 'PUT', path: `/listing/${shop.lanternListing}`, body: { active: false } },
      reads: [{ path: `/listing/${shop.lanternListing}` }, { as: 'bob', path: guildStore }],
    }),
  },
  {
    operation: 'DELETE /listing/{productId}',
    label: 'alice deletes her lantern pack listing',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/listing/${shop.lanternListing}` },
      reads: [{ path: `/listing/${shop.lanternListing}` }, { as: 'bob', path: guildStore }, { path: guildShelves }],
    }),
  },
  {
    operation: 'POST /products',
    label: 'alice creates a product',
    prepare: async () => ({
      write: {
        method: 'POST',
        path: '/products',
        body: { displayName: 'Paper Kite', description: 'Flies in any wind.', productType: 'udon' },
      },
      reads: [{ path: aliceProducts }],
    }),
  },
  {
    operation: 'PUT /products/{productId}',
    label: 'alice renames and retags her lantern',
    prepare: async () => ({
      write: { method: 'PUT', path: `/products/${shop.lanternProduct}`, body: { displayName: 'Moon Lantern', tags: ['prop', 'light'] } },
      reads: [{ path: aliceProducts }, { as: 'bob', path: `/products/${shop.lanternProduct}` }],
    }),
  },
  {
    operation: 'DELETE /products/{productId}',
    label: 'alice deletes her lantern product, and the listing that bundled it loses it',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/products/${shop.lanternProduct}` },
      reads: [{ path: aliceProducts }, { as: 'bob', path: `/listing/${shop.lanternListing}` }],
    }),
  },
  // PUT /user/{userId}/tilia/tos is retired (src/operations/retired.ts): it answers the live 404, no stateful write.
];
