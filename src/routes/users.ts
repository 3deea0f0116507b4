import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { clearTutorials, currentUserView, findUser, tutorialStatus } from '../domain/accounts.js';
import { json } from '../http.js';

/** User-level operations outside the login flow. */
export const userRoutes = new Hono<AppEnv>();

userRoutes.delete('/users/:userId/tutorial', (c) => {
  const { user } = clearTutorials(c.get('world'), c.get('user'), c.req.param('userId'), {
    platform: c.req.header('x-platform'),
    store: c.req.header('x-store'),
  });
  return json(c, currentUserView(user));
});

userRoutes.get('/users/:userId/tutorial', (c) => json(c, tutorialStatus(findUser(c.get('world'), c.req.param('userId')))));
