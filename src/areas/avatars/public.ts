// What other areas may use of avatars; everything else in this folder is its own.
export { avatarView, findAvatar, trustOf } from './avatars.js';
