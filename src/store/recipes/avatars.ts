import { seededRandomAt } from '../random.js';
import type { AvatarRecord } from '../records/avatars.js';
import type { FavoriteRecord } from '../records/favorites.js';
import { avatarGroupOf } from '../records/favorite-limits.js';
import { unitySortNumber, type UnityPackage } from '../records/unity-package.js';
import { countedId, countOfId } from '../ids.js';

const HOUR = 3_600_000;
/** Avatars are created on the hour within three years from here, and updated up to 90 days later. */
export const CREATED_FROM = Date.parse('2023-01-01T00:00:00.000Z');
export const CREATED_HOURS = 3 * 365 * 24;
export const UPDATE_HOURS = 90 * 24;
const UNITY_VERSIONS = ['2019.4.31f1', '2022.3.6f1', '2022.3.22f1'];
const SORT_NUMBERS = UNITY_VERSIONS.map((version) => unitySortNumber(version)!);
const PLATFORM_SETS = [
  ['standalonewindows'],
  ['standalonewindows', 'android'],
  ['standalonewindows', 'android', 'ios'],
  ['android', 'ios'],
];
/** How many packages the avatars of one round of PLATFORM_SETS come before: avatar i's first is 8 * (i / 4) + this. */
const PACKAGES_BEFORE = [0, 1, 3, 6];
const RATINGS = ['Excellent', 'Good', 'Medium', 'Poor', 'VeryPoor'] as const;
const TAG_WORDS = ['cute', 'fox', 'robot', 'cat', 'anime', 'furry', 'knight', 'ghost', 'pixel', 'dragon', 'toon', 'realistic'];

// Nothing changes these parts of a stored avatar: every generated one shares the same frozen copies.
const TAG_SETS = Array.from({ length: 32 }, (_, i) =>
  Object.freeze([`author_tag_${TAG_WORDS[i % TAG_WORDS.length]}`, `author_tag_${TAG_WORDS[(i * 5 + 3) % TAG_WORDS.length]}`]),
) as unknown as string[][];
/** One performance object per platform set and rating. */
const PERFORMANCES = PLATFORM_SETS.map((platforms) =>
  RATINGS.map((rating, rank) => {
    const performance: Record<string, string | number> = {};
    for (const platform of platforms) {
      performance[platform] = rating;
      performance[`${platform}-sort`] = rank + 1;
    }
    return Object.freeze(performance) as AvatarRecord['performance'];
  }),
);
const EMPTY = Object.freeze({}) as Record<string, unknown>;
const NO_LISTINGS = Object.freeze([]) as unknown as AvatarRecord['publishedListings'];
const STYLES = Object.freeze({ primary: null, secondary: null, supplementary: Object.freeze([]) }) as unknown as AvatarRecord['styles'];
const NO_PACKAGE_URL = Object.freeze({ unityPackageUrl: '' });

/**
 * What it takes to make generated avatars and their favorites again, one at a time and in any order:
 * 100k avatars and 500k favorites cost a few typed arrays and strings until reads need them. Plain
 * data, so a sandbox's data with it still clones and compares as data.
 */
export interface AvatarsRecipe {
  /** Avatar i takes the draws from starts[i] of seededRandom(seed): seven, or eight when it has reports. */
  seed: number;
  starts: Int32Array;
  avatarPrefix: string;
  packagePrefix: string;
  names: string[];
  descriptions: string[];
  /** The users when the avatars were made: authors are drawn among them, and they hold the favorites. */
  userIds: string[];
  userNames: string[];
  /** User u's favorites are [favoriteStarts[u], favoriteStarts[u + 1]): which avatar, and at which hour from CREATED_FROM. */
  favoriteStarts: Int32Array;
  favoriteAvatars: Int32Array;
  favoriteHours: Int32Array;
}

/** What makes a recipe whole again (see avatarsRecipeOf): the rest follows from the seed and the counts. */
export type AvatarsRecipeParams = Pick<
  AvatarsRecipe,
  'seed' | 'avatarPrefix' | 'packagePrefix' | 'names' | 'descriptions' | 'userIds' | 'userNames'
> & {
  count: number;
};

/** The parameters a database file keeps of a recipe. */
export function avatarsRecipeParams(recipe: AvatarsRecipe): AvatarsRecipeParams {
  const { seed, avatarPrefix, packagePrefix, names, descriptions, userIds, userNames } = recipe;
  return { seed, count: avatarCount(recipe), avatarPrefix, packagePrefix, names, descriptions, userIds, userNames };
}

/** How many avatars the recipe makes. */
export const avatarCount = (recipe: AvatarsRecipe) => recipe.starts.length - 1;

/** Which of the recipe's avatars the id names, if any. */
export const recipeAvatarNumber = (recipe: AvatarsRecipe, id: string) => countOfId(recipe.avatarPrefix, avatarCount(recipe), id);

/** Texts made once and shared by every record that holds them, as made-at-once generators always did. */
const hourTexts = new Map<number, string>();
const idTexts = new WeakMap<AvatarsRecipe, string[]>();

function hourText(hour: number): string {
  let text = hourTexts.get(hour);
  if (text === undefined) hourTexts.set(hour, (text = new Date(CREATED_FROM + hour * HOUR).toISOString()));
  return text;
}

