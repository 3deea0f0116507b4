import { fileIds } from '../files-fixtures.js';
import { groups } from '../groups-fixture-ids.js';
import { ids, type Reply } from '../helpers.js';
import type { Actor, WorldApi, WriteCase } from './case.js';

const builders = `/groups/${groups.builders}`;
const editorsRole = 'grol_00000001-0000-4000-8000-000000000002';
const buildersGallery = 'ggal_00000001-0000-4000-8000-000000000001';
const notifications = '/auth/user/notifications';

/** The id a reply names, or one no record has when an earlier step took away what it needed. */
const idOf = (reply: Reply): string => (reply.body as { id?: string } | undefined)?.id ?? 'missing';

/** Something made in Builders Guild (alice owns it; admin is a member) so that a reverse write has it to undo. */
const makeInBuilders = async (api: WorldApi, path: string, body: unknown, as: Actor = 'alice') =>
  idOf(await api.send({ as, method: 'POST', path: `${builders}${path}`, body }));

const post = (title: string) => ({ title, text: 'Bring a hammer.', visibility: 'group', sendNotification: false });

export const cases: WriteCase[] = [
  {
    operation: 'POST /groups',
    label: 'alice creates a group',
    prepare: async () => ({
      write: {
        method: 'POST',
        path: '/groups',
        body: {
          name: 'Map Makers',
          shortCode: 'MAPS',
          roleTemplate: 'managedRequest',
          description: 'Charts of every world.',
          privacy: 'private',
        },
      },
      reads: [{ path: `/users/${ids.alice}/groups` }, { path: '/groups?query=Map%20Makers' }],
    }),
  },
  {
    operation: 'PUT /groups/{groupId}',
    label: 'alice rewrites the description of her group',
    prepare: async () => ({
      write: {
        method: 'PUT',
        path: builders,
        body: {
          description: 'We build bridges now.',
          rules: null,
          joinState: 'invite',
          languages: ['eng', 'fra'],
          links: ['https://example.test/bridges'],
          tags: ['bridges'],
          iconId: fileIds.photo,
        },
      },
      reads: [{ as: 'admin', path: builders }, { path: `${builders}/auditLogs` }],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}',
    label: 'alice deletes a group she made',
    prepare: async (api) => {
      const made = await api.send({
        method: 'POST',
        path: '/groups',
        body: { name: 'Short Lived', shortCode: 'SHORT', roleTemplate: 'default' },
      });
      return {
        write: { method: 'DELETE', path: `/groups/${idOf(made)}` },
        reads: [{ path: `/groups/${idOf(made)}` }, { path: `/users/${ids.alice}/groups` }],
      };
    },
  },
  {
    operation: 'POST /groups/{groupId}/announcement',
    label: 'alice announces a meetup in her group',
    prepare: async () => ({
      write: {
        method: 'POST',
        path: `${builders}/announcement`,
        body: { title: 'Meetup', text: 'Saturday at the docks.', imageId: fileIds.photo, sendNotification: true },
      },
      reads: [
        { as: 'admin', path: `${builders}/announcement` },
        { as: 'admin', path: notifications },
      ],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/announcement',
    label: 'alice takes down her group announcement',
    prepare: async (api) => {
      await makeInBuilders(api, '/announcement', { title: 'Meetup', text: 'Saturday at the docks.' });
      return {
        write: { method: 'DELETE', path: `${builders}/announcement` },
        reads: [{ as: 'admin', path: `${builders}/announcement` }],
      };
    },
  },
  {
    operation: 'POST /groups/{groupId}/bans',
    label: 'alice bans admin from her group',
    prepare: async () => ({
      write: { method: 'POST', path: `${builders}/bans`, body: { userId: ids.admin } },
      reads: [{ path: `${builders}/bans` }, { path: `${builders}/members` }, { as: 'admin', path: builders }],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/bans/{userId}',
    label: 'bob lifts the ban on alice',
    prepare: async () => ({
      write: { as: 'bob', method: 'DELETE', path: `/groups/${groups.strictClub}/bans/${ids.alice}` },
      reads: [{ as: 'bob', path: `/groups/${groups.strictClub}/bans` }, { path: `/groups/${groups.strictClub}` }],
    }),
  },
  {
    operation: 'POST /groups/{groupId}/block',
    label: 'alice blocks a group she is not in',
    prepare: async () => ({
      write: { method: 'POST', path: `/groups/${groups.quietCorner}/block` },
      reads: [{ path: `/groups/${groups.quietCorner}` }, { path: `/users/${ids.alice}/groups/userblocked` }],
    }),
  },
  {
    operation: 'POST /groups/{groupId}/galleries',
    label: 'alice opens a second gallery in her group',
    prepare: async () => ({
      write: { method: 'POST', path: `${builders}/galleries`, body: { name: 'Blueprints', description: 'Plans before the build.' } },
      reads: [{ as: 'admin', path: builders }],
    }),
  },
  {
    operation: 'PUT /groups/{groupId}/galleries/{groupGalleryId}',
    label: 'alice renames her group gallery',
    prepare: async () => ({
      write: {
        method: 'PUT',
        path: `${builders}/galleries/${buildersGallery}`,
        body: { name: 'Snapshots', membersOnly: true, roleIdsToSubmit: [editorsRole], roleIdsToAutoApprove: [editorsRole] },
      },
      reads: [{ as: 'admin', path: builders }],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/galleries/{groupGalleryId}',
    label: 'alice removes a gallery she opened',
    prepare: async (api) => {
      const gallery = await makeInBuilders(api, '/galleries', { name: 'Scratch' });
      return {
        write: { method: 'DELETE', path: `${builders}/galleries/${gallery}` },
        reads: [{ as: 'admin', path: builders }, { path: `${builders}/galleries/${gallery}` }],
      };
    },
  },
  {
    operation: 'POST /groups/{groupId}/galleries/{groupGalleryId}/images',
    label: 'alice adds a photo to her group gallery',
    prepare: async () => ({
      write: { method: 'POST', path: `${builders}/galleries/${buildersGallery}/images`, body: { fileId: fileIds.photo } },
      reads: [{ as: 'admin', path: `${builders}/galleries/${buildersGallery}` }],
    }),
  },
  {
    operation: 'POST /groups/{groupId}/galleries/{groupGalleryId}/images',
    label: 'admin submits a photo that waits for approval',
    prepare: async () => ({
      write: { as: 'admin', method: 'POST', path: `${builders}/galleries/${buildersGallery}/images`, body: { fileId: fileIds.photo } },
      reads: [
        { path: `${builders}/galleries/${buildersGallery}?approved=false` },
        { as: 'admin', path: `${builders}/galleries/${buildersGallery}` },
      ],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/galleries/{groupGalleryId}/images/{groupGalleryImageId}',
    label: 'admin takes back the photo he submitted',
    prepare: async (api) => {
      const image = await makeInBuilders(api, `/galleries/${buildersGallery}/images`, { fileId: fileIds.photo }, 'admin');
      return {
        write: { as: 'admin', method: 'DELETE', path: `${builders}/galleries/${buildersGallery}/images/${image}` },
        reads: [{ path: `${builders}/galleries/${buildersGallery}` }],
      };
    },
  },
  {
    operation: 'PUT /groups/{groupId}/invites',
    label: 'alice declines the invite to Photo Club',
    prepare: async () => ({
      write: { method: 'PUT', path: `/groups/${groups.photoClub}/invites`, body: { block: true } },
      reads: [{ path: `/users/${ids.alice}/groups/invited` }, { path: `/groups/${groups.photoClub}` }],
    }),
  },
  {
    operation: 'POST /groups/{groupId}/invites',
    label: 'alice invites eve to her group',
    prepare: async () => ({
      write: { method: 'POST', path: `${builders}/invites`, body: { userId: ids.eve } },
      reads: [{ path: `${builders}/invites` }, { as: 'eve', path: `/users/${ids.eve}/groups/invited` }, { as: 'eve', path: notifications }],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/invites/{userId}',
    label: 'admin withdraws the invite he sent alice',
    prepare: async () => ({
      write: { as: 'admin', method: 'DELETE', path: `/groups/${groups.photoClub}/invites/${ids.alice}` },
      reads: [{ as: 'admin', path: `/groups/${groups.photoClub}/invites` }, { path: `/users/${ids.alice}/groups/invited` }],
    }),
  },
  {
    operation: 'POST /groups/{groupId}/join',
    label: 'alice joins an open group',
    prepare: async () => ({
      write: { method: 'POST', path: `/groups/${groups.quietCorner}/join` },
      reads: [{ path: `/groups/${groups.quietCorner}` }, { path: `/users/${ids.alice}/groups` }],
    }),
  },
  {
    operation: 'POST /groups/{groupId}/join',
    label: 'alice, since in another group, joins Photo Club on the invite she had before',
    prepare: async (api) => {
      await api.send({ method: 'POST', path: `/groups/${groups.quietCorner}/join` });
      return {
        write: { method: 'POST', path: `/groups/${groups.photoClub}/join` },
        reads: [{ path: `/users/${ids.alice}/groups` }, { as: 'bob', path: `/groups/${groups.photoClub}/members` }],
      };
    },
  },
  {
    operation: 'POST /groups/{groupId}/join',
    label: 'alice, since in another group, joins the group she had blocked',
    prepare: async (api) => {
      await api.send({ method: 'POST', path: `/groups/${groups.quietCorner}/join` });
      return {
        write: { method: 'POST', path: `/groups/${groups.noisyNeighbours}/join?confirmOverrideBlock=true` },
        reads: [{ path: `/users/${ids.alice}/groups` }, { path: `/groups/${groups.noisyNeighbours}` }],
      };
    },
  },
  {
    operation: 'POST /groups/{groupId}/leave',
    label: 'alice leaves Night Owls',
    prepare: async () => ({
      write: { method: 'POST', path: `/groups/${groups.nightOwls}/leave` },
      reads: [{ path: `/groups/${groups.nightOwls}` }, { path: `/users/${ids.alice}/groups` }],
    }),
  },
  {
    operation: 'PUT /groups/{groupId}/members/{userId}',
    label: 'alice writes a manager note on admin',
    prepare: async () => ({
      write: { method: 'PUT', path: `${builders}/members/${ids.admin}`, body: { managerNotes: 'Asks good questions.' } },
      reads: [{ path: `${builders}/members/${ids.admin}` }],
    }),
  },
  {
    operation: 'PUT /groups/{groupId}/members/{userId}',
    label: 'admin hides his membership and stops the announcements of a group',
    prepare: async () => ({
      write: {
        as: 'admin',
        method: 'PUT',
        path: `${builders}/members/${ids.admin}`,
        body: { visibility: 'hidden', isSubscribedToAnnouncements: false, isSubscribedToEventAnnouncements: false },
      },
      reads: [{ as: 'admin', path: builders }, { path: `${builders}/members/${ids.admin}` }],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/members/{userId}',
    label: 'bob removes alice from Night Owls',
    prepare: async () => ({
      write: { as: 'bob', method: 'DELETE', path: `/groups/${groups.nightOwls}/members/${ids.alice}` },
      reads: [{ as: 'bob', path: `/groups/${groups.nightOwls}/members` }, { path: `/groups/${groups.nightOwls}` }],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/members/{userId}',
    label: 'alice lifts her block of a group',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/groups/${groups.noisyNeighbours}/members/${ids.alice}` },
      reads: [{ path: `/groups/${groups.noisyNeighbours}` }, { path: `/users/${ids.alice}/groups/userblocked` }],
    }),
  },
  {
    operation: 'PUT /groups/{groupId}/members/{userId}/roles/{groupRoleId}',
    label: 'alice makes admin an Editor',
    prepare: async () => ({
      write: { method: 'PUT', path: `${builders}/members/${ids.admin}/roles/${editorsRole}` },
      reads: [{ path: `${builders}/members/${ids.admin}` }, { as: 'admin', path: builders }],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/members/{userId}/roles/{groupRoleId}',
    label: 'alice takes the Editor role from bob',
    prepare: async () => ({
      write: { method: 'DELETE', path: `${builders}/members/${ids.bob}/roles/${editorsRole}` },
      reads: [{ path: `${builders}/members/${ids.bob}` }, { as: 'bob', path: builders }],
    }),
  },
  {
    operation: 'POST /groups/{groupId}/posts',
    label: 'alice posts to her group and notifies its members',
    prepare: async () => ({
      write: { method: 'POST', path: `${builders}/posts`, body: { ...post('Build night'), sendNotification: true } },
      reads: [
        { as: 'admin', path: `${builders}/posts` },
        { as: 'admin', path: notifications },
      ],
    }),
  },
  {
    operation: 'PUT /groups/{groupId}/posts/{notificationId}',
    label: 'alice edits her group post',
    prepare: async (api) => {
      const made = await makeInBuilders(api, '/posts', post('Build night'));
      return {
        write: { method: 'PUT', path: `${builders}/posts/${made}`, body: { ...post('Build night moved'), visibility: 'public' } },
        reads: [
          { as: 'admin', path: `${builders}/posts` },
          { as: 'eve', path: `${builders}/posts` },
        ],
      };
    },
  },
  {
    operation: 'DELETE /groups/{groupId}/posts/{notificationId}',
    label: 'alice deletes her group post',
    prepare: async (api) => {
      const made = await makeInBuilders(api, '/posts', post('Build night'));
      return {
        write: { method: 'DELETE', path: `${builders}/posts/${made}` },
        reads: [{ as: 'admin', path: `${builders}/posts` }],
      };
    },
  },
  {
    operation: 'PUT /groups/{groupId}/representation',
    label: 'alice represents her group',
    prepare: async () => ({
      write: { method: 'PUT', path: `${builders}/representation`, body: { isRepresenting: true } },
      reads: [{ as: 'bob', path: `/users/${ids.alice}/groups/represented` }, { path: builders }],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/requests',
    label: 'alice withdraws her request to join Speedrunners',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/groups/${groups.speedrunners}/requests` },
      reads: [{ path: `/users/${ids.alice}/groups/requested` }, { path: `/groups/${groups.speedrunners}` }],
    }),
  },
  {
    operation: 'PUT /groups/{groupId}/requests/{userId}',
    label: 'alice accepts eve into her group',
    prepare: async (api) => {
      await api.send({ as: 'eve', method: 'POST', path: `${builders}/join` });
      return {
        write: { method: 'PUT', path: `${builders}/requests/${ids.eve}`, body: { action: 'accept' } },
        reads: [{ path: `${builders}/requests` }, { as: 'eve', path: builders }, { as: 'eve', path: `/users/${ids.eve}/groups` }],
      };
    },
  },
  {
    operation: 'PUT /groups/{groupId}/requests/{userId}',
    label: 'alice turns down eve and blocks her requests',
    prepare: async (api) => {
      await api.send({ as: 'eve', method: 'POST', path: `${builders}/join` });
      return {
        write: { method: 'PUT', path: `${builders}/requests/${ids.eve}`, body: { action: 'reject', block: true } },
        reads: [{ path: `${builders}/requests` }, { path: `${builders}/requests?blocked=true` }, { as: 'eve', path: builders }],
      };
    },
  },
  {
    operation: 'POST /groups/{groupId}/roles',
    label: 'alice adds a Greeters role to her group',
    prepare: async () => ({
      write: {
        method: 'POST',
        path: `${builders}/roles`,
        body: { name: 'Greeters', description: 'Welcome newcomers.', isSelfAssignable: true, permissions: ['group-invites-manage'] },
      },
      reads: [{ as: 'admin', path: `${builders}/roles` }],
    }),
  },
  {
    operation: 'PUT /groups/{groupId}/roles/{groupRoleId}',
    label: 'alice renames the Editors role and widens it',
    prepare: async () => ({
      write: {
        method: 'PUT',
        path: `${builders}/roles/${editorsRole}`,
        body: { name: 'Curators', permissions: ['group-data-manage', 'group-galleries-manage'] },
      },
      reads: [
        { as: 'admin', path: `${builders}/roles` },
        { as: 'bob', path: builders },
      ],
    }),
  },
  {
    operation: 'DELETE /groups/{groupId}/roles/{groupRoleId}',
    label: 'alice removes a role she gave admin and named in a gallery and a post',
    prepare: async (api) => {
      const role = await makeInBuilders(api, '/roles', { name: 'Temporary' });
      await api.send({ method: 'PUT', path: `${builders}/members/${ids.admin}/roles/${role}` });
      await api.send({ method: 'PUT', path: `${builders}/galleries/${buildersGallery}`, body: { roleIdsToView: [role] } });
      await makeInBuilders(api, '/posts', { ...post('Temporaries only'), roleIds: [role] });
      return {
        write: { method: 'DELETE', path: `${builders}/roles/${role}` },
        reads: [
          { as: 'admin', path: `${builders}/roles` },
          { path: `${builders}/members/${ids.admin}` },
          { as: 'admin', path: builders },
          { as: 'admin', path: `${builders}/posts` },
        ],
      };
    },
  },
  {
    operation: 'POST /groups/{groupId}/transfer',
    label: 'alice offers her group to bob',
    prepare: async () => ({
      write: { method: 'POST', path: `${builders}/transfer`, body: { transferTargetId: ids.bob } },
      reads: [{ path: builders }, { as: 'bob', path: notifications }, { path: `${builders}/auditLogs` }],
    }),
  },
  {
    operation: 'POST /groups/{groupId}/transfer',
    label: 'alice accepts the group bob offered her',
    prepare: async (api) => {
      const nightOwls = `/groups/${groups.nightOwls}`;
      await api.send({ as: 'bob', method: 'POST', path: `${nightOwls}/transfer`, body: { transferTargetId: ids.alice } });
      return {
        write: { method: 'POST', path: `${nightOwls}/transfer`, body: {} },
        reads: [{ path: nightOwls }, { as: 'bob', path: `${nightOwls}/members/${ids.alice}` }, { path: `/users/${ids.alice}/groups` }],
      };
    },
  },
  {
    operation: 'DELETE /groups/{groupId}/transfer',
    label: 'alice calls off the transfer of her group',
    prepare: async (api) => {
      await api.send({ method: 'POST', path: `${builders}/transfer`, body: { transferTargetId: ids.bob } });
      return {
        write: { method: 'DELETE', path: `${builders}/transfer` },
        reads: [{ path: builders }],
      };
    },
  },
];
