// --max-memory bounds the records clients make: a user looping POST /file with the most tags a body
// may carry is refused with 507 before the worlds' records pass their share of the budget, and the
// process lives on. A small budget keeps the loop short.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { defaultMaxMemory, LIMITS, setMemoryBudget } from '../../src/limits.js';
import { recordBytesOfProcess, recordRoom } from '../../src/store/record-bytes.js';
import { recordBytesOf } from '../../src/store/snapshot-bytes.js';
import { expectError, testSandbox, type TestSandbox } from '../support/helpers.js';

const MiB = 1024 * 1024;
const maximalTags = Array.from({ length: LIMITS.arrayItems.value }, (_, i) => `${i}`.padEnd(LIMITS.arrayStringCharacters.value, 't'));
const file = { name: 'n'.repeat(1000), mimeType: 'image/png', extension: '.png', tags: maximalTags };

let t: TestSandbox;
beforeEach(() => {
  setMemoryBudget(64 * MiB);
  t = testSandbox();
});
afterEach(() => {
  t.deps.sandboxes.close();
  setMemoryBudget(defaultMaxMemory());
});

describe('records against --max-memory', () => {
  it('refuse a user looping POST /file with maximal tags with 507 before the records pass their share', async () => {
    const cookie = await t.login('alice');
    const max = recordRoom();
    const heapBefore = process.memoryUsage().heapUsed;
    let made = 0;
    let refused;
    for (let i = 0; i < 10_000 && !refused; i++) {
      const reply = await t.call('POST', '/file', { cookie, body: file });
      if (reply.status === 200) made++;
      else refused = reply;
    }
    expect(refused).toBeDefined();
    expectError(refused!, 507, messages.recordsFull(max));
    expect(made).toBeGreaterThan(10);
    // The estimate may trail the truth by what one re-measure allows, no more.
    expect(recordBytesOf(t.sandbox) * 3).toBeLessThan(max + 3 * 512 * 1024);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * MiB);
  }, 60_000);

  it('let the last write that fits be made, refuse the next, and take writes again once a delete frees room', async () => {
    const cookie = await t.login('alice');
    const max = recordRoom();
    const ids: string[] = [];
    for (;;) {
      const reply = await t.call('POST', '/file', { cookie, body: file });
      if (reply.status !== 200) {
        expectError(reply, 507, messages.recordsFull(max));
        break;
      }
      ids.push((reply.body as { id: string }).id);
    }
    // The last one made was taken while the records were within their share; the refusal left nothing.
    const count = t.sandbox.files.ownedBy(t.sandbox.users.values().next().value!.id).length;
    expectError(await t.call('POST', '/file', { cookie, body: file }), 507, messages.recordsFull(max));
    expect(t.sandbox.files.ownedBy(t.sandbox.users.values().next().value!.id)).toHaveLength(count);
    expect(recordBytesOfProcess()).toBeGreaterThan(max);
    for (const id of ids.slice(-20)) expect((await t.call('DELETE', `/file/${id}`, { cookie })).status).toBe(200);
    expect((await t.call('POST', '/file', { cookie, body: file })).status).toBe(200);
  }, 60_000);
});
