// Every file of this repository that the docs or the code's comments name is there, so a moved or renamed
// file shows up here rather than in a reader's search. What counts as naming a file:
// - a path from the top of the repository (`src/...`, `test/...`, `docs/...`, `bench/...`, `scripts/...`,
//   `fixtures/...`, `scenarios/...`, `conformance/...`, `bin/...`, `.ci/...`): it must exist as written;
// - a file name of code or docs (`.ts`, `.mts`, `.cts`, `.mjs`, `.cjs`, `.md`; `remembering-router.ts`,
//   `recipes/avatars.ts`, `README.md`): some file of the repository must end so. Other names (`state.json`,
//   `openapi.yaml`, `ci.sh`) may be a user's files, so they count only as paths from the top.
// In Markdown a name counts in backticks; in a comment of the code (`src/`, `bench/`, `scripts/`, `bin/`) anywhere. A name with a placeholder
// (`*`, `<tag>`, `{id}`) is a pattern, not a file; a path from outside (`../shared/...`, `node_modules/...`) is
// not this repository's; and what runs write and git ignores (`bench/results.json`) may be named without existing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from '../support/doc-commands.js';

const TOP_FOLDERS = ['src', 'test', 'docs', 'bench', 'scripts', 'fixtures', 'scenarios', 'conformance', 'bin', '.ci'];
const CODE_AND_DOCS = ['ts', 'mts', 'cts', 'mjs', 'cjs', 'md'];

/** Folders that installs, builds and runs make: not the repository's. */
const NOT_TRACKED = new Set(['node_modules', 'dist', '.git', 'test-output']);

/** The repository's files, from its root, without what installs and builds add. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return NOT_TRACKED.has(entry.name) ? [] : filesUnder(path);
    return [path];
  });
}
const files = filesUnder('');
const fileSet = new Set(files);
const folderSet = new Set(files.flatMap((file) => file.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));

/** What runs write and git ignores: named by the docs, absent from a clone. */
const generated = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.includes('/') && !line.includes('*'));

/** A word of path characters, slashes allowed; what is before or after it must not make it part of a longer word or a pattern. */
const TOKEN = /(?<![\w./@*>}-])[\w.-]+(?:\/[\w.-]+)*\/?(?![\w(/<*{-])/g;
/** A file name in kebab case or capitals (not `Node.js`), of code or docs, maybe after a folder or two. */
const CODE_OR_DOC_NAME = new RegExp(`^(?:[\\w.-]+/)*(?:[a-z0-9_-][a-z0-9._-]*|[A-Z]+)\\.(?:${CODE_AND_DOCS.join('|')})$`);
/** The package's own name begins an import specifier (`<name>/scenario.schema.json`), not a path of the repository. */
const packageName = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string }).name;

/** The repository paths and file names `text` names, as written. */
export function namedPaths(text: string): string[] {
  const named: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) {
    const name = token.replace(/\.+$/, '');
    const top = name.split('/')[0]!;
    if (top === packageName || top === '..' || top === '.' || name.includes('node_modules')) continue;
    if ((name.includes('/') && TOP_FOLDERS.includes(top)) || CODE_OR_DOC_NAME.test(name)) named.push(name);
  }
  return named;
}

/** Whether `name` (a path from the root, or a file name or path's tail) is a file or folder of the repository. */
function exists(name: string): boolean {
  const path = name.replace(/\/$/, '');
  if (generated.some((output) => path.startsWith(output.replace(/\/$/, '')))) return true;
  if (TOP_FOLDERS.includes(path.split('/')[0]!) && path.includes('/')) return fileSet.has(path) || folderSet.has(path);
  return fileSet.has(path) || folderSet.has(path) || files.some((file) => file.endsWith(`/${path}`));
}

/** The text of every comment in a TypeScript or JavaScript file. */
function commentsOf(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
  const comments: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) comments.push(scanner.getTokenText());
  }
  return comments;
}

const inBackticks = (markdown: string) => [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

const missingIn = (texts: string[]) => [...new Set(texts.flatMap(namedPaths))].filter((name) => !exists(name));

const pages = files.filter((file) => file.endsWith('.md'));
const sources = files.filter((file) => /^(src|bench|scripts|bin)\//.test(file) && /\.(ts|mts|js|mjs|cjs)$/.test(file));

describe('the files the docs and comments name', () => {
  it('recognises paths from the root and file names, and leaves out patterns and other words', () => {
    expect(
      namedPaths('see src/store/recipes/avatars.ts, `bench/README.md` and remembering-router.ts (recipes/files.ts).'),
    ).toEqual(['src/store/recipes/avatars.ts', 'bench/README.md', 'remembering-router.ts', 'recipes/files.ts']);
    expect(
      namedPaths('src/areas/<tag>/ *-routes.ts Node.js c.req.json() state.json 1.5x e.g. https://example.com/a.md ../shared/x.md'),
    ).toEqual([]);
    expect(missingIn(['see group-permission-table.ts and src/store/nowhere.ts'])).toEqual([
      'group-permission-table.ts',
      'src/store/nowhere.ts',
    ]);
  });

  it.each(pages)('%s names only files that exist', (page) => {
    expect(missingIn(inBackticks(readFileSync(join(root, page), 'utf8')))).toEqual([]);
  });

  it('the comments of src/, bench/, scripts/ and bin/ name only files that exist', () => {
    const missing = sources.flatMap((file) => missingIn(commentsOf(readFileSync(join(root, file), 'utf8'))).map((name) => `${file}: ${name}`));
    expect(missing).toEqual([]);
  });
});
