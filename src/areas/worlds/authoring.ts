import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { unitySortNumber, unityVersionText, type UnityPackage } from '../../store/records/unity-package.js';
import type { UserRecord } from '../../store/records/user.js';
import { ChangeWorldTagsRequestSchema, WorldRecordSchema, type WorldRecord } from '../../store/records/worlds.js';
import { newId } from '../../store/ids.js';
import { withdrawFromDiscovery } from '../../store/indexes/instances.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { isClosed } from '../../store/instance-state.js';
import { findWorld, requireAddableTags } from './worlds.js';
import { guardGrowth } from '../../store/growth.js';

const PLATFORMS = ['android', 'ios', 'standalonewindows'] as const;
const RELEASE = ['hidden', 'private', 'public'] as const;

const WorldFieldsSchema = () => ({
  assetUrl: z.string().min(1),
  authorName: z.string().min(1),
  capacity: z.number().int().min(0).max(40),
  description: z.string(),
  imageUrl: z.string().min(1),
  name: z.string().min(1).max(64),
  platform: z.enum(PLATFORMS),
  releaseStatus: z.enum(RELEASE),
  tags: z.array(z.string().min(1)).max(20),
  unityPackageUrl: z.string().min(1),
  unityVersion: unityVersionText(),
});

export const CreateWorldRequestSchema = lazy(() =>
  z
    .object({ ...WorldFieldsSchema(), assetVersion: z.number().int().min(0), authorId: idOf('usr'), id: idOf('wrld') })
    .partial()
    .required({ assetUrl: true, imageUrl: true, name: true }),
);
export const UpdateWorldRequestSchema = lazy(() =>
  z.object({ ...WorldFieldsSchema(), assetVersion: z.string().min(1), authorId: idOf('usr') }).partial(),
);

const ASSET_URL = /\/file\/(file_[0-9a-fA-F-]{36})\/(\d+)(?:\/file)?\/?$/;

/**
 * A world's asset is a `.vrcw` file of its author whose named version has finished uploading, as the
 * real service requires before it lists the build.
 */
function checkAsset(sandbox: Sandbox, actor: UserRecord, assetUrl: string): void {
  const match = ASSET_URL.exec(assetUrl);
  if (!match) throw new ApiError(400, messages.worldAssetUrlInvalid);
  const [, fileId, versionText] = match;
  const file = sandbox.files.get(fileId!);
  if (!file) throw new ApiError(400, messages.fileNotFound(fileId!));
  if (file.ownerId !== actor.id && !actor.isAdmin) throw new ApiError(400, messages.worldAssetNotYours);
  if (file.extension !== '.vrcw') throw new ApiError(400, messages.worldAssetNotVrcw);
  const version = Number(versionText);
  const found = file.versions.find((v) => v.version === version);
  if (!found || version === 0) throw new ApiError(400, messages.fileVersionNotFound(file.id, version));
  if (found.status !== 'complete') throw new ApiError(400, messages.fileVersionNotComplete(file.id, version));
}

function mayChange(actor: UserRecord, record: WorldRecord): void {
  if (record.authorId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.worldNotYours);
}

/** Puts the build for one platform in place of the one before, if any. */
function putPackage(sandbox: Sandbox, record: WorldRecord, platform: string, unityVersion: string, assetUrl: string, assetVersion: number) {
  const unityPackage: UnityPackage = {
    id: newId('unp'),
    platform,
    unityVersion,
    unitySortNumber: unitySortNumber(unityVersion) ?? 0,
    assetVersion,
    assetUrl,
    assetUrlObject: {},
    created_at: isoNow(sandbox.clock),
    impostorUrl: null,
    impostorizerVersion: '',
    performanceRating: 'None',
    pluginUrl: '',
    pluginUrlObject: {},
    scanStatus: 'passed',
    variant: 'standard',
    worldSignature: null,
  };
  record.unityPackages = [...record.unityPackages.filter((p) => p.platform !== platform), unityPackage];
}

/** POST /worlds: the requester's new world, private unless said otherwise, built from their complete `.vrcw` file. */
export function createWorld(sandbox: Sandbox, actor: UserRecord, body: unknown): WorldRecord {
  const request = parseInput(CreateWorldRequestSchema, body);
  if (request.authorId !== undefined && request.authorId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.worldNotYours);
  if (request.id !== undefined && sandbox.worlds.has(request.id)) throw new ApiError(400, messages.worldIdTaken(request.id));
  requireAddableTags(actor, request.tags ?? [], []);
  checkAsset(sandbox, actor, request.assetUrl);
  guardGrowth(sandbox, 'worlds', actor.id);
  const now = isoNow(sandbox.clock);
  const record = WorldRecordSchema.parse({
    id: request.id ?? newId('wrld'),
    authorId: actor.id,
    authorName: actor.displayName,
    name: request.name,
    description: request.description ?? '',
    imageUrl: request.imageUrl,
    thumbnailImageUrl: request.imageUrl,
    releaseStatus: request.releaseStatus ?? 'private',
    capacity: Math.max(1, request.capacity ?? 32),
    recommendedCapacity: Math.floor(Math.max(1, request.capacity ?? 32) / 2),
    tags: request.tags ?? [],
    created_at: now,
    updated_at: now,
  });
  putPackage(
    sandbox,
    record,
    request.platform ?? 'standalonewindows',
    request.unityVersion ?? '2022.3.22f1',
    request.assetUrl,
    request.assetVersion ?? 1,
  );
  sandbox.worlds.set(record.id, record);
  sandbox.worldNames.changed();
  return record;
}

