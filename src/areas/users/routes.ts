import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { findUser } from './find-user.js';
import { clearTutorials, currentUserView, tutorialStatus } from '../authentication/public.js';
import { getUser, getUserByName, privateProfile, publicProfile, searchUsers, updateUser } from './users.js';
import { changeUserTags } from './tags.js';
import { json, jsonBody, requestHeader, success } from '../../http/helpers.js';
import { updateBadge } from './badges.js';
import { userFeedback } from './feedback.js';
import { deleteAllPersistence, deletePersistence, persistenceExists } from './persistence.js';
import { searchActiveUsers } from './active.js';
import { getUserNote, listUserNotes, setUserNote, userNoteView } from './user-notes.js';

/** Users: search, profiles, updates, tutorials, notes. */
export const userRoutes = new Hono<AppEnv>();

userRoutes.get('/users', (c) => json(c, searchUsers(c.get('sandbox'), c.get('user'), c.req.query())));

userRoutes.get('/users/active', (c) => json(c, searchActiveUsers(c.get('sandbox'), c.get('user'), c.req.query())));

userRoutes.get('/users/:username/name', (c) => json(c, getUserByName(c.get('sandbox'), c.get('user'), c.req.param('username'))));

userRoutes.get('/users/:userId', (c) => json(c, getUser(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

userRoutes.put('/users/:userId', async (c) => {
  const user = updateUser(c.get('sandbox'), c.get('user'), c.req.param('userId'), await jsonBody(c));
  return json(c, currentUserView(c.get('sandbox'), user));
});

userRoutes.post('/users/:userId/addTags', async (c) =>
  json(
    c,
    currentUserView(c.get('sandbox'), changeUserTags(c.get('sandbox'), c.get('user'), c.req.param('userId'), await jsonBody(c), 'add')),
  ),
);

userRoutes.post('/users/:userId/removeTags', async (c) =>
  json(
    c,
    currentUserView(c.get('sandbox'), changeUserTags(c.get('sandbox'), c.get('user'), c.req.param('userId'), await jsonBody(c), 'remove')),
  ),
);

userRoutes.delete('/users/:userId/tutorial', (c) => {
  const { user } = clearTutorials(c.get('sandbox'), c.get('user'), c.req.param('userId'), {
    platform: requestHeader(c, 'x-platform'),
    store: requestHeader(c, 'x-store'),
  });
  return json(c, currentUserView(c.get('sandbox'), user));
});

userRoutes.get('/users/:userId/tutorial', (c) => json(c, tutorialStatus(findUser(c.get('sandbox'), c.req.param('userId')))));

userRoutes.get('/profile/:userId', (c) => json(c, publicProfile(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

userRoutes.get('/profile/:userId/private', (c) => json(c, privateProfile(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

userRoutes.put('/users/:userId/badges/:badgeId', async (c) => {
  updateBadge(c.get('sandbox'), c.get('user'), c.req.param('userId'), c.req.param('badgeId'), await jsonBody(c));
  return json(c, success('Badge updated'));
});

userRoutes.get('/users/:userId/feedback', (c) =>
  json(c, userFeedback(c.get('sandbox'), c.get('user'), c.req.param('userId'), c.req.query())),
);

userRoutes.delete('/users/:userId/persist', (c) => {
  deleteAllPersistence(c.get('sandbox'), c.get('user'), c.req.param('userId'));
  return json(c, success('Persistence data deleted'));
});

userRoutes.delete('/users/:userId/:worldId/persist', (c) => {
  deletePersistence(c.get('sandbox'), c.get('user'), c.req.param('userId'), c.req.param('worldId'));
  return json(c, success('Persistence data deleted'));
});

userRoutes.get('/users/:userId/:worldId/persist/exists', (c) =>
  json(c, persistenceExists(c.get('sandbox'), c.get('user'), c.req.param('userId'), c.req.param('worldId'))),
);

userRoutes.get('/userNotes', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    listUserNotes(sandbox, c.get('user'), c.req.query()).map((n) => userNoteView(sandbox, n)),
  );
});

userRoutes.post('/userNotes', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, userNoteView(sandbox, setUserNote(sandbox, c.get('user'), await jsonBody(c))));
});

userRoutes.get('/userNotes/:userNoteId', (c) => {
  const sandbox = c.get('sandbox');
  return json(c, userNoteView(sandbox, getUserNote(sandbox, c.get('user'), c.req.param('userNoteId'))));
});
