import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { calendarEventView, createCalendarEvent, listCalendarEvents } from '../domain/calendar.js';
import { cachedJson, json, jsonBody, queryKey } from '../http.js';
import { CalendarListQuerySchema } from '../schemas/calendar.js';

/** A group's calendar: create an event, list the events. */
export const calendarRoutes = new Hono<AppEnv>();

calendarRoutes.post('/calendar/:groupId/event', async (c) => {
  const body = await jsonBody(c);
  return json(c, calendarEventView(createCalendarEvent(c.get('world'), c.get('user'), c.req.param('groupId'), body)));
});

// A calendar page follows from the events, the group's members and roles, the viewer and the query.
calendarRoutes.get('/calendar/:groupId', (c) => {
  const groupId = c.req.param('groupId');
  const user = c.get('user');
  return cachedJson(c, `calendar ${groupId} ${user.id} ${queryKey(c, CalendarListQuerySchema)}`, () =>
    listCalendarEvents(c.get('world'), user, groupId, c.req.query()),
  );
});
