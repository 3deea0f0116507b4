import { describe, expect, it } from 'vitest';
import { useSdkServer } from '../support/sdk-harness.js';
import { ids } from '../support/helpers.js';
import { worlds } from '../support/worlds-fixture-ids.js';
import { bytesOf, md5Base64 } from '../support/files-fixtures.js';

const sdk = useSdkServer();

describe('requests as the official vrchat SDK sends them', () => {
  it('follows the redirect of confirmEmail to a page it can read', async () => {
    const vrchat = await sdk.loggedIn('alice');
    const r = await vrchat.confirmEmail({ query: { id: ids.alice, verify_email: 'eml_00000000-0000-0000-0000-000000000000' } });
    expect(r.error).toBeUndefined();
    expect(r.response.status).toBe(200);
    expect(new URL(r.response.url).pathname).toBe('/home');
  });

  it('follows the redirect of verifyLoginPlace to a page it can read', async () => {
    const vrchat = await sdk.loggedIn('alice');
    const r = await vrchat.verifyLoginPlace({ query: { token: 'a-login-place-token' } });
    expect(r.error).toBeUndefined();
    expect(r.response.status).toBe(200);
  });

  it('filters searchWorlds by every tag of an array, which it sends as repeated keys', async () => {
    const vrchat = await sdk.loggedIn('alice');
    // The SDK types `tag` as one comma-separated string; given an array, it sends tag=a&tag=b.
    const tags = (...values: string[]) => values as unknown as string;
    const one = await vrchat.searchWorlds({ query: { tag: tags('author_tag_workshop') }, throwOnError: true });
    expect(one.data.map((w) => w.id)).toEqual([worlds.aliceHome]);
    const both = await vrchat.searchWorlds({ query: { tag: tags('author_tag_workshop', 'author_tag_night') }, throwOnError: true });
    expect(both.data.map((w) => w.id).sort()).toEqual([worlds.aliceHome, worlds.nightMarket]);
  });

  it('creates a file version without fileMd5', async () => {
    const vrchat = await sdk.loggedIn('alice');
    const signature = bytesOf('rsync signature');
    const created = await vrchat.createFile({
      body: { extension: '.vrcw', mimeType: 'application/x-world', name: 'World - SDK', tags: [] },
      throwOnError: true,
    });
    const r = await vrchat.createFileVersion({
      path: { fileId: created.data.id },
      body: { signatureMd5: md5Base64(signature), signatureSizeInBytes: signature.length },
    });
    expect(r.error).toBeUndefined();
    expect(r.data!.versions[1]).toMatchObject({
      version: 1,
      status: 'waiting',
      file: { status: 'waiting', md5: '' },
      signature: { status: 'waiting' },
    });
    const reread = await vrchat.getFile({ path: { fileId: created.data.id }, throwOnError: true });
    expect(reread.data.versions).toHaveLength(2);
  });
});