function avatarId(recipe: AvatarsRecipe, avatar: number): string {
  let ids = idTexts.get(recipe);
  if (!ids) idTexts.set(recipe, (ids = []));
  return (ids[avatar] ??= countedId(recipe.avatarPrefix, avatar));
}

/**
 * Avatar i: authored by one of the users, 85% public, 10% private, 5% hidden, with one package per
 * platform of its set. The same record whenever it is made.
 */
export function recipeAvatar(recipe: AvatarsRecipe, i: number): AvatarRecord {
  const from = recipe.starts[i]!;
  const draw = (k: number) => seededRandomAt(recipe.seed, from + k);
  const author = recipeAvatarAuthor(recipe, i);
  const createdHour = Math.floor(draw(1) * CREATED_HOURS);
  const created = hourText(createdHour);
  const updated = hourText(createdHour + Math.floor(draw(2) * UPDATE_HOURS));
  const r = draw(3);
  const version = Math.floor(draw(4) * UNITY_VERSIONS.length);
  const platformSet = i % PLATFORM_SETS.length;
  const rank = Math.floor(draw(5) * RATINGS.length);
  const rating = RATINGS[rank]!;
  const firstPackage = 8 * Math.floor(i / PLATFORM_SETS.length) + PACKAGES_BEFORE[platformSet]!;
  // Mapped rather than pushed: a pushed-to array keeps room for 16 more.
  const unityPackages = PLATFORM_SETS[platformSet]!.map((platform, p): UnityPackage => ({
    id: countedId(recipe.packagePrefix, firstPackage + p),
    platform,
    unityVersion: UNITY_VERSIONS[version]!,
    unitySortNumber: SORT_NUMBERS[version]!,
    assetVersion: 4,
    assetUrl: null,
    assetUrlObject: EMPTY,
    created_at: created,
    impostorUrl: null,
    impostorizerVersion: '',
    performanceRating: rating,
    pluginUrl: '',
    pluginUrlObject: EMPTY,
    scanStatus: 'passed',
    variant: 'standard',
    worldSignature: null,
  }));
  const id = avatarId(recipe, i);
  return {
    id,
    authorId: recipe.userIds[author]!,
    authorName: recipe.userNames[author]!,
    name: recipe.names[i % recipe.names.length]!,
    description: recipe.descriptions[i % recipe.descriptions.length]!,
    acknowledgements: '',
    activeAssetReviewId: '',
    assetUrl: '',
    assetUrlObject: EMPTY,
    imageUrl: `https://assets.example.test/avatars/${id}.png`,
    thumbnailImageUrl: `https://assets.example.test/avatars/${id}-256.png`,
    listingDate: null,
    productId: '',
    releaseStatus: r < 0.85 ? 'public' : r < 0.95 ? 'private' : 'hidden',
    unityPackageUrl: '',
    unityPackageUrlObject: NO_PACKAGE_URL,
    highestPrice: 0,
    lowestPrice: 0,
    version: 1 + Math.floor(draw(6) * 20),
    featured: r > 0.98,
    lock: false,
    pendingUpload: false,
    searchable: true,
    created_at: created,
    updated_at: updated,
    performance: PERFORMANCES[platformSet]![rank]!,
    publishedListings: NO_LISTINGS,
    styles: STYLES,
    tags: TAG_SETS[i % TAG_SETS.length]!,
    unityPackages,
    reportCount: hasReports(r) ? Math.floor(draw(7) * 10) : 0,
    reportScore: 0,
  };
}

/** Which of the recipe's users authored avatar i (its first draw), without making the avatar. */
export const recipeAvatarAuthor = (recipe: AvatarsRecipe, i: number) =>
  Math.floor(seededRandomAt(recipe.seed, recipe.starts[i]!) * recipe.userIds.length);

/** Whether an avatar whose fourth draw is `r` has reports, and so takes an eighth draw. */
export const hasReports = (r: number) => r > 0.97;

/** The avatar groups as one-name tag lists, shared by every generated favorite in them. */
const GROUP_TAGS = new Map<string, string[]>();

function groupTags(n: number): string[] {
  const name = avatarGroupOf(n);
  let tags = GROUP_TAGS.get(name);
  if (!tags) GROUP_TAGS.set(name, (tags = Object.freeze([name]) as unknown as string[]));
  return tags;
}

/**
 * User u's favorites, oldest first, filling the avatar groups in order; the same records whenever
 * they are made. Favorite k of the recipe has the id countedId(`fvrt_` and the avatars' seeded part, k).
 */
export function recipeFavorites(recipe: AvatarsRecipe, user: number): FavoriteRecord[] {
  const favorites: FavoriteRecord[] = [];
  const from = recipe.favoriteStarts[user]!;
  const prefix = `fvrt_${recipe.avatarPrefix.slice('avtr_'.length)}`;
  for (let k = from; k < recipe.favoriteStarts[user + 1]!; k++) {
    favorites.push({
      id: countedId(prefix, k),
      userId: recipe.userIds[user]!,
      type: 'avatar',
      favoriteId: avatarId(recipe, recipe.favoriteAvatars[k]!),
      tags: groupTags(k - from),
      created_at: hourText(recipe.favoriteHours[k]!),
    });
  }
  return favorites;
}
