import { ApiError, messages } from '../../errors.js';
import type { LicenseGroupRecord } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

/** The licences the requester holds: one for each product of each listing they bought. */
export function activeLicenses(sandbox: Sandbox, actor: UserRecord) {
  const seen = new Set<string>();
  const licenses = [];
  for (const purchase of sandbox.purchases.values()) {
    if (purchase.buyerId !== actor.id) continue;
    for (const license of purchase.licenses) {
      if (seen.has(license.productId)) continue;
      seen.add(license.productId);
      const name = sandbox.products.get(license.productId)?.displayName ?? license.productName;
      licenses.push({ forAction: 'have', forId: license.productId, forName: name, forType: 'product' });
    }
  }
  return licenses;
}

export function getLicenseGroup(sandbox: Sandbox, licenseGroupId: string): LicenseGroupRecord {
  const group = sandbox.licenseGroups.get(licenseGroupId);
  if (!group) throw new ApiError(404, messages.licenseGroupNotFound);
  return group;
}
