import { DiscoverInstancesQuerySchema, type InstanceDiscovery } from './requests.js';
import type { InstanceRecord } from '../../store/records/instances.js';
import type { UserRecord } from '../../store/records/user.js';
import { hash32, seededRandom } from '../../store/random.js';
import { withdrawFromDiscovery, type InstanceBag, type InstanceDiscoveryIndex } from '../../store/indexes/instances.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { isClosed, occupantsOf } from '../../store/instance-state.js';
import { instanceView } from './instances.js';

type DiscoverQuery = ReturnType<typeof DiscoverInstancesQuerySchema.parse>;

/** The smallest index that holds every instance the query can match. */
function candidatesFor(discovery: InstanceDiscoveryIndex, query: DiscoverQuery): InstanceRecord[] {
  const bags: (InstanceBag | undefined)[] = [];
  if (query.worldId !== undefined) bags.push(discovery.byWorld.get(query.worldId));
  if (query.groupId !== undefined) bags.push(discovery.byGroup.get(query.groupId));
  if (bags.length === 0) return discovery.all.items;
  if (bags.some((bag) => bag === undefined)) return [];
  return bags.reduce((a, b) => (a!.items.length <= b!.items.length ? a : b))!.items;
}

function matches(sandbox: Sandbox, instance: InstanceRecord, query: DiscoverQuery): boolean {
  if (query.worldId !== undefined && instance.worldId !== query.worldId) return false;
  if (query.groupId !== undefined && (instance.type !== 'group' || instance.ownerId !== query.groupId)) return false;
  if (query.region !== undefined && instance.region !== query.region) return false;
  if (query.category !== undefined && instance.categoryId !== query.category) return false;
  const target = sandbox.worlds.get(instance.worldId)!;
  if (query.platform !== undefined && !target.unityPackages.some((p) => p.platform === query.platform)) return false;
  return occupantsOf(sandbox, instance).length < target.capacity;
}

function uuidFrom(random: () => number): string {
  const hex = (digits: number) => {
    let out = '';
    for (let i = 0; i < digits; i++) out += Math.floor(random() * 16).toString(16);
    return out;
  };
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
}

/**
 * Up to `n` open instances (public and public group ones, active and not full) in a random order that
 * changes with every request. The order comes from the world's seed and its request count, so a world
 * built from the same data replays the same sequence. It draws candidates one at a time (a lazy
 * Fisher-Yates shuffle), so a request costs what it looks at, not the size of the world.
 */
export function discoverInstances(sandbox: Sandbox, viewer: UserRecord, rawQuery: unknown): InstanceDiscovery {
  const query = parseInput(DiscoverInstancesQuerySchema, rawQuery);
  const discovery = sandbox.instanceDiscovery;
  const random = seededRandom(hash32(String(discovery.requests++), discovery.seed));
  const items = candidatesFor(discovery, query);
  const now = sandbox.clock.now();
  const picked: InstanceRecord[] = [];
  const closed: InstanceRecord[] = [];
  const swapped = new Map<number, number>();
  for (let i = 0; i < items.length && picked.length < query.n; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    const instance = items[swapped.get(j) ?? j]!;
    swapped.set(j, swapped.get(i) ?? i);
    if (isClosed(instance, now)) closed.push(instance);
    else if (matches(sandbox, instance, query)) picked.push(instance);
  }
  for (const instance of closed) withdrawFromDiscovery(sandbox, instance);
  return { attributionId: uuidFrom(random), instances: picked.map((instance) => instanceView(sandbox, viewer, instance)) };
}
