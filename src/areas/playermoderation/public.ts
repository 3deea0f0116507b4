// What other areas may use of playermoderation; everything else in this folder is its own.
export { blockedBetween, isBlockedBy } from './moderation.js';
