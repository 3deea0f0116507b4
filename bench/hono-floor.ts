// The start-up floor of mock-api's stack: a Hono app of one route on @hono/node-server, answering the
// bare server's bytes, started the way mock-api starts (the port bound first, the adapter loaded
// after). The bench runs it twice over: compiled alone, loading its packages from node_modules as a
// user's install does, and bundled into one file with them. Usage: node <compiled> <bodies.json>
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Hono } from 'hono';

type Listener = (request: IncomingMessage, response: ServerResponse) => unknown;

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, unknown>));
const notFound = { error: { message: 'Not Found', status_code: 404 } };

const app = new Hono();
app.all('*', (c) => {
  const body = bodies.get(`${c.req.method} ${c.req.path}`);
  return c.json(body ?? notFound, body === undefined ? 404 : 200);
});

let adapter: Promise<Listener> | undefined;
const server = createServer((request, response) => adapter!.then((listener) => listener(request, response)));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`hono floor listening on http://127.0.0.1:${port}/api/1\n`);
  adapter = import('@hono/node-server').then(({ getRequestListener }) => getRequestListener(app.fetch));
});
