import { ApiError, messages } from '../../errors.js';
import type { InfoPushRecord } from '../../store/records/account-extras.js';
import type { Sandbox } from '../../store/sandbox.js';

/** Tags a query names: repeated keys and comma-separated values both. */
const tagsOf = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((t) => t.trim())
    .filter(Boolean);

function live(sandbox: Sandbox, push: InfoPushRecord): boolean {
  const now = sandbox.clock.now();
  if (!push.isEnabled) return false;
  if (push.startDate && Date.parse(push.startDate) > now) return false;
  return !(push.endDate && Date.parse(push.endDate) <= now);
}

/**
 * GET /infoPush: the enabled notices in their dates that carry any tag of `include` and every tag of
 * `require`, highest priority first. Without `include`, none; without `require`, a 400, as the live
 * service answers (clients send both, naming the same tag).
 */
export function infoPushes(sandbox: Sandbox, include: string[] | undefined, require: string[] | undefined): InfoPushRecord[] {
  if (require === undefined) throw new ApiError(400, messages.infoPushRequireMissing);
  const anyOf = tagsOf(include);
  const allOf = tagsOf(require);
  if (anyOf.length === 0) return [];
  return [...sandbox.infoPushes.values()]
    .filter((p) => live(sandbox, p) && anyOf.some((t) => p.tags.includes(t)) && allOf.every((t) => p.tags.includes(t)))
    .sort((a, b) => b.priority - a.priority);
}
