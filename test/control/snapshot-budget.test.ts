import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { defaultMaxMemory, LIMITS, setMemoryBudget, shareOf } from '../../src/limits.js';
import { recordBytesOf, snapshotRecordBytesOfProcess } from '../../src/store/snapshot-bytes.js';
import { uploadBytesOfProcess } from '../../src/store/upload-bytes.js';
import { control, newSandbox } from '../support/control-helpers.js';
import { expectError, ids, replyOf, testSandbox, type TestSandbox } from '../support/helpers.js';

const worlds: TestSandbox[] = [];
function world() {
  const t = testSandbox();
  worlds.push(t);
  return t;
}
afterEach(() => {
  for (const t of worlds.splice(0)) t.deps.sandboxes.close();
  setMemoryBudget(defaultMaxMemory());
});

/** A budget whose share for snapshots' records is `bytes`. */
const recordShareOf = (bytes: number) => setMemoryBudget(bytes / LIMITS.snapshotRecordShare.value);
const recordsFull = (bytes: number) => messages.snapshotRecordsFull(bytes, shareOf(LIMITS.snapshotRecordShare));
const bio = async (t: TestSandbox, cookie: string) => (await t.call('GET', `/users/${ids.alice}`, { cookie })).body.bio;

describe('snapshots against the share of --max-memory for their records', () => {
  it('refuse with 413 a snapshot whose records do not fit beside the others, and keep the one taken before', async () => {
    const t = world();
    const alice = await t.login('alice');
    recordShareOf(1.5 * recordBytesOf(t.sandbox));
    expect((await control(t, 'POST', '/snapshot')).status).toBe(200);
    expect(snapshotRecordBytesOfProcess()).toBe(recordBytesOf(t.sandbox));

    const other = await newSandbox(t);
    const records = recordBytesOf(t.deps.sandboxes.get(other)!);
    const refused = await control(t, 'POST', '/snapshot', { world: other });
    expect(refused).toEqual({ status: 413, body: { error: { message: recordsFull(records), status_code: 413 } } });
    expectError(await replyOf(await t.app.request('/_mock/restore', { method: 'POST', headers: { 'x-mock-world': other } })), 404);

    // The default world's own snapshot is replaced, not added to: it fits again, after a change to undo.
    expect((await t.call('PUT', `/users/${ids.alice}`, { cookie: alice, body: { bio: 'after the snapshot' } })).status).toBe(200);
    recordShareOf(recordBytesOf(t.sandbox) / 2);
    const smaller = await control(t, 'POST', '/snapshot');
    expect(smaller.status).toBe(413);
    expect((await control(t, 'POST', '/restore')).status).toBe(200);
    expect(await bio(t, alice), 'the snapshot taken before stays').not.toBe('after the snapshot');
  });

  it('take a snapshot whose records fill the share exactly, and refuse one byte less of share', async () => {
    const t = world();
    recordShareOf(recordBytesOf(t.sandbox) - 1);
    expect((await control(t, 'POST', '/snapshot')).body).toEqual({
      error: { message: recordsFull(recordBytesOf(t.sandbox)), status_code: 413 },
    });
    expect(snapshotRecordBytesOfProcess()).toBe(0);
    recordShareOf(recordBytesOf(t.sandbox));
    expect((await control(t, 'POST', '/snapshot')).status).toBe(200);
    expect(snapshotRecordBytesOfProcess()).toBe(shareOf(LIMITS.snapshotRecordShare));
  });

  it('give the bytes back when the world is removed', async () => {
    const t = world();
    const other = await newSandbox(t);
    recordShareOf(1.5 * recordBytesOf(t.sandbox));
    expect((await control(t, 'POST', '/snapshot', { world: other })).status).toBe(200);
    expect((await control(t, 'POST', '/snapshot')).status).toBe(413);
    expect((await control(t, 'DELETE', `/worlds/${other}`)).status).toBe(200);
    expect(snapshotRecordBytesOfProcess()).toBe(0);
    expect((await control(t, 'POST', '/snapshot')).status).toBe(200);
  });
});

describe("snapshots' uploads against the share of --max-memory for uploads", () => {
  it('refuse with 413 a snapshot whose uploads do not fit beside every world and snapshot, and count nothing', async () => {
    const png = new Uint8Array(256 * 1024);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Room for four images; the share for records, from the same budget, holds the world's.
    setMemoryBudget((4 * png.length) / LIMITS.uploadShare.value);
    const t = world();
    const bob = await t.login('bob');
    const before = uploadBytesOfProcess();
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.set('file', new Blob([png], { type: 'image/png' }), 'image.png');
      expect((await t.app.request('/api/1/gallery', { method: 'POST', headers: { cookie: bob }, body: form })).status).toBe(200);
    }
    const held = uploadBytesOfProcess() - before + t.sandbox.fixtureFileBytes;
    const refused = await control(t, 'POST', '/snapshot');
    const message = messages.snapshotUploadsFull(held, shareOf(LIMITS.uploadShare));
    expect(refused).toEqual({ status: 413, body: { error: { message, status_code: 413 } } });
    expect(uploadBytesOfProcess()).toBe(before + 3 * png.length);
    expect(snapshotRecordBytesOfProcess()).toBe(0);
  });
});
