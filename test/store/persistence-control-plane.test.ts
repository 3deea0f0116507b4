import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { register, startCli, tempDir } from '../support/db-cli.js';

const canLogIn = async (apiUrl: string, username: string) =>
  (await fetch(`${apiUrl}/auth/user`, { headers: { authorization: encodeBasic(username, `${username}-password`) } })).status === 200;

const control = (apiUrl: string, method: string, path: string, body?: unknown) =>
  fetch(`${apiUrl.replace(/\/api\/1$/, '')}/_mock${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const putUser = (username: string) => ({
  id: 'usr_c0a70000-0000-4000-8000-00000000c001',
  username,
  displayName: username,
  password: `${username}-password`,
  email: `${username}@example.test`,
});

/**
 * Starts the built CLI on `db`, runs `arrange` and then `write` (a control-plane write whose answer must be 2xx),
 * kills the server with SIGKILL in the tick its answer arrives, and hands a restarted server's API URL to `check`.
 */
async function killedAfter(
  write: (apiUrl: string) => Promise<Response>,
  check: (apiUrl: string) => Promise<void>,
  arrange: (apiUrl: string) => Promise<void> = async () => {},
  db = join(tempDir(), 'state.json'),
) {
  const first = startCli(['--db', db]);
  const apiUrl = await first.url;
  await arrange(apiUrl);
  const answer = await write(apiUrl);
  first.child.kill('SIGKILL');
  expect(answer.status).toBe(200);
  await first.exited;
  const second = startCli(['--db', db]);
  try {
    await check(await second.url);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}

describe('--db keeps a control-plane write answered just before a SIGKILL', () => {
  it('POST /_mock/reset: the restart shows the starting world, not the one before the reset', async () => {
    await killedAfter(
      (apiUrl) => control(apiUrl, 'POST', '/reset'),
      async (apiUrl) => expect(await canLogIn(apiUrl, 'gone-by-reset')).toBe(false),
      async (apiUrl) => void expect((await register(apiUrl, 'gone-by-reset')).status).toBe(200),
    );
  });

  it('POST /_mock/reset then an API write: the restart shows the reset world with that write, not the world before the reset', async () => {
    await killedAfter(
      async (apiUrl) => {
        expect((await control(apiUrl, 'POST', '/reset')).status).toBe(200);
        return register(apiUrl, 'after-reset');
      },
      async (apiUrl) => {
        expect(await canLogIn(apiUrl, 'after-reset')).toBe(true);
        expect(await canLogIn(apiUrl, 'gone-by-reset')).toBe(false);
      },
      async (apiUrl) => void expect((await register(apiUrl, 'gone-by-reset')).status).toBe(200),
    );
  });

  it('POST /_mock/restore: the restart shows the world as the snapshot held it', async () => {
    await killedAfter(
      (apiUrl) => control(apiUrl, 'POST', '/restore'),
      async (apiUrl) => {
        expect(await canLogIn(apiUrl, 'before-snapshot')).toBe(true);
        expect(await canLogIn(apiUrl, 'gone-by-restore')).toBe(false);
      },
      async (apiUrl) => {
        expect((await register(apiUrl, 'before-snapshot')).status).toBe(200);
        expect((await control(apiUrl, 'POST', '/snapshot')).status).toBe(200);
        expect((await register(apiUrl, 'gone-by-restore')).status).toBe(200);
      },
    );
  });

  it('PUT /_mock/records/users (records.put): the restart holds the record put', async () => {
    await killedAfter(
      (apiUrl) => control(apiUrl, 'PUT', '/records/users', putUser('put-by-control')),
      async (apiUrl) => expect(await canLogIn(apiUrl, 'put-by-control')).toBe(true),
    );
  });

  it('DELETE /_mock/records/users/{id} (records.delete): the restart no longer holds the record', async () => {
    // The record is in the file before the server that deletes it starts: a clean stop writes it whole.
    const db = join(tempDir(), 'state.json');
    const earlier = startCli(['--db', db]);
    expect((await control(await earlier.url, 'PUT', '/records/users', putUser('deleted-by-control'))).status).toBe(200);
    earlier.child.kill('SIGTERM');
    expect(await earlier.exited).toBe(0);
    await killedAfter(
      (apiUrl) => control(apiUrl, 'DELETE', `/records/users/${putUser('deleted-by-control').id}`),
      async (apiUrl) => expect(await canLogIn(apiUrl, 'deleted-by-control')).toBe(false),
      async (apiUrl) => expect(await canLogIn(apiUrl, 'deleted-by-control')).toBe(true),
      db,
    );
  });

  it('POST /_mock/worlds with fixtures: the default world keeps every write answered before it', async () => {
    await killedAfter(
      (apiUrl) => control(apiUrl, 'POST', '/worlds', { fixtures: { users: [putUser('only-in-the-arranged-world')] } }),
      async (apiUrl) => {
        expect(await canLogIn(apiUrl, 'before-arrange')).toBe(true);
        // Isolated worlds are not saved (docs/cli.md): the arranged records never reach the default world's file.
        expect(await canLogIn(apiUrl, 'only-in-the-arranged-world')).toBe(false);
      },
      async (apiUrl) => void expect((await register(apiUrl, 'before-arrange')).status).toBe(200),
    );
  });
});
