import { Faker, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { FileRecordSchema, FileSchema } from '../../../src/store/records/files.js';
import { generateFiles, planFiles } from '../../../src/store/generators/files.js';
import { FileIndex } from '../../../src/store/indexes/files.js';
import { addGeneratedData, generatedKinds } from '../../../src/store/generators/generate.js';
import type { SandboxDataWithRecipes } from '../../../src/store/recipes/recipes.js';
import { defaultFixturesDir, readFixtureDir } from '../../../src/store/fixtures/fixture-dir.js';
import { emptySandboxData, type SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { expectShape, testSandbox } from '../../support/helpers.js';
import { download, md5Base64 } from '../../support/files-fixtures.js';

/** The default world's own files come first; the generated ones follow them. */
const FIXTURE_FILES = readFixtureDir(defaultFixturesDir).files.length;
const generated = (data: SandboxData, seed = 7, count = 50) => generateFiles(new Faker({ locale: [en], seed }), data, count);

describe('generateFiles', () => {
  it('makes files with versions 0 and 1 that pass the fixture schema, owned by existing users', () => {
    const t = testSandbox((data) => generated(data));
    const files = [...t.sandbox.files.values()].slice(FIXTURE_FILES);
    expect(files).toHaveLength(50);
    for (const file of files) {
      expect(FileRecordSchema.parse(file)).toEqual(file);
      expect(t.sandbox.users.has(file.ownerId)).toBe(true);
      expect(file.versions.map((v) => [v.version, v.status])).toEqual([
        [0, 'complete'],
        [1, 'complete'],
      ]);
    }
    expect(new Set(files.map((f) => f.mimeType))).toEqual(new Set(['image/png', 'application/x-avatar']));
  });

  it('gives the same records for the same seed', () => {
    const a = testSandbox((data) => generated(data, 3));
    const b = testSandbox((data) => generated(data, 3));
    expect([...a.sandbox.files.values()]).toEqual([...b.sandbox.files.values()]);
  });

  it('lists and downloads a generated file through the API, with bytes that match its md5', async () => {
    const t = testSandbox((data) => generated(data));
    const file = [...t.sandbox.files.values()].find((f) => t.sandbox.users.get(f.ownerId)!.username === 'bob')!;
    const cookie = await t.login('bob');
    const listed = expectShape(FileSchema.array(), (await t.call('GET', '/files?n=100', { cookie })).body);
    expect(listed.map((f) => f.id)).toContain(file.id);
    const got = await download(t, cookie, `/file/${file.id}/1`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe(file.mimeType);
    expect(md5Base64(got.bytes)).toBe(file.versions[1]!.file!.md5);
  });

  it('indexes planned files as it indexes the same files made at once, by id, by owner and in order', () => {
    const withUsers = (fill: (faker: Faker, data: SandboxData) => void) => {
      const data = emptySandboxData();
      addGeneratedData(data, 5, { ...Object.fromEntries(generatedKinds.map((kind) => [kind, 0])), users: 7 });
      fill(new Faker({ locale: [en], seed: 5 }), data);
      return data;
    };
    const made = withUsers((faker, data) => generateFiles(faker, data, 40));
    const planned: SandboxDataWithRecipes = withUsers((faker, data) => planFiles(faker, data, 40));
    expect(planned.files).toHaveLength(0);
    const eager = new FileIndex(made.files);
    const lazy = new FileIndex(planned.files, planned.filesRecipes);
    const [owner, other] = [made.users[2]!.id, made.users[5]!.id];
    expect(lazy.ownedBy(owner)).toEqual(eager.ownedBy(owner));
    const file = made.files[12]!;
    expect(lazy.get(file.id)).toEqual(file);
    expect(lazy.get(file.id)).toBe(lazy.get(file.id));
    expect(lazy.get(file.id.toUpperCase())).toBeUndefined();
    expect(lazy.get(`${file.id.slice(0, -2)}ff`)).toBeUndefined();
    const added = { ...file, id: 'file_00000000-0000-4000-8000-00000000beef', ownerId: other, versions: [file.versions[0]!] };
    for (const index of [eager, lazy]) index.add(structuredClone(added));
    expect(lazy.ownedBy(other).at(-1)!.id).toBe(added.id);
    expect(lazy.ownedBy(other)).toEqual(eager.ownedBy(other));
    expect([...lazy.values()]).toEqual([...eager.values()]);
  });
});
