/**
 * What the console's record views answer, one row per record. Free of imports: the console's browser
 * script reads its pages by these types, so the server and the page cannot drift apart unseen.
 */
export interface Page<T> {
  total: number;
  offset: number;
  items: T[];
}

export interface UserRow {
  id: string;
  username: string;
  displayName: string;
  state: string;
  status: string;
  location: string;
  isAdmin: boolean;
  twoFactor: boolean;
  sessions: number;
  friends: number;
}

export interface GroupRow {
  id: string;
  name: string;
  shortCode: string;
  ownerId: string;
  joinState: string;
  memberCount: number;
  roles: string[];
  bans: number;
  eventsThisMonth: number;
  eventsLimit: number;
}

/** An invite-message slot that differs from its original text or is cooling down. */
export interface InviteMessageRow {
  id: string;
  userId: string;
  messageType: string;
  slot: number;
  message: string;
  cooldownMinutesLeft: number;
}

export interface FileRow {
  id: string;
  name: string;
  ownerId: string;
  extension: string;
  mimeType: string;
  versions: { version: number; status: string }[];
}

export interface InstanceRow {
  location: string;
  worldId: string;
  worldName: string | null;
  userIds: string[];
  closed: boolean;
}

/** Each view's row by the name `GET /_mock/state/:kind` takes. */
export interface SandboxRows {
  users: UserRow;
  groups: GroupRow;
  'invite-messages': InviteMessageRow;
  files: FileRow;
  instances: InstanceRow;
}
