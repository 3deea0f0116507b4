import { readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { DbError } from './db-error.js';

/**
 * Replaces `file` with `text` so that once the promise resolves the text survives a crash of the
 * process or of the machine: a temporary file beside it is written and flushed, renamed over it, and
 * the folder is flushed so the rename itself is kept. A crash at any moment leaves the old file or
 * the new one, whole.
 */
export async function writeDurably(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
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
 * lowdb's adapter for the `--db` file: lowdb's own TextFile renames a temporary file over the old
 * one but never flushes either to the disk, so an acknowledged save could still be lost to a crash.
 */
export class DurableTextFile implements Adapter<string> {
  constructor(readonly file: string) {}

  async read(): Promise<string | null> {
    return readText(this.file) ?? null;
  }

  write(text: string): Promise<void> {
    return writeDurably(this.file, text);
  }
}
