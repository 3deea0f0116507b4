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
  const sandbox = c.get('sandbox');
  return json(
    c,
    listStores(sandbox, c.get('user'), c.req.query()).map((store) => storeView(sandbox, c.get('user'), store)),
  );
});

shopRoutes.get('/economy/store', (c) => {
  const sandbox = c.get('sandbox');
  const { store, hydrate: what } = readStore(sandbox, c.req.query());
  return json(c, storeView(sandbox, c.get('user'), store, what));
});

shopRoutes.get('/economy/store/shelves', (c) => json(c, storeShelves(c.get('sandbox'), c.get('user'), c.req.query())));

shopRoutes.post('/listing', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, listingView(sandbox, createListing(sandbox, c.get('user'), await jsonBody(c))));
});

shopRoutes.get('/listing/:productId', (c) => {
  const sandbox = c.get('sandbox');
  const hydrate = hydrateOf(c.req.query());
  return json(c, listingView(sandbox, getListing(sandbox, c.req.param('productId')), hydrate));
});

shopRoutes.put('/listing/:productId', async (c) => {
  const sandbox = c.get('sandbox');
  const hydrate = hydrateOf(c.req.query());
  const listing = updateListing(sandbox, c.get('user'), c.req.param('productId'), await jsonBody(c));
  return json(c, listingView(sandbox, listing, hydrate));
});

shopRoutes.delete('/listing/:productId', (c) => {
  hydrateOf(c.req.query());
  deleteListing(c.get('sandbox'), c.get('user'), c.req.param('productId'));
  return json(c, deleted);
});

shopRoutes.get('/user/:userId/listings', (c) => {
  const sandbox = c.get('sandbox');
  const hydrate = hydrateOf(c.req.query());
  const listings = listUserListings(sandbox, c.get('user'), c.req.param('userId'), c.req.query());
  return json(
    c,
    listings.map((listing) => listingView(sandbox, listing, hydrate)),
  );
});

shopRoutes.post('/products', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, productView(sandbox, createProduct(sandbox, c.get('user'), await jsonBody(c))));
});

// The description answers this read in the listing's shape: a listing's id reads the listing.
shopRoutes.get('/products/:productId', (c) => {
  const sandbox = c.get('sandbox');
  const id = c.req.param('productId');
  const listing = sandbox.listings.get(id);
  return json(c, listing ? listingView(sandbox, listing) : productAsListingView(sandbox, getProduct(sandbox, id)));
});

shopRoutes.put('/products/:productId', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, productView(sandbox, updateProduct(sandbox, c.get('user'), c.req.param('productId'), await jsonBody(c))));
});

shopRoutes.delete('/products/:productId', (c) => {
  deleteProduct(c.get('sandbox'), c.get('user'), c.req.param('productId'));
  return json(c, deleted);
});

shopRoutes.get('/user/:userId/products', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    listUserProducts(sandbox, c.req.param('userId'), c.req.query()).map((product) => productView(sandbox, product)),
  );
});

shopRoutes.get('/licenseGroups/:licenseGroupId', (c) => json(c, getLicenseGroup(c.get('sandbox'), c.req.param('licenseGroupId'))));

shopRoutes.get('/economy/licenses/active', (c) => json(c, activeLicenses(c.get('sandbox'), c.get('user'))));

shopRoutes.post('/economy/purchase/listing', async (c) => {
  const sandbox = c.get('sandbox');
  const user = c.get('user');
  return json(c, purchaseView(sandbox, user, purchaseListing(sandbox, user, await jsonBody(c))));
});

shopRoutes.get('/economy/purchases', (c) => {
  const sandbox = c.get('sandbox');
  const user = c.get('user');
  return json(
    c,
    listPurchases(sandbox, user, c.req.query()).map((purchase) => purchaseView(sandbox, user, purchase)),
  );
});

shopRoutes.get('/economy/purchases/:productPurchaseId', (c) => {
  const sandbox = c.get('sandbox');
  const user = c.get('user');
  return json(c, purchaseView(sandbox, user, getPurchase(sandbox, user, c.req.param('productPurchaseId'))));
});

shopRoutes.get('/economy/purchases/:productPurchaseId/stacks', (c) =>
  json(c, purchaseStacks(c.get('sandbox'), c.get('user'), c.req.param('productPurchaseId'))),
);

shopRoutes.get('/user/:userId/economy/transactions', (c) =>
  json(c, transactionHistory(c.get('sandbox'), c.get('user'), c.req.param('userId'), c.req.query())),
);

// Its earnings alone (`/balance/earnings`) are retired (src/operations/retired.ts).
shopRoutes.get('/user/:userId/balance', (c) => json(c, balanceView(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

shopRoutes.get('/user/:userId/economy/account', (c) => json(c, economyAccountView(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

shopRoutes.get('/user/:userId/economy/balances', (c) =>
  json(c, economyBalancesView(c.get('sandbox'), c.get('user'), c.req.param('userId'))),
);
