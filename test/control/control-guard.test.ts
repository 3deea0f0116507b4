import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createApp, sandboxDeps } from '../../src/main/app.js';
import { manualClock } from '../../src/store/clock.js';
import type { ControlGuardOptions } from '../../src/control/guard.js';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';
import { messages } from '../../src/errors.js';
import { startServer } from '../../src/main/server.js';
import { SandboxSource } from '../../src/store/sandbox-source.js';
import { expectError, testSandbox, type TestSandbox } from '../support/helpers.js';
import { control } from '../support/control-call.js';

const data = readFixtureDir(defaultFixturesDir);

function guarded(options: ControlGuardOptions): TestSandbox {
  const deps = sandboxDeps(SandboxSource.inMemory(data), () => manualClock(), { control: options });
  return { app: createApp(deps), deps } as TestSandbox;
}

const rewind = { set: '2020-01-01T00:00:00.000Z' };

describe('the control plane', () => {
  it('refuses a cross-site text/plain POST that a web page could send', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/clock', JSON.stringify(rewind), {
      origin: 'http://evil.example',
      'content-type': 'text/plain',
    });
    expectError(reply, 403, messages.controlOriginRefused('http://evil.example'));
    expect((await control(t, 'GET', '/clock')).body.now).toBe('2026-01-15T12:00:00.000Z');
  });

  it('refuses a body that is not JSON', async () => {
    const t = testSandbox();
    expectError(
      await control(t, 'POST', '/clock', JSON.stringify(rewind), { 'content-type': 'text/plain' }),
      415,
      messages.controlBodyNotJson,
    );
    expectError(
      await control(t, 'POST', '/reset', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      messages.controlBodyNotJson,
    );
  });

  it('accepts its own origin, JSON bodies and requests without a body', async () => {
    const t = testSandbox();
    expect((await control(t, 'POST', '/clock', rewind, { origin: 'http://localhost' })).status).toBe(200);
    expect((await control(t, 'POST', '/clock', rewind, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
    expect((await control(t, 'POST', '/reset')).status).toBe(200);
  });

  it('refuses a Host that is not an address of the server (DNS rebinding)', async () => {
    const t = testSandbox();
    expectError(
      await control(t, 'POST', '/reset', undefined, { host: 'evil.example:8080' }),
      403,
      messages.controlHostRefused('evil.example'),
    );
    expect((await control(t, 'POST', '/reset', undefined, { host: '127.0.0.1:8080' })).status).toBe(200);
    expect((await control(t, 'POST', '/reset', undefined, { host: '[::1]:8080' })).status).toBe(200);
  });

  it('accepts the Host names and Origins it is configured with', async () => {
    const t = guarded({ allowedHosts: ['mock.test'], allowedOrigins: ['http://localhost:5173'] });
    expect((await control(t, 'POST', '/reset', undefined, { host: 'mock.test:8080' })).status).toBe(200);
    expect((await control(t, 'POST', '/reset', undefined, { origin: 'http://localhost:5173' })).status).toBe(200);
  });

  it('wants the token when one is set, except for the health check', async () => {
    const t = guarded({ token: 'sesame' });
    expectError(await control(t, 'POST', '/reset'), 401, messages.controlTokenMissing);
    expectError(await control(t, 'POST', '/reset', undefined, { authorization: 'Bearer nope' }), 401, messages.controlTokenMissing);
    expect((await control(t, 'POST', '/reset', undefined, { authorization: 'Bearer sesame' })).status).toBe(200);
    expect((await control(t, 'GET', '/health')).status).toBe(200);
  });

  it('takes the token as ?token= only where a browser cannot send a header: the console page, its event stream and HAR link', async () => {
    const t = guarded({ token: 'sesame' });
    for (const path of ['/', '/console', '/requests.har']) {
      expect((await t.app.request(`/_mock${path}?token=sesame`)).status).toBe(200);
    }
    expectError(await control(t, 'GET', '/clock?token=sesame'), 401, messages.controlTokenMissing);
    expectError(await control(t, 'GET', '/requests?token=sesame'), 401, messages.controlTokenMissing);
    expectError(await control(t, 'POST', '/reset?token=sesame'), 401, messages.controlTokenMissing);
  });

  it('refuses a foreign Origin on upload URLs too', async () => {
    const t = testSandbox();
    const response = await t.app.request('/_uploads/any-token', { method: 'PUT', headers: { origin: 'http://evil.example' }, body: 'x' });
    expect(response.status).toBe(403);
  });
});

/** A raw request with the Host header as given (fetch would not send a made-up one). */
function raw(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a server beyond loopback', () => {
  it('warns on stderr, prints a token and wants it on /_mock', async () => {
    const lines: string[] = [];
    const server = await startServer({ port: 0, host: '0.0.0.0', warn: (line) => lines.push(line) });
    try {
      expect(lines[0]).toBe('mock-api: warning: listening on 0.0.0.0 exposes the control plane (/_mock) to the network');
      const token = /Bearer (\S+)"/.exec(lines[1] ?? '')?.[1] ?? '';
      expect(token.length).toBeGreaterThan(20);
      expect((await raw(server.port, 'POST', '/_mock/reset', {})).status).toBe(401);
      expect((await raw(server.port, 'POST', '/_mock/reset', { authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('upload URLs', () => {
  it('do not copy a Host header that names another server', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1' });
    try {
      const cookie = await loginCookie(server.port);
      const started = await raw(server.port, 'PUT', '/api/1/file/file_f11e0000-0000-4000-8000-000000000002/1/signature/start', {
        cookie,
        host: 'evil.example',
      });
      expect(JSON.parse(started.body).url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/_uploads/`));
    } finally {
      await server.close();
    }
  });
});

async function loginCookie(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/1/auth/user',
        headers: { authorization: `Basic ${Buffer.from('alice:alice-password').toString('base64')}` },
      },
      (res) => {
        res.resume();
        const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth='));
        res.on('end', () => resolve(cookie?.split(';')[0] ?? ''));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
