// What other areas may use of friends; everything else in this folder is its own.
export { acceptFriendRequest } from './friends.js';
