import * as z from 'zod';
import { count, flag, idOf, object, strings, text } from '../../schema/common.js';
import {
  GroupAccessType,
  InstanceRegion,
  InstanceType,
  locationOf,
  parseInstanceId,
  stableName,
  type InstanceIdParts,
} from './instance-id.js';
import { AgeVerificationStatus, DeveloperType, UserState, UserStatus } from './user.js';
import { ContentSettingsSchema, contentSettings, WorldSchema } from './worlds.js';
import { lazy } from '../../schema/lazy.js';

export { GroupAccessType, InstanceRegion, InstanceType };

/** API/Photon regions: the instance regions plus the US sub-regions. */
export const PhotonRegion = lazy(() => z.enum(['us', 'use', 'usw', 'usx', 'eu', 'jp', 'unknown']));

/** RFC 3339 date-time with a zone, as the API's date-time fields and parameters take them. */
export const dateTime = () => z.iso.datetime({ offset: true, error: 'must be a date-time' });
const storedDateTime = () => dateTime().transform((value) => new Date(value).toISOString());

/** Every stored instance field that its id does not spell; fixtures may leave any of them out. */
export const InstanceFieldsSchema = lazy(() =>
  z.object({
    /** Who created it; defaults to the owner of a user-owned instance. */
    creatorId: idOf('usr').optional(),
    displayName: z.string().nullable().default(null),
    description: text(),
    secureName: z.string().min(1).optional(),
    shortName: z.string().min(1).nullable().optional(),
    photonRegion: PhotonRegion.optional(),
    minimumAvatarPerformance: text(),
    dominantLanguage: z.string().default('eng'),
    calendarEntryId: idOf('cal').nullable().default(null),
    categoryId: idOf('icat').nullable().default(null),
    displayVibeId: idOf('ivib').nullable().default(null),
    vibeIds: z.array(idOf('ivib')).default(() => []),
    gameServerVersion: z.number().int().nullable().default(null),
    queueSize: count(),
    ageGate: z.boolean().nullable().default(false),
    canRequestInvite: flag(),
    hardClose: z.boolean().nullable().default(false),
    inviteOnly: flag(),
    instancePersistenceEnabled: z.boolean().nullable().default(null),
    playerPersistenceEnabled: z.boolean().nullable().default(null),
    permanent: flag(),
    queueEnabled: flag(),
    strict: flag(),
    /** When it closes (or closed); null while no close is planned. */
    closedAt: storedDateTime().nullable().default(null),
    contentSettings: contentSettings(),
    creationLanguages: z.array(z.string().nullable()).default(() => []),
    disabledPropAbilities: z.array(z.string().nullable()).default(() => []),
    languages: strings(),
    languagesIso639: strings(),
    tags: strings(),
    userIcons: strings(),
    languageRatio: object(),
    /** Who is in the instance now; users, n_users and platforms are counted from it. */
    userIds: z.array(idOf('usr')).default(() => []),
    /** Group roles allowed in a members-only group instance; empty means every member. */
    roleIds: z.array(idOf('grol')).default(() => []),
  }),
);
type InstanceFields = z.output<typeof InstanceFieldsSchema>;

export type InstanceRecord = Omit<InstanceFields, 'creatorId' | 'secureName' | 'shortName' | 'photonRegion'> &
  InstanceIdParts & {
    /** The location, `<worldId>:<instanceId>`, as the real API's `id`. */
    id: string;
    worldId: string;
    instanceId: string;
    creatorId: string;
    secureName: string;
    shortName: string | null;
    photonRegion: z.infer<typeof PhotonRegion>;
  };

/**
 * An instance as a fixture writes it: the world, the instance id (which names its type, owner, region
 * and nonce) and any further field. The record gets its parts from the id, so they cannot disagree.
 */
export const InstanceRecordSchema = lazy(() =>
  InstanceFieldsSchema.extend({
    worldId: idOf('wrld'),
    instanceId: z.string(),
  }).transform((fields, ctx): InstanceRecord => {
    const parts = parseInstanceId(fields.instanceId);
    if (!parts) {
      ctx.addIssue({
        code: 'custom',
        path: ['instanceId'],
        message: 'must be an instance id such as 12345~hidden(usr_<uuid>)~region(us)~nonce(<uuid>)',
      });
      return z.NEVER;
    }
    const creatorId = fields.creatorId ?? (parts.type === 'group' || parts.type === 'public' ? undefined : parts.ownerId!);
    if (creatorId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['creatorId'], message: 'is required for public and group instances' });
      return z.NEVER;
    }
    return {
      ...fields,
      ...parts,
      id: locationOf(fields.worldId, fields.instanceId),
      creatorId,
      secureName: fields.secureName ?? stableName(`secure:${fields.instanceId}`),
      shortName: fields.shortName === undefined ? stableName(`short:${fields.instanceId}`) : fields.shortName,
      photonRegion: fields.photonRegion ?? parts.region,
    };
  }),
);

