import type { Faker } from '@faker-js/faker';
import { md5Base64, nonePart, type FileDataRecord } from '../schemas/files.js';
import type { WorldData } from './fixtures.js';

const DAY_MINUTES = 1440;
const FIRST_DAY = Date.UTC(2024, 0, 1);
/** `HH:MM:SS.000Z` for each minute of a day at the given second: formatting dates per record is too slow for 1M. */
const timesOfDay = (second: string) =>
  Array.from({ length: DAY_MINUTES }, (_, m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}:${second}.000Z`);
const pad = (n: number) => String(n).padStart(2, '0');

/** A 1x1 PNG: every generated image downloads as a real, tiny picture. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const BUNDLE = Buffer.from('UnityFS generated asset bundle').toString('base64');
const SIGNATURE = Buffer.from('rsync-signature: generated').toString('base64');

const payload = (data: string) => {
  const bytes = Buffer.from(data, 'base64');
  return { data, md5: md5Base64(bytes), sizeInBytes: bytes.length };
};

/**
 * Adds `count` seeded files owned round-robin by data.users, each with version 0 and a complete
 * version 1: four in five are PNG images (some tagged gallery or icon), one in five an avatar
 * package (.vrca). Parts share a few tiny payloads, so downloads work at any count.
 */
export function generateFiles(faker: Faker, data: WorldData, count: number): void {
  const users = data.users;
  if (users.length === 0 || count <= 0) return;
  const idPrefix = `file_${faker.string.uuid().slice(0, 24)}`;
  const titles = Array.from({ length: 64 }, () => `${faker.word.adjective()} ${faker.word.noun()}`.replace(/^./, (c) => c.toUpperCase()));
  // partFileName's stem of each title, worked out once rather than per record.
  const stems = titles.map((title) => title.replace(/[^A-Za-z0-9]+/g, '-'));
  const created = timesOfDay('00');
  const uploaded = timesOfDay('05');
  let day = '';
  const png = payload(PNG);
  const bundle = payload(BUNDLE);
  const signature = payload(SIGNATURE);
  const part = (fileName: string, from: typeof png): FileDataRecord => ({
    category: 'simple',
    fileName,
    md5: from.md5,
    sizeInBytes: from.sizeInBytes,
    status: 'complete',
    uploadId: '',
    url: '',
    data: from.data,
  });
  // Nothing changes a stored file's tags in place: files with the same tags share one frozen array.
  const [noTags, gallery, icon] = [[], ['gallery'], ['icon']].map((tags) => Object.freeze(tags) as string[]);
  for (let i = 0; i < count; i++) {
    const avatar = i % 5 === 4;
    const title = titles[i % titles.length]!;
    const stem = avatar ? `Avatar-${stems[i % titles.length]}-Asset-bundle` : `${stems[i % titles.length]}-${i}`;
    const minute = i % DAY_MINUTES;
    if (minute === 0 || day === '') day = new Date(FIRST_DAY + Math.floor(i / DAY_MINUTES) * 86_400_000).toISOString().slice(0, 11);
    const id = idPrefix + i.toString(16).padStart(12, '0');
    const extension = avatar ? '.vrca' : '.png';
    const fileName = `${stem}.${id}.1${extension}`;
    data.files.push({
      id,
      ownerId: users[i % users.length]!.id,
      name: avatar ? `Avatar - ${title} - Asset bundle` : `${title} ${i}`,
      extension,
      mimeType: avatar ? 'application/x-avatar' : 'image/png',
      tags: avatar ? noTags : i % 3 === 0 ? gallery : i % 3 === 1 ? icon : noTags,
      // One literal rather than pushes: a pushed-to array keeps room for 16 more.
      versions: [
        { created_at: day + created[minute], status: 'complete', version: 0 },
        {
          created_at: day + uploaded[minute],
          status: 'complete',
          version: 1,
          delta: nonePart(`${fileName}.delta`),
          file: part(fileName, avatar ? bundle : png),
          signature: part(`${fileName}.signature`, signature),
        },
      ],
    });
  }
}
