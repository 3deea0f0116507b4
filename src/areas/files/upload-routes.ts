import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../http/env.js';
import { ApiError, messages } from '../../errors.js';
import { checkUploadToken, receiveUpload, UPLOAD_LIMIT_BYTES } from './uploads.js';
import { checkUploadRoom } from './upload-limits.js';
import { errorBody, json, nodeRequest, requestedSandboxId, requestHeader } from '../../http/helpers.js';
import { isAcceptedHost } from '../../http/accepted-host.js';
import { selectSandbox, type Sandboxes } from '../../store/sandboxes.js';

/**
 * The absolute upload URL for a token, on the origin the client called when its Host is `localhost`
 * or an IP address, else on the address the connection came in on: a Host copied as sent would let
 * a rebound DNS name steer uploads. A request that named an isolated world gets a URL that names it
 * too, since an upload client sends no X-Mock-World header.
 */
export function uploadUrl(c: Context, token: string): string {
  const world = requestedSandboxId(c);
  const query = world === undefined ? '' : `?world=${encodeURIComponent(world)}`;
  return `${uploadOrigin(c)}/_uploads/${token}${query}`;
}

function uploadOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const socket = nodeRequest(c)?.socket;
  if (!socket?.localAddress || isAcceptedHost(url.host)) return url.origin;
  const address = socket.localAddress.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
  return `${url.protocol}//${address}:${socket.localPort}`;
}

/**
 * The upload URLs that PUT .../start hands out, mounted outside /api/1. Like an S3 presigned URL they
 * take no cookie: the unguessable token in the path is the only key. Bytes stay in the world's memory.
 */
export function uploadRoutes(deps: { readonly sandboxes: Sandboxes }) {
  const uploads = new Hono<AppEnv>();
  const knownToken = createMiddleware<AppEnv>(async (c, next) => {
    c.set('sandbox', selectSandbox(deps.sandboxes, c.req.query('world') ?? requestedSandboxId(c)));
    checkUploadToken(c.get('sandbox'), c.req.param('token') ?? '');
    await next();
  });
  // Hono's body limit loads with the first upload, not at start-up.
  let bodyLimit: MiddlewareHandler<AppEnv> | undefined;
  const limit: MiddlewareHandler<AppEnv> = async (c, next) => {
    bodyLimit ??= (await import('hono/body-limit')).bodyLimit({
      maxSize: UPLOAD_LIMIT_BYTES,
      onError: (c) => json(c, errorBody(new ApiError(413, messages.uploadTooLarge)), 413),
    });
    return bodyLimit(c, next);
  };

  // Refused before the bytes are read when the declared size cannot fit the world's upload total.
  const room = createMiddleware<AppEnv>(async (c, next) => {
    checkUploadRoom(c.get('sandbox'), Number(requestHeader(c, 'content-length') ?? 0));
    await next();
  });

  uploads.put('/:token', knownToken, limit, room, async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const etag = receiveUpload(c.get('sandbox'), c.req.param('token'), bytes);
    return c.body(null, 200, { ETag: `"${etag}"` });
  });

  uploads.all('/:token', (c) => {
    c.header('Allow', 'PUT');
    throw new ApiError(405, messages.uploadMethodNotAllowed);
  });
  return uploads;
}
