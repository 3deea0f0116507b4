// A HAR file: written whole through a temporary file renamed over it (a reader never sees half of one),
// and read back, refused in one line when it is no HAR.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { harLog } from '../control/har.js';
import type { Har, HarEntry } from '../control/har-types.js';

/** A file that is no HAR, or a HAR of another API: the command's one line, exit 2. */
export class HarInputError extends Error {}

/** Writes `har` to `file` atomically: a temporary file beside it, flushed, then renamed. */
export function writeHarFile(file: string, har: Har) {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${JSON.stringify(har, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/** The entries of a recording as they complete, in the order their requests started; written after each, coalesced. */
export class HarWriter {
  private readonly entries: { started: number; entry: HarEntry }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string) {
    this.flush();
  }

  get size() {
    return this.entries.length;
  }

  add(entry: HarEntry) {
    this.entries.push({ started: Date.parse(entry.startedDateTime), entry });
    this.timer ??= setTimeout(() => this.flush(), 100).unref();
  }

  flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ordered = this.entries.slice().sort((a, b) => a.started - b.started);
    writeHarFile(this.file, harLog(ordered.map(({ entry }) => entry)));
  }
}

/** A HAR file's entries; a file that cannot be read, is not JSON or is not HAR 1.x is a HarInputError. */
export function readHarFile(file: string): Har {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new HarInputError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let har: Har;
  try {
    har = JSON.parse(text.replace(/^\uFEFF/, '')) as Har;
  } catch (error) {
    throw new HarInputError(`${file}: is not JSON (${(error as Error).message.replace(/\s+/g, ' ')})`);
  }
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new HarInputError(`${file}: is not a HAR file (no log.entries)`);
  entries.forEach((entry: Partial<HarEntry>, i) => {
    if (typeof entry?.request?.url !== 'string' || typeof entry.request.method !== 'string' || typeof entry.response?.status !== 'number')
      throw new HarInputError(`${file}: log.entries[${i}] is not a HAR entry (request.method, request.url, response.status)`);
  });
  return har;
}
