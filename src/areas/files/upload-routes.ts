import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../http/env.js';
import { ApiError, messages } from '../../errors.js';
import { checkUploadToken, receiveUpload, UPLOAD_LIMIT_BYTES } from './uploads.js';
import { checkUploadRoom } from './upload-limits.js';
import { nodeRequest, requestedSandboxId, requestHeader } from '../../http/helpers.js';
import { isAcceptedHost } from '../../http/accepted-host.js';
import { requestBytes, type BodyBound } from '../../http/request-body.js';
import { selectSandbox, type Sandboxes } from '../../store/sandboxes.js';

/**
 * The absolute upload URL for a token, on the origin the client called when its Host is `localhost`
 * or an IP address, else on the address the connection came in on: a Host copied as sent would let
 * a rebound DNS name steer uploads. A request that named an isolated sandbox gets a URL that names it
 * too (`?world=`), since an upload client sends no X-Mock-World header.
 */
export function uploadUrl(c: Context, token: string): string {
  const sandboxId = requestedSandboxId(c);
  const query = sandboxId === undefined ? '' : `?world=${encodeURIComponent(sandboxId)}`;
  return `${uploadOrigin(c)}/_uploads/${token}${query}`;
}

function uploadOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const socket = nodeRequest(c)?.socket;
  if (!socket?.localAddress || isAcceptedHost(url.host)) return url.origin;
  const address = socket.localAddress.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
  return `${url.protocol}//${address}:${socket.localPort}`;
}

const uploadTooLarge = () => new ApiError(413, messages.uploadTooLarge);
const UPLOAD_BODY: BodyBound = { maxBytes: UPLOAD_LIMIT_BYTES, tooLarge: uploadTooLarge };

/** The bytes on a buffer of their own, so that keeping them keeps nothing else (a small Buffer shares a pool). */
const ownBytes = (buffer: Buffer): Uint8Array<ArrayBuffer> =>
  buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.byteLength
    ? new Uint8Array(buffer.buffer as ArrayBuffer)
    : new Uint8Array(buffer);

/**
 * The upload URLs that PUT .../start hands out, mounted outside /api/1. Like an S3 presigned URL they
 * take no cookie: the unguessable token in the path is the only key. Bytes stay in the sandbox's memory.
 */
export function uploadRoutes(deps: { readonly sandboxes: Sandboxes }) {
  const uploads = new Hono<AppEnv>();
  const knownToken = createMiddleware<AppEnv>(async (c, next) => {
    c.set('sandbox', selectSandbox(deps.sandboxes, c.req.query('world') ?? requestedSandboxId(c)));
    checkUploadToken(c.get('sandbox'), c.req.param('token') ?? '');
    await next();
  });
  // Refused before the bytes are read when the declared size is too large or cannot fit the sandbox's upload total.
  const room = createMiddleware<AppEnv>(async (c, next) => {
    const declared = Number(requestHeader(c, 'content-length') ?? 0);
    if (declared > UPLOAD_LIMIT_BYTES) throw uploadTooLarge();
    checkUploadRoom(c.get('sandbox'), declared);
    await next();
  });

  uploads.put('/:token', knownToken, room, async (c) => {
    const bytes = ownBytes(await requestBytes(c, UPLOAD_BODY));
    const etag = receiveUpload(c.get('sandbox'), c.req.param('token'), bytes);
    return c.body(null, 200, { ETag: `"${etag}"` });
  });

  uploads.all('/:token', (c) => {
    c.header('Allow', 'PUT');
    throw new ApiError(405, messages.uploadMethodNotAllowed);
  });
  return uploads;
}
