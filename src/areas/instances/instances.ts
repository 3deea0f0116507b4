import { randomInt, randomUUID } from 'node:crypto';
import { ApiError, messages } from '../../errors.js';
import { formatInstanceId, locationOf, stableName, type InstanceIdParts } from '../../store/records/instance-id.js';
import { CloseInstanceQuerySchema, CreateInstanceRequestSchema, type CreateInstanceRequest } from './requests.js';
import { viewOf } from '../../schema/view.js';
import {
  InstanceFieldsSchema,
  InstanceSchema,
  type GroupAccessType,
  type Instance,
  type InstanceRecord,
  type InstanceUser,
} from '../../store/records/instances.js';
import type { UserRecord } from '../../store/records/user.js';
import { allContentAllowed } from '../../store/records/worlds.js';
import { putInstance, withdrawFromDiscovery } from '../../store/indexes/instances.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { hasGroupPermission } from '../groups/public.js';
import { isClosed, occupantsOf } from '../../store/instance-state.js';
import { findWorld, worldView } from '../worlds/public.js';
import { LIMITS } from '../../limits.js';
import { wornAvatar } from '../users/public.js';

export const INSTANCE_MANAGE_PERMISSION = 'group-instance-manage';

/** The group permission that opening a group instance of each access type takes. */
const GROUP_CREATE_PERMISSION: Record<GroupAccessType, string> = {
  members: 'group-instance-open-create',
  plus: 'group-instance-plus-create',
  public: 'group-instance-public-create',
};

function instanceUserView(sandbox: Sandbox, user: UserRecord, viewer: UserRecord | undefined): InstanceUser {
  const { currentAvatarImageUrl, currentAvatarThumbnailImageUrl, currentAvatarTags } = wornAvatar(sandbox, user);
  return {
    id: user.id,
    displayName: user.displayName,
    ageVerificationStatus: user.ageVerificationStatus,
    bio: user.bio,
    currentAvatarImageUrl,
    currentAvatarThumbnailImageUrl,
    developerType: user.developerType,
    friendKey: user.friendKey,
    imageUrl: currentAvatarImageUrl,
    last_platform: user.last_platform,
    platform: user.platform,
    profilePicOverride: user.profilePicOverride,
    profilePicOverrideThumbnail: user.profilePicOverrideThumbnail,
    pronouns: user.pronouns,
    state: user.state,
    status: user.status,
    statusDescription: user.statusDescription,
    userIcon: user.userIcon,
    ageVerified: user.ageVerified,
    allowAvatarCopying: user.allowAvatarCopying,
    isFriend: viewer?.friends.includes(user.id) ?? false,
    bioLinks: user.bioLinks,
    currentAvatarTags,
    tags: user.tags,
    // Users keep the day they joined; an instance's users carry it as the date-time the description asks for.
    date_joined: user.date_joined.length === 10 ? `${user.date_joined}T00:00:00.000Z` : user.date_joined,
    last_activity: user.last_activity,
    last_mobile: user.last_mobile,
  };
}

/** The holder markers are computed: only the one matching the type is present (the others undefined, so unsent). */
const makeInstanceView = viewOf('Instance', InstanceSchema, {
  computed: [
    'hidden',
    'friends',
    'private',
    'location',
    'world',
    'clientNumber',
    'capacity',
    'recommendedCapacity',
    'n_users',
    'userCount',
    'active',
    'full',
    'hasCapacityForYou',
    'roleRestricted',
    'platforms',
    'users',
  ],
});

/**
 * The Instance as a viewer sees it, with its World. users, n_users, userCount, platforms and full are
 * all counted from who is in it now; active and hasCapacityForYou follow closedAt and the clock. A read
 * without a session (the live service serves one) has no viewer: nobody inside is its friend.
 */
export function instanceView(sandbox: Sandbox, viewer: UserRecord | undefined, instance: InstanceRecord): Instance {
  const worldRecord = findWorld(sandbox, instance.worldId);
  const users = occupantsOf(sandbox, instance);
  const platforms: Record<string, number> = { android: 0, ios: 0, standalonewindows: 0 };
  for (const user of users) platforms[user.last_platform] = (platforms[user.last_platform] ?? 0) + 1;
  const active = !isClosed(instance, sandbox.clock.now());
  const full = users.length >= worldRecord.capacity;
  const holderOf = (type: InstanceRecord['type']) => (instance.type === type ? instance.ownerId! : undefined);
  return makeInstanceView(instance, {
    hidden: holderOf('hidden'),
    friends: holderOf('friends'),
    private: holderOf('private'),
    location: instance.id,
    world: worldView(sandbox, worldRecord),
    clientNumber: 'unknown',
    capacity: worldRecord.capacity,
    recommendedCapacity: worldRecord.recommendedCapacity,
    n_users: users.length,
    userCount: users.length,
    active,
    full,
    hasCapacityForYou: active && !full,
    roleRestricted: instance.roleIds.length > 0,
    platforms,
    users: users.map((user) => instanceUserView(sandbox, user, viewer)),
  });
}

export function findInstance(sandbox: Sandbox, location: string): InstanceRecord {
  const found = sandbox.instances.get(location);
  if (!found) throw new ApiError(404, messages.instanceNotFound);
  return found;
}

export function findWorldInstance(sandbox: Sandbox, worldId: string, instanceId: string): InstanceRecord {
  findWorld(sandbox, worldId);
  return readableInstance(sandbox, locationOf(worldId, instanceId));
}

/** A public instance's bare number, as old links and the suite's own reads write it: `wrld_…:12345`, `wrld_…:0`. */
const BARE_NAME = /^[0-9]{1,32}$/;

