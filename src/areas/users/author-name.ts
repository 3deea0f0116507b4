import type { Sandbox } from '../../store/sandbox.js';

/**
 * The name a world or avatar shows for its author: the author's display name now, read at each view so a
 * rename shows everywhere at once. The stored name is kept for an author the world does not hold.
 */
export function authorNameOf(sandbox: Sandbox, record: { authorId: string; authorName: string }): string {
  return sandbox.users.get(record.authorId)?.displayName ?? record.authorName;
}
