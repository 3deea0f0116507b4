import { lstatSync, readlinkSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DbError } from './db-error.js';

/** Links followed before a chain of them is called a loop, as the system's own limit is about. */
const MAX_LINKS = 40;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The file a `--db` path names: the path itself, or, when it is a symbolic link (to a link ...), the
 * file at the end of the links, which may not exist yet. The file and its log, lock and temporary
 * files are written there, so a link stays a link and keeps naming the file the server writes. A
 * directory is a DbError (a usage error, exit code 2), never a raw EISDIR.
 */
export function dbFileOf(path: string): string {
  let file = path;
  for (let links = 0; ; links++) {
    let isLink: boolean;
    try {
      isLink = lstatSync(file).isSymbolicLink();
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return file;
      throw new DbError(`cannot read the database ${path} (${codeOf(error) ?? (error as Error).message})`);
    }
    if (!isLink) break;
    if (links === MAX_LINKS) throw new DbError(`the database ${path} is a loop of symbolic links`);
    file = resolve(dirname(file), readlinkSync(file));
  }
  if (statSync(file).isDirectory()) {
    throw new DbError(`--db ${path} is a directory: name a JSON file in it, such as ${resolve(file, 'state.json')}`);
  }
  return file;
}
