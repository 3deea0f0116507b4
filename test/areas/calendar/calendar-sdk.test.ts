import { describe, expect, it } from 'vitest';
import { groups } from '../../support/groups-fixture-ids.js';
import { useSdkServer } from '../../support/sdk-harness.js';

const sdk = useSdkServer();

describe('the official vrchat SDK on the group calendar', () => {
  it('creates an event and finds it in the month it starts in', async () => {
    const vrchat = await sdk.loggedIn('alice', 'alice-password');
    // This server runs on the real clock and events must start in the future: pick a date far ahead.
    const startsAt = new Date('2040-06-10T18:00:00.000Z');
    const created = await vrchat.createGroupCalendarEvent({
      path: { groupId: groups.builders },
      body: {
        title: 'SDK meetup',
        description: 'Made by the official client.',
        accessType: 'group',
        category: 'hangout',
        sendCreationNotification: false,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
      },
    });
    expect(created.error).toBeUndefined();
    // The SDK turns the date-time strings into Dates, so it read them as date-times.
    expect(created.data).toMatchObject({ ownerId: groups.builders, title: 'SDK meetup', startsAt, durationInMs: 3_600_000 });
    const listed = await vrchat.getGroupCalendarEvents({ path: { groupId: groups.builders }, query: { date: startsAt, n: 10 } });
    expect(listed.error).toBeUndefined();
    expect(listed.data).toMatchObject({ totalCount: 1, hasNext: false });
    expect(listed.data?.results?.map((e) => e.id)).toEqual([created.data?.id]);
  });
});
