// The suite's second source description, `local`: an `httpexec` server (`POST /` with `{command, args}`
// answers `{stdout, stderr, exitCode}`) that the community runs to make TOTP codes and to cache the
// session between workflows. This one runs nothing: it knows the few commands the suite sends and
// answers them in memory, so no request reaches a shell or the file system.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { totp } from '../areas/authentication/public.js';

interface Execution {
  command: string;
  args: string[];
}
interface Outcome {
  stdout: string;
  stderr: string;
  exitCode: number;
}

const describe = (url: string) => ({
  openapi: '3.0.3',
  info: { title: 'httpexec', version: '1.0.0' },
  servers: [{ url }],
  paths: {
    '/': {
      post: {
        operationId: 'execute',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['command'],
                properties: { command: { type: 'string' }, args: { type: 'array', items: { type: 'string' } } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The command ran',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { stdout: { type: 'string' }, stderr: { type: 'string' }, exitCode: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
  },
});

const ok = (stdout: string): Outcome => ({ stdout, stderr: '', exitCode: 0 });
const failed = (stderr: string, exitCode = 1): Outcome => ({ stdout: '', stderr, exitCode });

/** The commands of the suite, each recognised by its shape. */
export function localExecutor(now: () => number = Date.now) {
  const files = new Map<string, string>();
  return (run: Execution): Outcome => {
    const [first, second, , fourth] = run.args;
    if (run.command === 'bun' && first === '-e' && /TOTP\.generate/.test(second ?? '')) {
      const secret = run.args[2] ?? '';
      return /^[A-Z2-7=\s]+$/i.test(secret) ? ok(totp(secret, now())) : failed('invalid secret');
    }
    if (run.command === 'cat' && run.args.length === 1) {
      const content = files.get(first!);
      return content === undefined ? failed(`cat: ${first}: No such file or directory`) : ok(content);
    }
    if (run.command === 'sh' && first === '-c') {
      const write = /^printf %s "\$1" > (test\/\.out\/[\w.-]+)$/.exec(second ?? '');
      if (write) {
        files.set(write[1]!, fourth ?? '');
        return ok('');
      }
      const random = /^openssl rand -hex (\d{1,2}) \| tr -d '\\n'$/.exec(second ?? '');
      if (random) return ok(randomBytes(Number(random[1])).toString('hex'));
      const later = /^date -u -d '\+(\d+) seconds' \+%Y-%m-%dT%H:%M:%S\.%3NZ \| tr -d '\\n'$/.exec(second ?? '');
      if (later) return ok(new Date(now() + Number(later[1]) * 1000).toISOString());
    }
    return failed(`${run.command}: not a command of the conformance suite`, 127);
  };
}

/** Starts the helper on a free port of 127.0.0.1. */
export async function startLocalHelper(): Promise<{ url: string; close(): Promise<void> }> {
  const execute = localExecutor();
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/openapi.json') return answer(200, describe(`http://127.0.0.1:${port}`));
    if (req.method !== 'POST' || req.url !== '/') return answer(404, { error: 'not found' });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<Execution>;
        if (typeof body.command !== 'string') return answer(400, { error: 'command must be a string' });
        const args = Array.isArray(body.args) ? body.args.map(String) : [];
        answer(200, execute({ command: body.command, args }));
      } catch {
        answer(400, { error: 'body must be JSON' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
