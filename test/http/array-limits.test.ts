import { describe, expect, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { LIMITS } from '../../src/limits.js';
import { expectError, ids, testSandbox } from '../support/helpers.js';

const maxItems = LIMITS.arrayItems.value;
const maxItem = LIMITS.arrayStringCharacters.value;
const tags = (count: number, length = 8) => Array.from({ length: count }, (_, i) => `t${i}`.padEnd(length, 'x'));
const file = (fileTags: string[]) => ({ name: 'Harbour', mimeType: 'image/png', extension: '.png', tags: fileTags });

async function alicesFiles() {
  const t = testSandbox();
  const cookie = await t.login('alice');
  const count = async () => ((await t.call('GET', '/files?n=100', { cookie })).body as unknown[]).length;
  return { t, cookie, count };
}

describe('arrays in a request body', () => {
  it(`take ${maxItems} items`, async () => {
    const { t, cookie, count } = await alicesFiles();
    const before = await count();
    const made = await t.call('POST', '/file', { cookie, body: file(tags(maxItems)) });
    expect(made.status).toBe(200);
    expect(made.body.tags).toHaveLength(maxItems);
    expect(await count()).toBe(before + 1);
  });

  it(`refuse ${maxItems + 1} items with 400, keeping nothing`, async () => {
    const { t, cookie, count } = await alicesFiles();
    const before = await count();
    expectError(await t.call('POST', '/file', { cookie, body: file(tags(maxItems + 1)) }), 400, messages.arrayTooLong('tags', maxItems));
    expect(await count()).toBe(before);
  });

  it(`take an item of ${maxItem} characters`, async () => {
    const { t, cookie, count } = await alicesFiles();
    const before = await count();
    const made = await t.call('POST', '/file', { cookie, body: file(tags(3, maxItem)) });
    expect(made.status).toBe(200);
    expect(made.body.tags[0]).toHaveLength(maxItem);
    expect(await count()).toBe(before + 1);
  });

  it(`refuse an item of ${maxItem + 1} characters with 400, keeping nothing`, async () => {
    const { t, cookie, count } = await alicesFiles();
    const before = await count();
    const refused = await t.call('POST', '/file', { cookie, body: file([...tags(2), 'x'.repeat(maxItem + 1)]) });
    expectError(refused, 400, messages.arrayStringTooLong('tags', maxItem));
    expect(await count()).toBe(before);
  });
});

/** Alice with `count` tags of her own beside the server's, added through the API. */
async function aliceTagged(count: number) {
  const t = testSandbox();
  const cookie = await t.login('alice');
  const held = t.sandbox.users.get(ids.alice)!.tags.length;
  const fill = tags(count - held).map((tag) => `language_${tag}`);
  for (let from = 0; from < fill.length; from += 50) {
    const added = await t.call('POST', `/users/${ids.alice}/addTags`, { cookie, body: { tags: fill.slice(from, from + 50) } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  return { t, cookie, tagsNow: () => t.sandbox.users.get(ids.alice)!.tags };
}

describe('tags a user adds', () => {
  it(`fill a user's tags up to ${maxItems}`, async () => {
    const { tagsNow } = await aliceTagged(maxItems);
    expect(tagsNow()).toHaveLength(maxItems);
  });

  it(`refuse a tag past ${maxItems} with 400, keeping the tags`, async () => {
    const { t, cookie, tagsNow } = await aliceTagged(maxItems);
    const refused = await t.call('POST', `/users/${ids.alice}/addTags`, { cookie, body: { tags: ['language_one_more'] } });
    expectError(refused, 400, messages.tagsFull(maxItems));
    expect(tagsNow()).toHaveLength(maxItems);
    expect((await t.call('GET', `/users/${ids.alice}`, { cookie })).body.tags).toHaveLength(maxItems);
  });
});
