import type { OperationContract, Schema } from './contract.js';

/**
 * Where mock-api answers differently from the public OpenAPI description on purpose, each with its
 * reason: the API description mock-api implements (`../shared/spec/social-platform-api.md`) wins where the two differ,
 * and where the real API sends what the public description does not allow. The contract check in the
 * tests validates every answer against the description with exactly these changes, and
 * `GET /_mock/openapi.json` publishes the description with them; nothing else may differ. The description's
 * schemas are closed (`unevaluatedProperties: false`), so a field it does not list is a deviation too: the
 * community's conformance suite warns of each such field, and docs/what-is-simulated.md lists them from here.
 */
export interface Deviation {
  /** The component schema and property it changes: `World.instances`. */
  where: string;
  reason: string;
  apply(schemas: Record<string, Schema>): void;
  /** A change to one operation's responses rather than to a component. */
  applyToOperations?(operations: Record<string, OperationContract>): void;
}

const property = (schemas: Record<string, Schema>, where: string): Schema => {
  const [name, field] = where.split('.') as [string, string];
  const owner = schemas[name];
  if (!owner?.properties?.[field]) throw new Error(`deviation ${where}: no such property in the description`);
  return owner.properties;
};

/** A field the description's closed schema lacks, which the seed's description lists: `Group.storeId`. */
const seedField = (where: string, schema: Schema, seed: string): Deviation => ({
  where,
  reason: `The API description lists it (${seed}); the public one does not, and closes the schema.`,
  apply: (schemas) => {
    const [name, field] = where.split('.') as [string, string];
    const owner = schemas[name];
    if (!owner?.properties) throw new Error(`deviation ${where}: no such schema in the description`);
    if (owner.properties[field]) throw new Error(`deviation ${where}: the description has the field now; drop the deviation`);
    owner.properties[field] = schema;
  },
});

const STRING = { type: 'string' };
const NULLABLE_STRING = { type: ['string', 'null'] };
const BOOLEAN = { type: 'boolean' };
const STRINGS = { type: 'array', items: { type: 'string' } };

