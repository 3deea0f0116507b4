// What other areas may use of instances; everything else in this folder is its own.
export { findInstance, findWorldInstance } from './instances.js';
export { readInstance } from './routes.js';
export { groupInstanceList, userGroupInstances } from './lists.js';
