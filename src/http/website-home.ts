import { Hono } from 'hono';

/**
 * Where the links of the account emails (GET /auth/confirmEmail, /auth/verifyLoginPlace) redirect: the
 * website's home, outside /api/1. A browser or an SDK following the redirect lands on this small page.
 */
export const WEBSITE_HOME = '/home';

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>mock-api</title></head><body><p>Done. You can close this page.</p></body></html>';

export const websiteHomeRoutes = new Hono().get(WEBSITE_HOME, (c) => c.html(PAGE));
