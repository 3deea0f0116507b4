/** Ids of the default world's groups, as the README lists them. */
export const groups = {
  /** Alice owns it; bob is an Editor (group-data-manage); admin is a plain member. */
  builders: 'grp_00000001-0000-4000-8000-000000000000',
  /** Bob owns it; alice is a plain member; admin is a Moderator (group-members-manage). */
  nightOwls: 'grp_00000002-0000-4000-8000-000000000000',
  /** Admin owns it; bob is a plain member; alice is invited. */
  photoClub: 'grp_00000003-0000-4000-8000-000000000000',
  /** Carol owns it; alice has requested to join; bob is a member. */
  speedrunners: 'grp_00000004-0000-4000-8000-000000000000',
  /** Carol owns it; bob is a member; alice has no relation to it. */
  quietCorner: 'grp_00000005-0000-4000-8000-000000000000',
  /** Bob owns it; alice is banned. */
  strictClub: 'grp_00000006-0000-4000-8000-000000000000',
  /** Carol owns it; alice has blocked it. */
  noisyNeighbours: 'grp_00000007-0000-4000-8000-000000000000',
} as const;

export const unknownGroup = 'grp_0000000f-0000-4000-8000-000000000000';
