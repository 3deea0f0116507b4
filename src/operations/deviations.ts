import type { Schema } from './contract.js';

/**
 * Where mock-api answers differently from the public OpenAPI description on purpose, each with its
 * reason: the API description mock-api implements (social-platform-api.md) wins where the two differ,
 * and where the real API sends what the public description does not allow. The contract check in the
 * tests validates every answer against the description with exactly these changes, and
 * `GET /_mock/openapi.json` publishes the description with them; nothing else may differ.
 */
export interface Deviation {
  /** The component schema and property it changes: `World.instances`. */
  where: string;
  reason: string;
  apply(schemas: Record<string, Schema>): void;
}

const property = (schemas: Record<string, Schema>, where: string): Schema => {
  const [name, field] = where.split('.') as [string, string];
  const owner = schemas[name];
  if (!owner?.properties?.[field]) throw new Error(`deviation ${where}: no such property in the description`);
  return owner.properties;
};

export const deviations: Deviation[] = [
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
      "The description's oneOf branches overlap (objects that do not forbid other fields), so a real answer often fits several and no answer could keep a oneOf; typed clients decode the first branch that fits, as anyOf says.",
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

/** The description's component schemas with every deviation applied (in place). */
export function applyDeviations(schemas: Record<string, Schema>): void {
  for (const deviation of deviations) deviation.apply(schemas);
}
