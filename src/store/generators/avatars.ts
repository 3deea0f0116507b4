import type { Faker } from '@faker-js/faker';
import { seededRandom, seededRandomAt } from '../random.js';
import type { SandboxData } from '../fixtures/fixtures.js';
import {
  CREATED_FROM,
  CREATED_HOURS,
  UPDATE_HOURS,
  avatarCount,
  hasReports,
  recipeAvatar,
  recipeFavorites,
  type AvatarsRecipe,
  type AvatarsRecipeParams,
} from '../recipes/avatars.js';
import type { SandboxDataWithRecipes } from '../recipes/recipes.js';

const HOUR = 3_600_000;
/** Most users favorite a few dozen avatars; the real client caps favorites in the hundreds. */
const MAX_FAVORITES_PER_USER = 100;

/**
 * Plans `count` seeded avatars authored by users of data.users, 85% public, 10% private, 5% hidden,
 * each with one package per platform of its set, and favorites among them for every user in
 * data.users: 1 to 100 each, fewer when there are many users (at most about ten favorites per avatar
 * on average), skewed so a few avatars are far more popular than the rest. Avatars and favorites
 * stay a recipe (`src/store/recipes/avatars.ts`) until a read needs them: an avatar by its id, a user's list.
 */
export function planAvatars(faker: Faker, data: SandboxData, count: number): void {
  const recipe = avatarsRecipe(faker, data, count);
  if (recipe) ((data as SandboxDataWithRecipes).avatarRecipes ??= []).push(recipe);
}

/** The same avatars and favorites as planAvatars, made at once and added to data.avatars and data.favorites. */
export function generateAvatars(faker: Faker, data: SandboxData, count: number): void {
  const recipe = avatarsRecipe(faker, data, count);
  if (!recipe) return;
  for (let i = 0; i < avatarCount(recipe); i++) data.avatars.push(recipeAvatar(recipe, i));
  for (let user = 0; user < recipe.userIds.length; user++) data.favorites.push(...recipeFavorites(recipe, user));
}

function avatarsRecipe(faker: Faker, data: SandboxData, count: number): AvatarsRecipe | undefined {
  const users = data.users;
  if (users.length === 0 || count <= 0) return undefined;
  const seed = faker.number.int({ max: 0xffffffff });
  const avatarPrefix = `avtr_${faker.string.uuid().slice(0, 24)}`;
  const packagePrefix = `unp_${faker.string.uuid().slice(0, 24)}`;
  const names = Array.from({ length: 128 }, () => `${faker.word.adjective()} ${faker.animal.type()}`.replace(/^./, (c) => c.toUpperCase()));
  const descriptions = Array.from({ length: 32 }, () => faker.lorem.sentence());
  return avatarsRecipeOf({
    seed,
    count,
    avatarPrefix,
    packagePrefix,
    names,
    descriptions,
    userIds: users.map((user) => user.id),
    userNames: users.map((user) => user.displayName),
  });
}

/** The recipe its parameters make: where each avatar's draws start and the favorites follow from them. */
export function avatarsRecipeOf(params: AvatarsRecipeParams): AvatarsRecipe {
  const { seed, count, ...rest } = params;
  // Where each avatar's draws start: seven each, and an eighth for an avatar with reports (its fourth draw says).
  const starts = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) starts[i + 1] = starts[i]! + (hasReports(seededRandomAt(seed, starts[i]! + 3)) ? 8 : 7);
  return {
    seed,
    starts,
    ...rest,
    // The favorites take the draws after the avatars'.
    ...planFavorites(seededRandom(seed, starts[count]), params.userIds.length, count),
  };
}

/** Favorites are added from 2025 on, a few hours apart, on the hour (of the avatars' hours: at most their last). */
function planFavorites(random: () => number, userCount: number, count: number) {
  // At most ten favorites per avatar on average, so a sandbox with as many users as avatars stays small.
  const perUser = Math.max(1, Math.min(MAX_FAVORITES_PER_USER, count, Math.floor((10 * count) / userCount)));
  const favoritedFrom = (Date.parse('2025-01-01T00:00:00.000Z') - CREATED_FROM) / HOUR;
  const lastHour = CREATED_HOURS + UPDATE_HOURS - 1;
  const starts = new Int32Array(userCount + 1);
  const avatars = new Int32Array(userCount * perUser);
  const hours = new Int32Array(avatars.length);
  let next = 0;
  for (let user = 0; user < userCount; user++) {
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
  return { favoriteStarts: starts, favoriteAvatars: avatars.slice(0, next), favoriteHours: hours.slice(0, next) };
}

function includes(values: Int32Array, from: number, to: number, value: number): boolean {
  for (let k = from; k < to; k++) if (values[k] === value) return true;
  return false;
}
