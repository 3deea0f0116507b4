import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/main/index.js';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { SandboxSettingsSchema } from '../../src/store/records/settings.js';
import { bin, register, tempDir } from '../support/db-cli.js';

/** A database file as this mock-api writes it, with the default world and alice's home world deleted. */
async function savedDb(): Promise<{ db: string; content: any }> {
  const db = join(tempDir(), 'state.json');
  const server = await startServer({ db });
  expect((await register(server.apiUrl, 'kimberly')).status).toBe(200);
  await server.close();
  return { db, content: JSON.parse(readFileSync(db, 'utf8')) };
}

function startOn(db: string) {
  return spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', db], { encoding: 'utf8', timeout: 15_000 });
}

const hostile: [string, (db: string, saved: any) => string | Buffer, RegExp][] = [
  ['null', () => 'null', /is not a mock-api database/],
  ['a number', () => '7', /is not a mock-api database/],
  ['an array', () => '[]', /is not a mock-api database/],
  ['bytes that are not UTF-8', () => Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), /is not UTF-8 text/],
  ['{"world": null}', (_, saved) => JSON.stringify({ ...saved, world: null }), /holds no world/],
  [
    'a world of records that is not an object',
    (_, saved) => JSON.stringify({ ...saved, world: { ...saved.world, data: 7 } }),
    /holds no world/,
  ],
  [
    '{"discovery": 7}',
    (_, saved) => JSON.stringify({ ...saved, world: { ...saved.world, discovery: 7 } }),
    /holds invalid state: discovery: /,
  ],
  [
    'a file upload of the wrong type',
    (_, saved) => JSON.stringify({ ...saved, world: { ...saved.world, fileBlobs: { $map: [['x', 3]] } } }),
    /holds invalid state: fileBlobs/,
  ],
  [
    'a user whose name is a number',
    (_, saved) => {
      saved.world.data.users[0].username = 12;
      return JSON.stringify(saved);
    },
    /holds an invalid record: users.json: \[0\]\.username: /,
  ],
  [
    'a group member of a missing group',
    (_, saved) => {
      saved.world.data.groupMembers[0].groupId = 'grp_00000000-0000-4000-8000-00000000dead';
      return JSON.stringify(saved);
    },
    /holds an invalid record: groupMembers.json: \[0\]\.groupId: .* names group grp_00000000-0000-4000-8000-00000000dead, which groups.json does not hold/,
  ],
  [
    'an open instance of a missing world',
    (_, saved) => {
      const open = saved.world.data.instances.find((instance: { closedAt: string | null }) => instance.closedAt === null);
      open.worldId = 'wrld_00000000-0000-4000-8000-00000000dead';
      return JSON.stringify(saved);
    },
    /holds an invalid record: instances.json: \[\d+\]\.worldId: .* names world wrld_00000000-0000-4000-8000-00000000dead, which worlds.json does not hold/,
  ],
];

describe('a hostile --db file', () => {
  it.each(hostile)(
    '%s: one line, exit code 2, the file left as it was',
    async (_, make, message) => {
      const { db, content } = await savedDb();
      const bytes = make(db, content);
      writeFileSync(db, bytes);
      const result = startOn(db);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^mock-api: [^\\n]*${message.source}[^\\n]*\\n$`));
      expect(readFileSync(db)).toEqual(Buffer.from(bytes));
    },
    20_000,
  );
});

describe('a --db file of an older shape', () => {
  it('reads settings it lacks with the defaults --fixtures gives', async () => {
    const { db, content } = await savedDb();
    content.world.data.settings = { signups: 'closed' };
    writeFileSync(db, JSON.stringify(content));
    const saved = await SandboxFile.read(db);
    expect(saved!.data.settings).toEqual(SandboxSettingsSchema.parse({ signups: 'closed' }));
  });

  it('starts from a file that holds records alone, with none of what later versions keep beside them', async () => {
    const { db, content } = await savedDb();
    content.world = { data: content.world.data };
    writeFileSync(db, JSON.stringify(content));
    const server = await startServer({ db });
    try {
      const login = await fetch(`${server.apiUrl}/auth/user`, {
        headers: { authorization: `Basic ${Buffer.from('kimberly:kimberly-password').toString('base64')}` },
      });
      expect(login.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('keeps the lock-out of a file whose settings lack it', async () => {
    const { db, content } = await savedDb();
    content.world.data.settings = {};
    writeFileSync(db, JSON.stringify(content));
    const server = await startServer({ db });
    try {
      const wrong = { authorization: `Basic ${Buffer.from('kimberly:wrong').toString('base64')}` };
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await fetch(`${server.apiUrl}/auth/user`, { headers: wrong })).status);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await server.close();
    }
  });
});
