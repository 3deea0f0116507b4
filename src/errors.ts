/**
 * Every error the simulator answers with. Messages are the API description's, verbatim:
 * client code matches on them, so they live here once and are never spelled inline.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly wafCode?: number,
  ) {
    super(message);
  }
}

export const messages = {
  // authentication
  missingCredentials: 'Missing Credentials',
  tooManySessions: 'Too many active sessions. Log out of another session or wait until one expires.',
  invalidTwoFactorCode: 'Invalid 2FA code',
  twoFactorNotRequired: 'Two-factor authentication is not pending for this session.',
  // account
  signupsClosed: 'Sign-ups are not allowed on this domain.',
  usernameTaken: 'username is already taken',
  emailTaken: 'email is already in use',
  clearTutorialsForbidden: 'You do not have permission to clear tutorials completions for others.',
  userNotFound: (userId: string) => `User ${userId} not found`,
  // generic request problems
  notFound: 'Not found',
  malformedJson: 'Malformed JSON in request body',
  bodyTooLarge: (bytes: number) => `Request body is larger than ${bytes} bytes`,
  bodyNotObject: 'Request body must be a JSON object',
  internal: 'Internal server error',
  notAuthorized: 'You are not authorized to perform that action.',
  // control plane
  unknownWorld: (id: string) => `No mock world ${id}; create one with POST /_mock/worlds`,
  noSnapshot: 'No snapshot of this world; take one with POST /_mock/snapshot',
  // groups
  groupNotFound: "Can't find group!",
  /** The description's message for update group and update group member, verbatim. */
  groupEntryNotFound: 'Calendar Entry not found!',
  groupNotMember: "You're not a member.",
  groupNoPermission: "You don't have permission.",
  groupLeaveBeforeBlocking: 'You must leave a group before blocking it.',
  groupAlreadyBanned: 'User is already banned.',
  groupBlocked: "You've blocked the group.",
  groupMemberDeleted: 'Group member deleted!',
  groupOwnerCannotLeave: "You can't leave a group you own. Transfer it first.",
  groupMemberNotFound: 'User is not a member of this group.',
  // calendar
  /** The OpenAPI's calendar 404, for a group (or event) the calendar cannot find. */
  calendarEntryNotFound: 'Calendar Entry not found!',
  calendarCreateForbidden: "Can't create calendar entries for that owner ID",
  calendarMonthlyLimit: "You're not allowed to make more than 100 events in a single month",
  calendarStartInPast: 'Calendar Entry must start in the future',
  calendarUnknownRoles: 'roleIds must name roles of this group',
  // files
  fileNotFound: (fileId: string) => `File '${fileId}' not found`,
  fileVersionNotFound: (fileId: string, version: number) => `File '${fileId}' has no version ${version}`,
  fileVersionZeroHasNoData: 'Version 0 is the creation of the file and has no data. Data is in version 1 and up.',
  fileVersionNotComplete: (fileId: string, version: number) => `Version ${version} of file '${fileId}' is not complete`,
  filePartNotComplete: (fileType: string) => `The ${fileType} of this version has not finished uploading`,
  fileNotOwned: 'You can only change your own files.',
  filePartNotDescribed: (fileType: string) => `This version has no ${fileType} to upload. Describe it when creating the version.`,
  fileUploadAgainstComplete: 'Cannot upload against a complete version entry. Create a new version of this file before uploading.',
  fileUploadNotStarted: (fileType: string) => `The ${fileType} upload was never started`,
  fileUploadAlreadyFinished: (fileType: string) => `The ${fileType} upload is already finished`,
  fileUploadIncomplete: 'Every started part must be uploaded to its URL before finishing',
  fileEtagsOnSignature: 'etags must not be present when the file type is signature',
  fileEtagsMismatch: 'etags do not match the uploaded parts',
  fileSimpleUploadOnePart: 'partNumber must be 1 for a simple upload',
  uploadUrlNotFound: 'This upload URL is unknown or its upload has finished',
  uploadMethodNotAllowed: 'An upload URL accepts only PUT',
  uploadTooLarge: 'Upload is larger than the 50 MB limit',
  adminAssetBundleNotFound: (id: string) => `AdminAssetBundle '${id}' not found`,
  // inventory
  inventoryItemNotFound: 'InventoryItem not found',
  inventoryItemNotEquippable: 'InventoryItem not equippable',
  /** The OpenAPI's NoPermission, for reading another holder's inventory. */
  inventoryNoPermission: "You don't have permission.",
  // invite messages
  inviteMessageInvalidSlot: 'Really? A negative slot? Tsk-tsk...',
  inviteMessageNoEntry: "There's no entry for that slot.",
  inviteMessageCooldown: (minutes: number) => `Please wait ${minutes} more minutes until you try again.`,
  inviteMessageUnknownType: (messageType: string) =>
    `Unknown messageType '${messageType}': must be one of message, request, requestResponse, response`,
  // notifications
  notificationNotFound: 'Notification not found',
  // avatars
  avatarFavoritesOfOthers: 'You can only see your own favorite avatars!',
  avatarNotFound: 'Avatar Not Found',
  // worlds and instances
  /** The OpenAPI's WorldNotFoundError. */
  worldNotFound: (worldId: string) => `World ${worldId} not found`,
  worldNotAuthor: 'You can only change the tags of your own worlds.',
  worldTagInvalid: (tag: string) => `Tag '${tag}' is invalid: tags are 1 to 64 letters, digits and underscores`,
  worldTagRestricted: (tag: string) => `Tag '${tag}' is restricted: admin_ and system_ tags are not yours to add`,
  worldTagLimit: (limit: number) => `A world can have at most ${limit} tags`,
  /** The OpenAPI's InstanceNotFoundError, without its literal quotes. */
  instanceNotFound: 'Instance not found',
  instanceCloseForbidden: "You're not allowed to close this instance.",
  instanceAlreadyClosed: "You're not allowed to close an already closed instance.",
  instanceOwnerNotYou: 'ownerId must be your own user id',
  instanceClosedAtPast: 'closedAt must be in the future',
  instanceUnknownRoles: 'roleIds must name roles of the owning group',

  // operations table and generated answers
  // (end of section)

  // people: users, friends, presence, invites, notifications, moderation
  /** The OpenAPI's UserDoesntExistError, in ASCII. */
  userDoesntExist: "user doesn't exist!",
  friendRequestAlreadySent: 'This user has already been sent a friend request',
  alreadyFriends: 'Users are already friends',
  friendRequestToSelf: "You can't send a friend request to yourself",
  friendRequestBlocked: "You can't send a friend request to this user",
  friendRequestNotFound: 'that friend request could not be found',
  notFriends: 'These users are not friends',
  inviteMustBeFriends: 'You need to be friends with that user first.',
  inviteAlreadyResponded: "You've already responded to that request.",
  inviteOwnResponse: 'You cannot respond to your own invites.',
  inviteResponseSlotOutOfBounds: 'Response slot is out of bounds.',
  inviteMessageSlotEmpty: "There's no invite message in that slot.",
  instanceClosed: 'This instance is closed.',
  instanceFull: 'This instance is full.',
  presenceLocationInvalid: 'location must be offline, private, traveling or <worldId>:<instanceId>',
  usersPageTooLarge: (n: string) => `n=${n} is much too high. implement paging you savages.`,
  usersPageInvalid: (n: string) => `n must be a positive integer: '${n}'`,
  userExistsMissingParameter: 'username, email, or displayName required',
  invalidAdminCredentials: 'Invalid Admin Credentials',
  userUpdateForbidden: "You can't edit another user.",
  currentPasswordRequired: 'currentPassword is required to change displayName, password or email',
  currentPasswordWrong: 'currentPassword is incorrect',
  notificationCannotReply: 'This notification cannot be replied to!',
  notificationCannotRespond: 'This notification cannot be responded to!',
  userNoteNotFound: 'User note not found',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled.',
  twoFactorNotPending: 'No two-factor authentication setup is pending.',
  invitePhotoNotImage: 'image must be a PNG, JPEG, GIF or WebP image',
  userTagReserved: (tag: string) => `Tag '${tag}' is restricted: admin_ and system_ tags are not yours to change`,
  // (end of section)

  // catalogue: worlds, avatars, favorites, instances, files, inventory
  // (end of section)

  // groups in full: membership, moderation, roles, posts, galleries, audit
  // (end of section)

  // event socket
  // (end of section)

  // library, persistence and the CLI
  // (end of section)

  // scripted failures and the journal
  // (end of section)

  // hardening: limits, lock-outs, the control plane
  // (end of section)

  // the console
  consoleUnknownView: (kind: string) => `No console view ${kind}: one of users, groups, invite-messages, files, instances`,
  consoleUnknownRecord: (id: string) => `No record ${id} in this world`,
  // (end of section)
} as const;

/** One error naming each invalid field, in the API's `<field> must be ...` style. */
export function invalidFields(problems: string[]): ApiError {
  return new ApiError(400, problems.join(', '));
}

export const WAF_SIGNUPS_CLOSED = 1001;
/** waf_code of the add-world-tags errors: a tag that is malformed, restricted, or one too many. */
export const WAF_WORLD_TAG_INVALID = 2001;
export const WAF_WORLD_TAG_RESTRICTED = 2002;
export const WAF_WORLD_TAG_LIMIT = 2003;
