import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Har } from '../../src/control/har-types.js';
import { startServer } from '../../src/main/index.js';

/** Debian's chromium, as console.browser.test.ts launches it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM) || process.env.CI === 'true';

describe.runIf(haveBrowser)("the journal's HAR in Playwright", () => {
  it("downloads from the console's link, and replays the recorded answers with routeFromHAR once the server is gone", async () => {
    const server = await startServer();
    const session = await server.login('alice', 'alice-password');
    const note = JSON.stringify({ targetUserId: 'usr_missing', note: 'hello' });
    await session.fetch('/groups/grp_00000000-0000-4000-8000-00000000dead');
    const posted = await session.fetch('/auth/user/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: note });
    const file = join(mkdtempSync(join(tmpdir(), 'mock-api-har-')), 'journal.har');
    writeFileSync(file, JSON.stringify(await server.requests.har()));
    const api = server.apiUrl;

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      // The console's link downloads the same journal.
      const consolePage = await browser.newPage();
      await consolePage.goto(`${server.url}/_mock/`);
      const link = consolePage.locator('#har-download[href*="world=default"]');
      await link.waitFor();
      const download = consolePage.waitForEvent('download');
      await link.click();
      const downloaded = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as Har;
      expect(downloaded.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual([
        '/api/1/auth/user',
        '/api/1/groups/grp_00000000-0000-4000-8000-00000000dead',
        '/api/1/auth/user/notes',
      ]);
      await server.close();

      const page = await browser.newPage();
      await page.routeFromHAR(file, { url: `${api}/**`, notFound: 'abort' });
      await page.goto(`${api}/groups/grp_00000000-0000-4000-8000-00000000dead`);
      expect(JSON.parse((await page.locator('body').textContent())!)).toEqual({
        error: { message: "Can't find group!", status_code: 404 },
      });
      const replayed = await page.evaluate(
        async ([url, body]) => {
          const response = await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          return { status: response.status, text: await response.text() };
        },
        [`${api}/auth/user/notes`, note],
      );
      expect(replayed).toEqual({ status: posted.status, text: await posted.text() });
    } finally {
      await browser.close();
    }
  }, 60_000);
});
