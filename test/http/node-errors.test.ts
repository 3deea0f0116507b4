import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/main/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

/** Sends raw bytes and reads the whole answer until the server closes or has sent its body. */
function rawExchange(text: string): Promise<{ status: number; contentType: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    const finish = () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      const contentType = /content-type: ([^\r\n]*)/i.exec(head)?.[1] ?? '';
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // not JSON
      }
      resolve({ status, contentType, body: parsed });
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      const bodyStart = received.indexOf('\r\n\r\n');
      if (length !== undefined && bodyStart !== -1 && received.length - bodyStart - 4 >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('error', reject);
    socket.write(text);
  });
}

describe('requests node refuses itself', () => {
  it('answer a NUL in the request line with the 400 envelope', async () => {
    const reply = await rawExchange('GET /api/1/config\0x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(reply).toEqual({
      status: 400,
      contentType: 'application/json; charset=utf-8',
      body: { error: { message: 'Bad Request', status_code: 400 } },
    });
  });

  it('answer oversized headers with the 431 envelope', async () => {
    const reply = await rawExchange(`GET /api/1/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(reply.status).toBe(431);
    expect(reply.body).toEqual({ error: { message: 'Request header fields are too large', status_code: 431 } });
  });

  it('answer OPTIONS * with the 400 envelope', async () => {
    const reply = await rawExchange('OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(reply.status).toBe(400);
    expect(reply.contentType).toBe('application/json; charset=utf-8');
    expect(reply.body).toEqual({ error: { message: 'The request target must be a path starting with /', status_code: 400 } });
  });

  it('answer an HTTP/1.1 request without Host with the 400 envelope', async () => {
    const reply = await rawExchange('GET /api/1/config HTTP/1.1\r\nUser-Agent: raw-test/1.0\r\n\r\n');
    expect(reply).toEqual({
      status: 400,
      contentType: 'application/json; charset=utf-8',
      body: { error: { message: 'An HTTP/1.1 request must carry a Host header', status_code: 400 } },
    });
  });

  it('still answer an HTTP/1.0 request without Host', async () => {
    const reply = await rawExchange('GET /api/1/config HTTP/1.0\r\nUser-Agent: raw-test/1.0\r\n\r\n');
    expect(reply.status).toBe(200);
  });
});
