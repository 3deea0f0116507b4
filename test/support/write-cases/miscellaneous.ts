import type { WriteCase } from './case.js';

const invitePhotos = 'prms_a11ce000-0000-4000-8000-0000000ec001';
const permissions = [{ as: 'admin' as const, path: '/permissions' }];

export const cases: WriteCase[] = [
  {
    operation: 'POST /permissions',
    label: 'the admin creates a permission',
    prepare: async () => ({
      write: { as: 'admin', method: 'POST', path: '/permissions', body: { name: 'permission-harbour' } },
      reads: permissions,
    }),
  },
  {
    operation: 'PUT /permissions/{permissionId}',
    label: "the admin renames alice's invite-photos permission",
    prepare: async () => ({
      write: { as: 'admin', method: 'PUT', path: `/permissions/${invitePhotos}`, body: { name: 'permission-invite-prints' } },
      reads: [...permissions, { path: '/auth/permissions' }],
    }),
  },
  {
    operation: 'DELETE /permissions/{permissionId}',
    label: "the admin deletes alice's invite-photos permission",
    prepare: async () => ({
      write: { as: 'admin', method: 'DELETE', path: `/permissions/${invitePhotos}` },
      reads: [...permissions, { path: '/auth/permissions' }],
    }),
  },
];