/**
 * PUT /worlds/{id}: its author (or an admin) changes what the request names; a new asset is a new version.
 * A world that is not there is 400, as live.
 */
export function updateWorld(sandbox: Sandbox, actor: UserRecord, worldId: string, body: unknown): WorldRecord {
  const request = parseInput(UpdateWorldRequestSchema, body);
  const record = findWorld(sandbox, worldId, 400);
  mayChange(actor, record);
  requireAddableTags(actor, request.tags ?? [], record.tags);
  if (request.assetUrl !== undefined) checkAsset(sandbox, actor, request.assetUrl);
  if (request.name !== undefined && request.name !== record.name) {
    record.name = request.name;
    sandbox.worldNames.changed();
  }
  if (request.description !== undefined) record.description = request.description;
  if (request.imageUrl !== undefined) record.imageUrl = record.thumbnailImageUrl = request.imageUrl;
  if (request.releaseStatus !== undefined) record.releaseStatus = request.releaseStatus;
  if (request.capacity !== undefined) record.capacity = Math.max(1, request.capacity);
  if (request.tags !== undefined) record.tags = [...new Set(request.tags)];
  if (request.assetUrl !== undefined) {
    const platform = request.platform ?? 'standalonewindows';
    const previous = record.unityPackages.find((p) => p.platform === platform);
    putPackage(
      sandbox,
      record,
      platform,
      request.unityVersion ?? previous?.unityVersion ?? '2022.3.22f1',
      request.assetUrl,
      (previous?.assetVersion ?? 0) + 1,
    );
    record.version += 1;
  }
  record.updated_at = isoNow(sandbox.clock);
  return record;
}

/**
 * DELETE /worlds/{id}: gone from every list; its open instances close now and leave discovery. Deleting a
 * world that is not there (or no longer) changes nothing and succeeds, as live.
 */
export function deleteWorld(sandbox: Sandbox, actor: UserRecord, worldId: string): void {
  const record = sandbox.worlds.get(worldId);
  if (!record) return;
  mayChange(actor, record);
  const now = sandbox.clock.now();
  for (const instance of sandbox.instancesByWorld.get(worldId) ?? []) {
    if (isClosed(instance, now)) continue;
    instance.closedAt = new Date(now).toISOString();
    instance.hardClose = true;
    withdrawFromDiscovery(sandbox, instance);
  }
  sandbox.worlds.delete(worldId);
  sandbox.worldNames.changed();
}

/** POST /worlds/{id}/deleteTags (and /removeTags): removes the named tags (compared without case); absent ones are ignored. */
export function removeWorldTags(sandbox: Sandbox, actor: UserRecord, worldId: string, body: unknown): WorldRecord {
  const { tags } = parseInput(ChangeWorldTagsRequestSchema, body);
  const record = findWorld(sandbox, worldId);
  if (record.authorId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.worldNotAuthor);
  const removed = new Set(tags.map((tag) => tag.toLowerCase()));
  const kept = record.tags.filter((tag) => !removed.has(tag.toLowerCase()));
  if (kept.length !== record.tags.length) {
    record.tags = kept;
    record.updated_at = isoNow(sandbox.clock);
  }
  return record;
}

/**
 * GET /worlds/{id}/publish: whether the requester may put the world in Community Labs: its author (or an
 * admin), while it is not public yet. Anyone may ask (live answers another user's world 200), and learns no.
 */
export function publishStatus(sandbox: Sandbox, actor: UserRecord, worldId: string) {
  const record = findWorld(sandbox, worldId);
  const mayPublish = record.authorId === actor.id || actor.isAdmin;
  return { canPublish: mayPublish && record.releaseStatus !== 'public' };
}

/** PUT /worlds/{id}/publish: public, in Community Labs from now. */
export function publishWorld(sandbox: Sandbox, actor: UserRecord, worldId: string): WorldRecord {
  const record = findWorld(sandbox, worldId);
  mayChange(actor, record);
  const now = isoNow(sandbox.clock);
  record.releaseStatus = 'public';
  record.labsPublicationDate = now;
  if (!record.tags.includes('system_labs')) record.tags = [...record.tags, 'system_labs'];
  record.updated_at = now;
  return record;
}

/** DELETE /worlds/{id}/publish: private again, out of Community Labs. */
export function unpublishWorld(sandbox: Sandbox, actor: UserRecord, worldId: string): WorldRecord {
  const record = findWorld(sandbox, worldId);
  mayChange(actor, record);
  record.releaseStatus = 'private';
  record.tags = record.tags.filter((tag) => tag !== 'system_labs');
  record.updated_at = isoNow(sandbox.clock);
  return record;
}

/** DELETE /worlds/{id}/platform/{platform}: drops that platform's build; the last one stays. */
export function deleteWorldPlatform(sandbox: Sandbox, actor: UserRecord, worldId: string, platform: string): WorldRecord {
  const record = findWorld(sandbox, worldId);
  mayChange(actor, record);
  const kept = record.unityPackages.filter((p) => p.platform !== platform);
  if (kept.length === record.unityPackages.length) throw new ApiError(404, messages.worldNoPlatform(platform));
  if (kept.length === 0) throw new ApiError(400, messages.worldLastPlatform);
  record.unityPackages = kept;
  record.updated_at = isoNow(sandbox.clock);
  return record;
}

/** GET /worlds/{id}/metadata: the world's custom metadata; nothing here sets any. */
export function worldMetadata(sandbox: Sandbox, worldId: string) {
  return { id: findWorld(sandbox, worldId).id, metadata: {} };
}
