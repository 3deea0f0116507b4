/** The default world's shop, as fixtures/products.json, listings.json, stores.json and licenseGroups.json hold it. */
export const shop = {
  lanternProduct: 'prod_5e110000-0000-4000-8000-000000000001',
  roleProduct: 'prod_5e110000-0000-4000-8000-000000000002',
  lanternListing: 'prod_11570000-0000-4000-8000-000000000001',
  supporterListing: 'prod_11570000-0000-4000-8000-000000000002',
  guildStore: 'esto_57010000-0000-4000-8000-000000000001',
  featuredShelf: 'ess_57010000-0000-4000-8000-00000000e001',
  supportersGroup: 'lgrp_11c00000-0000-4000-8000-000000000001',
} as const;
