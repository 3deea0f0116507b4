import { Hono, type Context } from 'hono';
import type { UserRecord } from '../../store/records/user.js';
import type { AppEnv } from '../../http/env.js';
import { calendarEventView, createCalendarEvent, listCalendarEvents } from './calendar.js';
import { CalendarListQuerySchema } from '../../store/records/calendar.js';
import {
  DiscoverQuerySchema,
  discoverCalendar,
  listFeaturedCalendar,
  listFollowedCalendar,
  listMyCalendar,
  searchCalendar,
} from './discovery.js';
import {
  calendarEventIcs,
  deleteCalendarEvent,
  followCalendarEvent,
  getCalendarEvent,
  nextCalendarEvent,
  updateCalendarEvent,
} from './events.js';
import { cachedJson, json, jsonBody, queryKey, success } from '../../http/helpers.js';
import { queryOf } from '../../schema/query.js';

/**
 * The calendar: the requester's, discovery across groups, and one group's events. The literal paths
 * (/calendar/discover, ...) come before /calendar/:groupId, which would take them for a group id.
 */
export const calendarRoutes = new Hono<AppEnv>();

calendarRoutes.get('/calendar', (c) => json(c, listMyCalendar(c.get('sandbox'), c.get('user'), c.req.query())));

// Discovery and featured events are served without a session too (the operations table, as scripts/operations-table.ts writes it).
const viewer = (c: Context<AppEnv>): UserRecord | undefined => c.get('user');

calendarRoutes.get('/calendar/discover', (c) => json(c, discoverCalendar(c.get('sandbox'), viewer(c), queryOf(c, DiscoverQuerySchema))));

calendarRoutes.get('/calendar/featured', (c) => json(c, listFeaturedCalendar(c.get('sandbox'), viewer(c), c.req.query())));

calendarRoutes.get('/calendar/following', (c) => json(c, listFollowedCalendar(c.get('sandbox'), c.get('user'), c.req.query())));

calendarRoutes.get('/calendar/search', (c) => json(c, searchCalendar(c.get('sandbox'), c.get('user'), c.req.query())));

calendarRoutes.post('/calendar/:groupId/event', async (c) => {
  const body = await jsonBody(c);
  return json(c, calendarEventView(createCalendarEvent(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body)));
});

// A calendar page follows from the events, the group's members and roles, the viewer and the query.
calendarRoutes.get('/calendar/:groupId', (c) => {
  const groupId = c.req.param('groupId');
  const user = c.get('user');
  return cachedJson(c, `calendar ${groupId} ${user.id} ${queryKey(c, CalendarListQuerySchema)}`, () =>
    listCalendarEvents(c.get('sandbox'), user, groupId, c.req.query()),
  );
});

calendarRoutes.get('/calendar/:groupId/next', (c) => json(c, nextCalendarEvent(c.get('sandbox'), c.get('user'), c.req.param('groupId'))));

// One path segment holds either an event id or `<id>.ics`, the event as an iCalendar document.
calendarRoutes.get('/calendar/:groupId/:calendarId', (c) => {
  const { groupId, calendarId } = c.req.param();
  if (!calendarId.endsWith('.ics')) return json(c, getCalendarEvent(c.get('sandbox'), c.get('user'), groupId, calendarId));
  const ics = calendarEventIcs(c.get('sandbox'), c.get('user'), groupId, calendarId.slice(0, -'.ics'.length));
  return c.body(ics, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
});

calendarRoutes.delete('/calendar/:groupId/:calendarId', (c) => {
  const { groupId, calendarId } = c.req.param();
  return json(c, success(deleteCalendarEvent(c.get('sandbox'), c.get('user'), groupId, calendarId)));
});

calendarRoutes.post('/calendar/:groupId/:calendarId/follow', async (c) => {
  const body = await jsonBody(c);
  const { groupId, calendarId } = c.req.param();
  return json(c, followCalendarEvent(c.get('sandbox'), c.get('user'), groupId, calendarId, body));
});

calendarRoutes.put('/calendar/:groupId/:calendarId/event', async (c) => {
  const body = await jsonBody(c);
  const { groupId, calendarId } = c.req.param();
  return json(c, updateCalendarEvent(c.get('sandbox'), c.get('user'), groupId, calendarId, body));
});
