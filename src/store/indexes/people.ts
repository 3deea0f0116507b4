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

/** People's state beside the users: moderations, notes, v2 notifications, reports and sent email. */
export interface PeopleIndex {
  /** By id, in the order they were made. */
  readonly playerModerations: Map<string, PlayerModerationRecord>;
  /** `<userId>/<avatarId>` -> the user's block of that avatar. */
  readonly avatarModerations: Map<string, AvatarModerationRecord>;
  readonly userNotes: Map<string, UserNoteRecord>;
  readonly notificationsV2: Map<string, NotificationV2Record>;
  readonly moderationReports: Map<string, ModerationReportRecord>;
  /** Every email the world sent, oldest first. */
  readonly outbox: EmailRecord[];
  /** userId -> the email code that finishes their pending login, and when it stops working. */
  readonly emailOtps: Map<string, { code: string; expiresAt: number }>;
  /** userId -> the TOTP secret offered by enable, until verified or cancelled. */
  readonly pendingTotp: Map<string, string>;
}

export interface PeopleData {
  playerModerations: PlayerModerationRecord[];
  avatarModerations: AvatarModerationRecord[];
  userNotes: UserNoteRecord[];
  notificationsV2: NotificationV2Record[];
  moderationReports: ModerationReportRecord[];
  emails: EmailRecord[];
}

export function indexPeople(data: PeopleData): PeopleIndex {
  return {
    playerModerations: new Map(data.playerModerations.map((r) => [r.id, r])),
    avatarModerations: new Map(data.avatarModerations.map((r) => [`${r.userId}/${r.targetAvatarId}`, r])),
    userNotes: new Map(data.userNotes.map((r) => [r.id, r])),
    notificationsV2: new Map(data.notificationsV2.map((r) => [r.id, r])),
    moderationReports: new Map(data.moderationReports.map((r) => [r.id, r])),
    outbox: [...data.emails],
    emailOtps: new Map(),
    pendingTotp: new Map(),
  };
}

/** The index read back out as fixture collections (what a snapshot keeps). */
export function peopleData(index: PeopleIndex): PeopleData {
  return {
    playerModerations: [...index.playerModerations.values()],
    avatarModerations: [...index.avatarModerations.values()],
    userNotes: [...index.userNotes.values()],
    notificationsV2: [...index.notificationsV2.values()],
    moderationReports: [...index.moderationReports.values()],
    emails: [...index.outbox],
  };
}

/**
 * Where each user is follows from the instances: a user an instance lists is online in it. Run once
 * when a world is built, so fixtures and generated worlds need say it only once, on the instance.
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
