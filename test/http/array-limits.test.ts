import { describe, expect, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { LIMITS } from '../../src/limits.js';
import { expectError, ids, testSandbox } from '../support/helpers.js';

const maxItems = LIMITS.arrayItems.value;
const maxItem = LIMITS.arrayStringCharacters.value;
const tags = (count: number, length = 8) => Array.from({ length: count }, (_, i) => `t${i}`.padEnd(length, 'x'));
const file = (fileTags: string[]) => ({ name: 'Harbour', mimeType: 'image/png', extension: '.png', tags: fileTags });

async function filesOf(t: ReturnType<typeof testSandbox>, cookie: string) {
  return ((await t.call('GET', '/files?n=100', { cookie })).body as { tags: string[] }[]).length;
}

describe('arrays in a request body', () => {
  it(`take ${maxItems} items and refuse ${maxItems + 1} with 400, keeping nothing`, async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const made = await t.call('POST', '/file', { cookie, body: file(tags(maxItems)) });
    expect(made.status).toBe(200);
    expect(made.body.tags).toHaveLength(maxItems);
    const before = await filesOf(t, cookie);
    expectError(await t.call('POST', '/file', { cookie, body: file(tags(maxItems + 1)) }), 400, messages.arrayTooLong('tags', maxItems));
    expect(await filesOf(t, cookie)).toBe(before);
  });

  it(`take an item of ${maxItem} characters and refuse one of ${maxItem + 1} with 400, keeping nothing`, async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await t.call('POST', '/file', { cookie, body: file(tags(3, maxItem)) })).status).toBe(200);
    const before = await filesOf(t, cookie);
    const refused = await t.call('POST', '/file', { cookie, body: file([...tags(2), 'x'.repeat(maxItem + 1)]) });
    expectError(refused, 400, messages.arrayStringTooLong('tags', maxItem));
    expect(await filesOf(t, cookie)).toBe(before);
  });
});

describe('tags a user adds', () => {
  it(`fill a user's tags up to ${maxItems} and refuse one more with 400, keeping the tags`, async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const held = t.sandbox.users.get(ids.alice)!.tags.length;
    const fill = tags(maxItems - held).map((tag) => `language_${tag}`);
    for (let from = 0; from < fill.length; from += 50) {
      const added = await t.call('POST', `/users/${ids.alice}/addTags`, { cookie, body: { tags: fill.slice(from, from + 50) } });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    expect(t.sandbox.users.get(ids.alice)!.tags).toHaveLength(maxItems);
    const refused = await t.call('POST', `/users/${ids.alice}/addTags`, { cookie, body: { tags: ['language_one_more'] } });
    expectError(refused, 400, messages.tagsFull(maxItems));
    expect(t.sandbox.users.get(ids.alice)!.tags).toHaveLength(maxItems);
  });
});
