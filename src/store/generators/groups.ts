import type { Faker } from '@faker-js/faker';
import type { GroupMemberRecord, GroupMemberStatus, GroupRecord, GroupRole } from '../records/groups.js';
import type { SandboxData } from '../fixtures/fixtures.js';

const HOUR = 3600_000;
const BASE = Date.parse('2025-01-01T00:00:00.000Z');
const JOIN_STATES = ['open', 'request', 'invite', 'closed'] as const;

/**
 * Adds `count` seeded groups, each owned by one of data.users (by index, so a seed always gives the
 * same sandbox) with an Owner, a Moderator and a default Member role, one gallery, and up to four other
 * users: mostly members, now and then an invite or a join request. Plain objects, no per-record parsing.
 */
export function generateGroups(faker: Faker, data: SandboxData, count: number): void {
  const users = data.users;
  if (users.length === 0 || count <= 0) return;
  const ids = idSequence(faker);
  const [newGroupId, roleId, galleryId, memberId] = [ids('grp'), ids('grol'), ids('ggal'), ids('gmem')];
  // Nothing changes these arrays in place (updates replace them): groups and members share frozen copies.
  const shared = <T>(items: T[]) => Object.freeze(items) as T[];
  const none = shared<never>([]);
  const english = shared(['eng']);
  const [ownerPermissions, moderatorPermissions, memberPermissions] = [
    ['*'],
    ['group-members-manage', 'group-calendar-manage', 'group-instance-manage'],
    ['group-instance-join'],
  ].map((permissions) => shared(permissions as GroupRole['permissions']));
  const words = Array.from({ length: 64 }, () => faker.word.noun());
  const adjectives = Array.from({ length: 32 }, () => faker.word.adjective());
  const tagsOf = words.map((word) => shared([word.toLowerCase()]));
  for (let i = 0; i < count; i++) {
    const groupId = newGroupId();
    const at = new Date(BASE + i * HOUR).toISOString();
    const noun = words[i % words.length]!;
    const adjective = adjectives[(i * 7) % adjectives.length]!;
    const name = `${capitalize(adjective)} ${capitalize(noun)} ${i}`;
    const owner = users[i % users.length]!;
    const [ownerRole, moderatorRole, memberRole] = [
      role(roleId(), groupId, 'Owner', 0, ownerPermissions, at),
      role(roleId(), groupId, 'Moderator', 1, moderatorPermissions, at),
      { ...role(roleId(), groupId, 'Member', 2, memberPermissions, at), defaultRole: true, isAddedOnJoin: true },
    ];
    const group: GroupRecord = {
      id: groupId,
      ownerId: owner.id,
      transferTargetId: null,
      name,
      description: `A group about ${noun}s.`,
      discriminator: String(i % 10_000).padStart(4, '0'),
      shortCode: (noun.replace(/[^A-Za-z]/g, '').slice(0, 3) + (i % 1000)).toUpperCase().padEnd(3, 'X').slice(0, 6),
      rules: 'Be kind.',
      privacy: i % 10 === 0 ? 'private' : 'default',
      joinState: JOIN_STATES[i % JOIN_STATES.length]!,
      bannerId: null,
      bannerUrl: null,
      iconId: null,
      iconUrl: null,
      ageVerificationBetaCode: '',
      storeId: null,
      nameplateId: null,
      nameplateUrl: null,
      ageVerificationBetaSlots: 0,
      memberCount: 0,
      onlineMemberCount: 0,
      ageVerificationSlotsAvailable: false,
      allowGroupJoinPrompt: false,
      isVerified: false,
      badges: none,
      languages: english,
      links: none,
      tags: tagsOf[i % words.length]!,
      createdAt: at,
      updatedAt: at,
      lastPostCreatedAt: null,
      memberCountSyncedAt: at,
      galleries: [
        {
          id: galleryId(),
          name: 'Gallery',
          description: `Pictures of ${name}.`,
          membersOnly: false,
          roleIdsToAutoApprove: [ownerRole.id],
          roleIdsToManage: [ownerRole.id, moderatorRole.id],
          roleIdsToSubmit: [memberRole.id],
          roleIdsToView: [memberRole.id],
          createdAt: at,
          updatedAt: at,
        },
      ],
      roles: [ownerRole, moderatorRole, memberRole],
    };
    data.groups.push(group);
    data.groupMembers.push(member(memberId(), groupId, owner.id, 'member', [ownerRole.id], at, none));
    group.memberCount = 1;
    // Distinct users: the owner's index plus 1..others, so none repeats while others < users.length.
    const others = Math.min(i % 5, users.length - 1);
    for (let k = 1; k <= others; k++) {
      const user = users[(i + k) % users.length]!;
      const status: GroupMemberStatus = k < 4 ? 'member' : i % 2 === 0 ? 'invited' : 'requested';
      const roleIds = k === 1 && i % 3 === 0 ? [moderatorRole.id] : none;
      data.groupMembers.push(member(memberId(), groupId, user.id, status, roleIds, at, none));
      if (status === 'member') group.memberCount++;
    }
  }
}

/**
 * Ids of the real shape at a fraction of a faker call each: a seeded base shared by one run, then a
 * counter in the last group of digits, so a seed always gives the same ids and no two collide.
 * `ids(prefix)` makes the ids of one kind; all kinds count on one counter.
 */
function idSequence(faker: Faker) {
  const base = faker.string.uuid().slice(0, 24);
  let next = 0;
  return (prefix: string) => {
    const head = `${prefix}_${base}`;
    return () => head + (next++).toString(16).padStart(12, '0');
  };
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function role(id: string, groupId: string, name: string, order: number, permissions: GroupRole['permissions'], at: string): GroupRole {
  return {
    id,
    groupId,
    name,
    description: '',
    order,
    permissions,
    productId: null,
    defaultRole: false,
    isAddedOnJoin: false,
    isManagementRole: order < 2,
    isSelfAssignable: false,
    requiresPurchase: false,
    requiresTwoFactor: false,
    createdAt: at,
    updatedAt: at,
  };
}

function member(
  id: string,
  groupId: string,
  userId: string,
  membershipStatus: GroupMemberStatus,
  roleIds: string[],
  at: string,
  none: never[],
): GroupMemberRecord {
  const joined = membershipStatus === 'member' ? at : null;
  return {
    id,
    groupId,
    userId,
    acceptedByDisplayName: null,
    acceptedById: null,
    managerNotes: '',
    membershipStatus,
    visibility: 'visible',
    bannedAt: null,
    createdAt: at,
    joinedAt: joined,
    lastPostReadAt: null,
    has2FA: false,
    hasJoinedFromPurchase: false,
    isRepresenting: false,
    isSubscribedToAnnouncements: true,
    isSubscribedToEventAnnouncements: true,
    mRoleIds: none,
    roleIds,
  };
}
