import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../src/store/persistence/export-fixtures.js';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { readDb } from '../../src/store/persistence/db-read.js';
import { sandboxData, sandboxState } from '../../src/store/persistence/snapshot.js';
import { testSandbox } from '../support/helpers.js';

const missingGroup = 'grp_00000000-0000-4000-8000-00000000dead';
const missingUser = 'usr_00000000-0000-4000-8000-00000000dead';
const missingAvatar = 'avtr_00000000-0000-4000-8000-00000000dead';
const missingWorld = 'wrld_00000000-0000-4000-8000-00000000dead';

const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-api-file-checks-'));

/**
 * The default world as a fixtures directory (with its state.json) and as a --db file, each with `change`
 * made to its records (`data`) and state (`state`, as the files hold it), for the same check on both.
 */
async function bothFiles(change: (data: any, state: any) => void) {
  const { sandbox } = testSandbox();
  const dir = tempDir();
  writeFixtureDir(dir, sandboxData(sandbox), sandboxState(sandbox));
  const records = Object.fromEntries(
    ['users', 'favorites', 'settings'].map((name) => [name, JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'))]),
  );
  const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
  change(records, state.state);
  for (const [name, content] of Object.entries(records)) writeFileSync(join(dir, `${name}.json`), JSON.stringify(content));
  writeFileSync(join(dir, 'state.json'), JSON.stringify(state));

  const db = join(tempDir(), 'state.json');
  await new SandboxFile(db, () => sandbox).create();
  const saved = JSON.parse(readFileSync(db, 'utf8'));
  change(saved.world.data, saved.world);
  writeFileSync(db, JSON.stringify(saved));
  return {
    fixtures: () => readFixtureState(dir, readFixtureDir(dir)),
    db: () => readDb(db),
    dir,
    db_: db,
  };
}

describe('--fixtures and --db check their files alike', () => {
  it('refuse a favorite of a missing user', async () => {
    let favorite = '';
    const files = await bothFiles((data) => {
      data.favorites[0].userId = missingUser;
      favorite = data.favorites[0].id;
    });
    const problem = `favorites.json: [0].userId: ${favorite} names user ${missingUser}, which users.json does not hold`;
    expect(files.fixtures).toThrow(`${join(files.dir, problem)}`);
    expect(files.db).toThrow(`the database ${files.db_} holds an invalid record: ${problem}; it was left as it is`);
  });

  it('take a favorite of an avatar or world no longer there, as deleting either through the API leaves it', async () => {
    const files = await bothFiles((data) => {
      data.favorites[0] = { ...data.favorites[0], type: 'world', favoriteId: missingWorld };
      data.favorites[1] = { ...data.favorites[1], type: 'avatar', favoriteId: missingAvatar };
    });
    expect(files.fixtures).not.toThrow();
    expect(files.db).not.toThrow();
  });

  it('refuse an audit log of a missing group', async () => {
    const files = await bothFiles((_, state) => (state.groupExtras.groupAuditLogs = { $map: [[missingGroup, []]] }));
    const problem = `groupExtras.groupAuditLogs: the audit log of group ${missingGroup}, which groups.json does not hold`;
    expect(files.fixtures).toThrow(`${join(files.dir, 'state.json')}: state.${problem}`);
    expect(files.db).toThrow(`the database ${files.db_} holds invalid state: ${problem}; it was left as it is`);
  });

  it("refuse a string of a record one character longer than the world's maxTextLength", async () => {
    const files = await bothFiles((data) => {
      data.settings.maxTextLength = 200;
      data.users[0].bio = 'x'.repeat(201);
    });
    const problem = "users.json: [0].bio: must be at most 200 characters long (the world's maxTextLength setting)";
    expect(files.fixtures).toThrow(`${join(files.dir, problem)}`);
    expect(files.db).toThrow(`the database ${files.db_} holds an invalid record: ${problem}; it was left as it is`);
  });

  it("take a string of exactly the world's maxTextLength", async () => {
    const files = await bothFiles((data) => {
      data.settings.maxTextLength = 200;
      data.users[0].bio = 'x'.repeat(200);
    });
    expect(files.fixtures()!.groupExtras).toBeDefined();
    expect(readDb(files.db_)!.data.users[0]!.bio).toBe('x'.repeat(200));
  });
});
