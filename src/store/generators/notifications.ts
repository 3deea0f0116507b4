import type { Faker } from '@faker-js/faker';
import type { NotificationRecord } from '../records/notifications.js';
import type { SandboxData } from '../fixtures/fixtures.js';
import { seededRandom } from '../random.js';

const HOUR = 3_600_000;
const FROM = Date.parse('2025-10-01T00:00:00.000Z');
const SPAN_HOURS = 100 * 24;
const TYPES = ['invite', 'requestInvite', 'message', 'boop', 'friendRequest'] as const;

/**
 * Adds `count` seeded notifications between data.users (receiver round-robin, sender at random,
 * never the receiver when there are two users or more): invites, invite requests, messages, boops
 * and friend requests (`frq_` ids), a third of them seen. Plain objects; fast for millions.
 */
export function generateNotifications(faker: Faker, data: SandboxData, count: number): void {
  const users = data.users;
  if (users.length === 0 || count <= 0) return;
  const random = seededRandom(faker.number.int({ max: 0xffffffff }));
  const idBase = faker.string.uuid().slice(0, 24);
  const messages = Array.from({ length: 32 }, () => faker.lorem.sentence());
  const hours = Array.from({ length: SPAN_HOURS }, (_, h) => new Date(FROM + h * HOUR).toISOString());
  for (let i = 0; i < count; i++) {
    const receiver = i % users.length;
    let sender = Math.floor(random() * users.length);
    if (sender === receiver && users.length > 1) sender = (sender + 1) % users.length;
    const type = TYPES[i % TYPES.length]!;
    const notification: NotificationRecord = {
      id: `${type === 'friendRequest' ? 'frq' : 'not'}_${idBase}${i.toString(16).padStart(12, '0')}`,
      type,
      created_at: hours[Math.floor(random() * SPAN_HOURS)]!,
      details: type === 'invite' ? '{"worldId":"wrld_00000000-0000-4000-8000-000000000000:00000","worldName":"Generated"}' : '{}',
      message: type === 'message' ? messages[i % messages.length]! : '',
      seen: random() < 1 / 3,
      senderUserId: users[sender]!.id,
      receiverUserId: users[receiver]!.id,
      hidden: false,
    };
    data.notifications.push(notification);
  }
}
