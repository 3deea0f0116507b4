import { open, unlink, type FileHandle } from 'node:fs/promises';
import * as z from 'zod';
import { DbError } from './db-error.js';
import { readText, syncFolder, writeDurably } from './durable-file.js';
import { dirname } from 'node:path';
import type { Change } from './changes.js';

/** What a log says it is, on its first line; each line after it is one save's changes. */
export const LOG_FORMAT = 'mock-api-db-log';
export const LOG_VERSION = 1;

/** The log beside a database file: the changes saved since the file was last written whole. */
export const logOf = (file: string) => `${file}.log`;

const HeaderSchema = z.object({ format: z.literal(LOG_FORMAT), version: z.literal(LOG_VERSION), generation: z.number().int().min(0) });
const key = z.union([z.string(), z.number()]);
const ChangeSchema = z.union([
  z
    .object({
      collection: z.string(),
      by: z.string(),
      key,
      home: z.boolean(),
      records: z.array(z.object({ id: z.string() }).passthrough()),
    })
    .strict(),
  z.object({ collection: z.string(), all: z.unknown() }).strict(),
  z.object({ state: z.string(), key, value: z.unknown().optional() }).strict(),
  z.object({ state: z.string(), key, drop: z.number().int().min(0), append: z.array(z.unknown()) }).strict(),
  z.object({ state: z.string(), all: z.unknown() }).strict(),
]);
const EntrySchema = z.object({ changes: z.array(ChangeSchema) });

/**
 * The changes of a database file's log, in order, when the log belongs to the file as written
 * (`generation`); none when there is no log or it is older (the process stopped after writing the
 * file whole and before removing the log). A last line cut short (the process was killed while
 * writing it, so it was never acknowledged) is left out; anything else wrong is a DbError.
 */
export function readLog(file: string, generation: number): Change[][] {
  const log = logOf(file);
  const text = readText(log);
  if (text === undefined) return [];
  const refuse = (problem: string) => new DbError(`the database log ${log} ${problem}; it was left as it is`);
  const lines = text.split('\n');
  // The last piece follows the last newline: empty when the last line is whole.
  lines.pop();
  const [first, ...entries] = lines.map((line, index) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw refuse(`line ${index + 1} is not valid JSON`);
    }
  });
  const header = HeaderSchema.safeParse(first);
  if (!header.success) throw refuse(`does not start with {"format": "${LOG_FORMAT}", "version": ${LOG_VERSION}, "generation": ...}`);
  if (header.data.generation < generation) return [];
  if (header.data.generation > generation) {
    throw refuse(`follows a later save (generation ${header.data.generation}) than the database holds (${generation})`);
  }
  return entries.map((entry, index) => {
    const parsed = EntrySchema.safeParse(entry);
    if (!parsed.success) throw refuse(`line ${index + 2} is not a list of changes`);
    return parsed.data.changes as Change[];
  });
}

/**
 * Appends each save's changes to the log as one line, on disk before the append resolves. The log
 * is made (header and first line, whole) on the first append after the database was written whole.
 */
export class LogWriter {
  private handle: FileHandle | undefined;
  /** Bytes in the log. */
  size = 0;

  constructor(readonly file: string) {}

  async append(generation: number, changes: Change[]): Promise<void> {
    const line = `${JSON.stringify({ changes })}\n`;
    if (!this.handle) {
      const header = `${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, generation })}\n`;
      await writeDurably(logOf(this.file), header + line);
      this.handle = await open(logOf(this.file), 'a');
      this.size = Buffer.byteLength(header + line);
      return;
    }
    await this.handle.write(line);
    await this.handle.datasync();
    this.size += Buffer.byteLength(line);
  }

  /** Once the database is written whole the log's changes are in it: the log goes. */
  async remove(): Promise<void> {
    await this.close();
    this.size = 0;
    try {
      await unlink(logOf(this.file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await syncFolder(dirname(this.file));
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}
