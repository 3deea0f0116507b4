import { afterEach, describe, expect, it } from 'vitest';
import { defaultMaxMemory, LIMITS, setMemoryBudget, shareOf } from '../../src/limits.js';
import { queuedBytesOfProcess } from '../../src/http/push-queues.js';
import { testSandbox } from '../support/helpers.js';

const entriesIn = (text: string) => text.split('\n').filter((line) => line.startsWith('data: {"')).length;

/** Reads a stream that stays open until it has carried `count` entries; false when they do not come within a second. */
async function carries(response: Response, count: number): Promise<boolean> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 1_000;
  while (entriesIn(text) < count && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100))]);
    if (chunk?.done) break;
    if (chunk?.value) text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return entriesIn(text) >= count;
}

afterEach(() => setMemoryBudget(defaultMaxMemory()));

describe('the live request streams of the process together', () => {
  it('end the stream with most unread once all of them hold their share of --max-memory, and keep the others', async () => {
    // The share is one stream's own bound: two streams each within their own bound pass it together.
    setMemoryBudget(LIMITS.consoleStreamUnreadBytes.value / LIMITS.pushQueueShare.value);
    const t = testSandbox();
    const body = { bio: 'b'.repeat(60 * 1024) };
    const older = await t.app.request('/_mock/requests/stream');
    for (let i = 0; i < 10; i++) await t.call('POST', '/auth/register', { body });
    const newer = await t.app.request('/_mock/requests/stream');
    const since = 15;
    for (let i = 0; i < since; i++) await t.call('POST', '/auth/register', { body });
    expect(queuedBytesOfProcess()).toBeLessThanOrEqual(shareOf(LIMITS.pushQueueShare));
    // Only now does either client read: the older stream was ended, so it reaches its end short.
    expect(entriesIn(await older.text())).toBeLessThan(10 + since);
    expect(await carries(newer, since)).toBe(true);
  });
});
