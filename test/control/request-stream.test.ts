import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RequestJournal, type NewEntry } from '../../src/control/journal.js';
import { streamRequests } from '../../src/control/request-stream.js';
import { LIMITS } from '../../src/limits.js';
import { testSandbox } from '../support/helpers.js';

const entry = (requestBody: string): NewEntry => ({
  at: 0,
  method: 'POST',
  path: '/auth/register',
  query: '',
  requestHeaders: [],
  status: 200,
  world: null,
  durationMs: 0,
  userId: null,
  username: null,
  requestBody,
  responseHeaders: [],
  responseBody: null,
  truncated: false,
  rule: null,
  bytes: 0,
});

/** Characters one entry (numbered 1 to 9) takes in the stream, with no body. */
function emptyEntryLength(): number {
  const probe = new RequestJournal();
  let length = 0;
  probe.onRecord((listed) => (length = JSON.stringify(listed).length));
  probe.record(entry(''));
  return length;
}

/**
 * A client of the stream that reads nothing until four entries, together exactly the bound (two bytes
 * a character, as the bound counts them) and the last `extra` characters more, wait for it.
 */
async function streamAtBound(extra: number) {
  const journal = new RequestJournal();
  const app = new Hono().get('/stream', (c) => streamRequests(c, journal, null));
  const reader = (await app.request('/stream')).body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('event: ready')) text += (await reader.read()).value ?? '';
  const characters = LIMITS.consoleStreamUnreadBytes.value / 2 - 4 * emptyEntryLength();
  const bodies = [0, 1, 2, 3].map((i) => 'b'.repeat(characters / 4 + (i === 3 ? extra : 0)));
  for (const body of bodies) journal.record(entry(body));
  return { reader, bodies };
}

const entriesIn = (text: string) => text.split('\n').filter((line) => line.startsWith('data: {"'));

describe(`the live request stream: a client that does not read (at most ${LIMITS.consoleStreamUnreadBytes.value} bytes)`, () => {
  it('is sent every entry that waited for it when they are exactly the bound', async () => {
    const { reader, bodies } = await streamAtBound(0);
    let text = '';
    while (entriesIn(text).length < bodies.length) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    await reader.cancel();
    expect(entriesIn(text).map((line) => JSON.parse(line.slice('data: '.length)).requestBody)).toEqual(bodies);
  });

  it('is ended, with none of the entries that waited, when they are one character more', async () => {
    const { reader } = await streamAtBound(1);
    let text = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) text += read.value;
    expect(entriesIn(text)).toEqual([]);
  });

  it('is ended once far past the bound, and the API keeps answering', async () => {
    const t = testSandbox();
    const response = await t.app.request('/_mock/requests/stream');
    const body = { bio: 'b'.repeat(60 * 1024) };
    const requests = Math.ceil((2 * LIMITS.consoleStreamUnreadBytes.value) / (60 * 1024));
    for (let i = 0; i < requests; i++) await t.call('POST', '/auth/register', { body });
    expect((await t.call('GET', '/time')).status).toBe(200);
    // Only now does the client read: the stream was ended for it, so it reaches its end.
    const text = await response.text();
    const entries = text.split('\n').filter((line) => line.startsWith('data: {"'));
    expect(entries.length).toBeLessThan(requests);
  });
});
