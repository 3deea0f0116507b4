import type { Faker } from '@faker-js/faker';
import { formatInstanceId, locationOf, stableName, type InstanceIdParts } from '../records/instance-id.js';
import { InstanceRecordSchema, type InstanceRecord } from '../records/instances.js';
import { UnityPackageSchema, unitySortNumber } from '../records/unity-package.js';
import { WorldRecordSchema, type WorldRecord } from '../records/worlds.js';
import type { SandboxData } from '../fixtures/fixtures.js';
import { seededRandom } from '../random.js';

const REGIONS = ['us', 'use', 'eu', 'jp'] as const;
const USER_TYPES = ['hidden', 'friends', 'private'] as const;
const UNITY_VERSION = '2022.3.22f1';
const BOTH_PLATFORMS = ['standalonewindows', 'android'];
const PC_ONLY = ['standalonewindows'];
const CAPACITIES = [8, 16, 24, 32, 40, 64, 80];
const CREATED_FROM = Date.parse('2024-01-01T00:00:00.000Z');
const CREATED_SPAN = 2 * 365 * 86_400_000;

/** Compiles a template into a function returning a fresh deep copy per call (a JSON object literal). */
const copier = <T>(template: T) => new Function(`return ${JSON.stringify(template)};`) as () => T;

/**
 * Adds `count` seeded worlds, authored round-robin by data.users, and about one instance per world:
 * world i gets i % 3 of them, cycling through public, hidden, friends, private and (when there are
 * groups) group instances, some with users in them. Plain objects from compiled templates and a
 * small seeded generator, so that a large generated world's worlds do not govern its start-up.
 */
export function generateWorlds(faker: Faker, data: SandboxData, count: number): void {
  const users = data.users;
  if (users.length === 0 || count <= 0) return;
  const random = seededRandom(faker.number.int({ max: 0xffffffff }));
  const worldBase = `wrld_${faker.string.uuid().slice(0, 24)}`;
  const packageBase = `unp_${faker.string.uuid().slice(0, 24)}`;
  const nonceBase = faker.string.uuid().slice(0, 24);
  const names = Array.from({ length: 128 }, () => `${faker.word.adjective()} ${faker.word.noun()}`.replace(/\b./g, (c) => c.toUpperCase()));
  const descriptions = Array.from({ length: 32 }, () => faker.lorem.sentence());
  const tagPool = Array.from(
    { length: 32 },
    () =>
      `author_tag_${faker.word
        .noun()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`,
  );
  const newWorld = copier(
    WorldRecordSchema.parse({
      id: 'wrld_00000000-0000-4000-8000-000000000000',
      authorId: 'usr_00000000-0000-4000-8000-000000000000',
      authorName: 'Template',
      name: 'Template',
    }),
  );
  const newInstance = copier(
    InstanceRecordSchema.parse({
      worldId: 'wrld_00000000-0000-4000-8000-000000000000',
      instanceId: '10000~region(us)~nonce(00000000-0000-4000-8000-000000000000)',
      creatorId: 'usr_00000000-0000-4000-8000-000000000000',
    }),
  );
  const newPackage = copier(
    UnityPackageSchema.parse({
      id: 'unp_00000000-0000-4000-8000-000000000000',
      unityVersion: UNITY_VERSION,
      unitySortNumber: unitySortNumber(UNITY_VERSION),
    }),
  );
  let instanceCount = 0;

  for (let i = 0; i < count; i++) {
    const author = users[i % users.length]!;
    const created = new Date(CREATED_FROM + Math.floor(random() * CREATED_SPAN)).toISOString();
    const world: WorldRecord = newWorld();
    world.id = worldBase + i.toString(16).padStart(12, '0');
    world.authorId = author.id;
    world.authorName = author.displayName;
    world.name = names[i % names.length]!;
    world.description = descriptions[i % descriptions.length]!;
    world.capacity = CAPACITIES[i % CAPACITIES.length]!;
    world.recommendedCapacity = world.capacity / 2;
    world.favorites = Math.floor(random() * 5000);
    world.visits = world.favorites * 20 + Math.floor(random() * 1000);
    world.popularity = Math.floor(random() * 10);
    world.heat = Math.floor(random() * 10);
    world.publicationDate = world.created_at = world.updated_at = created;
    world.tags = [tagPool[i % tagPool.length]!, 'system_approved'];
    const platforms = i % 2 === 0 ? BOTH_PLATFORMS : PC_ONLY;
    for (let p = 0; p < platforms.length; p++) {
      const unityPackage = newPackage();
      unityPackage.id = packageBase + (i * 2 + p).toString(16).padStart(12, '0');
      unityPackage.platform = platforms[p]!;
      unityPackage.created_at = created;
      world.unityPackages.push(unityPackage);
    }
    data.worlds.push(world);

    for (let k = 0; k < i % 3; k++) {
      const n = instanceCount++;
      const kind = n % (data.groups.length > 0 ? 5 : 4);
      const parts: InstanceIdParts = {
        name: String(10_000 + Math.floor(random() * 90_000)),
        type: 'public',
        ownerId: null,
        region: REGIONS[n % REGIONS.length]!,
        nonce: nonceBase + n.toString(16).padStart(12, '0'),
      };
      let creatorId = author.id;
      if (kind >= 1 && kind <= 3) {
        parts.type = USER_TYPES[kind - 1]!;
        parts.ownerId = creatorId = users[(i + k) % users.length]!.id;
      } else if (kind === 4) {
        const group = data.groups[n % data.groups.length]!;
        parts.type = 'group';
        parts.ownerId = group.id;
        parts.groupAccessType = n % 2 === 0 ? 'public' : 'members';
        creatorId = group.ownerId;
      }
      const instanceId = formatInstanceId(parts);
      const occupants = Math.min(Math.floor(random() * 6), world.capacity, users.length);
      const first = Math.floor(random() * users.length);
      // Fields set one by one on a fresh copy: spreading the copy into a new object is much slower.
      const instance: InstanceRecord = newInstance();
      Object.assign(instance, parts);
      instance.id = locationOf(world.id, instanceId);
      instance.worldId = world.id;
      instance.instanceId = instanceId;
      instance.creatorId = creatorId;
      instance.secureName = stableName(`${nonceBase}s${n}`);
      instance.shortName = stableName(`${nonceBase}h${n}`);
      instance.photonRegion = parts.region;
      for (let u = 0; u < occupants; u++) instance.userIds.push(users[(first + u) % users.length]!.id);
      data.instances.push(instance);
    }
  }
}
