// `npx tsx scripts/console-screenshots.ts`: the pictures of docs/console.md, taken anew. Starts the
// default world's server on 127.0.0.1, drives its console in Debian's chromium (CHROMIUM_PATH to use
// another) at 1280 and at 800 px wide, and writes docs/console-<view>.png and docs/console-<view>-800.png.
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer } from '../src/main/server.js';

const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WIDTHS = [1280, 800];
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** One picture, taken once the page is at its top and no passing notice covers it. */
async function shoot(page: Page, view: string, width: number) {
  await page.locator('#toast').waitFor({ state: 'hidden' });
  await page.mouse.wheel(0, -100_000);
  await page.screenshot({ path: `${DOCS}console-${view}${width === 1280 ? '' : `-${width}`}.png` });
}

/** Each width on a server of its own, so that both sets show the same world. */
async function shootAt(browser: Browser, width: number) {
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
  const page = await browser.newPage({ viewport: { width, height: 760 } });
  try {
    await page.goto(`${server.url.replace('/api/1', '')}/_mock/`);
    await page.locator('#live.live').waitFor();

    await api('/auth/user', { headers: { authorization: basic('alice', 'alice-password') } });
    await page.locator('tr.entry', { hasText: '/api/1/auth/user' }).first().click();
    await page.locator('pre.body', { hasText: '"username": "alice"' }).waitFor();
    await shoot(page, 'requests', width);

    const login = await api('/auth/user', { headers: { authorization: basic('bob', 'bob-password') } });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const ids = (await login.json()) as { id: string };
    await api(`/message/${ids.id}/message/7`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Movie night at mine' }),
    });
    await page.locator('#tab-world').click();
    await page.locator('[data-kind="invite-messages"]').click();
    await page.locator('tr.record', { hasText: '60 min left' }).waitFor();
    await shoot(page, 'world', width);

    await page.locator('#tab-controls').click();
    await page.locator('[data-scenario="login-rate-limited"]').click();
    await api('/auth/user', { headers: { authorization: basic('alice', 'alice-password') } });
    await page.locator('tr.rule .hits', { hasText: '1' }).first().waitFor();
    await shoot(page, 'controls', width);

    await page.locator('#tab-world').click();
    await page.locator('[data-kind="users"]').click();
    await page.locator('a.id', { hasText: 'usr_ca201000' }).click();
    await page.locator('#drawer-body', { hasText: '"username": "carol"' }).waitFor();
    await shoot(page, 'record', width);
  } finally {
    await page.close();
    await server.close();
  }
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const width of WIDTHS) await shootAt(browser, width);
} finally {
  await browser.close();
}
