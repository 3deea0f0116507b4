// The fidelity profiles. The default, `seed`, answers as the API description in the seed's table writes it
// (plain ASCII messages, its statuses). `live` answers as the live service does where the two differ: the
// live service's look-alike punctuation and quotes, and the statuses below. Where the seed is silent, both
// profiles already answer as the live service does; only the places where the seed speaks differ.
// Order of evidence: the seed's table, then the live service (the community's conformance suite), then
// the public description, then our own choice.
import { ApiError, messages } from './errors.js';

export const PROFILES = ['seed', 'live'] as const;
export type Profile = (typeof PROFILES)[number];

interface Answer {
  status: number;
  message: string;
}

export interface ProfileDifference {
  /** The operations (operationId) where the two answers differ. */
  operations: string[];
  condition: string;
  seed: Answer;
  live: Answer;
  /** The conformance suite's workflows that show the live answer: under the default profile they fail, as they must. */
  workflows: string[];
}

/** Every place where the seed's table and the live service answer differently, one entry each. */
export const profileDifferences = {
  updateUnknownGroup: {
    operations: ['updateGroup'],
    condition: 'no such group',
    seed: { status: 404, message: messages.groupEntryNotFound },
    // The live service checks the request before it looks the group up (the public description's 400 for
    // updateGroup says so): its 400 names what is wrong with the request, never the group. The suite sends
    // no body and checks the status alone, so the message is ours.
    live: { status: 400, message: messages.groupUpdateNothing },
    workflows: ['update-group-not-found'],
  },
  updateUnknownGroupMember: {
    operations: ['updateGroupMember'],
    condition: 'no such group',
    seed: { status: 404, message: messages.groupEntryNotFound },
    // As to a requester outside an existing group: the live service checks membership before the group;
    // the message is the public description's 403 example.
    live: { status: 403, message: messages.groupNotMember },
    workflows: ['update-group-member-not-found'],
  },
  inviteMessagesOfAnotherUser: {
    operations: ['getInviteMessages', 'getInviteMessage', 'updateInviteMessage', 'resetInviteMessage'],
    condition: "another user's invite messages, asked for by a user who is not an admin (whether or not that user exists)",
    seed: { status: 401, message: messages.notAuthorized },
    live: { status: 403, message: messages.notAuthorized },
    // the workflows check the status only: the live message is not known, so the seed's words stay
    workflows: ['get-invite-message-not-found', 'reset-invite-message-not-found'],
  },
  inviteMessageResetAgain: {
    operations: ['resetInviteMessage'],
    condition: 'a slot holding its original text that was reset less than 60 minutes ago (N: the minutes left)',
    seed: { status: 404, message: messages.inviteMessageNoEntry },
    live: { status: 429, message: messages.inviteMessageCooldown(60) },
    // step reset-message-rate-limited; the suite's maintainers: resetting or updating a slot locks it
    workflows: ['invite-message-lifecycle'],
  },
} satisfies Record<string, ProfileDifference>;

export type ProfileDifferenceName = keyof typeof profileDifferences;

/**
 * The error the seed's table gives, carrying the live service's answer for `--profile live`. `liveMessage`
 * stands for the table's live message where that carries a figure of the moment (minutes left).
 */
export function seedOrLive(name: ProfileDifferenceName, liveMessage?: string): ApiError {
  const difference: ProfileDifference = profileDifferences[name];
  const live = liveMessage === undefined ? difference.live : { ...difference.live, message: liveMessage };
  return new ApiError(difference.seed.status, difference.seed.message, undefined, live);
}
