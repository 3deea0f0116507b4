import { expect } from 'vitest';
import * as z from 'zod';
import { FavoriteSchema } from '../../src/store/records/favorites.js';
import type { SandboxData } from '../../src/store/fixtures/fixtures.js';
import { avatarIds as avatars, expectShape, ids, testSandbox } from './helpers.js';

export { avatars };

/** Makes bob and alice friends of each other, and gives the world `extra` more public avatars. */
export function friendsAndAvatars(extra = 0) {
  return (data: SandboxData) => {
    data.users.find((u) => u.id === ids.bob)!.friends.push(ids.alice);
    data.users.find((u) => u.id === ids.alice)!.friends.push(ids.bob);
    const template = data.avatars.find((a) => a.id === avatars.cozyBear)!;
    for (let i = 0; i < extra; i++) {
      data.avatars.push({
        ...structuredClone(template),
        id: `avtr_e0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
        name: `Extra ${i}`,
      });
    }
  };
}
export const extraAvatar = (i: number) => `avtr_e0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

export async function setup(tweak = friendsAndAvatars()) {
  const t = testSandbox(tweak);
  const bob = await t.login('bob');
  const add = (body: unknown, cookie = bob) => t.call('POST', '/favorites', { cookie, body });
  const list = async (query = '', cookie = bob) => {
    const r = await t.call('GET', `/favorites${query}`, { cookie });
    expect(r.status).toBe(200);
    return expectShape(z.array(FavoriteSchema), r.body);
  };
  return { t, bob, add, list };
}
