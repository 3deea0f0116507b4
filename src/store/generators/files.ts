import type { Faker } from '@faker-js/faker';
import { md5Base64 } from '../records/files.js';
import type { SandboxData } from '../fixtures/fixtures.js';
import { recipeFile, type FilesRecipe, type Payload } from '../recipes/files.js';
import type { SandboxDataWithRecipes } from '../recipes/recipes.js';

/** A 1x1 PNG: every generated image downloads as a real, tiny picture. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const BUNDLE = Buffer.from('UnityFS generated asset bundle').toString('base64');
const SIGNATURE = Buffer.from('rsync-signature: generated').toString('base64');

const payload = (data: string): Payload => {
  const bytes = Buffer.from(data, 'base64');
  return { data, md5: md5Base64(bytes), sizeInBytes: bytes.length };
};

/**
 * Plans `count` seeded files owned round-robin by data.users, each with version 0 and a complete
 * version 1: four in five are PNG images (some tagged gallery or icon), one in five an avatar
 * package (.vrca). Parts share a few tiny payloads, so downloads work at any count. The files stay
 * a recipe (`src/store/recipes/files.ts`) until a read needs one: by its id, or its owner's list.
 */
export function planFiles(faker: Faker, data: SandboxData, count: number): void {
  const recipe = filesRecipe(faker, data, count);
  if (recipe) ((data as SandboxDataWithRecipes).filesRecipes ??= []).push(recipe);
}

/** The same files as planFiles, made at once and added to data.files. */
export function generateFiles(faker: Faker, data: SandboxData, count: number): void {
  const recipe = filesRecipe(faker, data, count);
  if (recipe) for (let i = 0; i < recipe.count; i++) data.files.push(recipeFile(recipe, i));
}

function filesRecipe(faker: Faker, data: SandboxData, count: number): FilesRecipe | undefined {
  if (data.users.length === 0 || count <= 0) return undefined;
  const idPrefix = `file_${faker.string.uuid().slice(0, 24)}`;
  const titles = Array.from({ length: 64 }, () => `${faker.word.adjective()} ${faker.word.noun()}`.replace(/^./, (c) => c.toUpperCase()));
  return {
    idPrefix,
    titles,
    stems: titles.map((title) => title.replace(/[^A-Za-z0-9]+/g, '-')),
    ownerIds: data.users.map((user) => user.id),
    count,
    png: payload(PNG),
    bundle: payload(BUNDLE),
    signature: payload(SIGNATURE),
  };
}
