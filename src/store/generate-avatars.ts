import { seededRandom } from '../random.js';
import type { Faker } from '@faker-js/faker';
import type { AvatarRecord } from '../schemas/avatars.js';
import { unitySortNumber, type UnityPackage } from '../schemas/unity-package.js';
import type { WorldData } from './fixtures.js';
import { recipeFavorites, type FavoritesRecipe } from './favorites-recipe.js';
import type { WorldDataWithRecipes } from './recipes.js';

const HOUR = 3_600_000;
const CREATED_FROM = Date.parse('2023-01-01T00:00:00.000Z');
/** Avatars are created on the hour within three years, and updated up to 90 days later. */
const CREATED_HOURS = 3 * 365 * 24;
const UPDATE_HOURS = 90 * 24;
const UNITY_VERSIONS = ['2019.4.31f1', '2022.3.6f1', '2022.3.22f1'];
const PLATFORM_SETS = [
  ['standalonewindows'],
  ['standalonewindows', 'android'],
  ['standalonewindows', 'android', 'ios'],
  ['android', 'ios'],
];
const RATINGS = ['Excellent', 'Good', 'Medium', 'Poor', 'VeryPoor'] as const;
const TAG_WORDS = ['cute', 'fox', 'robot', 'cat', 'anime', 'furry', 'knight', 'ghost', 'pixel', 'dragon', 'toon', 'realistic'];
/** Most users favorite a few dozen avatars; the real client caps favorites in the hundreds. */
const MAX_FAVORITES_PER_USER = 100;

/**
 * Adds `count` seeded avatars authored by users of data.users, 85% public, 10% private, 5% hidden,
 * each with one package per platform of its set, and plans favorites among them for every user in
 * data.users: 1 to 100 each, fewer when there are many users (at most about ten favorites per avatar
 * on average), skewed so a few avatars are far more popular than the rest. The favorites stay a
 * recipe (see favorites-recipe.ts) until a read needs a user's list. Plain objects, shared frozen
 * parts and one seeded generator: 100k avatars take a fraction of a second.
 */
export function planAvatars(faker: Faker, data: WorldData, count: number): void {
  const recipe = addAvatars(faker, data, count);
  if (recipe) ((data as WorldDataWithRecipes).favoriteRecipes ??= []).push(recipe);
}

/** The same avatars and favorites as planAvatars, the favorites made at once and added to data.avatarFavorites. */
export function generateAvatars(faker: Faker, data: WorldData, count: number): void {
  const recipe = addAvatars(faker, data, count);
  if (!recipe) return;
  for (let user = 0; user < recipe.userIds.length; user++) data.avatarFavorites.push(...recipeFavorites(recipe, user));
}

