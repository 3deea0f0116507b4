import { Faker, en } from '@faker-js/faker';
import { UserRecordSchema, type UserRecord } from '../records/user.js';
import { viewOf } from '../../schema/view.js';
import type { SandboxData } from '../fixtures/fixtures.js';
import { generateGroups } from './groups.js';
import { planCalendarEvents } from './calendar.js';
import { planAvatars } from './avatars.js';
import { planFiles } from './files.js';
import { generateWorlds } from './worlds.js';
import { generateInventory } from './inventory.js';
import { generateNotifications } from './notifications.js';
import { defaultCounts, generatedKinds, type GenerateCounts } from './counts.js';
import { isoTimes } from '../iso-times.js';
import { countedId } from '../ids.js';
import { linkGeneratedFriends } from './friends.js';

export { defaultCounts, generatedKinds, type GenerateCounts };

type Generator = (faker: Faker, data: SandboxData, count: number) => void;

const generators: Record<keyof GenerateCounts, Generator> = {
  users: generateUsers,
  groups: generateGroups,
  calendarEvents: planCalendarEvents,
  avatars: planAvatars,
  files: planFiles,
  worlds: generateWorlds,
  inventoryItems: generateInventory,
  notifications: generateNotifications,
};

/** Password of every generated user, so a test can log in as any of them. */
export const GENERATED_PASSWORD = 'generated-password';

/** A fake id with the real shape, drawn from the seeded faker so one seed always gives the same ids. */

/**
 * Adds seeded bulk data to a sandbox's data. Two calls with one seed produce identical records;
 * each sandbox draws from its own Faker, never the global one. The bulkiest kinds (calendar events,
 * avatars and their favorites, files) are added as recipes that createSandbox indexes and a read makes
 * into records (see recipes.ts); generateCalendarEvents, generateAvatars and generateFiles make the
 * same records at once.
 */
export function addGeneratedData(data: SandboxData, seed: number, counts: Partial<GenerateCounts> = {}): void {
  const faker = new Faker({ locale: [en], seed });
  const wanted = { ...defaultCounts, ...counts };
  const firstGenerated = data.users.length;
  for (const kind of generatedKinds) generators[kind](faker, data, wanted[kind]);
  linkGeneratedFriends(data.users, firstGenerated);
}

const JOINED_FROM = Date.parse('2023-01-01T00:00:00.000Z');
const JOINED_SPAN = 3 * 365 * 86_400_000;

/**
 * Users with every field of the schema: one parsed template, copied shallowly per user (a fraction
 * of a zod parse or structuredClone); names and texts come from small seeded pools, so 100k users
 * take well under a second.
 */
function generateUsers(faker: Faker, data: SandboxData, count: number) {
  if (count <= 0) return;
  const newUser = userFactory();
  const names = Array.from({ length: 256 }, () => faker.person.firstName());
  const handles = Array.from(
    { length: 256 },
    () =>
      faker.internet
        .username()
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, '')
        .slice(0, 12) || 'user',
  );
  const bios = Array.from({ length: 64 }, () => faker.lorem.sentence());
  const moods = Array.from({ length: 64 }, () => faker.lorem.words(3));
  const idBase = faker.string.uuid().slice(0, 24);
  const idPrefix = `usr_${idBase}`;
  const taken = new Set(data.users.map((u) => u.username.toLowerCase()));
  const iso = isoTimes();
  for (let i = 0; i < count; i++) {
    let username = `${handles[i % handles.length]}${i}`;
    if (taken.has(username)) username = `user${i}_${idBase.slice(0, 6)}`;
    taken.add(username);
    const joinedAt = JOINED_FROM + ((i * 2_654_435_761) % JOINED_SPAN);
    const joined = iso.time(joinedAt);
    const user = newUser();
    user.id = countedId(idPrefix, i);
    user.username = username;
    user.displayName = `${names[(i * 31) % names.length]}${i % 1000}`;
    user.email = `${username}@example.test`;
    user.bio = bios[i % bios.length]!;
    user.statusDescription = moods[(i * 7) % moods.length]!;
    user.date_joined = iso.date(joinedAt);
    user.last_login = user.last_activity = user.updated_at = joined;
    data.users.push(user);
  }
}

const copyUserRecord = viewOf('UserRecord', UserRecordSchema, { computed: ['recoveryCodes', 'tutorialClears'] });

/**
 * Copies of one parsed template that share its nested defaults (frozen, so a change in place fails
 * loudly instead of reaching every user); only the arrays the rules change in place are each user's own,
 * since a deep copy per user adds up to much of a large generated sandbox's memory.
 */
function userFactory(): () => UserRecord {
  const template = deepFreeze(
    UserRecordSchema.parse({
      id: 'usr_00000000-0000-4000-8000-000000000000',
      username: 'template',
      displayName: 'Template',
      password: GENERATED_PASSWORD,
      email: 'template@example.test',
    }),
  );
  return () => copyUserRecord(template, { recoveryCodes: [], tutorialClears: [] });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const nested of Object.values(value)) deepFreeze(nested);
    Object.freeze(value);
  }
  return value;
}
