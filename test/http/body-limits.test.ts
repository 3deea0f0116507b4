import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/main/server.js';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { messages } from '../../src/errors.js';
import { MAX_REQUEST_BODY_BYTES } from '../../src/http/request-body.js';
import { expectError, ids, replyOf, testSandbox } from '../support/helpers.js';

let server: RunningServer;
let cookie: string;
const origin = () => `http://127.0.0.1:${server.port}`;
const userAgent = 'body-limits-test/1.0';

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${origin()}/api/1/auth/user`, {
    headers: { authorization: encodeBasic('alice', 'alice-password'), 'user-agent': userAgent },
  });
  cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
});
afterAll(() => server.close());

/** A multipart body whose `field` is a PNG file of `size` bytes, and the other fields given. */
function imageForm(field: string, size: number, fields: Record<string, string> = {}) {
  const texts = Object.entries(fields).map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = `${texts.join('')}--x\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  const png = Buffer.alloc(size, 1);
  png.set([0x89, 0x50, 0x4e, 0x47]);
  return { type: 'multipart/form-data; boundary=x', chunks: [Buffer.from(head), png, Buffer.from('\r\n--x--\r\n')] };
}

/**
 * Sends `body` in chunks of at most 64 KiB with no Content-Length (chunked) until the server
 * answers, and reads the answer.
 */
function sendChunked(
  method: string,
  path: string,
  body: { type: string; chunks: Buffer[] },
): Promise<{ status: number; body: any; sentBytes: number }> {
  const pieces = body.chunks.flatMap((chunk) =>
    Array.from({ length: Math.ceil(chunk.length / 65536) }, (_, i) => chunk.subarray(i * 65536, (i + 1) * 65536)),
  );
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = httpRequest(`${origin()}${path}`, {
      method,
      headers: { 'content-type': body.type, 'transfer-encoding': 'chunked', cookie, 'user-agent': userAgent },
    });
    request.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text), sentBytes }));
    });
    // The server may close the connection while the client still writes: that is the point.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    let next = 0;
    const writeMore = () => {
      while (!answered && next < pieces.length) {
        const piece = pieces[next++]!;
        sentBytes += piece.length;
        if (!request.write(piece)) return void request.once('drain', writeMore);
      }
      if (!answered) request.end();
    };
    writeMore();
  });
}

const tooLarge = { error: { message: messages.bodyTooLarge(MAX_REQUEST_BODY_BYTES), status_code: 413 } };

describe('request bodies over the limit, chunked', () => {
  it('refuse a 64 MiB chunked image upload with 413 long before it is all sent, and keep answering', async () => {
    const reply = await sendChunked('POST', '/api/1/file/image', imageForm('file', 64 * 1024 * 1024, { tag: 'gallery' }));
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual(tooLarge);
    expect(reply.sentBytes).toBeLessThan(64 * 1024 * 1024);
    const after = await fetch(`${origin()}/api/1/config`, { headers: { 'user-agent': userAgent } });
    expect(after.status).toBe(200);
  });

  it('refuse a chunked invite photo past the limit with 413', async () => {
    const reply = await sendChunked('POST', `/api/1/invite/${ids.bob}/photo`, imageForm('image', 4 * 1024 * 1024, { data: '{}' }));
    expect(reply).toMatchObject({ status: 413, body: tooLarge });
  });

  it('refuse a chunked JSON body past the limit with 413', async () => {
    const reply = await sendChunked('PUT', `/api/1/users/${ids.alice}`, {
      type: 'application/json',
      chunks: [Buffer.from(`{"bio":"${'a'.repeat(2 * 1024 * 1024)}"}`)],
    });
    expect(reply).toMatchObject({ status: 413, body: tooLarge });
  });

  it('take a chunked body within the limit', async () => {
    const reply = await sendChunked('PUT', `/api/1/users/${ids.alice}`, {
      type: 'application/json',
      chunks: [Buffer.alloc(128 * 1024, 'a')],
    });
    expect(reply).toMatchObject({ status: 400, body: { error: { message: messages.malformedJson } } });
  });
});

describe(`a request body at the limit of ${MAX_REQUEST_BODY_BYTES} bytes`, () => {
  const put = async (bytes: number) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    return t.call('PUT', `/users/${ids.alice}`, { cookie, body: 'a'.repeat(bytes) });
  };

  it('is read whole at exactly the limit, and judged by the operation', async () => {
    expectError(await put(MAX_REQUEST_BODY_BYTES), 400, messages.malformedJson);
  });

  it('is refused with 413 at one byte more', async () => {
    expectError(await put(MAX_REQUEST_BODY_BYTES + 1), 413, messages.bodyTooLarge(MAX_REQUEST_BODY_BYTES));
  });
});

describe('request bodies over the limit, without a declared length', () => {
  it('refuse a streamed multipart body past the limit with 413', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
        if (sent >= 4 * 1024 * 1024) controller.close();
      },
    });
    const response = await t.app.request('/api/1/gallery', {
      method: 'POST',
      headers: { cookie: alice, 'content-type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    expectError(await replyOf(response), 413, messages.bodyTooLarge(MAX_REQUEST_BODY_BYTES));
  });
});

describe('a request body that declares more than the limit', () => {
  it('is refused with 413 by an operation that never reads its body', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = 'a'.repeat(MAX_REQUEST_BODY_BYTES + 1);
    const headers = { cookie, 'content-length': String(body.length) };
    expectError(
      await replyOf(await t.app.request('/api/1/logout', { method: 'PUT', headers, body })),
      413,
      messages.bodyTooLarge(MAX_REQUEST_BODY_BYTES),
    );
    // The session lives on: the logout was never run.
    expect((await t.call('GET', '/auth/user', { cookie })).status).toBe(200);
  });
});
