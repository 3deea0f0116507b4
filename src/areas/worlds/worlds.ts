import { isoNow } from '../../store/clock.js';
import { ApiError, messages, WAF_WORLD_TAG_INVALID, WAF_WORLD_TAG_LIMIT, WAF_WORLD_TAG_RESTRICTED } from '../../errors.js';
import type { UserRecord } from '../../store/records/user.js';
import {
  ChangeWorldTagsRequestSchema,
  TAG_PATTERN,
  WorldSchema,
  type World as WorldResponse,
  type WorldRecord,
} from '../../store/records/worlds.js';
import { viewOf } from '../../schema/view.js';
import { isOpenAccess } from '../../store/indexes/instances.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { isClosed, occupantsOf } from '../../store/instance-state.js';
import { authorNameOf } from '../users/public.js';

/** Tags one world may carry in all, system and admin tags included. */
export const WORLD_TAG_LIMIT = 20;

/** The world of that id; 404 when there is none, or the `status` an operation answers instead (an edit's 400, as live). */
export function findWorld(sandbox: Sandbox, worldId: string, status = 404): WorldRecord {
  const found = sandbox.worlds.get(worldId);
  if (!found) throw new ApiError(status, messages.worldNotFound(worldId));
  return found;
}

const makeWorldView = viewOf('World', WorldSchema, {
  computed: ['occupants', 'privateOccupants', 'publicOccupants', 'instances', 'slimInstances', 'authorName'],
});

/**
 * The World as responses carry it: occupants add up the users in its instances (public ones, that is
 * public and public group instances, in publicOccupants), and `instances` lists its open, active ones,
 * the first `worldViewInstances` of them (the counts still cover all).
 */
export function worldView(sandbox: Sandbox, record: WorldRecord): WorldResponse {
  const now = sandbox.clock.now();
  let occupants = 0;
  let publicOccupants = 0;
  const instances: WorldResponse['instances'] = [];
  const slimInstances: WorldResponse['slimInstances'] = [];
  for (const instance of sandbox.instancesByWorld.get(record.id) ?? []) {
    const users = occupantsOf(sandbox, instance).length;
    occupants += users;
    if (!isOpenAccess(instance)) continue;
    publicOccupants += users;
    // Bounded: with thousands of instances every view of every one of them carried the whole list.
    if (isClosed(instance, now) || instances.length >= sandbox.settings.worldViewInstances) continue;
    instances.push([instance.instanceId, users, {}]);
    slimInstances.push({ gameServerVersion: {}, instanceId: instance.instanceId, languageRatio: instance.languageRatio, n_users: users });
  }
  return makeWorldView(record, {
    authorName: authorNameOf(sandbox, record),
    occupants,
    privateOccupants: occupants - publicOccupants,
    publicOccupants,
    instances,
    slimInstances,
  });
}

/** Tags nobody adds by hand: `system_` ones the service grants, `admin_` ones only admins add. */
function isRestricted(tag: string, actor: UserRecord): boolean {
  const lower = tag.toLowerCase();
  return lower.startsWith('system_') || (lower.startsWith('admin_') && !actor.isAdmin);
}

/**
 * Refuses, with a waf_code, a malformed or restricted tag among `tags` that the world does not already
 * carry: a client writing back the tags it read (`system_labs` included) is not refused for them.
 */
export function requireAddableTags(actor: UserRecord, tags: readonly string[], carried: readonly string[]): void {
  for (const tag of tags) {
    if (carried.includes(tag)) continue;
    if (!TAG_PATTERN.test(tag)) throw new ApiError(400, messages.worldTagInvalid(tag), WAF_WORLD_TAG_INVALID);
    if (isRestricted(tag, actor)) throw new ApiError(400, messages.worldTagRestricted(tag), WAF_WORLD_TAG_RESTRICTED);
  }
}

/**
 * Adds tags to a world its author (or an admin) names. Tags already there or repeated are kept once;
 * a malformed, restricted or excess tag refuses the whole request with a waf_code.
 */
export function addWorldTags(sandbox: Sandbox, actor: UserRecord, worldId: string, body: unknown): WorldRecord {
  const { tags } = parseInput(ChangeWorldTagsRequestSchema, body);
  const target = findWorld(sandbox, worldId);
  if (target.authorId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.worldNotAuthor);
  requireAddableTags(actor, tags, []);
  // Tags compare without case, as the restricted prefixes do: `Author_Tag_X` is `author_tag_x` again.
  const seen = new Set(target.tags.map((tag) => tag.toLowerCase()));
  const merged = [...target.tags];
  for (const tag of tags) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    merged.push(tag);
  }
  if (merged.length > WORLD_TAG_LIMIT) throw new ApiError(400, messages.worldTagLimit(WORLD_TAG_LIMIT), WAF_WORLD_TAG_LIMIT);
  if (merged.length !== target.tags.length) {
    target.tags = merged;
    target.updated_at = isoNow(sandbox.clock);
  }
  return target;
}
