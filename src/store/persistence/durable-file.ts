import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { DbError } from './db-error.js';
import { writeJsonChunks } from './json-stream-write.js';
import { DEFAULT_SLICE_BYTES, NotUtf8Error, parseJsonChunks } from './json-stream-read.js';

/**
 * Replaces `file` with `text` so that once the promise resolves the text survives a crash of the
 * process or of the machine: a temporary file beside it is written and flushed, renamed over it, and
 * the folder is flushed so the rename itself is kept. A crash at any moment leaves the old file or
 * the new one, whole.
 */
export async function writeDurably(file: string, text: string): Promise<void> {
  const temporary = temporaryOf(file);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncFolder(dirname(file));
}

const temporaryOf = (file: string) => join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);

/**
 * Like writeDurably, for the JSON text of `value` (as `JSON.stringify(toJson(value))` gives it),
 * written piece by piece so that no string holds it whole: a sandbox of any size can be saved. The
 * value is read and its text written to a temporary file before the call returns, in one
 * synchronous step, so the file holds the value as it was then; the promise resolves with the
 * bytes written once the file is flushed and renamed over `file`.
 */
export function writeJsonDurably(file: string, value: unknown, chunkChars?: number): Promise<number> {
  const temporary = temporaryOf(file);
  let written = 0;
  try {
    const descriptor = openSync(temporary, 'w');
    try {
      writeJsonChunks(
        value,
        (text) => {
          const bytes = Buffer.from(text);
          for (let at = 0; at < bytes.length;) at += writeSync(descriptor, bytes, at);
          written += bytes.length;
        },
        chunkChars,
      );
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    return unlink(temporary).then(
      () => Promise.reject(error),
      () => Promise.reject(error),
    );
  }
  return (async () => {
    const handle = await open(temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    await syncFolder(dirname(file));
    return written;
  })();
}

export async function syncFolder(folder: string) {
  // Windows cannot open a folder for flushing; its renames are kept by the file system's journal.
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's text; undefined when there is no such file. Bytes that are not UTF-8 are a DbError. */
export function readText(file: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new DbError(`cannot read the database ${file} (${code ?? (error as Error).message})`);
  }
  try {
    // A byte-order mark, as some editors write, is not part of the JSON.
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new DbError(`the database ${file} is not UTF-8 text; it was left as it is`);
  }
}

/**
 * The value of the JSON file, read piece by piece so that no string holds the file whole (see
 * parseJsonChunks); undefined when there is no such file. Bytes that are not UTF-8 are a DbError;
 * text that is not JSON throws JsonTextError.
 */
export function readJsonFile(file: string, sliceBytes = DEFAULT_SLICE_BYTES): unknown {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new DbError(`cannot read the database ${file} (${code ?? (error as Error).message})`);
  }
  try {
    const chunk = Buffer.allocUnsafe(Math.max(sliceBytes, 1 << 16));
    return parseJsonChunks(() => {
      const read = readSync(descriptor, chunk, 0, chunk.length, null);
      return read === 0 ? undefined : Buffer.from(chunk.subarray(0, read));
    }, sliceBytes);
  } catch (error) {
    if (error instanceof NotUtf8Error) throw new DbError(`the database ${file} is not UTF-8 text; it was left as it is`);
    throw error;
  } finally {
    closeSync(descriptor);
  }
}

/**
 * lowdb's adapter for the `--db` file: lowdb's own JSONFile holds the whole text in one string and
 * never flushes to the disk, so a big sandbox could not be saved and an acknowledged save could be
 * lost to a crash. `write` reads the value before it returns (see writeJsonDurably).
 */
export class DurableJsonFile<T> implements Adapter<T> {
  /** The bytes of the file as last written. */
  bytes = 0;

  constructor(
    readonly file: string,
    private readonly sliceBytes?: number,
  ) {}

  async read(): Promise<T | null> {
    return (readJsonFile(this.file, this.sliceBytes) as T | undefined) ?? null;
  }

  write(value: T): Promise<void> {
    return writeJsonDurably(this.file, value).then((bytes) => {
      this.bytes = bytes;
    });
  }
}
