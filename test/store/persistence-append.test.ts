import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { SavedLists } from '../../src/store/persistence/saved-lists.js';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { startCli, tempDir } from '../support/db-cli.js';
import { openMicEvent } from '../support/calendar-seed.js';
import { groups } from '../support/groups-fixture-ids.js';
import { testSandbox, type TestSandbox } from '../support/helpers.js';

type Change = Record<string, unknown>;

const lastLine = (db: string): { changes: Change[] } => JSON.parse(readFileSync(`${db}.log`, 'utf8').trimEnd().split('\n').at(-1)!);

/** A create body for day `n` counted from 2027-02-01 (after every fixture event): 28 to a month, under the monthly limit. */
function eventOn(n: number) {
  const start = new Date(Date.UTC(2027, 1 + Math.floor(n / 28), 1 + (n % 28), 20));
  return {
    ...openMicEvent,
    title: `Meetup ${n}`,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 7_200_000).toISOString(),
  };
}

/** A world saved as a server saves it (by default with a log that is never folded into the file), alice logged in. */
async function savedWorld(maxLogBytes = Number.MAX_SAFE_INTEGER) {
  const t = testSandbox();
  const db = join(tempDir(), 'state.json');
  const file = new SandboxFile(db, () => t.sandbox, 0, { maxLogBytes });
  await file.create();
  const cookie = await t.login('alice');
  const write = async (method: string, path: string, body?: unknown) => {
    const reply = await t.call(method, path, { cookie, body });
    await file.commit();
    return reply;
  };
  return { t, db, file, cookie, write };
}

/** Every page of a group's calendar and audit log, as alice reads them. */
async function readBack(t: TestSandbox, cookie: string) {
  const pages: unknown[] = [];
  for (const offset of [0, 100, 200]) {
    for (const path of [
      `/calendar/${groups.builders}?n=100&offset=${offset}`,
      `/groups/${groups.builders}/auditLogs?n=100&offset=${offset}`,
    ]) {
      const reply = await t.call('GET', path, { cookie });
      pages.push({ path, status: reply.status, body: reply.body });
    }
  }
  return pages;
}

describe('the --db log of calendar events and audit logs', () => {
  it('holds a new event by its id and the audit entry appended, however many events the group has', async () => {
    const { db, file, write } = await savedWorld();
    const sizes: number[] = [];
    for (let n = 0; n < 120; n++) {
      const reply = await write('POST', `/calendar/${groups.builders}/event`, eventOn(n));
      expect(reply.status).toBe(200);
      const line = lastLine(db);
      sizes.push(JSON.stringify(line).length);
      if (n < 2) continue;
      const calendar = line.changes.filter((change) => change.collection === 'calendarEvents');
      const inserted = { collection: 'calendarEvents', home: true, records: [expect.objectContaining({ title: `Meetup ${n}` })] };
      expect(calendar).toEqual([
        // A month's first event makes its bucket, written whole the first time: it holds that event alone.
        n % 28 === 0
          ? { ...inserted, by: 'calendarMonth', key: `${groups.builders}@${2027 * 12 + 1 + n / 28}` }
          : { ...inserted, by: 'id', key: reply.body.id },
      ]);
      const audit = line.changes.filter((change) => change.state === 'groupExtras.groupAuditLogs');
      expect(audit).toEqual([
        {
          state: 'groupExtras.groupAuditLogs',
          key: groups.builders,
          drop: 0,
          append: [expect.objectContaining({ eventType: 'group.event.create', targetId: reply.body.id })],
        },
      ]);
    }
    // The 120th line is no longer than the 20th: it holds one event, not the group's calendar.
    expect(Math.max(...sizes.slice(100))).toBeLessThan(1.1 * Math.min(...sizes.slice(20, 40)));
    await file.close();
  });

  it('holds the month a write read (it may have changed any event in it) with every event in it', async () => {
    const { db, file, write } = await savedWorld();
    const made: string[] = [];
    for (let n = 0; n < 3; n++) made.push((await write('POST', `/calendar/${groups.builders}/event`, eventOn(n))).body.id);
    expect((await write('POST', `/calendar/${groups.builders}/${made[1]}/follow`, { isFollowing: true })).status).toBe(200);
    const months = lastLine(db).changes.filter((change) => change.collection === 'calendarEvents');
    const february = months.find((change) => change.key === `${groups.builders}@${2027 * 12 + 1}`)!;
    expect(february.by).toBe('calendarMonth');
    expect((february.records as { id: string; interestedUserCount: number }[]).filter((event) => made.includes(event.id))).toEqual([
      expect.objectContaining({ id: made[0], interestedUserCount: 0 }),
      expect.objectContaining({ id: made[1], interestedUserCount: 1 }),
      expect.objectContaining({ id: made[2], interestedUserCount: 0 }),
    ]);
    await file.close();
  });

  it.each([
    ['a log never folded', Number.MAX_SAFE_INTEGER],
    ['a log folded into the file each 64 KiB', 64 * 1024],
  ])('reloads after many creates, moves and deletes with every event and audit entry as the API answered them (%s)', async (_, bound) => {
    const { t, db, file, cookie, write } = await savedWorld(bound);
    const made: string[] = [];
    for (let n = 0; n < 150; n++) {
      const reply = await write('POST', `/calendar/${groups.builders}/event`, eventOn(n));
      expect(reply.status).toBe(200);
      made.push(reply.body.id);
      if (n % 3 === 2) expect((await write('DELETE', `/calendar/${groups.builders}/${made[n - 1]}`)).status).toBe(200);
      if (n % 10 === 9) {
        // Moved to a month later: it leaves one month's entry for another's.
        const moved = eventOn(n + 40);
        expect(
          (await write('PUT', `/calendar/${groups.builders}/${made[n]}/event`, { startsAt: moved.startsAt, endsAt: moved.endsAt })).status,
        ).toBe(200);
      }
      if (n % 7 === 0)
        expect((await write('POST', `/calendar/${groups.builders}/${made[n]}/follow`, { isFollowing: true })).status).toBe(200);
      if (n % 5 === 4) {
        const saved = SandboxFile.read(db)!.groupExtras.groupAuditLogs.get(groups.builders)!;
        expect(saved.map((entry) => entry.id)).toEqual(t.sandbox.groupAuditLogs.get(groups.builders)!.map((entry) => entry.id));
      }
    }
    const original = await readBack(t, cookie);
    const fromLog = testSandbox();
    fromLog.deps.sandboxes.load(SandboxFile.read(db)!);
    expect(await readBack(fromLog, await fromLog.login('alice'))).toEqual(original);
    expect((original[0] as { body: { totalCount: number } }).body.totalCount).toBeGreaterThan(100);
    await file.close();
  });

  it('reloads an audit log that has dropped its oldest entries between two saves', async () => {
    const { t, db, file, cookie, write } = await savedWorld();
    for (let n = 0; n < 3; n++) await write('POST', `/calendar/${groups.builders}/event`, eventOn(n));
    // As the limit does: the oldest entries go from the start, new ones come at the end.
    const log = t.sandbox.groupAuditLogs.get(groups.builders)!;
    await write('POST', `/calendar/${groups.builders}/event`, eventOn(3));
    log.splice(0, 2);
    await write('POST', `/calendar/${groups.builders}/event`, eventOn(4));
    expect(lastLine(db).changes.find((change) => change.state === 'groupExtras.groupAuditLogs')).toMatchObject({ drop: 2, append: [{}] });
    const fromLog = testSandbox();
    fromLog.deps.sandboxes.load(SandboxFile.read(db)!);
    expect(await readBack(fromLog, await fromLog.login('alice'))).toEqual(await readBack(t, cookie));
    await file.close();
  });
});

