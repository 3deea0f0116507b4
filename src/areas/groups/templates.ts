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

/** A template's role as GET /groups/roleTemplates answers it (the description's GroupRoleTemplateRole). */
interface TemplateRoleView {
  name: string;
  description: string;
  permissions: string[];
  isAddedOnJoin: boolean;
}

/**
 * GET /groups/roleTemplates: the templates without the join state they imply, each template's roles a list
 * whose entries name their `permissions`, as the newer description has them.
 */
export const roleTemplatesView = (): Record<string, Omit<GroupRoleTemplateValues, 'roles'> & { roles: TemplateRoleView[] }> =>
  Object.fromEntries(
    Object.entries(GROUP_ROLE_TEMPLATES).map(([key, { joinState: _joinState, roles, ...values }]) => [
      key,
      {
        ...values,
        roles: [
          { name: roles.name, description: roles.description, permissions: [...roles.basePermissions], isAddedOnJoin: roles.isAddedOnJoin },
        ],
      },
    ]),
  );