function addAvatars(faker: Faker, data: WorldData, count: number): FavoritesRecipe | undefined {
  const users = data.users;
  if (users.length === 0 || count <= 0) return undefined;
  const random = seededRandom(faker.number.int({ max: 0xffffffff }));
  const avatarPrefix = `avtr_${faker.string.uuid().slice(0, 24)}`;
  const packagePrefix = `unp_${faker.string.uuid().slice(0, 24)}`;
  const names = Array.from({ length: 128 }, () => `${faker.word.adjective()} ${faker.animal.type()}`.replace(/^./, (c) => c.toUpperCase()));
  const descriptions = Array.from({ length: 32 }, () => faker.lorem.sentence());
  const tagSets = Array.from({ length: 32 }, (_, i) =>
    Object.freeze([`author_tag_${TAG_WORDS[i % TAG_WORDS.length]}`, `author_tag_${TAG_WORDS[(i * 5 + 3) % TAG_WORDS.length]}`]),
  ) as unknown as string[][];
  const sortNumbers = UNITY_VERSIONS.map((version) => unitySortNumber(version)!);
  // Formatting a date per record costs more than the rest of it: format every hour once.
  const hours = Array.from({ length: CREATED_HOURS + UPDATE_HOURS }, (_, h) => new Date(CREATED_FROM + h * HOUR).toISOString());
  // Shared, like the tag sets: one performance object per platform set and rating.
  const performances = PLATFORM_SETS.map((platforms) =>
    RATINGS.map((rating, rank) => {
      const performance: Record<string, string | number> = {};
      for (const platform of platforms) {
        performance[platform] = rating;
        performance[`${platform}-sort`] = rank + 1;
      }
      return Object.freeze(performance) as AvatarRecord['performance'];
    }),
  );
  // Nothing changes these parts of a stored avatar: every generated one shares the same frozen copies.
  const empty = Object.freeze({}) as Record<string, unknown>;
  const noListings = Object.freeze([]) as unknown as AvatarRecord['publishedListings'];
  const styles = Object.freeze({ primary: null, secondary: null, supplementary: Object.freeze([]) }) as unknown as AvatarRecord['styles'];
  const noPackageUrl = Object.freeze({ unityPackageUrl: '' });
  const first = data.avatars.length;
  let packageCount = 0;
  for (let i = 0; i < count; i++) {
    const author = users[Math.floor(random() * users.length)]!;
    const createdHour = Math.floor(random() * CREATED_HOURS);
    const created = hours[createdHour]!;
    const updated = hours[createdHour + Math.floor(random() * UPDATE_HOURS)]!;
    const r = random();
    const version = Math.floor(random() * UNITY_VERSIONS.length);
    const platformSet = i % PLATFORM_SETS.length;
    const platforms = PLATFORM_SETS[platformSet]!;
    const rank = Math.floor(random() * RATINGS.length);
    const rating = RATINGS[rank]!;
    const performance = performances[platformSet]![rank]!;
    // Mapped rather than pushed: a pushed-to array keeps room for 16 more.
    const unityPackages = platforms.map(
      (platform): UnityPackage => ({
        id: packagePrefix + (packageCount++).toString(16).padStart(12, '0'),
        platform,
        unityVersion: UNITY_VERSIONS[version]!,
        unitySortNumber: sortNumbers[version]!,
        assetVersion: 4,
        assetUrl: null,
        assetUrlObject: empty,
        created_at: created,
        impostorUrl: null,
        impostorizerVersion: '',
        performanceRating: rating,
        pluginUrl: '',
        pluginUrlObject: empty,
        scanStatus: 'passed',
        variant: 'standard',
        worldSignature: null,
      }),
    );
    const id = avatarPrefix + i.toString(16).padStart(12, '0');
    const avatar: AvatarRecord = {
      id,
      authorId: author.id,
      authorName: author.displayName,
      name: names[i % names.length]!,
      description: descriptions[i % descriptions.length]!,
      acknowledgements: '',
      activeAssetReviewId: '',
      assetUrl: '',
      assetUrlObject: empty,
      imageUrl: `https://assets.example.test/avatars/${id}.png`,
      thumbnailImageUrl: `https://assets.example.test/avatars/${id}-256.png`,
      listingDate: null,
      productId: '',
      releaseStatus: r < 0.85 ? 'public' : r < 0.95 ? 'private' : 'hidden',
      unityPackageUrl: '',
      unityPackageUrlObject: noPackageUrl,
      highestPrice: 0,
      lowestPrice: 0,
      version: 1 + Math.floor(random() * 20),
      featured: r > 0.98,
      lock: false,
      pendingUpload: false,
      searchable: true,
      created_at: created,
      updated_at: updated,
      performance,
      publishedListings: noListings,
      styles,
      tags: tagSets[i % tagSets.length]!,
      unityPackages,
      reportCount: r > 0.97 ? Math.floor(random() * 10) : 0,
      reportScore: 0,
    };
    data.avatars.push(avatar);
  }
  return planFavorites(random, data, first, count);
}

/** Favorites are added from 2025 on, a few hours apart, on the hour (of the avatars' hours: at most their last). */
function planFavorites(random: () => number, data: WorldData, first: number, count: number): FavoritesRecipe {
  // At most ten favorites per avatar on average, so a world with as many users as avatars stays small.
  const perUser = Math.max(1, Math.min(MAX_FAVORITES_PER_USER, count, Math.floor((10 * count) / data.users.length)));
  const favoritedFrom = (Date.parse('2025-01-01T00:00:00.000Z') - CREATED_FROM) / HOUR;
  const lastHour = CREATED_HOURS + UPDATE_HOURS - 1;
  const starts = new Int32Array(data.users.length + 1);
  const avatars = new Int32Array(data.users.length * perUser);
  const hours = new Int32Array(avatars.length);
  let next = 0;
  for (let user = 0; user < data.users.length; user++) {
    const wanted = 1 + Math.floor(random() * perUser);
    // This user's picks so far, distinct and in the order drawn, kept in place in `avatars`.
    const from = next;
    for (let attempts = 0; next - from < wanted && attempts < wanted * 4; attempts++) {
      // Squaring skews the picks to low indexes: a few avatars collect many favorites.
      const r = random();
      const pick = Math.floor(r * r * count);
      if (!includes(avatars, from, next, pick)) avatars[next++] = pick;
    }
    let at = favoritedFrom + Math.floor(random() * 300 * 24);
    for (let k = from; k < next; k++) {
      at += 1 + Math.floor(random() * 8);
      hours[k] = Math.min(at, lastHour);
    }
    starts[user + 1] = next;
  }
  return {
    userIds: data.users.map((user) => user.id),
    starts,
    avatarIds: data.avatars.slice(first, first + count).map((avatar) => avatar.id),
    avatars: avatars.slice(0, next),
    hours: hours.slice(0, next),
    firstHour: CREATED_FROM,
  };
}

function includes(values: Int32Array, from: number, to: number, value: number): boolean {
  for (let k = from; k < to; k++) if (values[k] === value) return true;
  return false;
}
