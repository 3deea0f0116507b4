import { describe, expect, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { ids } from '../support/helpers.js';
import { usePipelineServer, type TestSocket } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();

const earlyBuilder = 'bdg_a60e514a-8cb7-4702-8f24-2786992be1a8';
const jamWinner = 'bdg_a11ce000-0000-4000-8000-0000000bd0ff';

async function nextContent(socket: TestSocket) {
  const frame = await socket.next();
  return { type: frame.type, content: JSON.parse(frame.content) };
}

const badgeIdsOf = (body: { badges: { badgeId: string }[] }) => body.badges.map((b) => b.badgeId);

describe('badges the server gives and takes back (POST, DELETE /_mock/users/{userId}/badges)', () => {
  it('sends user-badge-assigned with the badge to its holder alone, and the profile shows it', async () => {
    const [alice, bob] = await pipeline.connect('alice', 'bob');
    const worldTime = async () => Date.parse((await pipeline.control('GET', '/clock')).body.now);
    const before = await worldTime();
    const given = await pipeline.control('POST', `/users/${ids.alice}/badges`, {
      badgeId: jamWinner,
      badgeName: 'Jam Winner',
      badgeDescription: 'Won a world jam.',
      badgeImageUrl: 'https://assets.example.test/badges/jam-winner.png',
      showcased: true,
    });
    expect(given.status).toBe(200);
    const after = await worldTime();
    const badge = {
      badgeId: jamWinner,
      badgeName: 'Jam Winner',
      badgeDescription: 'Won a world jam.',
      badgeImageUrl: 'https://assets.example.test/badges/jam-winner.png',
      assignedAt: given.body.assignedAt,
      updatedAt: given.body.assignedAt,
      hidden: false,
      showcased: true,
    };
    expect(given.body).toEqual(badge);
    expect(Date.parse(badge.assignedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(badge.assignedAt)).toBeLessThanOrEqual(after);
    expect(await nextContent(alice!.socket)).toEqual({ type: 'user-badge-assigned', content: { badge } });
    const profile = await pipeline.api('GET', `/users/${ids.alice}`, { cookie: bob!.cookie });
    expect(badgeIdsOf(profile.body)).toEqual([earlyBuilder, jamWinner]);
    await pipeline.expectNothingMore([alice!.socket, bob!.socket]);
  });

  it('gives a new bdg_ id when none is sent, and the holder may then showcase the badge', async () => {
    const [alice] = await pipeline.connect('alice');
    const given = await pipeline.control('POST', `/users/${ids.alice}/badges`, { badgeName: 'Night Owl' });
    expect(given.body).toMatchObject({ badgeName: 'Night Owl', badgeDescription: '', badgeImageUrl: '', showcased: false, hidden: false });
    expect(given.body.badgeId).toMatch(/^bdg_[0-9a-f-]{36}$/);
    expect((await nextContent(alice!.socket)).content.badge.badgeId).toBe(given.body.badgeId);
    const showcase = await pipeline.api('PUT', `/users/${ids.alice}/badges/${given.body.badgeId}`, {
      cookie: alice!.cookie,
      body: { showcased: true },
    });
    expect(showcase.status).toBe(200);
    // Showcasing is the holder's profile change, not a badge event.
    expect((await nextContent(alice!.socket)).type).toBe('user-update');
    const profile = await pipeline.api('GET', `/users/${ids.alice}`, { cookie: alice!.cookie });
    expect(badgeIdsOf(profile.body)).toEqual([earlyBuilder, given.body.badgeId]);
    await pipeline.expectNothingMore([alice!.socket]);
  });

  it('sends user-badge-unassigned with the badge id when one is taken back, and no view shows it', async () => {
    const [alice, bob] = await pipeline.connect('alice', 'bob');
    const taken = await pipeline.control('DELETE', `/users/${ids.alice}/badges/${earlyBuilder}`);
    expect([taken.status, taken.body]).toEqual([200, { unassigned: earlyBuilder }]);
    expect(await nextContent(alice!.socket)).toEqual({ type: 'user-badge-unassigned', content: { badgeId: earlyBuilder } });
    expect(badgeIdsOf((await pipeline.api('GET', `/users/${ids.alice}`, { cookie: bob!.cookie })).body)).toEqual([]);
    const showcase = await pipeline.api('PUT', `/users/${ids.alice}/badges/${earlyBuilder}`, {
      cookie: alice!.cookie,
      body: { showcased: true },
    });
    expect(showcase.body.error).toEqual({ message: messages.badgeNotHeld(earlyBuilder), status_code: 404 });
    await pipeline.expectNothingMore([alice!.socket, bob!.socket]);
  });

  it('refuses a badge already held, one not held, an unknown user and a nameless badge, and sends nothing', async () => {
    const [alice] = await pipeline.connect('alice');
    const refusals = [
      [
        await pipeline.control('POST', `/users/${ids.alice}/badges`, { badgeId: earlyBuilder, badgeName: 'Again' }),
        400,
        messages.badgeAlreadyHeld(earlyBuilder),
      ],
      [await pipeline.control('DELETE', `/users/${ids.alice}/badges/${jamWinner}`), 404, messages.badgeNotHeld(jamWinner)],
      [
        await pipeline.control('POST', '/users/usr_00000000-0000-4000-8000-00000000dead/badges', { badgeName: 'X' }),
        404,
        'User usr_00000000-0000-4000-8000-00000000dead not found',
      ],
      [await pipeline.control('POST', `/users/${ids.alice}/badges`, { badgeDescription: 'no name' }), 400, 'badgeName is required'],
    ] as const;
    for (const [reply, status, message] of refusals) expect(reply.body).toEqual({ error: { message, status_code: status } });
    expect(refusals.map(([reply]) => reply.status)).toEqual([400, 404, 404, 400]);
    await pipeline.expectNothingMore([alice!.socket]);
  });
});
