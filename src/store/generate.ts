import { Faker, en } from '@faker-js/faker';
import { UserRecordSchema } from '../schemas/user.js';
import type { WorldData } from './fixtures.js';

/** How many records of each kind a generated world adds on top of its fixtures. */
export interface GenerateCounts {
  users: number;
}

export const defaultCounts: GenerateCounts = { users: 50 };

/** Password of every generated user, so a test can log in as any of them. */
export const GENERATED_PASSWORD = 'generated-password';

/** A fake id with the real shape, drawn from the seeded faker so one seed always gives the same ids. */
export const fakeId = (faker: Faker, prefix: string) => `${prefix}_${faker.string.uuid()}`;

/**
 * Adds seeded bulk data to a world's data. Two calls with one seed produce identical records;
 * each world draws from its own Faker, never the global one.
 */
export function addGeneratedData(data: WorldData, seed: number, counts: Partial<GenerateCounts> = {}): void {
  const faker = new Faker({ locale: [en], seed });
  const wanted = { ...defaultCounts, ...counts };
  generateUsers(faker, data, wanted.users);
}

function generateUsers(faker: Faker, data: WorldData, count: number) {
  const taken = new Set(data.users.map((u) => u.username.toLowerCase()));
  for (let i = 0; i < count; i++) {
    let username = faker.internet.username().toLowerCase().replace(/[^a-z0-9_]/g, '');
    if (username.length < 4 || taken.has(username)) username = `user${i}_${faker.string.alphanumeric(6).toLowerCase()}`;
    taken.add(username);
    const joined = faker.date.past({ years: 3, refDate: '2026-01-01T00:00:00Z' }).toISOString();
    data.users.push(
      UserRecordSchema.parse({
        id: fakeId(faker, 'usr'),
        username,
        displayName: faker.person.firstName() + faker.string.numeric(3),
        password: GENERATED_PASSWORD,
        email: `${username}@example.test`,
        bio: faker.lorem.sentence(),
        statusDescription: faker.lorem.words(3),
        date_joined: joined.slice(0, 10),
        last_login: joined,
        last_activity: joined,
        updated_at: joined,
      }),
    );
  }
}
