import type { Faker } from '@faker-js/faker';
import type { InventoryItemRecord } from '../records/inventory.js';
import type { SandboxData } from '../fixtures/fixtures.js';
import { seededRandom } from '../random.js';

const HOUR = 3_600_000;
const ACQUIRED_FROM = Date.parse('2025-06-01T00:00:00.000Z');
const ACQUIRED_HOURS = 200 * 24;
const TEMPLATE_CREATED = '2025-05-01T00:00:00.000Z';

type Template = Pick<
  InventoryItemRecord,
  'templateId' | 'name' | 'description' | 'itemType' | 'itemTypeLabel' | 'imageUrl' | 'flags' | 'equipSlots' | 'collections' | 'tags'
>;

const KINDS = [
  { itemType: 'droneskin', itemTypeLabel: 'Drone Skin', flags: ['equippable', 'archivable'], equipSlots: ['drone'] },
  { itemType: 'portalskin', itemTypeLabel: 'Portal Skin', flags: ['equippable', 'archivable'], equipSlots: ['portal'] },
  { itemType: 'warpeffect', itemTypeLabel: 'Warp Effect', flags: ['equippable'], equipSlots: ['warp'] },
  { itemType: 'sticker', itemTypeLabel: 'Sticker', flags: ['instantiatable', 'trashable'], equipSlots: [] },
  { itemType: 'emoji', itemTypeLabel: 'Emoji', flags: ['instantiatable'], equipSlots: [] },
] as const;

/**
 * Adds `count` seeded inventory items held by data.users (round-robin), drawn from 40 templates of
 * five kinds (drone, portal and warp skins that can be equipped in their slot; stickers and emoji
 * that cannot). None is equipped, so any equip succeeds. Plain objects; 100k items in well under a second.
 */
export function generateInventory(faker: Faker, data: SandboxData, count: number): void {
  const users = data.users;
  if (users.length === 0 || count <= 0) return;
  const random = seededRandom(faker.number.int({ max: 0xffffffff }));
  const itemBase = faker.string.uuid().slice(0, 24);
  const templateBase = faker.string.uuid().slice(0, 24);
  const templates: Template[] = Array.from({ length: 40 }, (_, t) => {
    const kind = KINDS[t % KINDS.length]!;
    const name = `${faker.word.adjective()} ${kind.itemTypeLabel}`.replace(/^./, (c) => c.toUpperCase());
    const templateId = `invt_${templateBase}${t.toString(16).padStart(12, '0')}`;
    return {
      templateId,
      name,
      description: faker.lorem.sentence(),
      itemType: kind.itemType,
      itemTypeLabel: kind.itemTypeLabel,
      imageUrl: `https://assets.example.test/inventory/${templateId}.png`,
      flags: Object.freeze([...kind.flags]) as unknown as InventoryItemRecord['flags'],
      equipSlots: Object.freeze([...kind.equipSlots]) as unknown as InventoryItemRecord['equipSlots'],
      collections: Object.freeze(['generated']) as unknown as string[],
      tags: Object.freeze([]) as unknown as string[],
    };
  });
  const hours = Array.from({ length: ACQUIRED_HOURS }, (_, h) => new Date(ACQUIRED_FROM + h * HOUR).toISOString());
  for (let i = 0; i < count; i++) {
    const template = templates[Math.floor(random() * templates.length)]!;
    const acquired = hours[Math.floor(random() * ACQUIRED_HOURS)]!;
    const item: InventoryItemRecord = {
      id: `inv_${itemBase}${i.toString(16).padStart(12, '0')}`,
      templateId: template.templateId,
      holderId: users[i % users.length]!.id,
      name: template.name,
      description: template.description,
      itemType: template.itemType,
      itemTypeLabel: template.itemTypeLabel,
      imageUrl: template.imageUrl,
      flags: template.flags,
      equipSlots: template.equipSlots,
      collections: template.collections,
      tags: template.tags,
      acquisition: 'drop',
      attribution: null,
      equipSlot: '',
      last_equipped: {},
      created_at: acquired,
      updated_at: acquired,
      template_created_at: TEMPLATE_CREATED,
      template_updated_at: TEMPLATE_CREATED,
      expiryDate: null,
      defaultAttributes: {},
      userAttributes: { primaryColor: '', secondaryColor: '', trailColor: '' },
      metadata: {},
      isArchived: false,
      isSeen: random() < 0.5,
      quantifiable: false,
      validateUserAttributes: false,
    };
    data.inventoryItems.push(item);
  }
}
