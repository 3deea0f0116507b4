import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../src/main/server.js';
import { readReadyMadeScenarios } from '../../src/scenarios/scenario-files.js';
import { ids } from '../support/helpers.js';

/** Debian's chromium; .ci/run installs it. Elsewhere the browser tests are skipped unless CI is set. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM) || process.env.CI === 'true';
const SHOTS = 'test-output';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** What of the open record drawer lies outside the viewport; read the moment its record shows, with no wait. */
const drawerOutside = (page: Page) =>
  page.locator('#drawer, #drawer-title, #drawer-close, #drawer-body').evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const viewport = element.ownerDocument.documentElement;
      // The record itself is taller than the window and scrolls inside the drawer.
      const within =
        box.left >= 0 &&
        box.right <= viewport.clientWidth &&
        box.top >= 0 &&
        (element.id === 'drawer-body' || box.bottom <= viewport.clientHeight);
      return within ? [] : [`#${element.id}: ${box.left}-${box.right} x ${box.top}-${box.bottom}`];
    }),
  );

describe.runIf(haveBrowser)('the console in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ port: 0, host: '127.0.0.1' });
    origin = server.url.replace('/api/1', '');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);

  it('opens, then shows a client login live with its user, and opens it with its bodies and a curl line', async () => {
    const started = performance.now();
    await page.goto(`${origin}/_mock/`);
    await page.locator('#live.live').waitFor();
    console.log(`console loaded and live in ${(performance.now() - started).toFixed(0)} ms`);

    const login = await api('/auth/user', { headers: { authorization: basic('alice', 'alice-password') } });
    expect(login.status).toBe(200);
    const row = page.locator('tr.entry', { hasText: '/api/1/auth/user' }).first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('200');
    await expect(row.locator('td.user').textContent()).resolves.toBe('alice');
    await row.click();
    await page.locator('pre.body', { hasText: '"username": "alice"' }).waitFor();
    await page.locator('pre.headers', { hasText: '"authorization": "Basic <redacted>"' }).waitFor();
    await page.locator('#copy-curl').click();
    await page.locator('#last-copied', { hasText: /^curl -s -X GET / }).waitFor({ state: 'attached' });
    await page.screenshot({ path: `${SHOTS}/console-requests.png` });
  });

  it("shows an invite message's cooldown drop when the clock is advanced from the console", async () => {
    const login = await api('/auth/user', { headers: { authorization: basic('bob', 'bob-password') } });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const edit = await api(`/message/${ids.bob}/message/7`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Movie night at mine' }),
    });
    expect(edit.status).toBe(200);

    await page.locator('#tab-world').click();
    await page.locator('[data-kind="invite-messages"]').click();
    const slot = page.locator('tr.record', { hasText: 'Movie night at mine' });
    await expect(slot.textContent()).resolves.toContain('60 min left');
    await page.screenshot({ path: `${SHOTS}/console-world.png` });

    await page.locator('#tab-controls').click();
    await page.locator('[data-advance="10"]').click();
    await page.locator('#tab-world').click();
    await page.locator('tr.record', { hasText: '50 min left' }).waitFor();
  });

  it('enables a ready-made scenario and shows its hit count rise as a client meets it', async () => {
    const scenario = readReadyMadeScenarios().find((s) => s.name === 'login-rate-limited')!;
    await page.locator('#tab-controls').click();
    await page.locator(`[data-scenario="${scenario.name}"]`).click();
    const rule = page.locator('tr.rule', { hasText: scenario.scenario.name }).first();
    await expect(rule.locator('.hits').textContent()).resolves.toBe('0');

    const refused = await api('/auth/user', { headers: { authorization: basic('alice', 'alice-password') } });
    expect(refused.status).toBe(429);
    await page.locator('tr.rule .hits', { hasText: '1' }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/console-controls.png` });
    await page.locator('#tab-requests').click();
    await page
      .locator('tr.entry', { hasText: `${scenario.scenario.name} #0` })
      .first()
      .waitFor();
  });

  it('opens a record from an id in a world view', async () => {
    await page.locator('#tab-world').click();
    await page.locator('[data-kind="users"]').click();
    await page.locator('a.id', { hasText: ids.carol }).click();
    await page.locator('#drawer-body', { hasText: '"username": "carol"' }).waitFor();
    expect(await drawerOutside(page)).toEqual([]);
    await expect(page.locator('#drawer-body').textContent()).resolves.not.toContain('carol-password');
    await page.screenshot({ path: `${SHOTS}/console-record.png` });
  });

  it('shows a thousand journal entries a page at a time', async () => {
    await Promise.all(Array.from({ length: 1000 }, (_, i) => api(`/auth/user?page=${i}`)));
    const started = performance.now();
    await page.goto(`${origin}/_mock/`);
    await page.locator('#live.live').waitFor();
    console.log(`console with 1,000 journal entries loaded and live in ${(performance.now() - started).toFixed(0)} ms`);
    await expect(page.locator('#requests-page').textContent()).resolves.toMatch(/^page 1 of (10|11)$/);
    expect(await page.locator('tr.entry').count()).toBe(100);
  });
});

