import { afterEach, describe, expect, it } from 'vitest';
import { defaultMaxMemory, LIMITS, setMemoryBudget, shareOf } from '../../src/limits.js';
import { closeQueue, noteQueued, openQueue, queuedBytesOfProcess } from '../../src/http/push-queues.js';

/** A client whose unread bytes the test sets; `dropped` says whether it was let go. */
function client(name: string) {
  const queue = {
    name,
    bytes: 0,
    dropped: false,
    unread: () => queue.bytes,
    drop: () => void (queue.dropped = true),
  };
  openQueue(queue);
  return queue;
}

const opened: ReturnType<typeof client>[] = [];
const open = (name: string) => {
  const queue = client(name);
  opened.push(queue);
  return queue;
};

afterEach(() => {
  for (const queue of opened.splice(0)) closeQueue(queue);
  setMemoryBudget(defaultMaxMemory());
});

describe('the process-wide total of unread push bytes', () => {
  it('drops the clients holding most, until a quarter of the share is free, and keeps the others', () => {
    setMemoryBudget(8000 / LIMITS.pushQueueShare.value);
    const share = shareOf(LIMITS.pushQueueShare);
    const [small, large, larger] = [open('small'), open('large'), open('larger')];
    small.bytes = 1000;
    noteQueued(small);
    large.bytes = 3000;
    noteQueued(large);
    larger.bytes = 3500;
    noteQueued(larger);
    expect(queuedBytesOfProcess()).toBe(7500);
    expect([small, large, larger].some((queue) => queue.dropped)).toBe(false);
    large.bytes = 4000;
    noteQueued(large);
    expect(large.dropped).toBe(true);
    expect(larger.dropped).toBe(false);
    expect(small.dropped).toBe(false);
    expect(queuedBytesOfProcess()).toBe(4500);
    expect(queuedBytesOfProcess()).toBeLessThanOrEqual(share * 0.75);
  });

  it('keeps every client while they hold exactly the share, and drops one at one byte more', () => {
    setMemoryBudget(8000 / LIMITS.pushQueueShare.value);
    const share = shareOf(LIMITS.pushQueueShare);
    const [first, second] = [open('first'), open('second')];
    first.bytes = share - 3000;
    noteQueued(first);
    second.bytes = 3000;
    noteQueued(second);
    expect(queuedBytesOfProcess()).toBe(share);
    expect(first.dropped || second.dropped).toBe(false);
    second.bytes = 3001;
    noteQueued(second);
    expect(first.dropped).toBe(true);
    expect(second.dropped).toBe(false);
  });

  it('counts again the clients that read since they were last counted before dropping any', () => {
    setMemoryBudget(8000 / LIMITS.pushQueueShare.value);
    const [reader, writer] = [open('reader'), open('writer')];
    reader.bytes = 6000;
    noteQueued(reader);
    reader.bytes = 0;
    writer.bytes = 5000;
    noteQueued(writer);
    expect(reader.dropped || writer.dropped).toBe(false);
    expect(queuedBytesOfProcess()).toBe(5000);
  });

  it('stops counting a client once it is closed', () => {
    const queue = open('gone');
    queue.bytes = 1234;
    noteQueued(queue);
    closeQueue(queue);
    expect(queuedBytesOfProcess()).toBe(0);
    noteQueued(queue);
    expect(queuedBytesOfProcess()).toBe(0);
  });
});
