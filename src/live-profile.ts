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
  /** Where the live answer was seen. */
  evidence: string;
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
    evidence: 'conformance workflow update-group-not-found (status); the message is our own choice',
  },
  updateUnknownGroupMember: {
    operations: ['updateGroupMember'],
    condition: 'no such group',
    seed: { status: 404, message: messages.groupEntryNotFound },
    // As to a requester outside an existing group: the live service checks membership before the group.
    live: { status: 403, message: messages.groupNotMember },
    evidence: "conformance workflow update-group-member-not-found (status); the message is the public description's 403 example",
  },
} satisfies Record<string, ProfileDifference>;

export type ProfileDifferenceName = keyof typeof profileDifferences;

/** The error the seed's table gives, carrying the live service's answer for `--profile live`. */
export function seedOrLive(name: ProfileDifferenceName): ApiError {
  const difference: ProfileDifference = profileDifferences[name];
  return new ApiError(difference.seed.status, difference.seed.message, undefined, difference.live);
}
