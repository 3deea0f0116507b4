import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { authRoutes } from './authentication/routes.js';
import { accountRoutes, publicAccountRoutes } from './authentication/account-extras-routes.js';
import { avatarRoutes } from './avatars/routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { shopRoutes } from './economy/routes-shop.js';
import { accountEconomyRoutes } from './economy/routes-account.js';
import { favoriteRoutes } from './favorites/routes.js';
import { fileRoutes } from './files/routes.js';
import { friendRoutes } from './friends/routes.js';
import { groupRoutes } from './groups/routes.js';
import { instanceRoutes } from './instances/routes.js';
import { inventoryRoutes } from './inventory/routes.js';
import { inviteRoutes } from './invite/routes.js';
import { inviteMessageRoutes } from './invite/invite-message-routes.js';
import { jamRoutes } from './jams/routes.js';
import { systemRoutes } from './miscellaneous/routes.js';
import { miscellaneousRoutes } from './miscellaneous/account-routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { moderationRoutes } from './playermoderation/routes.js';
import { printRoutes } from './prints/routes.js';
import { propRoutes } from './props/routes.js';
import { userRoutes } from './users/routes.js';
import { userGroupRoutes } from './users/group-routes.js';
import { worldRoutes } from './worlds/routes.js';

export { uploadRoutes } from './files/upload-routes.js';

/**
 * The sub-apps main/app.ts mounts under /api/1, by the tag of the operations they route (the tag is
 * the folder; test/areas/tag-is-the-folder.test.ts checks it). The one file of src/areas/ outside
 * an area's public.ts the platform imports: an area's public.ts cannot offer its sub-app, which
 * imports other areas' public.ts, without making a cycle of them.
 */
export const areaSubApps: Record<string, Hono<AppEnv>[]> = {
  authentication: [authRoutes, publicAccountRoutes, accountRoutes],
  avatars: [avatarRoutes],
  calendar: [calendarRoutes],
  economy: [shopRoutes, accountEconomyRoutes],
  favorites: [favoriteRoutes],
  files: [fileRoutes],
  friends: [friendRoutes],
  groups: [groupRoutes],
  instances: [instanceRoutes],
  inventory: [inventoryRoutes],
  invite: [inviteRoutes, inviteMessageRoutes],
  jams: [jamRoutes],
  miscellaneous: [systemRoutes, miscellaneousRoutes],
  notifications: [notificationRoutes],
  playermoderation: [moderationRoutes],
  prints: [printRoutes],
  props: [propRoutes],
  users: [userRoutes, userGroupRoutes],
  worlds: [worldRoutes],
};

/** Sub-apps whose routes read the session themselves (login, registration, 2FA, `GET /auth/exists`). */
export const ownSessionSubApps: Hono<AppEnv>[] = [authRoutes, publicAccountRoutes];
