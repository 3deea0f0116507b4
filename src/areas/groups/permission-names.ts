import type { GroupPermission } from '../../store/records/groups.js';

type Named = Exclude<GroupPermission, '*'>;

/** Display name, help text and whether it manages the group, per permission: what GET .../permissions lists. */
export const GROUP_PERMISSION_INFO: Record<Named, { displayName: string; help: string; management: boolean }> = {
  'group-announcement-manage': {
    displayName: 'Manage Group Announcement',
    help: 'Allows role to set the announcement and post to the group.',
    management: true,
  },
  'group-audit-view': { displayName: 'View Audit Log', help: 'Allows role to read the group audit log.', management: true },
  'group-bans-manage': { displayName: 'Manage Group Bans', help: 'Allows role to ban and unban users.', management: true },
  'group-calendar-manage': {
    displayName: 'Manage Group Calendar',
    help: 'Allows role to create and delete calendar events.',
    management: true,
  },
  'group-data-manage': {
    displayName: 'Manage Group Data',
    help: 'Allows role to edit group details (name, description, joinState, etc).',
    management: true,
  },
  'group-default-role-manage': { displayName: 'Manage Default Role', help: 'Allows role to change the default role.', management: true },
  'group-galleries-manage': {
    displayName: 'Manage Group Galleries',
    help: 'Allows role to create, change and moderate galleries.',
    management: true,
  },
  'group-instance-age-gated-create': {
    displayName: 'Create Age Gated Instances',
    help: 'Allows role to create age gated group instances.',
    management: false,
  },
  'group-instance-announcement-create': {
    displayName: 'Create Instance Announcements',
    help: 'Allows role to announce group instances.',
    management: false,
  },
  'group-instance-bypass-avatar-performance': {
    displayName: 'Bypass Avatar Performance',
    help: 'Allows role to bypass avatar performance limits in group instances.',
    management: false,
  },
  'group-instance-calendar-link': {
    displayName: 'Link Instances To Events',
    help: 'Allows role to link group instances to calendar events.',
    management: false,
  },
  'group-instance-join': { displayName: 'Join Group Instances', help: 'Allows role to join group-only instances.', management: false },
  'group-instance-manage': { displayName: 'Manage Group Instances', help: 'Allows role to close group instances.', management: true },
  'group-instance-moderate': {
    displayName: 'Moderate Group Instances',
    help: 'Allows role to kick and warn in group instances.',
    management: true,
  },
  'group-instance-open-create': {
    displayName: 'Create Group Public Instances',
    help: 'Allows role to create instances open to the public.',
    management: false,
  },
  'group-instance-plus-create': {
    displayName: 'Create Group+ Instances',
    help: 'Allows role to create Group+ instances.',
    management: false,
  },
  'group-instance-plus-portal': {
    displayName: 'Portal To Group+ Instances',
    help: 'Allows role to open portals to Group+ instances.',
    management: false,
  },
  'group-instance-plus-portal-unlocked': {
    displayName: 'Unlocked Group+ Portals',
    help: 'Allows role to open unlocked portals to Group+ instances.',
    management: false,
  },
  'group-instance-public-create': {
    displayName: 'Create Public Instances',
    help: 'Allows role to create public group instances.',
    management: false,
  },
  'group-instance-queue-priority': {
    displayName: 'Instance Queue Priority',
    help: 'Gives role priority in group instance queues.',
    management: false,
  },
  'group-instance-restricted-create': {
    displayName: 'Create Restricted Instances',
    help: 'Allows role to create role-restricted group instances.',
    management: false,
  },
  'group-invites-manage': {
    displayName: 'Manage Group Invites',
    help: 'Allows role to create and cancel invites and answer join requests.',
    management: true,
  },
  'group-members-manage': {
    displayName: 'Manage Group Member Data',
    help: 'Allows role to read and write manager notes.',
    management: true,
  },
  'group-members-remove': { displayName: 'Remove Group Members', help: 'Allows role to kick members.', management: true },
  'group-members-viewall': { displayName: 'View All Members', help: 'Allows role to see hidden members.', management: true },
  'group-roles-assign': { displayName: 'Assign Group Roles', help: 'Allows role to give and take roles below its own.', management: true },
  'group-roles-manage': {
    displayName: 'Manage Group Roles',
    help: 'Allows role to create, change and delete roles below its own.',
    management: true,
  },
};