export const deviations: Deviation[] = [
  ...['accountStanding', 'bannerUrl'].map((field) => seedField(`CurrentUser.${field}`, STRING, 'CurrentUser, its strings')),
  seedField('CurrentUser.allowWorldsToCountFriendsInInstance', BOOLEAN, 'CurrentUser, its booleans'),
  ...['bannerColor', 'bannerType', 'bannerUrl', 'iconUrl'].map((field) =>
    seedField(`CurrentUserPresence.${field}`, STRING, 'CurrentUser.presence'),
  ),
  seedField('PastDisplayName.reverted', BOOLEAN, 'CurrentUser.pastDisplayNames'),
  seedField('World.isHypeTrainEligible', BOOLEAN, 'World'),
  seedField('Instance.description', STRING, 'Instance'),
  ...['categoryId', 'displayVibeId'].map((field) => seedField(`Instance.${field}`, NULLABLE_STRING, 'Instance')),
  ...['languages', 'languagesIso639', 'userIcons', 'vibeIds'].map((field) => seedField(`Instance.${field}`, STRINGS, 'Instance')),
  seedField('Instance.creationLanguages', { type: 'array', items: NULLABLE_STRING }, 'Instance, elements nullable'),
  seedField('Group.storeId', NULLABLE_STRING, 'Group'),
  seedField('GroupRole.productId', NULLABLE_STRING, 'GroupRole'),
  seedField('GroupMember.has2FA', BOOLEAN, 'GroupMember'),
  ...['bannerColor', 'bannerType', 'bannerUrl', 'iconFrame', 'nameplateEffect', 'profileEffect'].map((field) =>
    seedField(`GroupMemberLimitedUser.${field}`, STRING, "GroupMember's user"),
  ),
  // Two that go once the areas answer as the newer description says (issue 34's other changes): until then the
  // contract check holds the areas to what they answer today.
  {
    where: 'GroupPost.roleId',
    reason: 'Pending: the groups area still names the roles of a post roleId; the newer description says roleIds.',
    apply: (schemas) => {
      const post = schemas.GroupPost!;
      if (post.properties.roleId) throw new Error('deviation GroupPost.roleId: the description has the field now');
      post.properties.roleId = post.properties.roleIds;
    },
  },
  {
    where: 'RouteNotImplemented',
    reason:
      "Pending: prop publishing (publish, unpublish, publish status), which the newer description marks deprecated with the live service's generic 404 but gives no date for, still answers its own 404 envelope for a missing prop; the operations retired with a date answer the generic body (src/operations/retired.ts).",
    apply: (schemas) => {
      schemas.RouteNotImplemented = { anyOf: [schemas.RouteNotImplemented, structuredClone(schemas.Error)] };
    },
  },
  {
    where: 'updateGroupPost 404, deleteGroupPost 404',
    reason:
      "The public description gives both the delete's success response (`Group Post was deleted!`) as their 404; a post or group that is not there is the error envelope, as every other 404 (the seed: every error is the envelope).",
    apply: () => {},
    applyToOperations: (operations) => {
      for (const id of ['updateGroupPost', 'deleteGroupPost']) {
        // References read `#/components/schemas/` in the contract, `#/$defs/` where answers are generated.
        const response = operations[id]?.responses['404'];
        const ref = response?.schema?.$ref as string | undefined;
        if (!response || !ref?.endsWith('/Success')) throw new Error(`deviation ${id} 404: the description changed it`);
        response.schema = { $ref: ref.replace(/Success$/, 'Error') };
      }
    },
  },
  {
    where: 'BareError',
    reason:
      "The API description says every error is the error envelope with its status_code; the public one answers another user's persistence with a bare `{error}` string (the live body, which --profile live may answer).",
    apply: (schemas) => {
      schemas.BareError = { anyOf: [schemas.BareError, structuredClone(schemas.Error)] };
    },
  },
  {
    where: 'Error.error.waf_code',
    reason: 'The API description puts waf_code in the error envelope of some errors (register 403, world tags); the public one closes it.',
    apply: (schemas) => {
      const response = schemas.Response!;
      if (response.properties.waf_code) throw new Error('deviation Error.error.waf_code: the description has the field now');
      response.properties.waf_code = { type: 'integer' };
    },
  },
  {
    where: 'World.instances',
    reason: 'The API description lists instances as triples [instanceId, occupants, object]; the public one has pairs.',
    apply: (schemas) => {
      property(schemas, 'World.instances').instances = { type: 'array', items: { type: 'array', minItems: 2, maxItems: 3 } };
    },
  },
  {
    where: 'Instance.platforms',
    reason: 'The API description makes platforms a map from any platform name to a count; the public one names three platforms only.',
    apply: (schemas) => {
      property(schemas, 'Instance.platforms').platforms = { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } };
    },
  },
  {
    where: 'CurrentUserPresence.currentAvatarTags',
    reason: 'The API description sends every presence field as a string, currentAvatarTags included; the public one has an array.',
    apply: (schemas) => {
      property(schemas, 'CurrentUserPresence.currentAvatarTags').currentAvatarTags = {
        anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      };
    },
  },
  {
    where: 'every oneOf',
    reason:
      "The description's oneOf branches overlap (objects whose fields are all optional, or that do not forbid other fields), so a real answer often fits several and no answer could keep a oneOf; typed clients decode the first branch that fits, as anyOf says.",
    apply: (schemas) => {
      const visit = (node: unknown): void => {
        if (node === null || typeof node !== 'object') return;
        const schema = node as Schema;
        if (Array.isArray(schema.oneOf)) {
          schema.anyOf = schema.oneOf;
          delete schema.oneOf;
        }
        Object.values(schema).forEach(visit);
      };
      Object.values(schemas).forEach(visit);
    },
  },
  {
    where: 'GroupRoleTemplateValues.roles',
    reason:
      "The newer public description (the one the conformance suite names) lists a template's roles as an array of {name, description, permissions, isAddedOnJoin}; 1.20.8 had one object.",
    apply: (schemas) => {
      const properties = property(schemas, 'GroupRoleTemplateValues.roles');
      // The template's own basePermissions: a list of GroupPermissions, its reference written as this copy of the description writes it.
      const permissions = structuredClone(properties.basePermissions);
      properties.roles = {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            description: { type: 'string' },
            permissions,
            isAddedOnJoin: { type: 'boolean', default: false },
          },
          required: ['description', 'name', 'permissions'],
        },
      };
    },
  },
  {
    where: 'MIMEType',
    reason:
      'The public description spells image/svg+xml with a look-alike plus (U+FF0B), as it does other punctuation; mime types are ASCII.',
    apply: (schemas) => {
      const mimeType = schemas.MIMEType!;
      mimeType.enum = (mimeType.enum as string[]).map((value) => value.replace('\uff0b', '+'));
    },
  },
];

/** The description's component schemas, and its operations when given, with every deviation applied (in place). */
export function applyDeviations(schemas: Record<string, Schema>, operations?: Record<string, OperationContract>): void {
  for (const deviation of deviations) deviation.apply(schemas);
  if (operations) applyOperationDeviations(operations);
}

/** The deviations of single operations' responses (in place). */
export function applyOperationDeviations(operations: Record<string, OperationContract>): void {
  for (const deviation of deviations) deviation.applyToOperations?.(operations);
}
