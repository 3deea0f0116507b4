import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ControlClient, type MockServer } from '../../src/main/index.js';
import { harProblems } from '../support/har.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('the journal as HAR (GET /_mock/requests.har)', () => {
  let server: MockServer;
  let kept: MockServer;
  beforeAll(async () => {
    [server, kept] = await Promise.all([startServer(), startServer({ harSecrets: 'keep' })]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), kept?.close()]);
  });

  /** A login, a write with a body, and a refusal, through one session. */
  async function traffic(on: ControlClient) {
    const session = await on.login('alice', 'alice-password');
    await session.fetch('/auth/user/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targetUserId: 'usr_missing', note: 'hello' }),
    });
    await session.fetch('/groups/grp_00000000-0000-4000-8000-00000000dead');
    return session;
  }

  it('is valid HAR 1.2 holding each request with its bodies, headers and status', async () => {
    const world = await server.worlds.create();
    await traffic(world);
    const har = await world.requests.har();
    expect(await harProblems(har)).toEqual([]);
    expect(
      har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname} ${entry.response.status}`),
    ).toEqual([
      'GET /api/1/auth/user 200',
      'POST /api/1/auth/user/notes 404',
      'GET /api/1/groups/grp_00000000-0000-4000-8000-00000000dead 404',
    ]);
    const [login, note, group] = har.log.entries;
    expect(JSON.parse(login!.response.content.text!)).toMatchObject({ username: 'alice' });
    expect(note!.request.postData).toEqual({
      mimeType: 'application/json',
      text: JSON.stringify({ targetUserId: 'usr_missing', note: 'hello' }),
    });
    expect(JSON.parse(group!.response.content.text!)).toEqual({ error: { message: "Can't find group!", status_code: 404 } });
    expect(group!.response.headers).toContainEqual({ name: 'content-type', value: expect.stringContaining('application/json') });
  });

  it('redacts the password, the cookies and Set-Cookie by default', async () => {
    const world = await server.worlds.create();
    const session = await traffic(world);
    const text = JSON.stringify(await world.requests.har());
    const token = session.cookie.split('=')[1]!.split(';')[0]!;
    expect(text).not.toContain(basic('alice', 'alice-password').slice(6));
    expect(text).not.toContain(token);
    expect(text).toContain('"name":"authorization","value":"Basic <redacted>"');
    expect(text).toContain('"name":"set-cookie","value":"<redacted>"');
  });

  it('keeps them with --har-secrets keep', async () => {
    const session = await traffic(kept);
    const text = JSON.stringify(await kept.requests.har());
    expect(text).toContain(basic('alice', 'alice-password'));
    expect(text).toContain(session.cookie.split(';')[0]!.split('=')[1]!);
  });

  it("takes the journal's filters", async () => {
    const world = await server.worlds.create();
    await traffic(world);
    const har = await world.requests.har({ method: 'POST' });
    expect(har.log.entries.map((entry) => entry.request.method)).toEqual(['POST']);
    const refused = await fetch(`${server.url}/_mock/requests.har?status=nine`);
    expect(refused.status).toBe(400);
  });
});
