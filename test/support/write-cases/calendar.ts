import { events, openMicEvent } from '../calendar-seed.js';
import { groups } from '../groups-fixture-ids.js';
import type { Actor, Read, WriteCase } from './case.js';

const builders = `/calendar/${groups.builders}`;
const event = (id: string, as: Actor = 'alice'): Read => ({ as, path: `${builders}/${id}` });
const auditLog: Read = { path: `/groups/${groups.builders}/auditLogs` };

export const cases: WriteCase[] = [
  {
    operation: 'POST /calendar/{groupId}/event',
    label: "alice adds an open mic to the builders' calendar",
    prepare: async () => ({
      write: { method: 'POST', path: `${builders}/event`, body: openMicEvent },
      reads: [{ as: 'admin', path: builders }, auditLog],
    }),
  },
  {
    operation: 'DELETE /calendar/{groupId}/{calendarId}',
    label: 'alice deletes the jam kickoff, which bob follows',
    prepare: async (api) => {
      await api.send({ as: 'bob', method: 'POST', path: `${builders}/${events.jamKickoff}/follow`, body: { isFollowing: true } });
      return {
        write: { method: 'DELETE', path: `${builders}/${events.jamKickoff}` },
        reads: [event(events.jamKickoff), { path: builders }, { as: 'bob', path: '/calendar/following' }, auditLog],
      };
    },
  },
  {
    operation: 'PUT /calendar/{groupId}/{calendarId}/event',
    label: 'alice retitles and moves the jam kickoff',
    prepare: async () => ({
      write: {
        method: 'PUT',
        path: `${builders}/${events.jamKickoff}/event`,
        body: { title: 'Jam Kickoff Live', startsAt: '2026-03-08T18:00:00.000Z', endsAt: '2026-03-08T20:00:00.000Z' },
      },
      reads: [event(events.jamKickoff, 'bob'), { as: 'bob', path: `${builders}?date=2026-03-01T00:00:00.000Z` }, auditLog],
    }),
  },
  {
    operation: 'POST /calendar/{groupId}/{calendarId}/follow',
    label: 'bob follows the jam kickoff',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: `${builders}/${events.jamKickoff}/follow`, body: { isFollowing: true } },
      reads: [{ as: 'bob', path: '/calendar/following' }, event(events.jamKickoff)],
    }),
  },
];
