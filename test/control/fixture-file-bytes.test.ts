import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { defaultMaxMemory, LIMITS, setMemoryBudget, shareOf } from '../../src/limits.js';
import { uploadBytesOfProcess } from '../../src/store/upload-bytes.js';
import { control } from '../support/control-helpers.js';
import { ids, testSandbox, type TestSandbox } from '../support/helpers.js';
import { parseFixtures } from '../../src/store/fixtures/fixtures.js';

const FILE_ID = 'file_b0d9e700-0000-4000-8000-000000000001';
const HELD_ID = 'file_b0d9e700-0000-4000-8000-000000000002';

/** A file of alice's whose version 1 gives `size` bytes inline, as fixture files may. */
const fileWithBytes = (size: number, id = FILE_ID) => ({
  id,
  ownerId: ids.alice,
  name: 'Inline bytes',
  extension: '.png',
  mimeType: 'image/png',
  versions: [
    { created_at: '2026-01-01T00:00:00.000Z', status: 'complete', version: 0 },
    { created_at: '2026-01-01T00:00:01.000Z', status: 'complete', version: 1, file: { data: Buffer.alloc(size, 7).toString('base64') } },
  ],
});

/**
 * A budget whose upload share is 1 MiB, and worlds whose fixtures already hold 400 KiB of it: what is
 * left fits in a request body, and the share for bodies being read (a quarter too) takes it.
 */
const sandboxes: TestSandbox[] = [];
function world() {
  setMemoryBudget(1024 * 1024 * 4);
  const t = testSandbox((data) => void data.files.push(parseFixtures({ files: [fileWithBytes(400 * 1024, HELD_ID)] }).files[0]!));
  sandboxes.push(t);
  return t;
}
afterEach(() => {
  for (const t of sandboxes.splice(0)) t.deps.sandboxes.close();
  setMemoryBudget(defaultMaxMemory());
});

const share = () => shareOf(LIMITS.uploadShare);
const full = (bytes: number) => messages.fixtureBytesProcessFull(bytes, share());

describe("fixture files' inline bytes against the process's share for uploads", () => {
  /** Bytes a new file may give inline in an arranged world, which holds the source's fixture bytes too. */
  const roomInNewWorld = (t: TestSandbox) => share() - uploadBytesOfProcess() - t.sandbox.fixtureFileBytes;

  it('refuse with 413 a world arranged with more bytes than the share has room for, and make no world', async () => {
    const t = world();
    const room = roomInNewWorld(t);
    const refused = await control(t, 'POST', '/worlds', { body: { fixtures: { files: [fileWithBytes(room + 1)] } } });
    const bytes = t.sandbox.fixtureFileBytes + room + 1;
    expect(refused).toEqual({ status: 413, body: { error: { message: full(bytes), status_code: 413 } } });
    expect(t.deps.sandboxes.count).toBe(0);
  });

  it('arrange a world whose bytes fill the share exactly, and count them until it is removed', async () => {
    const t = world();
    const before = uploadBytesOfProcess();
    const made = await control(t, 'POST', '/worlds', { body: { fixtures: { files: [fileWithBytes(roomInNewWorld(t))] } } });
    expect(made.status).toBe(200);
    expect(uploadBytesOfProcess()).toBe(share());
    expect((await control(t, 'DELETE', `/worlds/${made.body.id}`)).status).toBe(200);
    expect(uploadBytesOfProcess()).toBe(before);
  });

  it('refuse with 413 a record put with bytes past the share, and keep the world as it was', async () => {
    const t = world();
    const alice = await t.login('alice');
    const room = share() - uploadBytesOfProcess();
    const refused = await control(t, 'PUT', '/records/files', { body: fileWithBytes(room + 1) });
    const bytes = t.sandbox.fixtureFileBytes + room + 1;
    expect(refused).toEqual({ status: 413, body: { error: { message: full(bytes), status_code: 413 } } });
    expect((await t.call('GET', `/file/${FILE_ID}`, { cookie: alice })).status).toBe(404);

    expect((await control(t, 'PUT', '/records/files', { body: fileWithBytes(room) })).status).toBe(200);
    expect(uploadBytesOfProcess(), 'the put record is counted').toBe(share());
    expect((await t.call('GET', `/file/${FILE_ID}/1/file`, { cookie: alice })).status).toBe(200);
  });
});
