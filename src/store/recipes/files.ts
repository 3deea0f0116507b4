import { nonePart, type FileDataRecord, type FileRecord } from '../records/files.js';
import { countedId, countOfId } from '../ids.js';
import { isoTimes } from '../iso-times.js';

const FIRST_DAY = Date.UTC(2024, 0, 1);
/** Formats the files' times: `toISOString()` per record is too slow for a snapshot's 100k files. */
const iso = isoTimes();

/** A part's stored bytes (base64) and what the real service reports of them. */
export interface Payload {
  data: string;
  md5: string;
  sizeInBytes: number;
}

/**
 * What it takes to make a generated file again, in any order: file i depends on i alone. Plain data,
 * so a sandbox's data with it still clones and compares as data.
 */
export interface FilesRecipe {
  /** File i's id is idPrefix and i as 12 hex digits. */
  idPrefix: string;
  titles: string[];
  /** partFileName's stem of each title. */
  stems: string[];
  /** File i belongs to ownerIds[i % ownerIds.length]. */
  ownerIds: string[];
  count: number;
  png: Payload;
  bundle: Payload;
  signature: Payload;
}

// Nothing changes a stored file's tags in place: files with the same tags share one frozen array.
const [noTags, gallery, icon] = [[], ['gallery'], ['icon']].map((tags) => Object.freeze(tags) as string[]);

const part = (fileName: string, from: Payload): FileDataRecord => ({
  category: 'simple',
  fileName,
  md5: from.md5,
  sizeInBytes: from.sizeInBytes,
  status: 'complete',
  uploadId: '',
  url: '',
  data: from.data,
});

/**
 * File i: owned round-robin, version 0 and a complete version 1, four in five a PNG image (some
 * tagged gallery or icon), one in five an avatar package (.vrca). The same record whenever it is made.
 */
export function recipeFile(recipe: FilesRecipe, i: number): FileRecord {
  const avatar = i % 5 === 4;
  const title = recipe.titles[i % recipe.titles.length]!;
  const stem = avatar ? `Avatar-${recipe.stems[i % recipe.titles.length]}-Asset-bundle` : `${recipe.stems[i % recipe.titles.length]}-${i}`;
  // File i is created at minute i from FIRST_DAY and its version 1 uploaded five seconds later.
  const createdAt = FIRST_DAY + i * 60_000;
  const id = countedId(recipe.idPrefix, i);
  const extension = avatar ? '.vrca' : '.png';
  const fileName = `${stem}.${id}.1${extension}`;
  return {
    id,
    ownerId: recipe.ownerIds[i % recipe.ownerIds.length]!,
    name: avatar ? `Avatar - ${title} - Asset bundle` : `${title} ${i}`,
    extension,
    mimeType: avatar ? 'application/x-avatar' : 'image/png',
    tags: avatar ? noTags : i % 3 === 0 ? gallery : i % 3 === 1 ? icon : noTags,
    // One literal rather than pushes: a pushed-to array keeps room for 16 more.
    versions: [
      { created_at: iso.time(createdAt), status: 'complete', version: 0 },
      {
        created_at: iso.time(createdAt + 5_000),
        status: 'complete',
        version: 1,
        delta: nonePart(`${fileName}.delta`),
        file: part(fileName, avatar ? recipe.bundle : recipe.png),
        signature: part(`${fileName}.signature`, recipe.signature),
      },
    ],
  };
}

/** Which of the recipe's files the id names, if any. */
export const recipeFileNumber = (recipe: FilesRecipe, id: string) => countOfId(recipe.idPrefix, recipe.count, id);
