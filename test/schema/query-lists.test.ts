import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../support/helpers.js';
import { worlds } from '../support/worlds-fixture-ids.js';
import { groups } from '../support/groups-fixture-ids.js';

const workshopTag = 'author_tag_workshop';
const nightTag = 'author_tag_night';

async function worldIds(query: string) {
  const t = testSandbox();
  const r = await t.call('GET', `/worlds?${query}`, { cookie: await t.login('alice') });
  expect(r.status).toBe(200);
  return r.body.map((w: { id: string }) => w.id).sort();
}

describe('list-valued query parameters', () => {
  it('read the comma form: tag=a,b matches worlds with either tag', async () => {
    expect(await worldIds(`tag=${workshopTag}`)).toEqual([worlds.aliceHome]);
    expect(await worldIds(`tag=${workshopTag},${nightTag}`)).toEqual([worlds.aliceHome, worlds.nightMarket]);
  });

  it('read the repeated form the SDKs send: tag=a&tag=b as tag=a,b', async () => {
    expect(await worldIds(`tag=${workshopTag}&tag=${nightTag}`)).toEqual([worlds.aliceHome, worlds.nightMarket]);
  });

  it('read both forms at once, and a repeated notag', async () => {
    expect(await worldIds(`tag=${workshopTag},${nightTag}&tag=author_tag_social`)).toEqual([
      worlds.aliceHome,
      worlds.lobby,
      worlds.nightMarket,
    ]);
    expect(await worldIds(`tag=system_approved&notag=${workshopTag}&notag=${nightTag}&notag=author_tag_avatar`)).toEqual([worlds.lobby]);
  });

  it('refuse a repeated key whose values are all empty, naming it', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/worlds?tag=&tag=,', { cookie: await t.login('alice') }), 400, 'tag must name at least one value');
  });

  it('read groupIds of GET /users/{userId}/groups/permissions in both forms', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const path = `/users/${ids.alice}/groups/permissions`;
    const repeated = await t.call('GET', `${path}?groupIds=${groups.builders}&groupIds=${groups.nightOwls}`, { cookie });
    const comma = await t.call('GET', `${path}?groupIds=${groups.builders},${groups.nightOwls}`, { cookie });
    expect(Object.keys(repeated.body).sort()).toEqual([groups.builders, groups.nightOwls]);
    expect(comma.body).toEqual(repeated.body);
  });
});
