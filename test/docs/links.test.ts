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

/** Where the pages the package does not ship are linked from those it does: this repository's files on its host. */
const repositoryFiles = `${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).homepage.replace(/#.*/, '')}/blob/main/`;

describe.each(pages)('%s', (page) => {
  const text = readFileSync(join(root, page), 'utf8');

  it('links only to files and headings that exist, here or by their repository URL', () => {
    const broken = [];
    for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const inRepository = link!.startsWith(repositoryFiles);
      if (/^[a-z]+:/.test(link!) && !inRepository) continue;
      const target = inRepository ? link!.slice(repositoryFiles.length) : link!;
      const [path, anchor] = target.split('#');
      const file = inRepository ? join(root, path!) : path ? join(root, dirname(page), path) : join(root, page);
      if (!existsSync(file)) broken.push(link);
      else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(link);
    }
    expect(broken).toEqual([]);
  });

});