describe('SavedLists', () => {
  const a = { n: 'a' };
  const b = { n: 'b' };
  const c = { n: 'c' };
  const d = { n: 'd' };

  it('gives nothing for a list no save wrote, then what went from its start and came at its end', () => {
    const lists = new SavedLists();
    const list = [a, b];
    expect(lists.endsOf(list)).toBeUndefined();
    list.push(c);
    expect(lists.endsOf(list)).toEqual({ drop: 0, append: [c] });
    list.splice(0, 2);
    list.push(d);
    expect(lists.endsOf(list)).toEqual({ drop: 2, append: [d] });
    expect(lists.endsOf(list)).toEqual({ drop: 0, append: [] });
  });

  it('drops all it saved when its last saved item is gone, and starts afresh once forgotten', () => {
    const lists = new SavedLists();
    const list = [a, b];
    lists.endsOf(list);
    list.splice(0, 2, c, d);
    expect(lists.endsOf(list)).toEqual({ drop: 2, append: [c, d] });
    lists.forget();
    expect(lists.endsOf(list)).toBeUndefined();
  });
});

describe('--db with calendar writes, killed with SIGKILL', () => {
  it('keeps every acknowledged event and its audit entry', async () => {
    const db = join(tempDir(), 'state.json');
    const { child, url, exited } = startCli(['--db', db]);
    const apiUrl = await url;
    const login = await fetch(`${apiUrl}/auth/user`, { headers: { authorization: encodeBasic('alice', 'alice-password') } });
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith('auth='))!
      .split(';')[0]!;
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (worker: number) => {
      for (let i = 0; !killed; i++) {
        const start = new Date(Date.UTC(2031 + worker, i % 12, 1 + Math.floor(i / 12), 20));
        const body = {
          ...openMicEvent,
          title: `w${worker}n${i}`,
          startsAt: start.toISOString(),
          endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
        };
        const response = await fetch(`${apiUrl}/calendar/${groups.builders}/event`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).catch(() => undefined);
        if (killed) return;
        if (response?.status === 200) acknowledged.push(((await response.json()) as { id: string }).id);
        if (acknowledged.length >= 150) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(writer));
    await exited;
    const saved = SandboxFile.read(db)!;
    const events = new Set(saved.data.calendarEvents.map((event) => event.id));
    expect(acknowledged.filter((id) => !events.has(id))).toEqual([]);
    const audited = new Set(saved.groupExtras.groupAuditLogs.get(groups.builders)!.map((entry) => entry.targetId));
    expect(acknowledged.filter((id) => !audited.has(id))).toEqual([]);
  }, 60_000);
});
