import type { InfoPushRecord } from '../../store/records/account-extras.js';
import type { World } from '../../store/world.js';

/** Tags a query names: repeated keys and comma-separated values both. */
const tagsOf = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((t) => t.trim())
    .filter(Boolean);

function live(world: World, push: InfoPushRecord): boolean {
  const now = world.clock.now();
  if (!push.isEnabled) return false;
  if (push.startDate && Date.parse(push.startDate) > now) return false;
  return !(push.endDate && Date.parse(push.endDate) <= now);
}

/**
 * GET /infoPush: the enabled notices in their dates that carry any tag of `include` and every tag of
 * `require`, highest priority first. Without `include`, none.
 */
export function infoPushes(world: World, include: string[] | undefined, require: string[] | undefined): InfoPushRecord[] {
  const anyOf = tagsOf(include);
  const allOf = tagsOf(require);
  if (anyOf.length === 0) return [];
  return [...world.infoPushes.values()]
    .filter((p) => live(world, p) && anyOf.some((t) => p.tags.includes(t)) && allOf.every((t) => p.tags.includes(t)))
    .sort((a, b) => b.priority - a.priority);
}
