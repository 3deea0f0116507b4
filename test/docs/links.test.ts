// The docs point at what exists: every relative link reaches a file (and its heading). The paths they
// name in backticks are checked in named-paths.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/doc-commands.js';

const pages = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  'bench/README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (file: string) =>
  new Set([...readFileSync(file, 'utf8').matchAll(/^#+ (.*)$/gm)].map((match) => anchorOf(match[1]!)));

describe.each(pages)('%s', (page) => {
  const text = readFileSync(join(root, page), 'utf8');

  it('links only to files and headings that exist', () => {
    const broken = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const file = path ? join(root, dirname(page), path) : join(root, page);
      if (!existsSync(file)) broken.push(target);
      else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

});
