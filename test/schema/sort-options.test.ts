import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '../../src/schema/query.js';
import { loadContract } from '../../src/operations/contract.js';
import { expectError, testSandbox } from '../support/helpers.js';

describe('the sorts of world and avatar lists', () => {
  it('are the SortOption values of the description, in its order', () => {
    expect(SORT_OPTIONS).toEqual(loadContract().components.schemas.SortOption!.enum);
  });

  it.each(['/worlds', '/avatars/favorites'])('%s takes every one of them and names them all when refusing another', async (path) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    for (const sort of SORT_OPTIONS) expect((await t.call('GET', `${path}?sort=${sort}`, { cookie })).status).toBe(200);
    expectError(await t.call('GET', `${path}?sort=loudest`, { cookie }), 400, `sort must be one of ${SORT_OPTIONS.join(', ')}`);
  });
});
