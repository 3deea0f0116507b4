import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces that name src/, as Node's own source-map support gives them: a frame in a file of
 * `folder` (the built code's, by default) is looked up in that file's source map, read the first
 * time a trace needs it. Node's support reads and indexes every module's map as the module loads,
 * which each start of the CLI would pay for, though few ever print a trace.
 */
export function mapStackTraces(folder = new URL('./', import.meta.url).href) {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string) => {
    let map = maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(fileURLToPath(`${file}.map`), 'utf8')));
      } catch {
        map = null;
      }
      maps.set(file, map);
    }
    return map;
  };
  const located = (frame: NodeJS.CallSite) => {
    const text = String(frame);
    const file = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if (!file?.startsWith(folder) || line === null || column === null) return text;
    try {
      const entry = mapOf(file)?.findEntry(line - 1, column - 1);
      if (!entry || !('originalSource' in entry)) return text;
      const source = fileURLToPath(new URL(entry.originalSource, file));
      return text.replace(`${file}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
    } catch {
      // A map that cannot place the frame leaves it as it was: a trace is never lost to its mapping.
      return text;
    }
  };
  Error.prepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = 'Error';
    }
    return head + frames.map((frame) => `\n    at ${located(frame)}`).join('');
  };
}
