import type { AssetReviewRecord, ContentAgreementRecord, InfoPushRecord, PermissionRecord } from '../records/account-extras.js';

/** Agreements, asset reviews, permissions and info pushes: each by id, in the order they were made. */
export interface AccountExtrasIndex {
  readonly contentAgreements: Map<string, ContentAgreementRecord>;
  readonly assetReviews: Map<string, AssetReviewRecord>;
  readonly permissions: Map<string, PermissionRecord>;
  readonly infoPushes: Map<string, InfoPushRecord>;
}

export interface AccountExtrasData {
  contentAgreements: ContentAgreementRecord[];
  assetReviews: AssetReviewRecord[];
  permissions: PermissionRecord[];
  infoPushes: InfoPushRecord[];
}

const byId = <T extends { id: string }>(records: T[]) => new Map(records.map((r) => [r.id, r]));

export function indexAccountExtras(data: AccountExtrasData): AccountExtrasIndex {
  return {
    contentAgreements: byId(data.contentAgreements),
    assetReviews: byId(data.assetReviews),
    permissions: byId(data.permissions),
    infoPushes: byId(data.infoPushes),
  };
}

/** The index read back out as fixture collections (what a snapshot keeps). */
export function accountExtrasData(index: AccountExtrasIndex): AccountExtrasData {
  return {
    contentAgreements: [...index.contentAgreements.values()],
    assetReviews: [...index.assetReviews.values()],
    permissions: [...index.permissions.values()],
    infoPushes: [...index.infoPushes.values()],
  };
}
