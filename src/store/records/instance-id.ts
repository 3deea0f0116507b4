import { hash32 } from '../random.js';
import * as z from 'zod';
import { lazy } from '../../schema/lazy.js';

export const InstanceType = lazy(() => z.enum(['public', 'hidden', 'friends', 'private', 'group']));
export type InstanceType = z.infer<typeof InstanceType>;
/** The region an instance id names. */
export const InstanceRegion = lazy(() => z.enum(['us', 'use', 'eu', 'jp', 'unknown']));
export type InstanceRegion = z.infer<typeof InstanceRegion>;
export const GroupAccessType = lazy(() => z.enum(['members', 'plus', 'public']));
export type GroupAccessType = z.infer<typeof GroupAccessType>;

/** What an instance id spells: `<name>~<access marker>(<owner>)~region(<code>)~nonce(<uuid>)`. */
export interface InstanceIdParts {
  name: string;
  type: InstanceType;
  /** The user holding a hidden, friends or private instance, the group of a group one, null for public. */
  ownerId: string | null;
  /** Only on group instances. */
  groupAccessType?: GroupAccessType;
  region: InstanceRegion;
  nonce: string;
}

/**
 * The id the real API gives an instance. Public instances carry no access marker; group ones carry
 * `group(<grp_ id>)~groupAccessType(<type>)`; the others `<type>(<usr_ id>)`.
 */
export function formatInstanceId(parts: InstanceIdParts): string {
  const segments = [parts.name];
  if (parts.type === 'group') segments.push(`group(${parts.ownerId})`, `groupAccessType(${parts.groupAccessType})`);
  else if (parts.type !== 'public') segments.push(`${parts.type}(${parts.ownerId})`);
  segments.push(`region(${parts.region})`, `nonce(${parts.nonce})`);
  return segments.join('~');
}

const SEGMENT = /^([A-Za-z]+)\(([^()~]+)\)$/;
const NAME = /^[A-Za-z0-9]{1,32}$/;
const USER_ID = /^usr_[0-9a-fA-F-]{36}$/;
const GROUP_ID = /^grp_[0-9a-fA-F-]{36}$/;

/** The parts of an instance id in the canonical form formatInstanceId writes; undefined otherwise. */
export function parseInstanceId(instanceId: string): InstanceIdParts | undefined {
  const [name = '', ...rest] = instanceId.split('~');
  if (!NAME.test(name)) return undefined;
  const values = new Map<string, string>();
  for (const segment of rest) {
    const match = SEGMENT.exec(segment);
    if (!match || values.has(match[1]!)) return undefined;
    values.set(match[1]!, match[2]!);
  }
  const region = InstanceRegion.safeParse(values.get('region'));
  const nonce = values.get('nonce');
  if (!region.success || !nonce) return undefined;
  const parts: InstanceIdParts = { name, type: 'public', ownerId: null, region: region.data, nonce };
  for (const type of ['hidden', 'friends', 'private', 'group'] as const) {
    const owner = values.get(type);
    if (owner === undefined) continue;
    if (parts.ownerId !== null || !(type === 'group' ? GROUP_ID : USER_ID).test(owner)) return undefined;
    parts.type = type;
    parts.ownerId = owner;
  }
  if (parts.type === 'group') {
    const access = GroupAccessType.safeParse(values.get('groupAccessType'));
    if (!access.success) return undefined;
    parts.groupAccessType = access.data;
  }
  return formatInstanceId(parts) === instanceId ? parts : undefined;
}

/** `<worldId>:<instanceId>`, what the API calls a location and what an instance's `id` is. */
export const locationOf = (worldId: string, instanceId: string) => `${worldId}:${instanceId}`;

/** Eight lowercase letters and digits, stable for one text: names for fixture instances that give none. */
export const stableName = (text: string) => (hash32(text).toString(36) + hash32(text, 0x9e3779b9).toString(36)).padStart(8, '0').slice(-8);
