import type { Faker } from '@faker-js/faker';
import { md5Base64, nonePart, partFileName, type FileDataRecord, type FileRecord } from '../schemas/files.js';
import type { WorldData } from './fixtures.js';

const MINUTE = 60_000;
const FIRST_CREATED = Date.UTC(2024, 0, 1);

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
  const idBase = faker.string.uuid().slice(0, 24);
  const words = Array.from({ length: 64 }, () => `${faker.word.adjective()} ${faker.word.noun()}`.replace(/^./, (c) => c.toUpperCase()));
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
  for (let i = 0; i < count; i++) {
    const avatar = i % 5 === 4;
    const title = words[i % words.length]!;
    const file: FileRecord = {
      id: `file_${idBase}${i.toString(16).padStart(12, '0')}`,
      ownerId: users[i % users.length]!.id,
      name: avatar ? `Avatar - ${title} - Asset bundle` : `${title} ${i}`,
      extension: avatar ? '.vrca' : '.png',
      mimeType: avatar ? 'application/x-avatar' : 'image/png',
      tags: avatar ? [] : i % 3 === 0 ? ['gallery'] : i % 3 === 1 ? ['icon'] : [],
      versions: [],
    };
    const created = FIRST_CREATED + i * MINUTE;
    const fileName = partFileName(file, 1, 'file');
    file.versions.push(
      { created_at: new Date(created).toISOString(), status: 'complete', version: 0 },
      {
        created_at: new Date(created + 5_000).toISOString(),
        status: 'complete',
        version: 1,
        delta: nonePart(`${fileName}.delta`),
        file: part(fileName, avatar ? bundle : png),
        signature: part(`${fileName}.signature`, signature),
      },
    );
    data.files.push(file);
  }
}
