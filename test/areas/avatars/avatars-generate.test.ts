import { Faker, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AvatarRecordSchema, AvatarSchema } from '../../../src/store/records/avatars.js';
import { FavoriteRecordSchema } from '../../../src/store/records/favorites.js';
import { InventoryItemSchema } from '../../../src/store/records/inventory.js';
import { NotificationRecordSchema } from '../../../src/store/records/notifications.js';
import { emptySandboxData, type SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { generateAvatars, planAvatars } from '../../../src/store/generators/avatars.js';
import { indexAvatars } from '../../../src/store/indexes/avatars.js';
import type { SandboxDataWithRecipes } from '../../../src/store/recipes/recipes.js';
import { generateInventory } from '../../../src/store/generators/inventory.js';
import { generateNotifications } from '../../../src/store/generators/notifications.js';
import { addGeneratedData, generatedKinds } from '../../../src/store/generators/generate.js';
import { expectShape, ids, testSandbox } from '../../support/helpers.js';

function generated(seed: number, fill: (faker: Faker, data: SandboxData) => void): SandboxData {
  const data = emptySandboxData();
  const none = Object.fromEntries(generatedKinds.map((kind) => [kind, 0]));
  addGeneratedData(data, seed, { ...none, users: 20 });
  fill(new Faker({ locale: [en], seed }), data);
  return data;
}

describe('generateAvatars', () => {
  it('makes avatars and favorites that pass the fixture schemas', () => {
    const data = generated(1, (faker, d) => generateAvatars(faker, d, 500));
    expect(data.avatars).toHaveLength(500);
    for (const avatar of data.avatars) expect(AvatarRecordSchema.parse(avatar)).toEqual(avatar);
    expect(data.favorites.length).toBeGreaterThanOrEqual(20);
    for (const favorite of data.favorites) expect(FavoriteRecordSchema.parse(favorite)).toEqual(favorite);
  });

  it('makes the same records from the same seed', () => {
    const a = generated(5, (faker, d) => generateAvatars(faker, d, 200));
    const b = generated(5, (faker, d) => generateAvatars(faker, d, 200));
    expect(b.avatars).toEqual(a.avatars);
    expect(b.favorites).toEqual(a.favorites);
  });

  it('indexes planned avatars and favorites as it indexes the same ones made at once', () => {
    const made = generated(4, (faker, d) => generateAvatars(faker, d, 300));
    const planned: SandboxDataWithRecipes = generated(4, (faker, d) => planAvatars(faker, d, 300));
    expect(planned.avatars).toHaveLength(0);
    expect(planned.favorites).toHaveLength(0);
    const eager = indexAvatars(made.avatars, made.favorites);
    const lazy = indexAvatars(planned.avatars, planned.favorites, planned.avatarRecipes);
    expect(lazy.avatarShuffleSeed).toBe(eager.avatarShuffleSeed);
    const avatar = made.avatars[123]!;
    expect(lazy.avatars.get(avatar.id)).toEqual(avatar);
    expect(lazy.avatars.get(avatar.id)).toBe(lazy.avatars.get(avatar.id));
    expect(lazy.avatars.get(avatar.id.toUpperCase())).toBeUndefined();
    for (const { id } of made.avatars) expect(lazy.avatarFavoriteCounts.get(id), id).toBe(eager.avatarFavoriteCounts.get(id));
    const user = made.users[7]!.id;
    expect(lazy.favorites.get(user)).toEqual(eager.favorites.get(user));
    expect([...lazy.favorites.values()]).toEqual([...eager.favorites.values()]);
    expect([...lazy.avatars.values()]).toEqual([...eager.avatars.values()]);
  });

  it("serves a user's generated favorites through GET /avatars/favorites", async () => {
    const t = testSandbox((data) => generateAvatars(new Faker({ locale: [en], seed: 3 }), data, 2000));
    const favorites = new Set(
      t.sandbox.favorites
        .get(ids.alice)!
        .filter((f) => f.type === 'avatar')
        .map((favorite) => favorite.favoriteId),
    );
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/avatars/favorites?releaseStatus=all&n=100', { cookie });
    const list = expectShape(z.array(AvatarSchema), r.body);
    expect(list).toHaveLength(Math.min(100, favorites.size));
    for (const avatar of list) expect(favorites.has(avatar.id)).toBe(true);
  });
});

describe('generateInventory and generateNotifications', () => {
  it('make records that pass the fixture schemas', () => {
    const data = generated(2, (faker, d) => {
      generateInventory(faker, d, 300);
      generateNotifications(faker, d, 300);
    });
    for (const item of data.inventoryItems) expect(InventoryItemSchema.parse(item)).toEqual(item);
    for (const notification of data.notifications) expect(NotificationRecordSchema.parse(notification)).toEqual(notification);
    expect(new Set(data.inventoryItems.map((item) => item.id)).size).toBe(300);
  });

  it('give alice items she can equip and notifications she can mark seen', async () => {
    const t = testSandbox((data) => {
      const faker = new Faker({ locale: [en], seed: 4 });
      generateInventory(faker, data, 400);
      generateNotifications(faker, data, 400);
    });
    const cookie = await t.login('alice');
    const item = [...t.sandbox.inventoryByHolder.get(ids.alice)!.values()].find(
      (i) => i.acquisition === 'drop' && i.equipSlots.length > 0,
    )!;
    const equipped = await t.call('PUT', `/inventory/${item.id}/equip`, { cookie, body: { equipSlot: item.equipSlots[0] } });
    expect(expectShape(InventoryItemSchema, equipped.body).equipSlot).toBe(item.equipSlots[0]);
    const notification = t.sandbox.notificationsByReceiver.get(ids.alice)!.find((n) => !n.seen)!;
    const seen = await t.call('PUT', `/auth/user/notifications/${notification.id}/see`, { cookie });
    expect(seen.body).toMatchObject({ id: notification.id, seen: true });
  });
});
