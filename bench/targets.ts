import { existsSync, readFileSync } from 'node:fs';
import { send } from './processes.js';

export const API = '/api/1';
export const ALICE = { id: 'usr_a11ce000-0000-4000-8000-000000000001', username: 'alice', password: 'alice-password' };
export const basicAlice = `Basic ${Buffer.from(`${ALICE.username}:${ALICE.password}`).toString('base64')}`;

/** One benchmarked request: a fixed method and path under /api/1; writes may vary their body per request. */
export interface Target {
  label: string;
  kind: 'read' | 'write';
  method: string;
  path: string;
  /** The body of request number i of a run (the calendar's monthly limit needs fresh months). */
  body?: (i: number) => string;
  /** What mock-api answered the probe: the bare server answers the same bytes. */
  answer: unknown;
}

export type Resolved = { target: Target } | { skipped: string };

interface Spec {
  label: string;
  kind: 'read' | 'write';
  method: string;
  /** The route as the API documents it, for the skip line. */
  route: string;
  candidates: Candidate[];
}

interface Candidate {
  path: string;
  /** The body of request number i (the probe sends number -1). */
  body?: (i: number) => unknown;
}

type Row = Record<string, any>;
const fixture = (name: string): Row[] => {
  const file = new URL(`../fixtures/${name}.json`, import.meta.url);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Row[]) : [];
};

/** Alice's groups: those she owns first, then by how many fixture events they hold (most first). */
function aliceGroups(): string[] {
  const groups = fixture('groups');
  const events = fixture('calendarEvents');
  const member = new Set(
    fixture('groupMembers')
      .filter((m) => m.userId === ALICE.id)
      .map((m) => m.groupId as string),
  );
  const eventCount = (id: string) => events.filter((e) => e.ownerId === id).length;
  return groups
    .filter((g) => g.ownerId === ALICE.id || member.has(g.id))
    .sort((a, b) => Number(b.ownerId === ALICE.id) - Number(a.ownerId === ALICE.id) || eventCount(b.id) - eventCount(a.id))
    .map((g) => g.id as string);
}

/** Month number i/90 from January 2030: at most 90 new events per month, under the limit of 100. */
export function calendarEventBody(i: number) {
  const month = Math.floor(i / 90) % (12 * 70);
  const startsAt = new Date(Date.UTC(2030 + Math.floor(month / 12), month % 12, 10, 18, 0, 0));
  return {
    title: 'Bench meetup',
    description: 'An event the benchmark creates.',
    category: 'hangout',
    accessType: 'group',
    sendCreationNotification: false,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
  };
}

function specs(): Spec[] {
  const groups = aliceGroups();
  const instances = fixture('instances');
  const items = fixture('inventoryItems').filter(
    (item) => item.holderId === ALICE.id && (item.flags ?? []).includes('equippable') && (item.equipSlots ?? []).length > 0,
  );
  return [
    { label: 'GET /auth/user', kind: 'read', method: 'GET', route: 'GET /auth/user', candidates: [{ path: '/auth/user' }] },
    {
      label: 'GET /avatars/favorites?n=60',
      kind: 'read',
      method: 'GET',
      route: 'GET /avatars/favorites',
      candidates: [{ path: '/avatars/favorites?n=60' }],
    },
    {
      label: 'GET /worlds?search=market&n=60',
      kind: 'read',
      method: 'GET',
      route: 'GET /worlds',
      candidates: [{ path: '/worlds?search=market&n=60' }],
    },
    {
      label: 'GET /favorites?n=100',
      kind: 'read',
      method: 'GET',
      route: 'GET /favorites',
      candidates: [{ path: '/favorites?n=100' }],
    },
    {
      label: 'GET /calendar/{groupId}?n=60',
      kind: 'read',
      method: 'GET',
      route: 'GET /calendar/{groupId}',
      candidates: groups.map((id) => ({ path: `/calendar/${id}?n=60` })),
    },
    {
      label: 'GET /worlds/{worldId}/{instanceId}',
      kind: 'read',
      method: 'GET',
      route: 'GET /worlds/{worldId}/{instanceId}',
      candidates: instances.flatMap((i) =>
        [i.instanceId, i.name, String(i.id).split(':')[1], i.id]
          .filter((part): part is string => typeof part === 'string' && part !== '')
          .map((part) => ({ path: `/worlds/${i.worldId}/${encodeURIComponent(part)}` })),
      ),
    },
    {
      label: 'POST /calendar/{groupId}/event',
      kind: 'write',
      method: 'POST',
      route: 'POST /calendar/{groupId}/event',
      candidates: groups.map((id) => ({ path: `/calendar/${id}/event`, body: calendarEventBody })),
    },
    {
      label: 'PUT /inventory/{id}/equip',
      kind: 'write',
      method: 'PUT',
      route: 'PUT /inventory/{inventoryItemId}/equip',
      candidates: items.map((item) => ({ path: `/inventory/${item.id}/equip`, body: () => ({ equipSlot: item.equipSlots[0] }) })),
    },
  ];
}

/** Logs alice in with Basic credentials and returns the Cookie header for her session. */
export async function login(origin: string, headers: Record<string, string> = {}): Promise<string> {
  const reply = await send(origin, 'GET', `${API}/auth/user`, { headers: { ...headers, authorization: basicAlice } });
  const setCookie = ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
  const auth = setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith('auth='));
  if (reply.status !== 200 || !auth) throw new Error(`login as alice failed: ${reply.status} ${reply.text.slice(0, 200)}`);
  return auth;
}

export const jsonHeaders = (cookie: string) => ({ cookie, 'content-type': 'application/json' });

const describeReply = (status: number, text: string) => {
  const message = /"message":"([^"]*)"/.exec(text)?.[1];
  return `${status}${message ? ` ${message}` : ''}`;
};

/**
 * Finds, for every benchmarked operation, a request mock-api answers 2xx on the default world.
 * An operation whose route answers 404 (not built yet) or that has no fixture ids is skipped.
 */
export async function resolveTargets(origin: string, cookie: string): Promise<Resolved[]> {
  const resolved: Resolved[] = [];
  for (const spec of specs()) {
    if (spec.candidates.length === 0) {
      resolved.push({ skipped: `${spec.route}: no fixture ids for it yet` });
      continue;
    }
    let first: string | undefined;
    let found: Target | undefined;
    for (const { path, body: make } of spec.candidates) {
      const body = make ? JSON.stringify(make(-1)) : undefined;
      const reply = await send(origin, spec.method, `${API}${path}`, { headers: jsonHeaders(cookie), body });
      if (reply.status >= 200 && reply.status < 300) {
        const body = make && ((i: number) => JSON.stringify(make(i)));
        found = { label: spec.label, kind: spec.kind, method: spec.method, path, body, answer: JSON.parse(reply.text) };
        break;
      }
      first ??= describeReply(reply.status, reply.text);
    }
    if (found) resolved.push({ target: found });
    else if (first?.startsWith('404')) resolved.push({ skipped: `${spec.route} not available yet (${first})` });
    else resolved.push({ skipped: `${spec.route} answers ${first}` });
  }
  return resolved;
}
