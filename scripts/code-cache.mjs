// Run by scripts/build.ts in a plain `node`, since V8 only takes a code cache made under the same
// flags: starts the bundled CLI as `mock-api start` does, makes a client's first calls, and keeps the
// code V8 compiled meanwhile as dist/mock-api.code-cache for later start-ups to load instead of compiling.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { codeCacheFile, loadBundle } = createRequire(import.meta.url)('../dist/boot.cjs');
const { bundle, script } = loadBundle({ useCodeCache: false });
const server = await bundle.main(['node', 'mock-api', 'start', '--port', '0', '--quiet']);
if (!server) throw new Error('mock-api start did not start');
const alice = `Basic ${Buffer.from('alice:alice-password').toString('base64')}`;
const login = await fetch(`${server.url}/auth/user`, { headers: { authorization: alice } });
if (login.status !== 200) throw new Error(`the warm-up login answered ${login.status}`);
const cookie = login.headers.getSetCookie()[0].split(';')[0];
await (await fetch(`${server.url}/auth/user`, { headers: { cookie } })).text();
await server.close();
writeFileSync(codeCacheFile, script.createCachedData());
