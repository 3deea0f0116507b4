import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { ApiError, messages } from '../errors.js';
import { nodeRequest, requestHeader } from './request-headers.js';
import { LIMITS, shareOf } from '../limits.js';
import { BodyInFlight } from './bodies-in-flight.js';

export const MAX_REQUEST_BODY_BYTES = LIMITS.requestBodyBytes.value;

export const bodyTooLarge = () => new ApiError(413, messages.bodyTooLarge(MAX_REQUEST_BODY_BYTES));

/** How large one body may be, and the error past it. */
export interface BodyBound {
  readonly maxBytes: number;
  readonly tooLarge: () => ApiError;
}

const API_BODY: BodyBound = { maxBytes: MAX_REQUEST_BODY_BYTES, tooLarge: bodyTooLarge };

const inFlightFull = () => new ApiError(413, messages.bodiesInFlightFull(shareOf(LIMITS.requestBodiesInFlightShare)));

/** The error for `size` bytes read so far, or undefined while they are within the bounds (then counted). */
function refusal(size: number, chunk: number, bound: BodyBound, counted: BodyInFlight): ApiError | undefined {
  if (size > bound.maxBytes) return bound.tooLarge();
  return counted.take(chunk) ? undefined : inFlightFull();
}

/**
 * The body's bytes straight from node's stream, counted as they arrive against its own bound and
 * the bodies in flight: past either the bytes already held are let go at once and the connection
 * closes after the 413, so a chunked body that declares no length is never buffered whole.
 */
function readIncoming(c: Context, incoming: IncomingMessage, bound: BodyBound): Promise<Buffer> {
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  const counted = new BodyInFlight();
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
      counted.done();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      const refused = refusal(size, chunk.length, bound, counted);
      if (!refused) return void chunks.push(chunk);
      stop();
      chunks.length = 0;
      // Node would otherwise read the rest of the body to keep the connection alive.
      c.header('Connection', 'close');
      reject(refused);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // A client that goes away mid-body: its bytes stop counting.
    const onClose = () => {
      stop();
      reject(new ApiError(400, messages.bodyAbandoned));
    };
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onError);
    incoming.once('close', onClose);
  });
}

/** Under `app.request()`: the web body, counted the same way. */
async function readWebBody(c: Context, bound: BodyBound): Promise<Buffer> {
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const counted = new BodyInFlight();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      const refused = refusal(size, chunk.byteLength, bound, counted);
      if (refused) throw refused;
      chunks.push(chunk);
    }
  } finally {
    counted.done();
  }
  return Buffer.concat(chunks, size);
}

/** Request -> its body, read once: scenario rules, the handler and the journal share it. */
const bodies = new WeakMap<object, Promise<Buffer>>();

/** The body, read once within `bound` (an API body's unless told) and the bodies in flight. */
export function requestBytes(c: Context, bound: BodyBound = API_BODY): Promise<Buffer> {
  let bytes = bodies.get(c.req);
  if (!bytes) {
    const incoming = nodeRequest(c);
    bodies.set(c.req, (bytes = incoming ? readIncoming(c, incoming, bound) : readWebBody(c, bound)));
  }
  return bytes;
}

export const requestText = async (c: Context): Promise<string> => (await requestBytes(c)).toString('utf8');

/** Bytes of the body something read (0 when nothing did, or its reading failed): what a write may have kept of it. */
export const bodyBytesRead = async (c: Context): Promise<number> => (await bodies.get(c.req)?.catch(() => undefined))?.byteLength ?? 0;

/** The body text when something has read it; undefined when nothing did. */
export const readRequestText = (c: Context): Promise<string> | undefined => bodies.get(c.req)?.then((bytes) => bytes.toString('utf8'));

/** A multipart/form-data field: text, or a file with its type and name. */
export type FormValue = string | File;

/**
 * A multipart/form-data body, read within the body limit. A body that is not one (another content
 * type, a boundary that never occurs) is a 400 saying so.
 */
export async function multipartBody(c: Context): Promise<Record<string, FormValue>> {
  const type = requestHeader(c, 'content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new ApiError(400, messages.multipartExpected);
  const bytes = await requestBytes(c);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw new ApiError(400, messages.multipartMalformed);
  }
  const fields: Record<string, FormValue> = Object.create(null);
  for (const [name, value] of form) fields[name] = value;
  return fields;
}