describe.runIf(haveBrowser)('the console kept current', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  /** Errors the open page reported: a script error, or anything its Content-Security-Policy refused. */
  let problems: string[];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ port: 0, host: '127.0.0.1' });
    origin = server.url.replace('/api/1', '');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function openConsole(viewport = { width: 1280, height: 760 }, beforeLoad?: (page: Page) => Promise<void>) {
    const page = await browser.newPage({ viewport });
    problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await beforeLoad?.(page);
    await page.goto(`${origin}/_mock/`);
    await page.locator('#live.live').waitFor();
    return page;
  }

  const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
  const control = async (method: string, path: string) => (await fetch(`${origin}/_mock${path}`, { method })).json();

  it('lists a request made between its first read of the journal and the start of its live stream, once', async () => {
    const page = await openConsole(undefined, async (opening) => {
      await opening.route(
        (url) => url.pathname === '/_mock/requests',
        async (route) => {
          const listed = await route.fetch();
          expect((await api('/time?made=while-connecting')).status).toBe(200);
          await route.fulfill({ response: listed });
        },
      );
    });
    await page.locator('tr.entry', { hasText: 'made=while-connecting' }).waitFor({ timeout: 10_000 });
    expect((await api('/time?made=once-live')).status).toBe(200);
    await page.locator('tr.entry', { hasText: 'made=once-live' }).waitFor();
    expect(await page.locator('tr.entry', { hasText: 'made=while-connecting' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists a world made after it loaded, shows its requests, and goes back to the default world once it is removed', async () => {
    const page = await openConsole();
    const { id } = (await control('POST', '/worlds')) as { id: string };
    await page.locator(`#world-picker option[value="${id}"]`).waitFor({ state: 'attached', timeout: 10_000 });
    await page.selectOption('#world-picker', id);
    expect((await api('/time?in=made-world', { headers: { 'x-mock-world': id } })).status).toBe(200);
    await page.locator('tr.entry', { hasText: 'in=made-world' }).waitFor();

    expect(await control('DELETE', `/worlds/${id}`)).toEqual({ removed: id });
    await page.locator(`#world-picker option[value="${id}"]`).waitFor({ state: 'detached', timeout: 10_000 });
    await expect(page.locator('#world-picker').inputValue()).resolves.toBe('');
    await page.locator('tr.entry', { hasText: 'in=made-world' }).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows every column of the users table at 800 px wide, the page itself never scrolling sideways', async () => {
    const page = await openConsole({ width: 800, height: 600 });
    await page.locator('#tab-world').click();
    await page.locator('tr.record').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/console-users-800.png` });
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(800);
    const headers = page.locator('#world-head th');
    expect(await headers.allTextContents()).toEqual(['id', 'username', 'state', 'status', 'location', 'sessions', '2FA', 'friends']);
    // In one step: the view is drawn again every few seconds, which would detach cells met one by one.
    const outside = await page.locator('#world-head th, #world-body tr:first-child td').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const box = cell.getBoundingClientRect();
        return box.left >= 0 && box.right <= 800 ? [] : [`${cell.textContent}: ${box.left}-${box.right}`];
      }),
    );
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  /** The document's scroll height and the boxes of `selectors` that reach outside the window, at once. */
  const layout = (page: Page, selectors: string) =>
    page.locator(selectors).evaluateAll((elements) => {
      const viewport = elements[0]!.ownerDocument.documentElement;
      return {
        pageHeight: viewport.scrollHeight,
        outside: elements.flatMap((element) => {
          const box = element.getBoundingClientRect();
          const within =
            box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= viewport.clientHeight && box.right <= viewport.clientWidth;
          return within ? [] : [`#${element.id || element.className}: ${box.left}-${box.right} x ${box.top}-${box.bottom}`];
        }),
      };
    });

  it('shows the outbox and the pipeline frames beside the scenario list at 1280x900, the page never scrolling', async () => {
    const page = await openConsole({ width: 1280, height: 900 });
    await page.locator('#tab-controls').click();
    await page.locator('[data-scenario]').first().waitFor();
    await page.locator('#pipeline', { hasText: 'sockets' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/console-controls-1280x900.png` });
    expect(await layout(page, '#clock-card, #world-card, #rules-card, #outbox-card, #pipeline-card, #outbox, #pipeline')).toEqual({
      pageHeight: 900,
      outside: [],
    });
    // The ready-made scenarios are more than the window holds: they scroll in their own box.
    expect(await page.locator('#ready-made').evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the requests with one scrollbar, the table's, at 1280x900", async () => {
    await Promise.all(Array.from({ length: 150 }, (_, i) => api(`/time?scrolled=${i}`)));
    const page = await openConsole({ width: 1280, height: 900 });
    await page.locator('tr.entry', { hasText: 'scrolled=149' }).waitFor();
    expect(await layout(page, '#requests .filters, #requests .scroll, #requests .pager')).toEqual({ pageHeight: 900, outside: [] });
    expect(await page.locator('#requests .scroll').evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the tab a link names, and names in the address the tab it switches to', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
    await page.goto(`${origin}/_mock/#controls`);
    await page.locator('[data-scenario]').first().waitFor();
    expect(await page.locator('#requests').isVisible()).toBe(false);
    await page.locator('#tab-world').click();
    await page.locator('tr.record').first().waitFor();
    expect(new URL(page.url()).hash).toBe('#world');
    await page.evaluate("location.hash = '#requests'");
    await page.locator('#requests').waitFor();
    expect(await page.locator('#world').isVisible()).toBe(false);
    expect(await page.locator('#tab-requests').getAttribute('class')).toBe('on');
    await page.close();
  });

  it("shows a record's drawer whole at 800 px wide, its close button in reach", async () => {
    const page = await openConsole({ width: 800, height: 600 });
    await page.locator('#tab-world').click();
    await page.locator('[data-kind="instances"]').click();
    await page
      .locator('a.id', { hasText: /^wrld_/ })
      .first()
      .click();
    await page.locator('#drawer-body', { hasText: '"kind": "instance"' }).waitFor();
    expect(await drawerOutside(page)).toEqual([]);
    await page.locator('#drawer-close').click();
    await expect(page.locator('#drawer').isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe.runIf(haveBrowser)('the console on a large generated world', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', seed: 7, generate: { users: 20_000, groups: 2_000 } });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('pages users and groups instead of loading them all', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url.replace('/api/1', '')}/_mock/`);
    await page.locator('#tab-world').click();
    await page.locator('#world-page', { hasText: 'of 20007' }).waitFor();
    expect(await page.locator('tr.record').count()).toBe(100);
    await page.locator('#world-next').click();
    await page.locator('#world-page', { hasText: '101-200 of 20007' }).waitFor();
    await page.locator('[data-kind="groups"]').click();
    await page.locator('#world-page', { hasText: /^1-100 of 200\d$/ }).waitFor();
  });
});
