import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src/main/server.js';
import { messages } from '../../src/errors.js';
import { defaultMaxMemory, LIMITS, setMemoryBudget, shareOf } from '../../src/limits.js';
import { bodyBytesInFlight } from '../../src/http/bodies-in-flight.js';
import { MAX_REQUEST_BODY_BYTES } from '../../src/http/request-body.js';
import { expectError, ids, replyOf, testSandbox, type TestSandbox } from '../support/helpers.js';

/** Room for exactly two bodies of the largest size one request may send. */
const BUDGET = (2 * MAX_REQUEST_BODY_BYTES) / LIMITS.requestBodiesInFlightShare.value;
const full = () => messages.bodiesInFlightFull(shareOf(LIMITS.requestBodiesInFlightShare));

beforeEach(() => setMemoryBudget(BUDGET));
afterEach(() => setMemoryBudget(defaultMaxMemory()));

/** A profile edit whose body (not JSON) the test sends piece by piece: `send` more bytes, `end` it. */
function slowEdit(t: TestSandbox, cookie: string) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const answer = Promise.resolve(
    t.app.request(`/api/1/users/${ids.alice}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit),
  ).then(replyOf);
  return {
    answer,
    send: (bytes: number) => controller.enqueue(new Uint8Array(bytes).fill(0x78)),
    end: () => controller.close(),
  };
}

/** Lets the server take what was sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('request bodies being read, against one share of --max-memory', () => {
  it('refuses a body with 413 while others being read hold the share, and takes it once they are read', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const stalled = [slowEdit(t, alice), slowEdit(t, alice)];
    for (const edit of stalled) edit.send(768 * 1024);
    await settle();
    expect(bodyBytesInFlight()).toBe(2 * 768 * 1024);

    const third = slowEdit(t, alice);
    third.send(768 * 1024);
    expectError(await third.answer, 413, full());
    expect(bodyBytesInFlight(), 'the refused body stops counting').toBe(2 * 768 * 1024);

    for (const edit of stalled) {
      edit.end();
      expectError(await edit.answer, 400, messages.malformedJson);
    }
    expect(bodyBytesInFlight()).toBe(0);
    const again = slowEdit(t, alice);
    again.send(768 * 1024);
    again.end();
    expectError(await again.answer, 400, messages.malformedJson);
  });

  it('reads bodies that fill the share exactly, and refuses the first byte past it', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const stalled = [slowEdit(t, alice), slowEdit(t, alice)];
    for (const edit of stalled) edit.send(MAX_REQUEST_BODY_BYTES);
    await settle();
    expect(bodyBytesInFlight()).toBe(shareOf(LIMITS.requestBodiesInFlightShare));

    const third = slowEdit(t, alice);
    third.send(1);
    expectError(await third.answer, 413, full());
    for (const edit of stalled) {
      edit.end();
      expectError(await edit.answer, 400, messages.malformedJson);
    }
    expect(bodyBytesInFlight()).toBe(0);
  });
});

describe('request bodies being read by the server', () => {
  /** A chunked PUT to the control plane's clock that sends `bytes` and waits; its answer when one comes. */
  function slowRequest(port: number, bytes: number) {
    const request: ClientRequest = httpRequest(`http://127.0.0.1:${port}/_mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      });
      request.on('error', reject);
    });
    request.write(Buffer.alloc(bytes, 0x20));
    return { request, answer };
  }

  it('refuse a slow body past the share with 413 and count nothing of a client that went away', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1' });
    try {
      const stalled = [slowRequest(server.port, 768 * 1024), slowRequest(server.port, 768 * 1024)];
      await expect.poll(bodyBytesInFlight).toBe(2 * 768 * 1024);

      const third = slowRequest(server.port, 768 * 1024);
      const refused = await third.answer;
      expect(refused).toEqual({ status: 413, body: { error: { message: full(), status_code: 413 } } });

      for (const { request, answer } of stalled) {
        request.destroy();
        await expect(answer).rejects.toThrow('socket hang up');
      }
      await expect.poll(bodyBytesInFlight).toBe(0);
      const after = slowRequest(server.port, 10);
      after.request.end('{"advanceMs":1}'.padStart(30, ' '));
      expect((await after.answer).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
