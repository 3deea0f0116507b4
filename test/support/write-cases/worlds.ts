import { bundle, fileIds, finishBody, request, signature, versionBody } from '../files-fixtures.js';
import { locations, worlds } from '../worlds-fixture-ids.js';
import type { WorldApi, WriteCase } from './case.js';

const newWorld = 'wrld_c0de0000-0000-4000-8000-00000000b0a1';

/**
 * A new version of alice's world package, uploaded and finished whole (file and signature), as a
 * client makes one before it names the build; answers the asset URL a world names.
 */
async function finishedWorldBuild(api: WorldApi): Promise<string> {
  const made = await api.send({ method: 'POST', path: `/file/${fileIds.worldPackage}`, body: versionBody(bundle, signature) });
  const version = `/file/${fileIds.worldPackage}/${(made.body?.versions?.length ?? 0) - 1}`;
  for (const [part, bytes] of [
    ['file', bundle],
    ['signature', signature],
  ] as const) {
    const started = await api.send({ method: 'PUT', path: `${version}/${part}/start` });
    if (typeof started.body?.url === 'string') await request(api.t, 'PUT', started.body.url, bytes);
    await api.send({ method: 'PUT', path: `${version}/${part}/finish`, body: finishBody });
  }
  return `https://api.example.test/api/1${version}/file`;
}

const aliceHome = [{ path: `/worlds/${worlds.aliceHome}` }, { as: 'bob' as const, path: `/worlds/${worlds.aliceHome}` }];

export const cases: WriteCase[] = [
  {
    operation: 'POST /worlds',
    label: 'alice builds a new world from her finished world package',
    prepare: async (api) => {
      const assetUrl = await finishedWorldBuild(api);
      return {
        write: {
          method: 'POST',
          path: '/worlds',
          body: { id: newWorld, name: 'Lighthouse', assetUrl, imageUrl: 'https://assets.example.test/lighthouse.png' },
        },
        reads: [{ path: `/worlds/${newWorld}` }, { path: '/worlds?user=me&releaseStatus=all&n=100' }],
      };
    },
  },
  {
    operation: 'PUT /worlds/{worldId}',
    label: 'alice renames her workshop and uploads a new build of it',
    prepare: async (api) => {
      const assetUrl = await finishedWorldBuild(api);
      return {
        write: { method: 'PUT', path: `/worlds/${worlds.aliceHome}`, body: { name: 'Harbour Workshop', assetUrl } },
        reads: [...aliceHome, { as: 'bob', path: '/worlds?search=Harbour' }],
      };
    },
  },
  {
    operation: 'DELETE /worlds/{worldId}',
    label: 'alice deletes her workshop, closing its instances',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/worlds/${worlds.aliceHome}` },
      reads: [
        ...aliceHome,
        { path: `/instances/${locations.aliceHidden}` },
        { path: `/instances/${locations.alicePublic}` },
        { as: 'bob', path: '/instances/recent' },
        { as: 'bob', path: '/favorites' },
        { as: 'bob', path: '/worlds/favorites?n=100' },
      ],
    }),
  },
  {
    operation: 'POST /worlds/{worldId}/addTags',
    label: 'alice tags her workshop',
    prepare: async () => ({
      write: { method: 'POST', path: `/worlds/${worlds.aliceHome}/addTags`, body: { tags: ['author_tag_harbour'] } },
      reads: aliceHome,
    }),
  },
  {
    operation: 'POST /worlds/{worldId}/deleteTags',
    label: 'alice deletes a tag of her workshop',
    prepare: async () => ({
      write: { method: 'POST', path: `/worlds/${worlds.aliceHome}/deleteTags`, body: { tags: ['author_tag_workshop'] } },
      reads: aliceHome,
    }),
  },
  {
    operation: 'POST /worlds/{worldId}/removeTags',
    label: 'alice removes a tag of her workshop',
    prepare: async () => ({
      write: { method: 'POST', path: `/worlds/${worlds.aliceHome}/removeTags`, body: { tags: ['author_tag_workshop'] } },
      reads: aliceHome,
    }),
  },
  {
    operation: 'DELETE /worlds/{worldId}/platform/{publishedPlatform}',
    label: "alice drops her workshop's android build",
    prepare: async () => ({
      write: { method: 'DELETE', path: `/worlds/${worlds.aliceHome}/platform/android` },
      reads: aliceHome,
    }),
  },
  {
    operation: 'PUT /worlds/{worldId}/publish',
    label: 'alice publishes her hidden sandbox to Community Labs',
    prepare: async () => ({
      write: { method: 'PUT', path: `/worlds/${worlds.aliceSandbox}/publish` },
      reads: [
        { path: `/worlds/${worlds.aliceSandbox}` },
        { path: `/worlds/${worlds.aliceSandbox}/publish` },
        { as: 'bob', path: `/worlds/${worlds.aliceSandbox}` },
      ],
    }),
  },
  {
    operation: 'DELETE /worlds/{worldId}/publish',
    label: 'alice takes her workshop out of Community Labs',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/worlds/${worlds.aliceHome}/publish` },
      reads: [...aliceHome, { path: `/worlds/${worlds.aliceHome}/publish` }],
    }),
  },
];
