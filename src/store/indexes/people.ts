import type {
  AvatarModerationRecord,
  EmailRecord,
  ModerationReportRecord,
  NotificationV2Record,
  PlayerModerationRecord,
  UserNoteRecord,
} from '../records/people.js';
import type { InstanceRecord } from '../records/instances.js';
import type { UserRecord } from '../records/user.js';
import { byId, collectionsOf, indexCollections, type Indexed, type Layout } from './collections.js';

/** People's state beside the users: moderations, notes, v2 notifications, reports and sent email. */
export interface PeopleData {
  /** In the order they were made. */
  playerModerations: PlayerModerationRecord[];
  /** A user's block of an avatar; the index finds it by `<userId>/<avatarId>`. */
  avatarModerations: AvatarModerationRecord[];
  userNotes: UserNoteRecord[];
  notificationsV2: NotificationV2Record[];
  moderationReports: ModerationReportRecord[];
  emails: EmailRecord[];
}

/** What the index keeps as the data has it; the emails become the outbox. */
type PeopleCollections = Omit<PeopleData, 'emails'>;

const PEOPLE = {
  playerModerations: byId,
  avatarModerations: (block: AvatarModerationRecord) => `${block.userId}/${block.targetAvatarId}`,
  userNotes: byId,
  notificationsV2: byId,
  moderationReports: byId,
} satisfies Layout<PeopleCollections>;

export interface PeopleIndex extends Indexed<PeopleCollections, typeof PEOPLE> {
  /** Every email the sandbox sent, oldest first. */
  readonly outbox: EmailRecord[];
  /** userId -> the email code that finishes their pending login, and when it stops working. */
  readonly emailOtps: Map<string, { code: string; expiresAt: number }>;
}

export function indexPeople(data: PeopleData): PeopleIndex {
  return {
    ...indexCollections<PeopleCollections, typeof PEOPLE>(PEOPLE, data),
    outbox: [...data.emails],
    emailOtps: new Map(),
  };
}

/** The index read back out as fixture collections (what a snapshot keeps). */
export function peopleData(index: PeopleIndex): PeopleData {
  return { ...collectionsOf<PeopleCollections, typeof PEOPLE>(PEOPLE, index), emails: [...index.outbox] };
}

/**
 * Where each user is follows from the instances: a user an instance lists is online in it. Run once
 * when a sandbox is built, so fixtures and generated sandboxes need say it only once, on the instance.
 */
export function placeOccupants(users: Map<string, UserRecord>, instances: Iterable<InstanceRecord>): void {
  for (const instance of instances) {
    for (const userId of instance.userIds) {
      const user = users.get(userId);
      if (!user) continue;
      user.state = 'online';
      user.location = instance.id;
      user.worldId = instance.worldId;
      user.instanceId = instance.instanceId;
    }
  }
}