/**
 * The instance a read names (getInstance, getShortName, getWorldInstance). A location no record holds that
 * names a public instance of a known world by its bare number (`wrld_…:0`) is that public instance, empty
 * and open: the live service answers such reads with 200, as anyone may join a public instance by number.
 */
export function readableInstance(sandbox: Sandbox, location: string): InstanceRecord {
  const found = sandbox.instances.get(location);
  if (found) return found;
  const at = location.indexOf(':');
  const world = at > 0 ? sandbox.worlds.get(location.slice(0, at)) : undefined;
  const name = location.slice(at + 1);
  if (!world || !BARE_NAME.test(name)) throw new ApiError(404, messages.instanceNotFound);
  return {
    ...InstanceFieldsSchema.parse({}),
    name,
    type: 'public',
    ownerId: null,
    region: 'us',
    nonce: '',
    id: location,
    worldId: world.id,
    instanceId: name,
    creatorId: world.authorId,
    secureName: stableName(`secure:${location}`),
    shortName: stableName(`short:${location}`),
    photonRegion: 'us',
  };
}

/**
 * Who owns a new instance: nobody for a public one, the requester for hidden, friends and private ones
 * (an ownerId naming someone else is refused), the group for a group one, if the requester holds the
 * group's create permission for that access type.
 */
function ownerOf(sandbox: Sandbox, actor: UserRecord, request: CreateInstanceRequest): string | null {
  if (request.type !== 'group') {
    if (request.ownerId != null && request.ownerId !== actor.id) throw new ApiError(400, messages.instanceOwnerNotYou);
    return request.type === 'public' ? null : actor.id;
  }
  const group = sandbox.groups.get(request.ownerId!);
  if (!group) throw new ApiError(404, messages.groupNotFound);
  const permission = GROUP_CREATE_PERMISSION[request.groupAccessType ?? 'members'];
  if (!hasGroupPermission(sandbox, group.id, actor.id, permission)) throw new ApiError(403, messages.groupNoPermission);
  if (request.roleIds?.some((roleId) => !group.roles.some((role) => role.id === roleId))) {
    throw new ApiError(400, messages.instanceUnknownRoles);
  }
  return group.id;
}

const randomName = () => randomUUID().replace(/-/g, '').slice(0, 8);

/** Opens an instance of a world: a random 5-digit name and a fresh nonce make its id. */
export function createInstance(sandbox: Sandbox, actor: UserRecord, body: unknown): InstanceRecord {
  const max = LIMITS.instancesPerWorld.value;
  if (sandbox.instances.size >= max) throw new ApiError(429, messages.tooManyInstances(max));
  const request = parseInput(CreateInstanceRequestSchema, body);
  const target = findWorld(sandbox, request.worldId);
  if (request.closedAt !== undefined && Date.parse(request.closedAt) <= sandbox.clock.now()) {
    throw new ApiError(400, messages.instanceClosedAtPast);
  }
  const parts: InstanceIdParts = {
    name: String(randomInt(10_000, 100_000)),
    type: request.type,
    ownerId: ownerOf(sandbox, actor, request),
    region: request.region,
    nonce: randomUUID(),
  };
  if (request.type === 'group') parts.groupAccessType = request.groupAccessType ?? 'members';
  const { worldId: _worldId, type: _type, region: _region, ownerId: _ownerId, groupAccessType: _access, ...options } = request;
  const fields = InstanceFieldsSchema.parse({
    ...options,
    contentSettings: { ...allContentAllowed(), ...options.contentSettings },
  });
  const instanceId = formatInstanceId(parts);
  const instance: InstanceRecord = {
    ...fields,
    ...parts,
    id: locationOf(target.id, instanceId),
    worldId: target.id,
    instanceId,
    creatorId: actor.id,
    secureName: randomName(),
    shortName: randomName(),
    photonRegion: request.region,
  };
  putInstance(sandbox, instance);
  return instance;
}

/** The owner closes their instance; a group's instance takes the group-instance-manage permission. */
function mayClose(sandbox: Sandbox, actor: UserRecord, instance: InstanceRecord): boolean {
  if (instance.type === 'group') return hasGroupPermission(sandbox, instance.ownerId!, actor.id, INSTANCE_MANAGE_PERMISSION);
  return instance.ownerId === actor.id;
}

/**
 * Closes an instance now, or at `closedAt` when that is later (a later call may move a planned close).
 * A hard close sends everyone out once it takes effect.
 */
export function closeInstance(sandbox: Sandbox, actor: UserRecord, location: string, rawQuery: unknown): InstanceRecord {
  const query = parseInput(CloseInstanceQuerySchema, rawQuery);
  const instance = findInstance(sandbox, location);
  if (!mayClose(sandbox, actor, instance)) throw new ApiError(403, messages.instanceCloseForbidden);
  const now = sandbox.clock.now();
  if (isClosed(instance, now)) throw new ApiError(403, messages.instanceAlreadyClosed);
  const closesAt = query.closedAt === undefined ? now : Math.max(Date.parse(query.closedAt), now);
  // Read before the close: a hard-closed instance counts nobody inside.
  const inside = occupantsOf(sandbox, instance).map((user) => user.id);
  instance.closedAt = new Date(closesAt).toISOString();
  instance.hardClose = query.hardClose ?? false;
  if (closesAt > now) return instance;
  withdrawFromDiscovery(sandbox, instance);
  sandbox.pipeline.emit({
    type: 'instance-closed',
    to: inside,
    content: { instanceLocation: instance.id, closedAt: instance.closedAt, hardClose: instance.hardClose },
  });
  return instance;
}
