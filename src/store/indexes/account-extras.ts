import type { AssetReviewRecord, ContentAgreementRecord, InfoPushRecord, PermissionRecord } from '../records/account-extras.js';
import { byId, collectionsOf, indexCollections, type Indexed, type Layout } from './collections.js';

/** Agreements, asset reviews, permissions and info pushes: each by id, in the order they were made. */
export interface AccountExtrasData {
  contentAgreements: ContentAgreementRecord[];
  assetReviews: AssetReviewRecord[];
  permissions: PermissionRecord[];
  infoPushes: InfoPushRecord[];
}

const ACCOUNT_EXTRAS = {
  contentAgreements: byId,
  assetReviews: byId,
  permissions: byId,
  infoPushes: byId,
} satisfies Layout<AccountExtrasData>;

export type AccountExtrasIndex = Indexed<AccountExtrasData, typeof ACCOUNT_EXTRAS>;

export const indexAccountExtras = (data: AccountExtrasData): AccountExtrasIndex => indexCollections(ACCOUNT_EXTRAS, data);

export const accountExtrasData = (index: AccountExtrasIndex): AccountExtrasData => collectionsOf(ACCOUNT_EXTRAS, index);
