import { hash32 } from '../random.js';
import type { InstanceRecord } from '../records/instances.js';
import { fillUnitySortNumbers } from '../records/unity-package.js';
import type { WorldRecord } from '../records/worlds.js';
import { FixtureError } from '../fixtures/fixtures.js';
import { WatchedMap, recordsById } from '../watched-map.js';

/** A set of instances with O(1) add, remove and pick-by-position: what random discovery samples from. */
export class InstanceBag {
  readonly items: InstanceRecord[] = [];
  private readonly positions = new Map<string, number>();

  add(instance: InstanceRecord): void {
    if (this.positions.has(instance.id)) return;
    this.positions.set(instance.id, this.items.length);
    this.items.push(instance);
  }

  remove(instance: InstanceRecord): void {
    const position = this.positions.get(instance.id);
    if (position === undefined) return;
    this.positions.delete(instance.id);
    const last = this.items.pop()!;
    if (position < this.items.length) {
      this.items[position] = last;
      this.positions.set(last.id, position);
    }
  }
}

export interface InstanceDiscoveryIndex {
  /** Open-access instances not yet seen closed, overall and per world and owning group. */
  readonly all: InstanceBag;
  readonly byWorld: Map<string, InstanceBag>;
  readonly byGroup: Map<string, InstanceBag>;
  /** With `requests`, seeds each discovery's order: one sandbox's data always replays one sequence. */
  readonly seed: number;
  requests: number;
}

export interface InstanceIndex {
  readonly worlds: Map<string, WorldRecord>;
  /** Location (`<worldId>:<instanceId>`, the instance's id) -> instance. */
  readonly instances: Map<string, InstanceRecord>;
  /** World id -> its instances, oldest first: what a World's occupant counts add up. */
  readonly instancesByWorld: Map<string, InstanceRecord[]>;
  readonly instanceDiscovery: InstanceDiscoveryIndex;
}

/** Instances anyone may join without an invite: public ones and public group ones. */
export const isOpenAccess = (instance: InstanceRecord) =>
  instance.type === 'public' || (instance.type === 'group' && instance.groupAccessType === 'public');

/** The seed of a sandbox's random discovery order (and its generated config): its worlds and instances give it. */
export const discoverySeed = (worlds: readonly WorldRecord[], instances: readonly InstanceRecord[]) =>
  hash32(`${worlds.length}:${instances.length}:${instances[0]?.id ?? ''}`);

export function indexInstances(worlds: WorldRecord[], instances: InstanceRecord[]): InstanceIndex {
  const index: InstanceIndex = {
    worlds: recordsById(),
    instances: recordsById(),
    instancesByWorld: new WatchedMap(),
    instanceDiscovery: {
      all: new InstanceBag(),
      byWorld: new Map(),
      byGroup: new Map(),
      seed: discoverySeed(worlds, instances),
      requests: 0,
    },
  };
  for (const world of worlds) {
    fillUnitySortNumbers(world.unityPackages);
    index.worlds.set(world.id, world);
  }
  instances.forEach((instance, i) => {
    // Deleting a world closes its instances, which stay (their locations still answer).
    if (!index.worlds.has(instance.worldId) && instance.closedAt === null) {
      throw new FixtureError('instances.json', `[${i}].worldId`, `no world ${instance.worldId} in worlds.json`);
    }
    putInstance(index, instance);
  });
  return index;
}

function bagOf(bags: Map<string, InstanceBag>, key: string): InstanceBag {
  let bag = bags.get(key);
  if (!bag) bags.set(key, (bag = new InstanceBag()));
  return bag;
}

/** Records a new instance in every index; open-access ones become discoverable. */
export function putInstance(index: InstanceIndex, instance: InstanceRecord): void {
  index.instances.set(instance.id, instance);
  const ofWorld = index.instancesByWorld.get(instance.worldId);
  if (ofWorld) ofWorld.push(instance);
  else index.instancesByWorld.set(instance.worldId, [instance]);
  if (!isOpenAccess(instance) || !index.worlds.has(instance.worldId)) return;
  const discovery = index.instanceDiscovery;
  discovery.all.add(instance);
  bagOf(discovery.byWorld, instance.worldId).add(instance);
  if (instance.type === 'group') bagOf(discovery.byGroup, instance.ownerId!).add(instance);
}

/** Takes a closed instance out of discovery for good. */
export function withdrawFromDiscovery(index: InstanceIndex, instance: InstanceRecord): void {
  const discovery = index.instanceDiscovery;
  discovery.all.remove(instance);
  discovery.byWorld.get(instance.worldId)?.remove(instance);
  if (instance.type === 'group') discovery.byGroup.get(instance.ownerId!)?.remove(instance);
}
