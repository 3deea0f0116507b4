import type { InstanceRecord } from './records/instances.js';

/**
 * Instances by short and secure name, and group instances by group: made on the first lookup and
 * again once instances were added (instances are never removed, so their count says when). Saves a
 * pass over every instance per short-link join and per group-instances poll.
 */
interface Lookups {
  size: number;
  byName: Map<string, InstanceRecord>;
  byGroup: Map<string, InstanceRecord[]>;
}

const lookups = new WeakMap<Map<string, InstanceRecord>, Lookups>();

function lookupsOf(instances: Map<string, InstanceRecord>): Lookups {
  const known = lookups.get(instances);
  if (known && known.size === instances.size) return known;
  const made: Lookups = { size: instances.size, byName: new Map(), byGroup: new Map() };
  for (const instance of instances.values()) {
    made.byName.set(instance.secureName, instance);
    if (instance.shortName) made.byName.set(instance.shortName, instance);
    if (instance.type !== 'group' || !instance.ownerId) continue;
    const ofGroup = made.byGroup.get(instance.ownerId);
    if (ofGroup) ofGroup.push(instance);
    else made.byGroup.set(instance.ownerId, [instance]);
  }
  lookups.set(instances, made);
  return made;
}

export const instanceByName = (instances: Map<string, InstanceRecord>, name: string) => lookupsOf(instances).byName.get(name);

export const groupInstances = (instances: Map<string, InstanceRecord>, groupId: string): readonly InstanceRecord[] =>
  lookupsOf(instances).byGroup.get(groupId) ?? [];