/** A user in an instance, as the instance's `users` lists them. */
export const InstanceUserSchema = lazy(() =>
  z.object({
    id: idOf('usr'),
    displayName: z.string(),
    ageVerificationStatus: AgeVerificationStatus,
    bio: z.string(),
    currentAvatarImageUrl: z.string(),
    currentAvatarThumbnailImageUrl: z.string(),
    developerType: DeveloperType,
    friendKey: z.string(),
    imageUrl: z.string(),
    last_platform: z.string(),
    platform: z.string(),
    profilePicOverride: z.string(),
    profilePicOverrideThumbnail: z.string(),
    pronouns: z.string(),
    state: UserState,
    status: UserStatus,
    statusDescription: z.string(),
    userIcon: z.string(),
    ageVerified: z.boolean(),
    allowAvatarCopying: z.boolean(),
    isFriend: z.boolean(),
    bioLinks: z.array(z.string()),
    currentAvatarTags: z.array(z.string()),
    tags: z.array(z.string()),
    date_joined: z.string().nullable(),
    last_activity: z.string().nullable(),
    last_mobile: z.string().nullable(),
  }),
);
export type InstanceUser = z.infer<typeof InstanceUserSchema>;

/** The Instance of section 2 as responses carry it, its full World included (the vrchat SDK reads it). */
export const InstanceSchema = lazy(() =>
  z.object({
    id: z.string(),
    instanceId: z.string(),
    location: z.string(),
    name: z.string().min(1),
    nonce: z.string(),
    secureName: z.string().min(1),
    shortName: z.string().nullable(),
    worldId: idOf('wrld'),
    world: WorldSchema,
    /** A grp_ id for a group instance, null for a public one, the holder's usr_ id otherwise. */
    ownerId: z.string().nullable(),
    creatorId: idOf('usr'),
    /** The holder marker: only the one matching the type is present. */
    hidden: idOf('usr').optional(),
    friends: idOf('usr').optional(),
    private: idOf('usr').optional(),
    type: InstanceType,
    region: InstanceRegion,
    photonRegion: PhotonRegion,
    /** Only on group instances. */
    groupAccessType: GroupAccessType.optional(),
    minimumAvatarPerformance: z.string(),
    description: z.string(),
    displayName: z.string().nullable(),
    dominantLanguage: z.string(),
    clientNumber: z.string(),
    calendarEntryId: z.string().nullable(),
    categoryId: z.string().nullable(),
    displayVibeId: z.string().nullable(),
    vibeIds: z.array(z.string()),
    capacity: z.number().int().min(0),
    recommendedCapacity: z.number().int().min(0),
    n_users: z.number().int().min(0),
    userCount: z.number().int().min(0),
    queueSize: z.number().int().min(0),
    gameServerVersion: z.number().int().nullable(),
    active: z.boolean(),
    ageGate: z.boolean().nullable(),
    canRequestInvite: z.boolean(),
    full: z.boolean(),
    hardClose: z.boolean().nullable(),
    hasCapacityForYou: z.boolean(),
    instancePersistenceEnabled: z.boolean().nullable(),
    permanent: z.boolean(),
    playerPersistenceEnabled: z.boolean().nullable(),
    queueEnabled: z.boolean(),
    roleRestricted: z.boolean(),
    strict: z.boolean(),
    closedAt: z.string().nullable(),
    contentSettings: ContentSettingsSchema,
    creationLanguages: z.array(z.string().nullable()),
    disabledPropAbilities: z.array(z.string().nullable()),
    languages: z.array(z.string()),
    languagesIso639: z.array(z.string()),
    tags: z.array(z.string()),
    userIcons: z.array(z.string()),
    languageRatio: z.record(z.string(), z.unknown()),
    /** Platform name -> users on it; android, ios and standalonewindows are always listed. */
    platforms: z.record(z.string(), z.number().int().min(0)),
    users: z.array(InstanceUserSchema),
  }),
);
export type Instance = z.infer<typeof InstanceSchema>;
