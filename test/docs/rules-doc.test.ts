// docs/rules.md names, for every documented rule, the test at its limit and the test at its boundary:
// each named test must exist, each row must name one of each (never the same test for both), and every
// limit of src/limits.ts needs a row.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/limits.js';
import { root } from '../support/doc-commands.js';

const page = readFileSync(join(root, 'docs/rules.md'), 'utf8');

interface Row {
  rule: string;
  limit: string;
  boundary: string;
}

const rows: Row[] = page
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| rule |'))
  .map((line) => {
    const [rule, limit, boundary] = line.slice(2, -2).split(' | ');
    return { rule: rule!, limit: limit ?? '', boundary: boundary ?? '' };
  });

/** The tests a cell names: `test/...test.ts` › name, one per line of the cell. */
const testsIn = (cell: string) =>
  cell.split('<br>').map((reference) => {
    const match = /^`(test\/[\w./-]+\.test\.ts)` › (.+)$/.exec(reference.trim());
    return match ? { file: match[1]!, name: match[2]! } : { file: '', name: reference };
  });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The names a test file gives its tests, as patterns: what `${...}` and `%s` fill in at run time
 * matches anything.
 */
function namesIn(file: string): RegExp[] {
  const source = readFileSync(join(root, file), 'utf8');
  const titles = [...source.matchAll(/(?:\b(?:it|test)|\]\))\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1\s*,/g)].map((match) =>
    match[2]!.replace(/\\(.)/g, '$1'),
  );
  return titles.map(
    (title) =>
      new RegExp(
        `^${title
          .split(/\$\{[^}]*\}|%[sdi]/)
          .map(escape)
          .join('.+')}$`,
      ),
  );
}

describe('docs/rules.md', () => {
  it('has a row for every documented rule, each naming a test at the limit and one at the boundary', () => {
    expect(rows.length).toBeGreaterThan(40);
    const incomplete = rows.filter((row) => !row.limit.includes('›') || !row.boundary.includes('›')).map((row) => row.rule);
    expect(incomplete).toEqual([]);
  });

  it('never names one test for both the limit and the boundary: each must fail on its own', () => {
    const key = ({ file, name }: { file: string; name: string }) => `${file} › ${name}`;
    const shared = rows
      .filter((row) => {
        const atLimit = new Set(testsIn(row.limit).map(key));
        return testsIn(row.boundary).some((test) => atLimit.has(key(test)));
      })
      .map((row) => row.rule);
    expect(shared).toEqual([]);
  });

  it('names only tests that exist, in the file it names', () => {
    const missing: string[] = [];
    const cache = new Map<string, RegExp[]>();
    for (const row of rows) {
      for (const { file, name } of [...testsIn(row.limit), ...testsIn(row.boundary)]) {
        if (!file) {
          missing.push(`${row.rule}: ${name}`);
          continue;
        }
        if (!cache.has(file)) cache.set(file, namesIn(file));
        if (!cache.get(file)!.some((pattern) => pattern.test(name))) missing.push(`${file} › ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has a row for every limit of src/limits.ts', () => {
    const listed = new Set(rows.map((row) => /^`(\w+)`$/.exec(row.rule)?.[1]));
    expect(Object.keys(LIMITS).filter((key) => !listed.has(key))).toEqual([]);
  });
});
