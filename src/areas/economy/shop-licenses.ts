import { ApiError, messages } from '../../errors.js';
import type { LicenseGroupRecord } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';

/** The licences the requester holds: one for each product of each listing they bought. */
export function activeLicenses(world: World, actor: UserRecord) {
  const seen = new Set<string>();
  const licenses = [];
  for (const purchase of world.purchases.values()) {
    if (purchase.buyerId !== actor.id) continue;
    for (const license of purchase.licenses) {
      if (seen.has(license.productId)) continue;
      seen.add(license.productId);
      const name = world.products.get(license.productId)?.displayName ?? license.productName;
      licenses.push({ forAction: 'have', forId: license.productId, forName: name, forType: 'product' });
    }
  }
  return licenses;
}

export function getLicenseGroup(world: World, licenseGroupId: string): LicenseGroupRecord {
  const group = world.licenseGroups.get(licenseGroupId);
  if (!group) throw new ApiError(404, messages.licenseGroupNotFound);
  return group;
}
