// One request forwarded as the client sent it (method, path, query, headers but hop-by-hop, body), and
// the upstream's answer as it came, with what a HAR keeps of both.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** RFC 9110 §7.6.1: a proxy drops these, and whatever `Connection` names. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Name, value pairs of a raw header list but the hop-by-hop ones (and `host`, which the target's is). */
export function endToEnd(raw: string[], { keepHost = false } = {}): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  const named = new Set(
    pairs
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(',').map((n) => n.trim().toLowerCase())),
  );
  return pairs.filter(([name]) => {
    const lower = name.toLowerCase();
    return !HOP_BY_HOP.has(lower) && !named.has(lower) && (keepHost || lower !== 'host');
  });
}

export interface Upstreamed {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Sends the request to `target` and collects the whole answer; rejects when no answer comes. */
export function forward(target: URL, method: string, headers: [string, string][], body: Buffer): Promise<Upstreamed> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const flat = [...headers.flat(), 'host', target.host];
  if (body.length && !headers.some(([name]) => name.toLowerCase() === 'content-length')) flat.push('content-length', String(body.length));
  return new Promise((resolve, reject) => {
    const outgoing = send(target, { method, headers: flat as unknown as IncomingHttpHeaders }, (answer: IncomingMessage) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 502,
          headers: endToEnd(answer.rawHeaders, { keepHost: true }),
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A body as a HAR holds it: text for text and JSON (decoded from its content-encoding), base64 otherwise. */
export function recordedBody(headers: [string, string][], body: Buffer): { text: string | null; encoding?: 'base64' } {
  if (body.length === 0) return { text: null };
  const header = (name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? '';
  let plain = body;
  try {
    const coding = header('content-encoding').trim().toLowerCase();
    if (coding === 'gzip') plain = gunzipSync(body);
    else if (coding === 'br') plain = brotliDecompressSync(body);
    else if (coding === 'deflate') plain = inflateSync(body);
  } catch {
    return { text: body.toString('base64'), encoding: 'base64' };
  }
  const type = header('content-type').toLowerCase();
  const textual = type === '' || /^text\/|json|xml|javascript|x-www-form-urlencoded/.test(type);
  return textual ? { text: plain.toString('utf8') } : { text: plain.toString('base64'), encoding: 'base64' };
}
