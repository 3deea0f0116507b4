import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { json, jsonBody } from '../../http/helpers.js';
import { createProduct, deleteProduct, getProduct, listUserProducts, productView, updateProduct } from './products.js';
import {
  createListing,
  deleteListing,
  getListing,
  hydrateOf,
  listingView,
  listUserListings,
  productAsListingView,
  updateListing,
} from './listings.js';
import { listStores, readStore, storeShelves, storeView } from './shop-stores.js';
import { activeLicenses, getLicenseGroup } from './shop-licenses.js';
import { getPurchase, listPurchases, purchaseListing, purchaseStacks, purchaseView, transactionHistory } from './purchases.js';
import { balanceView, economyAccountView, economyBalancesView } from './balances.js';

/** The economy's shop: stores and their shelves, listings, products, purchases, licences and balances. */
export const shopRoutes = new Hono<AppEnv>();

const deleted = { success: true };

shopRoutes.get('/economy/stores', (c) => {
  const world = c.get('world');
  return json(
    c,
    listStores(world, c.req.query()).map((store) => storeView(world, c.get('user'), store)),
  );
});

shopRoutes.get('/economy/store', (c) => {
  const world = c.get('world');
  const { store, hydrate: what } = readStore(world, c.req.query());
  return json(c, storeView(world, c.get('user'), store, what));
});

shopRoutes.get('/economy/store/shelves', (c) => json(c, storeShelves(c.get('world'), c.get('user'), c.req.query())));

shopRoutes.post('/listing', async (c) => {
  const world = c.get('world');
  return json(c, listingView(world, createListing(world, c.get('user'), await jsonBody(c))));
});

shopRoutes.get('/listing/:productId', (c) => {
  const world = c.get('world');
  const hydrate = hydrateOf(c.req.query());
  return json(c, listingView(world, getListing(world, c.req.param('productId')), hydrate));
});

shopRoutes.put('/listing/:productId', async (c) => {
  const world = c.get('world');
  const hydrate = hydrateOf(c.req.query());
  const listing = updateListing(world, c.get('user'), c.req.param('productId'), await jsonBody(c));
  return json(c, listingView(world, listing, hydrate));
});

shopRoutes.delete('/listing/:productId', (c) => {
  hydrateOf(c.req.query());
  deleteListing(c.get('world'), c.get('user'), c.req.param('productId'));
  return json(c, deleted);
});

shopRoutes.get('/user/:userId/listings', (c) => {
  const world = c.get('world');
  const hydrate = hydrateOf(c.req.query());
  const listings = listUserListings(world, c.get('user'), c.req.param('userId'), c.req.query());
  return json(
    c,
    listings.map((listing) => listingView(world, listing, hydrate)),
  );
});

shopRoutes.post('/products', async (c) => {
  const world = c.get('world');
  return json(c, productView(world, createProduct(world, c.get('user'), await jsonBody(c))));
});

// The description answers this read in the listing's shape: a listing's id reads the listing.
shopRoutes.get('/products/:productId', (c) => {
  const world = c.get('world');
  const id = c.req.param('productId');
  const listing = world.listings.get(id);
  return json(c, listing ? listingView(world, listing) : productAsListingView(world, getProduct(world, id)));
});

shopRoutes.put('/products/:productId', async (c) => {
  const world = c.get('world');
  return json(c, productView(world, updateProduct(world, c.get('user'), c.req.param('productId'), await jsonBody(c))));
});

shopRoutes.delete('/products/:productId', (c) => {
  deleteProduct(c.get('world'), c.get('user'), c.req.param('productId'));
  return json(c, deleted);
});

shopRoutes.get('/user/:userId/products', (c) => {
  const world = c.get('world');
  return json(
    c,
    listUserProducts(world, c.req.param('userId'), c.req.query()).map((product) => productView(world, product)),
  );
});

shopRoutes.get('/licenseGroups/:licenseGroupId', (c) => json(c, getLicenseGroup(c.get('world'), c.req.param('licenseGroupId'))));

shopRoutes.get('/economy/licenses/active', (c) => json(c, activeLicenses(c.get('world'), c.get('user'))));

shopRoutes.post('/economy/purchase/listing', async (c) => {
  const world = c.get('world');
  const user = c.get('user');
  return json(c, purchaseView(world, user, purchaseListing(world, user, await jsonBody(c))));
});

shopRoutes.get('/economy/purchases', (c) => {
  const world = c.get('world');
  const user = c.get('user');
  return json(
    c,
    listPurchases(world, user, c.req.query()).map((purchase) => purchaseView(world, user, purchase)),
  );
});

shopRoutes.get('/economy/purchases/:productPurchaseId', (c) => {
  const world = c.get('world');
  const user = c.get('user');
  return json(c, purchaseView(world, user, getPurchase(world, user, c.req.param('productPurchaseId'))));
});

shopRoutes.get('/economy/purchases/:productPurchaseId/stacks', (c) =>
  json(c, purchaseStacks(c.get('world'), c.get('user'), c.req.param('productPurchaseId'))),
);

shopRoutes.get('/user/:userId/economy/transactions', (c) =>
  json(c, transactionHistory(c.get('world'), c.get('user'), c.req.param('userId'), c.req.query())),
);

shopRoutes.get('/user/:userId/balance', (c) => json(c, balanceView(c.get('world'), c.get('user'), c.req.param('userId'), 'all')));

shopRoutes.get('/user/:userId/balance/earnings', (c) =>
  json(c, balanceView(c.get('world'), c.get('user'), c.req.param('userId'), 'earnings')),
);

shopRoutes.get('/user/:userId/economy/account', (c) => json(c, economyAccountView(c.get('world'), c.get('user'), c.req.param('userId'))));

shopRoutes.get('/user/:userId/economy/balances', (c) => json(c, economyBalancesView(c.get('world'), c.get('user'), c.req.param('userId'))));
