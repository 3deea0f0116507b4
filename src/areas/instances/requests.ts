import * as z from 'zod';
import { idOf } from '../../schema/common.js';
import { messages } from '../../errors.js';
import { GroupAccessType, InstanceRegion, InstanceType } from '../../store/records/instance-id.js';
import { dateTime, InstanceSchema } from '../../store/records/instances.js';
import { queryBool, queryInt } from '../../schema/query.js';
import { lazy } from '../../schema/lazy.js';

/** Request bodies and query strings of the instance operations. */

export const Platform = lazy(() => z.enum(['standalonewindows', 'android', 'ios']));

const USER_ID = /^usr_[0-9a-fA-F-]{36}$/;
const GROUP_ID = /^grp_[0-9a-fA-F-]{36}$/;

/** POST /instances: the OpenAPI CreateInstanceRequest; fields it does not name are refused. */
export const CreateInstanceRequestSchema = lazy(() =>
  z
    .strictObject({
      worldId: idOf('wrld'),
      type: InstanceType,
      region: InstanceRegion,
      ownerId: z.string().nullable().optional(),
      groupAccessType: GroupAccessType.optional(),
      roleIds: z.array(idOf('grol')).optional(),
      queueEnabled: z.boolean().optional(),
      closedAt: dateTime().optional(),
      canRequestInvite: z.boolean().optional(),
      hardClose: z.boolean().optional(),
      inviteOnly: z.boolean().optional(),
      ageGate: z.boolean().optional(),
      // A string when given: null is refused, as live (the description types it as a string).
      displayName: z.string().max(64).optional(),
      contentSettings: z
        .strictObject({
          drones: z.boolean().optional(),
          emoji: z.boolean().optional(),
          pedestals: z.boolean().optional(),
          prints: z.boolean().optional(),
          props: z.boolean().optional(),
          stickers: z.boolean().optional(),
        })
        .optional(),
      instancePersistenceEnabled: z.boolean().nullable().optional(),
      playerPersistenceEnabled: z.boolean().nullable().optional(),
      calendarEntryId: idOf('cal').optional(),
    })
    .superRefine((request, ctx) => {
      const problem = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
      const isGroup = request.type === 'group';
      if (isGroup && !GROUP_ID.test(request.ownerId ?? '')) problem('ownerId', `${messages.idForm('grp')} for a group instance`);
      if (!isGroup && request.ownerId != null && !USER_ID.test(request.ownerId)) problem('ownerId', messages.idForm('usr'));
      if (!isGroup && request.groupAccessType !== undefined) problem('groupAccessType', 'must only be given for a group instance');
      if (request.roleIds?.length && !(isGroup && (request.groupAccessType ?? 'members') === 'members')) {
        problem('roleIds', 'must only be given for a members-only group instance');
      }
      if (request.canRequestInvite && request.type !== 'private') problem('canRequestInvite', 'must only be true for a private instance');
      if (request.closedAt !== undefined && request.type === 'public') problem('closedAt', 'must not be given for a public instance');
    }),
);
export type CreateInstanceRequest = z.output<typeof CreateInstanceRequestSchema>;

/** DELETE /instances/{worldId}:{instanceId} query. */
export const CloseInstanceQuerySchema = lazy(() =>
  z.object({
    hardClose: queryBool().optional(),
    closedAt: dateTime().optional(),
  }),
);

/** GET /instances/discover query. */
export const DiscoverInstancesQuerySchema = lazy(() =>
  z.object({
    n: queryInt(1, 50).default(10),
    region: InstanceRegion.optional(),
    platform: Platform.optional(),
    worldId: idOf('wrld').optional(),
    groupId: idOf('grp').optional(),
    category: z.string().min(1).optional(),
  }),
);

export const InstanceDiscoverySchema = lazy(() =>
  z.object({
    attributionId: z.string(),
    instances: z.array(InstanceSchema),
  }),
);
export type InstanceDiscovery = z.infer<typeof InstanceDiscoverySchema>;
