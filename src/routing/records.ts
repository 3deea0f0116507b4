import type { Context } from 'hono';
import type { AppEnv } from '../http/env.js';
import { requestOrigin } from '../http/helpers.js';
import { ApiError, messages } from '../errors.js';
import { findUser } from '../areas/users/public.js';
import { avatarView } from '../areas/avatars/public.js';
import { fileView, findFile } from '../areas/files/public.js';
import { groupView, requireGroupId } from '../areas/groups/public.js';
import { findWorld, worldView } from '../areas/worlds/public.js';
import type { Sandbox } from '../store/sandbox.js';

/**
 * Path parameters that name a record of the sandbox. A generated answer first finds the record (an
 * unknown id is the record's 404, as the real API answers it); where the operation answers the record
 * itself, it answers it through the area's own view instead of generated fields.
 */
interface RecordKind {
  /** Throws the 404 envelope when the sandbox has no such record. */
  find(sandbox: Sandbox, id: string): unknown;
  /** The component schema of the record as the operation answers it, and the view that makes it. */
  schema?: string;
  view?(c: Context<AppEnv>, record: any): unknown;
}

const kinds: Record<string, RecordKind> = {
  userId: { find: findUser },
  worldId: { find: findWorld, schema: 'World', view: (c, record) => worldView(c.get('sandbox'), record) },
  avatarId: {
    find: (sandbox, id) => {
      const avatar = sandbox.avatars.get(id);
      if (!avatar) throw new ApiError(404, messages.avatarNotFound);
      return avatar;
    },
    schema: 'Avatar',
    view: (c, record) => avatarView(c.get('sandbox'), record),
  },
  groupId: {
    find: (sandbox, id) => {
      requireGroupId(id);
      const group = sandbox.groups.get(id);
      if (!group) throw new ApiError(404, messages.groupNotFound);
      return group;
    },
    schema: 'Group',
    // Read without a session (never the case today: every group operation needs one) as a stranger would.
    view: (c, record) => groupView(c.get('sandbox'), record, c.get('user')?.id ?? ''),
  },
  fileId: { find: findFile, schema: 'File', view: (c, record) => fileView(record, requestOrigin(c)) },
};

/**
 * Finds every record the path names. Returns the answer made by the record's view when the
 * operation's success schema is that record (`GET /worlds/{worldId}/...` answering a World), else undefined.
 */
export function recordAnswer(c: Context<AppEnv>, path: Record<string, string>, successSchema: Record<string, any> | undefined) {
  const sandbox = c.get('sandbox');
  let answer: { value: unknown } | undefined;
  for (const [name, id] of Object.entries(path)) {
    const kind = kinds[name];
    if (!kind) continue;
    const record = kind.find(sandbox, id);
    if (kind.view && successSchema?.$ref === `#/$defs/${kind.schema}`) answer = { value: kind.view(c, record) };
  }
  return answer;
}
