import { bundle, bytesOf, fileIds, finishBody, request, signature, versionBody } from '../files-fixtures.js';
import { png } from '../prints-fixtures.js';
import type { Actor, WorldApi, WriteCase } from './case.js';

const agreement = {
  agreementCode: 'content.copyright.owned',
  agreementFulltext: 'I own it.',
  contentId: 'avtr_c0de0000-0000-4000-8000-000000000001',
  version: 1,
};
const review = 'arev_a11ce000-0000-4000-8000-0000000ae001';
const galleryId = 'ggal_a11ce000-0000-4000-8000-000000000001';

const imageForm = (fields: Record<string, string>) => () => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new Blob([png(4, 5, 6)], { type: 'image/png' }), 'image.png');
  return form;
};

/** Starts a part's upload and sends its bytes to the upload URL, as a client does before finishing it. */
async function uploadPart(api: WorldApi, as: Actor, part: string, bytes: Uint8Array) {
  const started = await api.send({ as, method: 'PUT', path: `${part}/start` });
  if (typeof started.body?.url === 'string') await request(api.t, 'PUT', started.body.url, bytes);
}

/** A version of alice's world package whose file is large enough to be sent in parts. */
async function multipartVersion(api: WorldApi) {
  const body = { ...versionBody(bundle, signature), fileSizeInBytes: 20 * 1024 * 1024 };
  const made = await api.send({ method: 'POST', path: `/file/${fileIds.worldPackage}`, body });
  return `/file/${fileIds.worldPackage}/${(made.body?.versions?.length ?? 0) - 1}/file`;
}

export const cases: WriteCase[] = [
  {
    operation: 'POST /agreement',
    label: 'bob agrees that he owns the content he uploads',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: '/agreement', body: agreement },
      reads: [{ as: 'bob', path: `/agreement?agreementCode=${agreement.agreementCode}&contentId=${agreement.contentId}&version=1` }],
    }),
  },
  {
    operation: 'PUT /assetReview/{assetReviewId}/notes',
    label: 'alice leaves notes on the review of her avatar',
    prepare: async () => ({
      write: { method: 'PUT', path: `/assetReview/${review}/notes`, body: { reviewNotes: 'The glow is emissive.' } },
      reads: [{ path: `/_mock/records/${review}` }],
    }),
  },
  {
    operation: 'POST /file',
    label: 'alice creates a file',
    prepare: async () => ({
      write: { method: 'POST', path: '/file', body: { name: 'Harbour', mimeType: 'image/png', extension: '.png', tags: ['gallery'] } },
      reads: [{ path: '/files' }, { path: '/files?tag=gallery' }],
    }),
  },
  {
    operation: 'POST /file/image',
    label: 'alice uploads an emoji image',
    prepare: async () => ({
      write: { method: 'POST', path: '/file/image', form: imageForm({ tag: 'emoji', animationStyle: 'bats' }) },
      reads: [{ path: '/files?tag=emoji' }],
    }),
  },
  {
    operation: 'POST /gallery',
    label: 'alice uploads a gallery image',
    prepare: async () => ({
      write: { method: 'POST', path: '/gallery', form: imageForm({}) },
      reads: [{ path: '/files?tag=gallery' }],
    }),
  },
  {
    operation: 'POST /icon',
    label: 'bob uploads an icon',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: '/icon', form: imageForm({}) },
      reads: [{ as: 'bob', path: '/files?tag=icon' }],
    }),
  },
  {
    operation: 'POST /file/{fileId}',
    label: 'alice describes a new version of her world package',
    prepare: async () => ({
      write: { method: 'POST', path: `/file/${fileIds.worldPackage}`, body: versionBody(bundle, signature) },
      reads: [{ path: `/file/${fileIds.worldPackage}` }],
    }),
  },
  {
    operation: 'DELETE /file/{fileId}',
    label: 'alice deletes her photo',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/file/${fileIds.photo}` },
      reads: [{ path: `/file/${fileIds.photo}` }, { path: '/files' }],
    }),
  },
  {
    operation: 'DELETE /file/{fileId}/{versionId}',
    label: 'alice deletes the half-uploaded version of her avatar package',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/file/${fileIds.avatarPackage}/1` },
      reads: [{ path: `/file/${fileIds.avatarPackage}` }, { path: `/file/${fileIds.avatarPackage}/1/file` }],
    }),
  },
  {
    operation: 'PUT /file/{fileId}/{versionId}/{fileType}/start',
    label: 'alice starts uploading a large file in parts',
    prepare: async (api) => {
      const part = await multipartVersion(api);
      return {
        write: { method: 'PUT', path: `${part}/start?partNumber=1` },
        reads: [{ path: `/file/${fileIds.worldPackage}` }, { path: `${part}/status` }],
      };
    },
  },
  {
    operation: 'PUT /file/{fileId}/{versionId}/{fileType}/finish',
    label: "alice finishes the upload of her avatar package's signature",
    prepare: async (api) => {
      const part = `/file/${fileIds.avatarPackage}/1/signature`;
      await uploadPart(api, 'alice', part, bytesOf('rsync signature of the avatar'));
      return {
        write: { method: 'PUT', path: `${part}/finish`, body: finishBody },
        reads: [{ path: `/file/${fileIds.avatarPackage}` }, { path: part }],
      };
    },
  },
  {
    operation: 'PUT /files/order',
    label: 'alice puts her photo first among her files',
    prepare: async () => ({
      write: { method: 'PUT', path: '/files/order', body: { galleryId, ids: [fileIds.photo, fileIds.avatarPackage] } },
      reads: [{ path: '/files' }],
    }),
  },
];
