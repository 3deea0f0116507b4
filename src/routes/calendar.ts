import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { calendarEventView, createCalendarEvent, listCalendarEvents } from '../domain/calendar.js';
import { json, jsonBody } from '../http.js';

/** A group's calendar: create an event, list the events. */
export const calendarRoutes = new Hono<AppEnv>();

calendarRoutes.post('/calendar/:groupId/event', async (c) => {
  const body = await jsonBody(c);
  return json(c, calendarEventView(createCalendarEvent(c.get('world'), c.get('user'), c.req.param('groupId'), body)));
});

calendarRoutes.get('/calendar/:groupId', (c) =>
  json(c, listCalendarEvents(c.get('world'), c.get('user'), c.req.param('groupId'), c.req.query())),
);
