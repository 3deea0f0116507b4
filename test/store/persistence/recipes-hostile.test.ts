import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addGeneratedData } from '../../../src/store/generators/generate.js';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import { testSandbox } from '../../support/helpers.js';
import { bin, tempDir } from '../../support/db-cli.js';

const MISSING_USER = 'usr_00000000-0000-4000-8000-00000000dead';
const MISSING_GROUP = 'grp_00000000-0000-4000-8000-00000000dead';

/** A database file of a seeded world as this mock-api writes it: its generated collections are recipes. */
async function savedDb(): Promise<{ db: string; content: any }> {
  const t = testSandbox((data) => addGeneratedData(data, 3, { users: 20, groups: 5, calendarEvents: 100, avatars: 30, files: 10 }));
  const db = join(tempDir(), 'state.json');
  const file = new SandboxFile(db, () => t.sandbox);
  await file.create();
  await file.close();
  return { db, content: JSON.parse(readFileSync(db, 'utf8')) };
}

const change = (edit: (data: any) => void) => (saved: any) => {
  edit(saved.world.data);
  return JSON.stringify(saved);
};

const hostile: [string, (saved: any) => string, RegExp][] = [
  ['calendar recipes that are not a list', change((data) => (data.calendarRecipes = {})), /holds invalid recipes: calendarRecipes: /],
  [
    'an event count that is text',
    change((data) => (data.calendarRecipes[0].count = 'many')),
    /holds invalid recipes: calendarRecipes\[0\]\.count: /,
  ],
  ['a trillion events', change((data) => (data.calendarRecipes[0].count = 1e12)), /holds invalid recipes: calendarRecipes\[0\]\.count: /],
  [
    'no events a month',
    change((data) => (data.calendarRecipes[0].perMonth = 0)),
    /holds invalid recipes: calendarRecipes\[0\]\.perMonth: /,
  ],
  [
    'more events than the groups hold',
    change((data) => (data.calendarRecipes[0].perGroup = 1)),
    /calendarRecipes\[0\]: has more events than its groups hold/,
  ],
  [
    'events past the year 9999',
    change((data) => (data.calendarRecipes[0].firstYear = 9999)),
    /calendarRecipes\[0\]: has events past the year 9999/,
  ],
  [
    'events of a missing group',
    change((data) => (data.calendarRecipes[0].groupIds[0] = MISSING_GROUP)),
    /holds invalid recipes: calendarRecipes\[0\]\.groupIds\[0\]: names group grp_00000000-0000-4000-8000-00000000dead, which groups.json does not hold/,
  ],
  [
    'avatars of a missing user',
    change((data) => (data.avatarRecipes[0].userIds[1] = MISSING_USER)),
    /holds invalid recipes: avatarRecipes\[0\]\.userIds\[1\]: names user usr_00000000-0000-4000-8000-00000000dead, which users.json does not hold/,
  ],
  [
    'avatar authors without names',
    change((data) => (data.avatarRecipes[0].userNames = [])),
    /avatarRecipes\[0\]: has not one name per user/,
  ],
  [
    'files of a missing owner',
    change((data) => (data.filesRecipes[0].ownerIds[0] = MISSING_USER)),
    /holds invalid recipes: filesRecipes\[0\]\.ownerIds\[0\]: names user usr_00000000-0000-4000-8000-00000000dead/,
  ],
  [
    'file bytes that are not base64',
    change((data) => (data.filesRecipes[0].png.data = '%%%')),
    /holds invalid recipes: filesRecipes\[0\]\.png\.data: /,
  ],
  ['gone records that are not a list', change((data) => (data.recipeEdits = { gone: 7 })), /holds invalid recipes: recipeEdits\.gone: /],
  ['recipe edits that are null', change((data) => (data.recipeEdits = null)), /holds invalid recipes: recipeEdits: /],
];

describe('a --db file with a hostile recipe part', () => {
  it.each(hostile)(
    '%s: one line, exit code 2, the file left as it was',
    async (_, make, message) => {
      const { db, content } = await savedDb();
      const bytes = make(content);
      writeFileSync(db, bytes);
      const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', db], { encoding: 'utf8', timeout: 15_000 });
      expect(result.stderr).toMatch(new RegExp(`^mock-api: [^\\n]*${message.source}[^\\n]*\\n$`));
      expect(result.status).toBe(2);
      expect(readFileSync(db, 'utf8')).toBe(bytes);
    },
    20_000,
  );
});
