import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { allGroupPermissions, blockedGroups, mutualFriends, mutualGroups, mutuals, representedGroup, userGroups } from './user-groups.js';
import { json } from '../../http/helpers.js';
import { listUserGroups } from '../groups/public.js';
import { userGroupInstances } from '../instances/public.js';

/** A user's groups, their instances, and what two users have in common. */
export const userGroupRoutes = new Hono<AppEnv>();

userGroupRoutes.get('/users/:userId/groups', (c) => json(c, userGroups(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

userGroupRoutes.get('/users/:userId/groups/represented', (c) =>
  json(c, representedGroup(c.get('sandbox'), c.get('user'), c.req.param('userId'))),
);

userGroupRoutes.get('/users/:userId/groups/userblocked', (c) =>
  json(c, blockedGroups(c.get('sandbox'), c.get('user'), c.req.param('userId'))),
);

userGroupRoutes.get('/users/:userId/groups/permissions', (c) =>
  json(c, allGroupPermissions(c.get('sandbox'), c.get('user'), c.req.param('userId'), c.req.queries('groupIds'))),
);

userGroupRoutes.get('/users/:userId/mutuals', (c) => json(c, mutuals(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

userGroupRoutes.get('/users/:userId/mutuals/friends', (c) =>
  json(c, mutualFriends(c.get('sandbox'), c.get('user'), c.req.param('userId'), c.req.query())),
);

userGroupRoutes.get('/users/:userId/mutuals/groups', (c) =>
  json(c, mutualGroups(c.get('sandbox'), c.get('user'), c.req.param('userId'), c.req.query())),
);

userGroupRoutes.get('/users/:userId/groups/requested', (c) =>
  json(c, listUserGroups(c.get('sandbox'), c.get('user'), c.req.param('userId'), 'requested')),
);

userGroupRoutes.get('/users/:userId/groups/invited', (c) =>
  json(c, listUserGroups(c.get('sandbox'), c.get('user'), c.req.param('userId'), 'invited')),
);

userGroupRoutes.get('/users/:userId/instances/groups', (c) =>
  json(c, userGroupInstances(c.get('sandbox'), c.get('user'), c.req.param('userId'))),
);

userGroupRoutes.get('/users/:userId/instances/groups/:groupId', (c) => {
  const { userId, groupId } = c.req.param();
  return json(c, userGroupInstances(c.get('sandbox'), c.get('user'), userId, groupId));
});
