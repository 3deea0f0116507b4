/**
 * Every error the simulator answers with. Messages are the API description's, verbatim:
 * client code matches on them, so they live here once and are never spelled inline.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly wafCode?: number,
    /** What the live service answers instead, where the seed's table and the live service differ (live-profile.ts). */
    readonly live?: { status: number; message: string },
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
  ssoProviderUnsupported: 'That is not a supported SSO provider.',
  // account
  signupsClosed: 'Sign-ups are not allowed on this domain.',
  usernameTaken: 'username is already taken',
  emailTaken: 'email is already in use',
  clearTutorialsForbidden: 'You do not have permission to clear tutorials completions for others.',
  userNotFound: (userId: string) => `User ${userId} not found`,
  // generic request problems
  notFound: 'Not found',
  /** The live service's answer to a route it no longer serves (src/operations/retired.ts). */
  routeNotImplemented: "The endpoint you're looking for is not implemented by our system.",
  malformedJson: 'Malformed JSON in request body',
  /** An id of the wrong form, checked before anything is looked up (requireIdForm). */
  notAnId: (name: string, value: string) => `${name} must be an ID: '${value}'`,
  /** Ours, for a field (query, body, fixture) that holds one kind of id: the form, as `usr_x` lacks its UUID. */
  idForm: (prefix: string) => `must be ${prefix}_ followed by a UUID (${prefix}_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)`,
  bodyTooLarge: (bytes: number) => `Request body is larger than ${bytes} bytes`,
  bodiesInFlightFull: (max: number) =>
    `The server is already reading close to ${max} bytes of request bodies; send the request again when fewer are in flight`,
  bodyAbandoned: 'The request body ended before it was sent whole',
  bodyNotObject: 'Request body must be a JSON object',
  multipartExpected: 'Request body must be multipart/form-data',
  multipartMalformed: 'Request body is not valid multipart/form-data: its parts must be separated by the boundary its Content-Type names',
  internal: 'Internal server error',
  notAuthorized: 'You are not authorized to perform that action.',
  // control plane
  unknownSandbox: (id: string) => `No mock world ${id}; create one with POST /_mock/worlds`,
  noSnapshot: 'No snapshot of this world; take one with POST /_mock/snapshot',
  // groups
  groupNotFound: "Can't find group!",
  /** The description's message for update group and update group member, verbatim. */
  groupEntryNotFound: 'Calendar Entry not found!',
  groupUpdateNothing: 'The request names no field of the group to change',
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
  notificationCannotDelete: 'This notification cannot be deleted!',
  userNoteNotFound: 'User note not found',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled.',
  twoFactorNotPending: 'No two-factor authentication setup is pending.',
  invitePhotoNotImage: 'image must be a PNG, JPEG, GIF or WebP image',
  userTagReserved: (tag: string) => `Tag '${tag}' is restricted: admin_ and system_ tags are not yours to change`,
  // (end of section)

  // catalogue: worlds, avatars, favorites, instances, files, inventory
  /** The real service's answers (FavoriteAdd*Error, FavoriteNotFoundError and a full group), verbatim. */
  favoriteAlreadyFavorited: (noun: string) => `You already have that ${noun} favorited`,
  // The last character is U+01C3 (Latin letter retroflex click), as the real service sends it.
  favoriteNotFriends: 'you are not friends with that user\u01c3',
  favoriteNotFound: "404 couldn't find that favorite",
  favoriteGroupFull: (limit: number, noun: string, group: string) => `You already have ${limit} favorite ${noun}s in group '${group}'`,
  favoriteUnknownGroup: (tag: string, type: string) => `'${tag}' is not a favorite group of type ${type}`,
  favoriteGroupNotFound: 'Favorite group not found',
  favoriteGroupNotYours: 'You can only change your own favorite groups',
  favoriteDeleted: 'favorite deleted!',
  /** The OpenAPI's WorldSeeOtherUserFavoritesError, verbatim. */
  worldFavoritesOfOthers: "403 You can't see another user's favorites",
  worldNotYours: 'You can only change your own worlds.',
  worldIdTaken: (worldId: string) => `World ${worldId} already exists`,
  worldAssetUrlInvalid: 'assetUrl must be the URL of a file version: .../file/{fileId}/{version}/file',
  worldAssetNotVrcw: 'assetUrl must name a .vrcw world file',
  worldAssetNotYours: 'assetUrl must name one of your own files',
  worldLastPlatform: 'A world must keep at least one platform',
  worldNoPlatform: (platform: string) => `This world has no ${platform} build`,
  worldDeleted: 'World deleted',
  /** The OpenAPI's answers for avatars, verbatim (without the literal quotes some examples carry). */
  avatarFeaturedNotAdmin: 'cannot set featured tag if you are not an admin',
  avatarNotFallback: "This avatar isn't tagged as a quest fallback avatar.",
  avatarOfOtherUser: 'You do not have permission to fetch details about the avatar on this user.',
  avatarNotYours: 'You can only change your own avatars.',
  avatarPrivateOfOther: "You can't use someone else's private avatar.",
  avatarIdTaken: (avatarId: string) => `Avatar ${avatarId} already exists`,
  avatarImpostorsDeleted: 'Impostors deleted',
  /** The OpenAPI's UserMustBeOwnError; its last character is U+2024 (one dot leader), as the real service sends it. */
  /** The OpenAPI's FileVersionDelete errors, with the real service's look-alike punctuation (U+201A, U+2024, U+02F8). */
  fileVersionDeleteInitial: 'Cannot delete the initial version of the file\u201a just delete the entire file record\u2024',
  fileVersionDeleteNotLatest: (version: number, latest: number) =>
    `409 Cannot delete against anything but the latest version of this file\u02f8 ${version}\u201a ${latest}`,
  fileImageNotPng: 'file must be a PNG image',
  fileImageMissing: 'file is required',
  /** The OpenAPI's InventoryItemNotConsumable, verbatim; its siblings for archiving and trashing in the same style. */
  inventoryItemNotConsumable: 'InventoryItem not consumable',
  inventoryItemNotArchivable: 'InventoryItem not archivable',
  inventoryItemNotTrashable: 'InventoryItem not trashable',
  inventoryItemNotInstantiatable: 'InventoryItem not instantiatable',
  inventoryTemplateNotFound: 'InventoryTemplate not found',
  rewardCodeInvalid: 'Invalid redemption code',
  rewardCodeAlreadyRedeemed: 'This code has already been redeemed',
  fileOrderDuplicate: (fileId: string) => `File '${fileId}' is listed more than once`,
  /** The OpenAPI's AnalysisNotYetAvailableError (status 202), verbatim. */
  fileAnalysisNotYet: 'Analysis not yet available',
  fileAnalysisNotPackage: (fileId: string) => `File '${fileId}' is not an avatar or world package`,
  instanceUserMustBeOwn: 'User ID must be your own\u2024',
  // (end of section)

  // groups in full: membership, moderation, roles, posts, galleries, audit
  groupAlreadyMember: "You're already a member!",
  groupJoinNeedsInvite: 'This group is invite only: you need an invite to join it.',
  groupJoinClosed: 'This group is not accepting new members.',
  groupJoinBanned: "You're banned from this group.",
  groupJoinBlocked: "You've blocked this group. Join with confirmOverrideBlock to lift the block.",
  groupAlreadyRequested: "You've already requested to join this group.",
  groupNoRequestToCancel: "You haven't requested to join this group.",
  groupJoinLimit: (limit: number) => `You can't be a member of more than ${limit} groups.`,
  groupOwnLimit: (limit: number) => `You're not allowed to own more than ${limit} groups.`,
  groupShortCodeTaken: 'That short code is taken with every discriminator.',
  groupDeleted: 'Group deleted!',
  groupLeft: 'You left the group.',
  groupRequestCancelled: 'Join request cancelled.',
  groupInviteDeclined: 'Invite declined.',
  groupNotInvitedDecline: "You can't decline an invite that wasn't sent to you.",
  groupNotInvitedDelete: "You can't uninvite a user who wasn't invited.",
  groupInviteForbidden: "You can't invite that user.",
  groupInviteAlreadyMember: (displayName: string) => `User ${displayName} is already a member of this group.`,
  groupInviteAlreadyInvited: (displayName: string) => `User ${displayName} is already invited.`,
  groupInviteSent: 'Invite sent.',
  groupInviteDeleted: 'Invite deleted.',
  groupNoJoinRequest: "You can't accept a join request for a user who hasn't requested to join.",
  groupJoinRequestAnswered: 'Join request answered.',
  groupTransferStarted: 'Group transfer initiated.',
  groupTransferCompleted: 'Group transfer completed.',
  groupTransferCancelled: 'Group transfer cancelled.',
  groupNoTransfer: 'No group transfer to cancel.',
  groupCannotTransfer: 'Cannot transfer this group.',
  groupRepresentationUpdated: 'Group representation updated!',
  groupUserNotBanned: 'User is not banned.',
  groupActOnOwner: "You can't do that to the group owner.",
  groupActOnHigherRole: "You can't act on a member whose role is at or above your own.",
  groupRoleNotFound: 'Role not found.',
  groupRoleAboveOwn: "You can't manage a role at or above your own.",
  groupRoleProtected: "The owner's management role can't be changed or deleted.",
  groupRoleDefault: 'The default role is held by every member and cannot be assigned or removed.',
  groupPostNotFound: 'Group Post not found.',
  groupPostDeleted: 'Group Post was deleted!',
  groupAnnouncementCleared: 'Group announcement was cleared!',
  groupGalleryNotFound: 'Gallery not found.',
  groupGalleryDeleted: 'Gallery deleted!',
  groupGalleryImageNotFound: 'Gallery image not found.',
  groupGalleryImageRemoved: 'Gallery image removed!',
  groupGallerySubmitForbidden: "You can't submit to this gallery.",
  groupGalleryImageDeleteForbidden: "You can't remove this gallery submission!",
  groupGalleryViewForbidden: "You can't see this gallery.",
  calendarEventDeleted: 'Calendar Entry deleted!',
  calendarNoNextEvent: 'Calendar Entry not found!',
  calendarEndsBeforeStart: 'endsAt must be after startsAt',
  // (end of section)

  // event socket
  upstreamUnreachable: (origin: string, cause: string) => `mock-api record: the upstream ${origin} did not answer (${cause})`,
  pipelineRefusing: 'The event socket is refusing new connections for now (a socket fault of this world).',
  // (end of section)

  // library, persistence and the CLI
  // (end of section)

  // scripted failures and the journal
  faultNeedsConnection: (kind: string) => `The ${kind} fault needs a real connection; start a server to test it`,
  /** How clients report the real service refusing a login beyond its session limit. */
  tooManySessionsCreated: 'Created too many sessions for that user',
  /** The real message is not published; this one says what the firewall wants. */
  userAgentRequired: 'A User-Agent naming your application and version is required (a placeholder is refused).',
  // (end of section)

  // hardening: limits, lock-outs, the control plane
  tooManySandboxes: (max: number) =>
    `There are already ${max} mock worlds; remove one with DELETE /_mock/worlds/{id} or start with a higher --max-worlds`,
  uploadTooManyParts: (max: number) => `An upload has at most ${max} parts`,
  uploadWorldFull: (max: number) => `This world already holds close to ${max} bytes of uploads; the upload does not fit`,
  uploadProcessFull: (max: number) =>
    `The server already holds close to ${max} bytes of uploads across its worlds; the upload does not fit`,
  fixtureBytesProcessFull: (bytes: number, max: number) =>
    `The fixtures' files hold ${bytes} bytes of data, which do not fit beside the uploads of every world in the ${max} bytes the server may hold`,
  fixtureTextTooLong: (max: number) => `must be at most ${max} characters long (the world's maxTextLength setting)`,
  groupExtrasOfMissingGroup: (part: string, groupId: string) => `${part} of group ${groupId}, which groups.json does not hold`,
  snapshotUploadsFull: (bytes: number, max: number) =>
    `The world's ${bytes} bytes of uploads do not fit beside every other world's and snapshot's in the ${max} bytes the server may hold; no snapshot was taken`,
  snapshotRecordsFull: (bytes: number, max: number) =>
    `The world's records take ${bytes} bytes, which do not fit beside the other snapshots in the ${max} bytes snapshots may hold; no snapshot was taken (start with a higher --max-memory to keep it)`,
  tooManyRegistrations: (max: number) =>
    `${max} accounts were already registered in this world; reset it (POST /_mock/reset) to register more`,
  growthOwnerFull: (limit: string, max: number, what: string, owner: string) =>
    `The most ${what} one ${owner} may hold is ${max} (limit ${limit}); delete one to add another`,
  growthWorldFull: (limit: string, max: number, what: string) =>
    `This world already holds ${max} ${what} (limit ${limit}); delete some or reset it (POST /_mock/reset) to add more`,
  recordsFull: (max: number) =>
    `The server's worlds already hold close to ${max} bytes of records (limit recordShare of --max-memory); delete records, reset or remove a world, or start with a higher --max-memory`,
  arrayTooLong: (field: string, max: number) => `${field} must have at most ${max} items (limit arrayItems)`,
  arrayStringTooLong: (field: string, max: number) => `${field} items must be at most ${max} characters long (limit arrayStringCharacters)`,
  tagsFull: (max: number) => `A record holds at most ${max} tags (limit arrayItems)`,
  tooManyInstances: (max: number) => `This world already holds ${max} instances; reset it (POST /_mock/reset) to create more`,
  controlHostRefused: (host: string) => `Host ${host} is not an address of this server; start it with --allowed-hosts ${host} to accept it`,
  controlOriginRefused: (origin: string) =>
    `Requests from ${origin} are refused; start the server with --allowed-origins ${origin} to accept them`,
  controlTokenMissing: 'The control plane needs the token printed at start: send Authorization: Bearer <token>',
  controlBodyNotJson: 'Control-plane request bodies must be JSON, sent with Content-Type: application/json',
  badRequest: 'Bad Request',
  headersTooLarge: 'Request header fields are too large',
  requestTargetNotPath: 'The request target must be a path starting with /',
  hostRequired: 'An HTTP/1.1 request must carry a Host header',
  loginLockedOut: (minutes: number) => `Too many failed login attempts. Try again in ${minutes} minutes.`,
  twoFactorLockedOut: (minutes: number) => `Too many failed 2FA attempts. Try again in ${minutes} minutes.`,
  clockOutOfRange: (from: string, to: string) => `The clock must stay between ${from} and ${to}`,
  fixturesNotObject: (at: string) => `${at}: must be an object of collections (users, groups, ...)`,
  notACollection: (at: string, names: readonly string[]) => `${at}: is not a collection: the names are ${names.join(', ')}`,
  notAnObject: (at: string) => `${at}: must be an object`,
  notRecords: (at: string) => `${at}: must be an array of records`,
  noRecord: (id: string, collection: string) => `No record ${id} in ${collection}`,
  // (end of section)

  // the console
  consoleUnknownView: (kind: string) => `No console view ${kind}: one of users, groups, invite-messages, files, instances`,
  consoleUnknownRecord: (id: string) => `No record ${id} in this world`,
  // (end of section)
  // economy: the shop (the description gives no wording for these; kept in the API's short style)
  productNotFound: 'Product not found',
  listingNotFound: 'Listing not found',
  storeNotFound: 'Store not found',
  /** The description's RequestValidationError and StoresUnavailableError, verbatim; the first also for another seller. */
  sellerIdRequired: 'You must specify a sellerId',
  storesUnavailable: 'Stores unavailable',
  /** The description's ProductListingsForbiddenError: another user's listings. */
  accessDenied: 'Access Denied',
  purchaseNotFound: 'Purchase not found',
  licenseGroupNotFound: 'License group not found',
  listingNotForSale: 'This listing is not for sale',
  listingPriceChanged: "totalPrice does not match the listing's price",
  insufficientBalance: 'Insufficient balance for this purchase',
  giftsNotSimulated: 'receiverId must be the buyer: gifts are not simulated',

  // economy: accounts (subscriptions, Steam transactions, Tilia, payouts)
  economyOfOthers: "You can't see another user's economy data.",
  /** The description's AccountStateError, both forms: a user without a payment provider account. */
  accountInvalid: 'Account invalid',
  invalidAccountState: 'Invalid account state',
  earningsOfOthers: "You can't see another seller's earnings.",
  steamTransactionNotFound: (id: string) => `Transaction ${id} not found`,
  noRecentSubscription: "You don't have a subscription.",

  // prints
  printsOfOtherUser: "Unable to request another user's prints.",
  printNotFound: (printId: string) => `Print ${printId} not found`,
  printNotOwned: 'You can only change your own prints.',
  printImageMissing: 'image is required',
  printImageNotPng: 'image must be a PNG image',
  // (end of section)

  // props
  propNotFound: 'That prop does not exist.',
  propNoPermission: "You don't have permission.",
  propAssetFieldMissing: (fields: string) => `${fields} must be sent together when updating the asset bundle`,
  // (end of section)

  // jams
  jamNotFound: 'Jam not found',
  jamSubmissionNotFound: 'Jam submission not found',
  jamNoPermission: "You don't have permission.",
  jamSubmissionsClosed: 'Submissions to this jam are closed',
  jamContentNotYours: (type: string) => `contentId must be ${type === 'avatar' ? 'an avatar' : 'a world'} you uploaded`,
  jamContentAlreadySubmitted: 'That content is already submitted to this jam',
  // badges, world persistence, feedback, permissions, agreements, asset reviews, web assets, cloning
  badgeNotHeld: (badgeId: string) => `The user does not have the badge ${badgeId}.`,
  badgeAlreadyHeld: (badgeId: string) => `The user already has the badge ${badgeId}.`,
  persistenceNotFound: (worldId: string) => `The user does not have persistence data for the world ${worldId}.`,
  permissionNotFound: (permissionId: string) => `Permission ${permissionId} not found`,
  assetReviewNotFound: (assetReviewId: string) => `Asset review ${assetReviewId} not found`,
  assetReviewForbidden: "You can't leave notes on a review of another user's content.",
  nonMainBranch: 'only admins can get non-main branches',
  nonPublicVariant: 'only admins can get non-public variants',
  inventoryItemNotCloneable: 'InventoryItem not cloneable',
  /** The description's RequestValidationError for an info push asked without `require`. */
  infoPushRequireMissing: 'Parameter `require` must be an array.',
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
/** The real service's firewall code for a request without a User-Agent. */
export const WAF_MISSING_USER_AGENT = 13799;
