// What other areas may use of groups; everything else in this folder is its own.
export { findGroup, requireGroupAccess, requireGroupId } from './access.js';
export { audit } from './audit.js';
export { groupPermissions, hasGroupPermission, isGroupMember } from './permissions.js';
export { groupView } from './views.js';
export { listUserGroups } from './groups.js';
