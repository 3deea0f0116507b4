// Every bound a write's body has (a string's length, an array's items, a number's size) holds on every
// operation that takes the field, create and update alike: the largest value is taken and shows on the
// next read; one more is a 400 naming the field and the bound, and changes nothing. Each write is made
// as its write case makes it (test/support/write-cases/), with the one field changed.
import { describe, expect, it } from 'vitest';
import { sayProblem } from '../../src/http/validation.js';
import type { Sandbox } from '../../src/store/sandbox.js';
import { ids, testSandbox } from '../support/helpers.js';
import { WorldApi, type Call } from '../support/write-cases/case.js';
import { writeCases } from '../support/write-cases/index.js';

type Of = 'string' | 'array' | 'number';

interface Bound {
  operation: string;
  /** The write case to start from, where the operation has several. */
  label?: string;
  field: string;
  max: number;
  of: Of;
  /** The n-th item of an array field (from 0). */
  item?: (n: number) => string;
  /** Other fields the value decides (a purchase's total price). */
  also?: (value: number) => Record<string, unknown>;
  /** What the world needs for the largest value (tokens for 99 of a listing). */
  arrange?: (sandbox: Sandbox) => void;
}

const tag = (n: number) => `tag_${n}`;
const link = (n: number) => `https://links.example.test/${n}`;
const LANGUAGES = ['eng', 'jpn', 'kor', 'fra', 'deu'];
const language = (n: number) => LANGUAGES[n]!;

/** The bounds of both the create and the update of one kind of record. */
const both = (create: string, update: string, field: string, max: number, of: Of, item?: (n: number) => string): Bound[] => [
  { operation: create, field, max, of, item },
  { operation: update, field, max, of, item },
];

const BOUNDS: Bound[] = [
  { operation: 'PUT /users/{userId}', field: 'bio', max: 512, of: 'string' },
  { operation: 'PUT /users/{userId}', field: 'statusDescription', max: 32, of: 'string' },
  { operation: 'PUT /users/{userId}', field: 'pronouns', max: 32, of: 'string' },
  { operation: 'PUT /users/{userId}', field: 'bioLinks', max: 3, of: 'array', item: link },
  ...both('POST /worlds', 'PUT /worlds/{worldId}', 'name', 64, 'string'),
  ...both('POST /worlds', 'PUT /worlds/{worldId}', 'capacity', 40, 'number'),
  ...both('POST /avatars', 'PUT /avatars/{avatarId}', 'name', 64, 'string'),
  ...both('POST /avatars', 'PUT /avatars/{avatarId}', 'tags', 20, 'array', tag),
  { operation: 'POST /userNotes', field: 'note', max: 256, of: 'string' },
  ...both('POST /groups', 'PUT /groups/{groupId}', 'name', 64, 'string'),
  ...both('POST /groups', 'PUT /groups/{groupId}', 'description', 250, 'string'),
  { operation: 'PUT /groups/{groupId}', field: 'rules', max: 2000, of: 'string' },
  { operation: 'PUT /groups/{groupId}', field: 'languages', max: 3, of: 'array', item: language },
  { operation: 'PUT /groups/{groupId}', field: 'links', max: 3, of: 'array', item: link },
  { operation: 'PUT /groups/{groupId}', field: 'tags', max: 20, of: 'array', item: tag },
  {
    operation: 'PUT /groups/{groupId}/members/{userId}',
    label: 'alice writes a manager note on admin',
    field: 'managerNotes',
    max: 1000,
    of: 'string',
  },
  ...both('POST /groups/{groupId}/roles', 'PUT /groups/{groupId}/roles/{groupRoleId}', 'name', 64, 'string'),
  ...both('POST /groups/{groupId}/roles', 'PUT /groups/{groupId}/roles/{groupRoleId}', 'description', 500, 'string'),
  ...both('POST /groups/{groupId}/galleries', 'PUT /groups/{groupId}/galleries/{groupGalleryId}', 'name', 64, 'string'),
  ...both('POST /groups/{groupId}/galleries', 'PUT /groups/{groupId}/galleries/{groupGalleryId}', 'description', 500, 'string'),
  ...both('POST /groups/{groupId}/posts', 'PUT /groups/{groupId}/posts/{notificationId}', 'title', 120, 'string'),
  ...both('POST /groups/{groupId}/posts', 'PUT /groups/{groupId}/posts/{notificationId}', 'text', 2000, 'string'),
  ...both('POST /calendar/{groupId}/event', 'PUT /calendar/{groupId}/{calendarId}/event', 'title', 64, 'string'),
  ...both('POST /calendar/{groupId}/event', 'PUT /calendar/{groupId}/{calendarId}/event', 'tags', 5, 'array', tag),
  ...both('POST /calendar/{groupId}/event', 'PUT /calendar/{groupId}/{calendarId}/event', 'languages', 3, 'array', language),
  // The write case has bob buy one of a listing of price 120.
  {
    operation: 'POST /economy/purchase/listing',
    field: 'quantity',
    max: 99,
    of: 'number',
    also: (quantity) => ({ totalPrice: 120 * quantity }),
    arrange: (sandbox) => sandbox.balances.set(ids.bob, { userId: ids.bob, standard: 120 * 100, earnings: 0 }),
  },
];

/** The field's value `size` long (characters, items or the number itself); a string starts as the case's did, which its reads may search by. */
function valueOf(bound: Bound, size: number, original: unknown): unknown {
  if (bound.of === 'number') return size;
  if (bound.of === 'array') return Array.from({ length: size }, (_, n) => bound.item!(n));
  return (typeof original === 'string' ? original : `${bound.field}:`).padEnd(size, 'x').slice(0, size);
}

async function prepared(bound: Bound) {
  const found = writeCases.find((c) => c.operation === bound.operation && (bound.label === undefined || c.label === bound.label));
  if (!found) throw new Error(`no write case for ${bound.operation}`);
  const t = testSandbox();
  const api = new WorldApi(t);
  const { write, reads } = await found.prepare(api);
  bound.arrange?.(t.sandbox);
  const body = write.body as Record<string, unknown>;
  const valueAt = (size: number) => valueOf(bound, size, body[bound.field]);
  const withValue = (size: number): Call => ({ ...write, body: { ...body, [bound.field]: valueAt(size), ...bound.also?.(size) } });
  return { api, reads, withValue, valueAt };
}

describe('the bounds of a write body, on create and update alike', () => {
  for (const bound of BOUNDS) {
    const name = `${bound.operation} ${bound.field}`;

    it(`${name}: takes ${bound.max}, the most, and shows it on the next read`, async () => {
      const { api, reads, withValue, valueAt } = await prepared(bound);
      const reply = await api.send(withValue(bound.max));
      expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
      const shown = JSON.stringify(await api.readAll(reads));
      const value = valueAt(bound.max);
      for (const part of Array.isArray(value) ? value : [value]) expect(shown).toContain(JSON.stringify(part));
    });

    it(`${name}: refuses ${bound.max + 1} with 400 naming the field, and changes nothing`, async () => {
      const { api, reads, withValue } = await prepared(bound);
      const before = await api.readAll(reads);
      const reply = await api.send(withValue(bound.max + 1));
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toContain(
        sayProblem(bound.field, { kind: 'bound', words: 'at most', of: bound.of, limit: bound.max }),
      );
      expect(await api.readAll(reads)).toEqual(before);
    });
  }
});
