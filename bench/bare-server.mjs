// The baseline: bare node:http answering the bodies mock-api answered, re-serialised per request.
// Plain JavaScript so it starts the way a built server does (no TypeScript loader).
// Usage: node bench/bare-server.mjs <bodies.json>   bodies: { "GET /api/1/auth/user": <json>, ... }
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))));
const notFound = { error: { message: 'Not Found', status_code: 404 } };

const server = createServer((req, res) => {
  const body = bodies.get(`${req.method} ${req.url}`);
  const answer = () => {
    res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body ?? notFound));
  };
  if (req.method === 'GET' || req.method === 'HEAD') return answer();
  req.resume();
  req.on('end', answer);
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`bare server listening on http://127.0.0.1:${server.address().port}/api/1\n`);
});
