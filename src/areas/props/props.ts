import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import { isoNow } from '../../store/clock.js';
import type { PropRecord, PropUnityPackageRecord } from '../../store/records/props.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { guardGrowth } from '../../store/growth.js';

const count = () => z.number().int().min(0);

/** What describes a prop, as CreatePropRequest and UpdatePropRequest name it. */
const propFields = () => ({
  name: z.string().min(1),
  description: z.string(),
  imageUrl: z.string(),
  tags: z.array(z.string()),
  spawnType: count(),
  worldPlacementMask: count(),
  assetUrl: z.string(),
  assetVersion: count(),
  platform: z.string(),
  unityVersion: z.string().min(1),
  propSignature: z.string().optional(),
});

const CreateSchema = lazy(() => z.object({ id: idOf('prop'), ...propFields() }));
const UpdateSchema = lazy(() => z.object(propFields()).partial());
const ListSchema = lazy(() => z.object({ ...pageParams(), authorId: z.string().optional() }));

/** An update that touches the asset bundle must say all of these (the description's rule). */
const BUNDLE_FIELDS = ['name', 'assetUrl', 'platform', 'unityVersion', 'assetVersion', 'spawnType', 'worldPlacementMask'] as const;

const packageOf = (request: {
  assetUrl: string;
  assetVersion: number;
  platform: string;
  unityVersion: string;
  propSignature?: string | undefined;
}): PropUnityPackageRecord => ({
  assetUrl: request.assetUrl,
  assetVersion: request.assetVersion,
  platform: request.platform,
  propSignature: request.propSignature ?? '',
  unityVersion: request.unityVersion,
  variant: 'standard',
});

/** POST /props: a new prop of the requester, private until published, under the id the client chose. */
export function createProp(sandbox: Sandbox, actor: UserRecord, body: unknown): PropRecord {
  const request = parseInput(CreateSchema, body);
  // The id is the client's: one already taken, by anyone, is not theirs to create.
  if (sandbox.props.has(request.id)) throw new ApiError(403, messages.propNoPermission);
  guardGrowth(sandbox, 'props', actor.id);
  const now = isoNow(sandbox.clock);
  const prop: PropRecord = {
    id: request.id,
    authorId: actor.id,
    name: request.name,
    description: request.description,
    imageUrl: request.imageUrl,
    tags: request.tags,
    spawnType: request.spawnType,
    worldPlacementMask: request.worldPlacementMask,
    releaseStatus: 'private',
    maxCountPerUser: 1,
    unityPackages: [packageOf(request)],
    createdAt: now,
    updatedAt: now,
  };
  sandbox.props.set(prop.id, prop);
  return prop;
}

/** GET /props: the requester's props (an admin may name another author), newest first. */
export function listProps(sandbox: Sandbox, actor: UserRecord, query: unknown): PropRecord[] {
  const { n, offset, authorId = actor.id } = parseInput(ListSchema, query);
  if (authorId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.propNoPermission);
  return [...sandbox.props.values()]
    .filter((prop) => prop.authorId === authorId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(offset, offset + n);
}

/**
 * A prop the requester may see: a public one, or their own; others' private props do not exist for them:
 * 404, or the `status` an operation answers instead (as live: an edit's 400).
 */
export function findProp(sandbox: Sandbox, actor: UserRecord, propId: string, status = 404): PropRecord {
  const prop = sandbox.props.get(propId);
  if (!prop || (prop.releaseStatus !== 'public' && prop.authorId !== actor.id && !actor.isAdmin)) {
    throw new ApiError(status, status === 403 ? messages.propNoPermission : messages.propNotFound);
  }
  return prop;
}

/** A prop the requester may change: their own (or any, for an admin); one that is not there is `missing`. */
export function ownProp(sandbox: Sandbox, actor: UserRecord, propId: string, missing = 404): PropRecord {
  const prop = findProp(sandbox, actor, propId, missing);
  if (prop.authorId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.propNoPermission);
  return prop;
}

/**
 * PUT /props/{propId}: changes what is sent; a new asset bundle replaces the package of its platform.
 * A prop that is not there is 400, as live.
 */
export function updateProp(sandbox: Sandbox, actor: UserRecord, propId: string, body: unknown): PropRecord {
  const request = parseInput(UpdateSchema, body);
  const prop = ownProp(sandbox, actor, propId, 400);
  const touchesBundle = ['assetUrl', 'assetVersion', 'platform', 'unityVersion', 'propSignature'].some((key) => key in request);
  if (touchesBundle) {
    const missing = BUNDLE_FIELDS.filter((key) => request[key] === undefined);
    if (missing.length) throw new ApiError(400, messages.propAssetFieldMissing(BUNDLE_FIELDS.join(', ')));
    const built = packageOf(request as Required<typeof request>);
    prop.unityPackages = [...prop.unityPackages.filter((p) => p.platform !== built.platform), built];
  }
  for (const key of ['name', 'description', 'imageUrl', 'tags', 'spawnType', 'worldPlacementMask'] as const) {
    if (request[key] !== undefined) (prop as Record<string, unknown>)[key] = request[key];
  }
  prop.updatedAt = isoNow(sandbox.clock);
  return prop;
}

/** DELETE /props/{propId}: the author's prop goes. One that is not there is not theirs to delete: 403, as live. */
export function deleteProp(sandbox: Sandbox, actor: UserRecord, propId: string): void {
  sandbox.props.delete(ownProp(sandbox, actor, propId, 403).id);
}

/** A prop may be published while it is not public yet. */
export const publishStatus = (prop: PropRecord) => ({ canPublish: prop.releaseStatus !== 'public' });

/** PUT and DELETE /props/{propId}/publish: the author makes the prop public, or private again. */
export function setPublished(sandbox: Sandbox, actor: UserRecord, propId: string, published: boolean) {
  const prop = ownProp(sandbox, actor, propId);
  prop.releaseStatus = published ? 'public' : 'private';
  prop.updatedAt = isoNow(sandbox.clock);
  return publishStatus(prop);
}

/** The Prop a client sees. */
export function propView(sandbox: Sandbox, prop: PropRecord) {
  return {
    id: prop.id,
    _created_at: prop.createdAt,
    _updated_at: prop.updatedAt,
    authorId: prop.authorId,
    authorName: sandbox.users.get(prop.authorId)?.displayName ?? '',
    name: prop.name,
    description: prop.description,
    imageUrl: prop.imageUrl,
    thumbnailImageUrl: prop.imageUrl,
    tags: [...prop.tags],
    spawnType: prop.spawnType,
    worldPlacementMask: prop.worldPlacementMask,
    releaseStatus: prop.releaseStatus,
    maxCountPerUser: prop.maxCountPerUser,
    unityPackageUrl: null,
    unityPackages: prop.unityPackages.map((p) => ({ ...p })),
  };
}
