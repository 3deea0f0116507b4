import type { GroupRoleTemplateValues } from '../../store/records/group-extras.js';

type Template = GroupRoleTemplateValues & { joinState: 'open' | 'invite' | 'request' };

const memberPermissions = ['group-instance-join', 'group-instance-open-create'] as const;
const moderatorPermissions = [
  'group-members-manage',
  'group-members-remove',
  'group-bans-manage',
  'group-invites-manage',
  'group-audit-view',
  'group-announcement-manage',
  'group-instance-moderate',
] as const;

/**
 * What a new group starts with, per template: the default Member role's permissions
 * (basePermissions), one extra role (roles), and the join state the template stands for.
 */
export const GROUP_ROLE_TEMPLATES: Record<'default' | 'managedFree' | 'managedInvite' | 'managedRequest', Template> = {
  default: {
    name: 'Default',
    description: 'Members can join freely and create group instances.',
    basePermissions: [...memberPermissions],
    roles: {
      name: 'Moderator',
      description: 'Keeps the group in order.',
      basePermissions: [...moderatorPermissions],
      isAddedOnJoin: false,
    },
    joinState: 'open',
  },
  managedFree: {
    name: 'Managed (free to join)',
    description: 'Anyone can join; managers run the group.',
    basePermissions: ['group-instance-join'],
    roles: {
      name: 'Manager',
      description: 'Runs the group.',
      basePermissions: [...moderatorPermissions, 'group-roles-assign'],
      isAddedOnJoin: false,
    },
    joinState: 'open',
  },
  managedInvite: {
    name: 'Managed (invite only)',
    description: 'Members join by invite; managers run the group.',
    basePermissions: ['group-instance-join'],
    roles: {
      name: 'Manager',
      description: 'Runs the group.',
      basePermissions: [...moderatorPermissions, 'group-roles-assign'],
      isAddedOnJoin: false,
    },
    joinState: 'invite',
  },
  managedRequest: {
    name: 'Managed (join by request)',
    description: 'Members ask to join and managers accept them.',
    basePermissions: ['group-instance-join'],
    roles: {
      name: 'Manager',
      description: 'Runs the group.',
      basePermissions: [...moderatorPermissions, 'group-roles-assign'],
      isAddedOnJoin: false,
    },
    joinState: 'request',
  },
};

/** GET /groups/roleTemplates: the templates without the join state they imply. */
export const roleTemplatesView = (): Record<string, GroupRoleTemplateValues> =>
  Object.fromEntries(Object.entries(GROUP_ROLE_TEMPLATES).map(([key, { joinState: _joinState, ...values }]) => [key, values]));
