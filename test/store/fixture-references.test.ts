import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'mock-api.cjs');
const missingGroup = 'grp_00000000-0000-4000-8000-00000000dead';
const missingAvatar = 'avtr_00000000-0000-4000-8000-00000000dead';

/** A copy of the default fixtures with one collection's records changed. */
function defaultsWith(collection: string, change: (records: any[]) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-refs-'));
  cpSync(defaultFixturesDir, dir, { recursive: true });
  const file = join(dir, `${collection}.json`);
  const records = JSON.parse(readFileSync(file, 'utf8'));
  change(records);
  writeFileSync(file, JSON.stringify(records, null, 2));
  return dir;
}

describe('fixture references', () => {
  it('refuse a member of a missing group, naming file, record and id', () => {
    const dir = defaultsWith('groupMembers', (members) => (members[0].groupId = missingGroup));
    expect(() => readFixtureDir(dir)).toThrow(
      `${join(dir, 'groupMembers.json')}: [0].groupId: ${readMember(dir)} names group ${missingGroup}, which groups.json does not hold`,
    );
  });

  it('refuse a favorite of a missing avatar', () => {
    const dir = defaultsWith('avatarFavorites', (favorites) => (favorites[0].avatarId = missingAvatar));
    expect(() => readFixtureDir(dir)).toThrow(`[0].avatarId: `);
    expect(() => readFixtureDir(dir)).toThrow(`avatar ${missingAvatar}, which avatars.json does not hold`);
  });

  it('refuse a reward code of a template no inventory item is made from', () => {
    const missing = 'invt_00000000-0000-4000-8000-00000000dead';
    const dir = defaultsWith('rewardCodes', (codes) => (codes[0].templateId = missing));
    expect(() => readFixtureDir(dir)).toThrow(
      `[0].templateId: names inventory template ${missing}, which inventoryItems.json does not hold`,
    );
  });

  it('refuse an instance of a missing world', () => {
    const dir = defaultsWith('instances', (instances) => (instances[0].worldId = 'wrld_00000000-0000-4000-8000-00000000dead'));
    expect(() => readFixtureDir(dir)).toThrow('which worlds.json does not hold');
  });

  it('make the CLI exit 2 with one line', () => {
    const dir = defaultsWith('groupMembers', (members) => (members[0].groupId = missingGroup));
    const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--fixtures', dir], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(missingGroup);
  });
});

describe('fixture files', () => {
  it('may start with a byte-order mark', () => {
    const dir = defaultsWith('groups', () => {});
    const file = join(dir, 'groups.json');
    writeFileSync(file, `\uFEFF${readFileSync(file, 'utf8')}`);
    expect(readFixtureDir(dir).groups.length).toBeGreaterThan(0);
  });

  it('report a bad token on one line', () => {
    const dir = defaultsWith('groups', () => {});
    writeFileSync(join(dir, 'groups.json'), '[\n  {\n    "id": x\n  }\n]\n');
    expect(() => readFixtureDir(dir)).toThrow(/^[^\n]*is not valid JSON[^\n]*$/);
  });
});

function readMember(dir: string): string {
  const member = JSON.parse(readFileSync(join(dir, 'groupMembers.json'), 'utf8'))[0];
  return member.id;
}
