import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readDb } from '../../src/store/persistence/db-read.js';
import { registrationBody } from './registration.js';

/** The built CLI (`npm run build` first). */
export const bin = join(import.meta.dirname, '..', '..', 'bin', 'mock-api.cjs');

export const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-api-db-'));

export const registration = (username: string) =>
  registrationBody({
    username,
    password: `${username}-password`,
    email: `${username}@example.test`,
    acceptedTOSVersion: 7,
    captchaCode: 'x',
    month: '2',
    year: '1990',
  });

export function register(apiUrl: string, username: string) {
  return fetch(`${apiUrl}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration(username)),
  });
}

/** `mock-api start --port 0 --quiet ...args`; `url` resolves with the API's URL once it listens. */
export function startCli(args: string[]) {
  const child = spawn(process.execPath, [bin, 'start', '--port', '0', '--quiet', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(/listening on (\S+)/.exec(line)![1]!));
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  return { child, url, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)) };
}

/** The usernames a database file holds with its log, read as a start reads them. */
export function savedUsernames(db: string): Set<string> {
  return new Set(readDb(db)!.data.users.map((user) => user.username));
}
