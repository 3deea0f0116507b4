import { FixtureError, type WorldData } from './fixtures.js';

type Target = 'users' | 'groups' | 'worlds' | 'avatars' | 'inventoryTemplates';

/** Templates have no file of their own: an inventory item names its template, so the items hold them. */
const idsOf = (name: Target, data: WorldData): Set<string> =>
  name === 'inventoryTemplates'
    ? new Set(data.inventoryItems.map((item) => item.templateId))
    : new Set(data[name].map((record) => record.id));

interface Reference {
  collection: keyof WorldData;
  field: string;
  /** The ids the field names (one, or a list). */
  read: (record: any) => string | readonly string[] | null | undefined;
  target: Target;
}

/** Each field of a fixture record that names a record of another collection. */
const references: Reference[] = [
  { collection: 'groups', field: 'ownerId', read: (r) => r.ownerId, target: 'users' },
  { collection: 'groupMembers', field: 'groupId', read: (r) => r.groupId, target: 'groups' },
  { collection: 'groupMembers', field: 'userId', read: (r) => r.userId, target: 'users' },
  { collection: 'calendarEvents', field: 'ownerId', read: (r) => r.ownerId, target: 'groups' },
  { collection: 'inviteMessages', field: 'userId', read: (r) => r.userId, target: 'users' },
  { collection: 'files', field: 'ownerId', read: (r) => r.ownerId, target: 'users' },
  { collection: 'inventoryItems', field: 'holderId', read: (r) => r.holderId, target: 'users' },
  { collection: 'notifications', field: 'receiverUserId', read: (r) => r.receiverUserId, target: 'users' },
  { collection: 'worlds', field: 'authorId', read: (r) => r.authorId, target: 'users' },
  { collection: 'instances', field: 'worldId', read: (r) => r.worldId, target: 'worlds' },
  { collection: 'instances', field: 'userIds', read: (r) => r.userIds, target: 'users' },
  { collection: 'avatars', field: 'authorId', read: (r) => r.authorId, target: 'users' },
  { collection: 'avatarFavorites', field: 'userId', read: (r) => r.userId, target: 'users' },
  { collection: 'avatarFavorites', field: 'avatarId', read: (r) => r.avatarId, target: 'avatars' },
  { collection: 'rewardCodes', field: 'templateId', read: (r) => r.templateId, target: 'inventoryTemplates' },
];

const singular = { users: 'user', groups: 'group', worlds: 'world', avatars: 'avatar', inventoryTemplates: 'inventory template' } as const;
const holder = (target: Target) => (target === 'inventoryTemplates' ? 'inventoryItems' : target);

/**
 * Refuses fixtures whose records name records that are not there (a member of a missing group, a
 * favorite of a missing avatar, ...): such a world starts, then answers 404s and 500s in odd places.
 * The error names the file, the record and the missing id, on one line.
 */
export function checkFixtureReferences(data: WorldData): void {
  const known = new Map<string, Set<string>>();
  for (const { collection, field, read, target } of references) {
    let ids = known.get(target);
    if (!ids) known.set(target, (ids = idsOf(target, data)));
    (data[collection] as unknown[]).forEach((record, index) => {
      const named = read(record);
      for (const id of typeof named === 'string' ? [named] : (named ?? [])) {
        if (ids.has(id)) continue;
        const recordId = (record as { id?: string }).id;
        throw new FixtureError(
          `${collection}.json`,
          `[${index}].${field}`,
          `${recordId ? `${recordId} names` : 'names'} ${singular[target]} ${id}, which ${holder(target)}.json does not hold`,
        );
      }
    });
  }
}
