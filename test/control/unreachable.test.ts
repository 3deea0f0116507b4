import { createServer, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlClient, ServerUnreachable } from '../../src/main/index.js';

/** The URL of a port nothing listens on: it was free a moment ago, as the OS handed it out. */
function nothingListening() {
  return new Promise<string>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(`http://127.0.0.1:${port}`));
    });
  });
}

describe('a control client of a server that is not there', () => {
  let url: string;
  beforeAll(async () => {
    url = await nothingListening();
  });

  it('names the server and the cause when a control call cannot connect', async () => {
    await expect(controlClient(url).reset()).rejects.toThrow(`cannot reach mock-api at ${url}: ECONNREFUSED`);
  });

  it('names them for a login and for fetch through the client, given the API URL', async () => {
    const client = controlClient(`${url}/api/1`);
    await expect(client.login('alice', 'alice-password')).rejects.toThrow(`cannot reach mock-api at ${url}: ECONNREFUSED`);
    await expect(client.fetch('/auth/user')).rejects.toThrow(`cannot reach mock-api at ${url}: ECONNREFUSED`);
  });

  it('keeps the connection failure as the cause, for a caller that reads its code', async () => {
    const error = await controlClient(url)
      .clock.get()
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ServerUnreachable);
    expect(((error as Error).cause as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });
});
