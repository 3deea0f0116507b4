// What other areas may use of users; everything else in this folder is its own.
export { movePresence, signedIn, signedOut } from './presence.js';
export { areFriends, limitedFriendView, pendingRequest, userView } from './views.js';
export { wornAvatar } from './worn-avatar.js';
export { authorNameOf } from './author-name.js';
export { assignBadge, unassignBadge } from './badge-grants.js';
export { findUser } from './find-user.js';
