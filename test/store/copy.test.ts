import { describe, expect, it } from 'vitest';
import { approximateBytes, deepCopy } from '../../src/store/copy.js';

describe('deepCopy', () => {
  it('copies records, Maps, Sets and bytes so that changing the copy leaves the original as it was', () => {
    const original = {
      users: [{ id: 'usr_1', tags: ['a'], presence: { world: '' } }],
      posts: new Map([['grp_1', [{ id: 'post_1', text: 'hi' }]]]),
      follows: new Set(['evt_1']),
      blob: new Uint8Array([1, 2, 3]),
    };
    const copy = deepCopy(original);
    copy.users[0]!.tags.push('b');
    copy.users[0]!.presence.world = 'wrld_x';
    copy.posts.get('grp_1')![0]!.text = 'changed';
    copy.follows.add('evt_2');
    copy.blob[0] = 9;
    expect(original).toEqual({
      users: [{ id: 'usr_1', tags: ['a'], presence: { world: '' } }],
      posts: new Map([['grp_1', [{ id: 'post_1', text: 'hi' }]]]),
      follows: new Set(['evt_1']),
      blob: new Uint8Array([1, 2, 3]),
    });
  });

  it('keeps only the bytes a view shows, not the larger buffer it is a slice of', () => {
    const larger = new Uint8Array(1024).fill(7);
    const copy = deepCopy({ bytes: larger.subarray(10, 14) });
    expect(copy.bytes).toEqual(new Uint8Array([7, 7, 7, 7]));
    expect(copy.bytes.buffer.byteLength).toBe(4);
  });
});

describe('approximateBytes', () => {
  it('counts a character or byte each and eight per number and member, so a larger world weighs more', () => {
    expect(approximateBytes('abc')).toBe(3);
    expect(approximateBytes(new Uint8Array(100))).toBe(100);
    expect(approximateBytes({ id: 'usr_1', n: 2 })).toBe(8 + 2 + 5 + 8 + 1 + 8);
    expect(approximateBytes(new Map([['k', ['a', 'b']]]))).toBe(8 + 1 + (8 + 1) * 2);
  });
});
