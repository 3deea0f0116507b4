import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Har } from '../../src/control/har-types.js';
import { harProblems } from '../support/har.js';
import { BASIC, clientSession, PASSWORD, pushFrame, recorder, run, upstreamServer } from '../support/parity-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mock-api-parity-'));
const readHar = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Har;

/** What the live-profile upstream is given on top: the active worlds refused, as an outage would. */
const outage = join(dir, 'outage.json');
writeFileSync(
  outage,
  JSON.stringify({
    name: 'outage',
    rules: [{ match: { method: 'GET', path: '/worlds/active' }, response: { status: 503, message: 'Service temporarily unavailable' } }],
  }),
);

/** Records a client's session through a recorder in front of a server started with `args`; stops the recorder with `signal`. */
async function recordSession(name: string, args: string[], signal: NodeJS.Signals = 'SIGINT') {
  const upstream = await upstreamServer(args);
  const file = join(dir, `${name}.har`);
  const proxy = await recorder(upstream.url, file);
  const session = await clientSession(proxy.url, pushFrame(upstream.url));
  return { upstream, proxy, session, file, stop: async () => (proxy.child.kill(signal), await proxy.exited) };
}

describe('mock-api record, then drift', () => {
  let live: Awaited<ReturnType<typeof recordSession>>;
  let same: Awaited<ReturnType<typeof recordSession>>;
  beforeAll(async () => {
    [live, same] = await Promise.all([
      recordSession('live', ['--profile', 'live', '--scenario', outage]),
      recordSession('same', [], 'SIGTERM'),
    ]);
  }, 60_000);
  afterAll(() => {
    live?.upstream.child.kill();
    same?.upstream.child.kill();
  });

  it('stops on SIGINT and SIGTERM with exit code 0 and a valid HAR holding every pair and socket frame', async () => {
    expect(await live.stop()).toBe(0);
    expect(await same.stop()).toBe(0);
    for (const file of [live.file, same.file]) {
      const har = readHar(file);
      expect(await harProblems(har)).toEqual([]);
      const http = har.log.entries.filter((entry) => !entry._webSocketMessages);
      expect(http.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`)).toEqual([
        'GET /api/1/auth/user',
        'GET /api/1/auth/user',
        'GET /api/1/groups/grp_00000000-0000-4000-8000-00000000dead',
        'GET /api/1/worlds/active',
        'POST /api/1/groups',
        `GET /api/1/groups/${file === live.file ? live.session.groupId : same.session.groupId}`,
      ]);
      const [socket] = har.log.entries.filter((entry) => entry._webSocketMessages);
      expect(socket!.response.status).toBe(101);
      expect(socket!._resourceType).toBe('websocket');
      // In the order they crossed the recorder: the pushed frame may overtake the client's, which goes through it.
      const frames = socket!._webSocketMessages!;
      expect(frames.map(({ type, opcode }) => `${type} ${opcode}`).sort()).toEqual(['receive 1', 'send 1']);
      expect(JSON.parse(frames.find((frame) => frame.type === 'receive')!.data)).toMatchObject({ type: 'notification' });
      for (const frame of frames) expect(typeof frame.time).toBe('number');
    }
    expect(
      readHar(live.file).log.entries.find((entry) => entry.request.url.endsWith('/groups/grp_00000000-0000-4000-8000-00000000dead'))!
        .response.content.text,
    ).toBe(JSON.stringify({ error: { message: "Can't find groupǃ", status_code: 404 } }));
  });

  it('keeps no secret: no password, Basic credentials, cookie or event-socket token', () => {
    for (const { file, session } of [live, same]) {
      const text = readFileSync(file, 'utf8');
      for (const secret of [PASSWORD, BASIC.slice(6), session.token]) expect(text).not.toContain(secret);
      expect(text).toContain('Basic <redacted>');
    }
  });

  it('drift reports exactly the differences the upstream was given, exit 1', () => {
    const result = run(['drift', live.file, '--user', `alice:${PASSWORD}`, '--json']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as {
      summary: Record<string, { same: number; total: number }>;
      differences: {
        path: string;
        comparison: {
          status: { same: boolean };
          message?: { recorded: string; simulated: string; same: boolean };
          shape?: { same: boolean; onlyRecorded: string[] };
        };
      }[];
    };
    expect(report.differences.map((d) => d.path)).toEqual([
      '/api/1/groups/grp_00000000-0000-4000-8000-00000000dead',
      '/api/1/worlds/active',
    ]);
    const [group, worlds] = report.differences;
    expect(group!.comparison).toMatchObject({
      status: { same: true },
      message: { recorded: "Can't find groupǃ", simulated: "Can't find group!", same: false },
    });
    expect(group!.comparison.shape!.same).toBe(true);
    expect(worlds!.comparison).toMatchObject({
      status: { recorded: 503, simulated: 200, same: false },
      message: { recorded: 'Service temporarily unavailable', simulated: null },
    });
    expect(worlds!.comparison.shape?.onlyRecorded ?? ['error']).toContain('error');
    expect(report.summary.status).toEqual({ same: 5, total: 6 });
    const text = run(['drift', live.file, '--user', `alice:${PASSWORD}`]);
    expect(text.stdout.trim().split('\n').at(-1)).toMatch(/^status 5\/6, messages \d+\/\d+, shapes \d+\/\d+$/);
    expect(text.stdout).toContain(
      `/api/1/groups/grp_00000000-0000-4000-8000-00000000dead: message "Can't find groupǃ" recorded, "Can't find group!" simulated`,
    );
  });

  it('drift of a recording of the simulator itself finds nothing, exit 0', () => {
    const result = run(['drift', same.file, '--user', `alice:${PASSWORD}`]);
    expect(result.stdout).toMatch(/^status 6\/6, messages (\d+)\/\1, shapes (\d+)\/\2\n$/);
    expect(result.status).toBe(0);
  });

  it('answers a 502 envelope when the upstream is gone, and the record says so', async () => {
    const upstream = await upstreamServer();
    const file = join(dir, 'gone.har');
    const proxy = await recorder(upstream.url, file);
    upstream.child.kill('SIGKILL');
    await upstream.exited;
    const answer = await fetch(`${proxy.url}/config`);
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
      /^mock-api record: the upstream http:\/\/127\.0\.0\.1:\d+ did not answer \(ECONNREFUSED\)$/,
    );
    proxy.child.kill('SIGINT');
    expect(await proxy.exited).toBe(0);
    const [entry] = readHar(file).log.entries;
    expect(entry!.response).toMatchObject({ status: 502, _error: 'ECONNREFUSED' });
  });
});

describe('bad input: one line on stderr, exit code 2', () => {
  const oneLine = (result: ReturnType<typeof run>, pattern: RegExp) => {
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^mock-api: ${pattern.source}\\n$`));
  };
  it('a broken HAR', () => {
    const file = join(dir, 'broken.har');
    writeFileSync(file, '{"log": {"entries": [');
    oneLine(run(['drift', file]), /.*broken\.har: is not JSON \(.*\)/);
    oneLine(run(['drift', join(dir, 'none.har')]), /.*none\.har: cannot be read \(ENOENT\)/);
  });
  it('a HAR of another API', () => {
    const file = join(dir, 'other.har');
    const entry = {
      request: { method: 'GET', url: 'https://example.test/v2/things', headers: [] },
      response: { status: 200, content: {} },
    };
    writeFileSync(file, JSON.stringify({ log: { version: '1.2', entries: [entry] } }));
    oneLine(run(['drift', file]), /.*other\.har: holds no answered request to \/api\/1; a HAR of another API\?/);
  });
  it('an unreachable upstream', () => {
    oneLine(
      run(['record', '--upstream', 'http://127.0.0.1:1/api/1', '--out', join(dir, 'x.har')]),
      /cannot reach the upstream http:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)/,
    );
  });
});
