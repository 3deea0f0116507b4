import type { GroupRoleTemplateValues } from '../../store/records/group-extras.js';

type Template = Omit<GroupRoleTemplateValues, 'roles'> & {
  /** The one role the template makes beside the everyone role. */
  roles: { name: string; description: string; basePermissions: GroupRoleTemplateValues['basePermissions']; isAddedOnJoin: boolean };
  joinState: 'open' | 'invite' | 'request';
};

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

/** A managed template: members may only join group instances, and a Manager role runs the group. */
function managed(name: string, description: string, joinState: Template['joinState']): Template {
  return {
    name,
    description,
    basePermissions: ['group-instance-join'],
    roles: {
      name: 'Manager',
      description: 'Runs the group.',
      basePermissions: [...moderatorPermissions, 'group-roles-assign'],
      isAddedOnJoin: false,
    },
    joinState,
  };
}

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
  managedFree: managed('Managed (free to join)', 'Anyone can join; managers run the group.', 'open'),
  managedInvite: managed('Managed (invite only)', 'Members join by invite; managers run the group.', 'invite'),
  managedRequest: managed('Managed (join by request)', 'Members ask to join and managers accept them.', 'request'),
};

/**
 * GET /groups/roleTemplates: a dictionary of the templates by name, without the join state they imply, each
 * listing the roles it makes (`roles: [{name, description, permissions, isAddedOnJoin}]`), as the newer public
 * description has it. The seed says nothing of this answer and the suite checks its status alone, so the
 * description decides; the 1.20.8 one had `roles` as one object (a deviation in src/operations/deviations.ts).
 */
export const roleTemplatesView = (): Record<string, GroupRoleTemplateValues> =>
  Object.fromEntries(
    Object.entries(GROUP_ROLE_TEMPLATES).map(([key, { name, description, basePermissions, roles }]) => [
      key,
      {
        name,
        description,
        basePermissions,
        roles: [
          { name: roles.name, description: roles.description, permissions: roles.basePermissions, isAddedOnJoin: roles.isAddedOnJoin },
        ],
      },
    ]),
  );
