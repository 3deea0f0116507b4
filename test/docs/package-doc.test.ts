// What the docs say of the package matches the package: startServer's options, and the Node.js lines it runs on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDoc, root } from '../support/doc-commands.js';

describe("docs/library.md's table of startServer's options", () => {
  it('names every option StartOptions has, and no other', () => {
    const declaration = /export interface StartOptions \{\n([\s\S]*?)\n\}/.exec(readFileSync(join(root, 'src', 'main', 'index.ts'), 'utf8'))![1]!;
    const declared = [...declaration.matchAll(/^ {2}(\w+)\??:/gm)].map((match) => match[1]!);
    const library = readDoc('docs/library.md');
    const table = library.slice(library.indexOf("`startServer`'s options"), library.indexOf('\n\n', library.indexOf('| option |')));
    const documented = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]!);
    expect(declared).toContain('db');
    expect(documented.sort()).toEqual(declared.sort());
  });
});

describe('the Node.js lines', () => {
  const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  // `^20.19.0 || ^22.13.0 || >=24`: 20.19, 22.13, 24.
  const lowest = engines.node.split('||').map((range) => /(\d+)(?:\.(\d+))?/.exec(range)!.slice(1).filter((part) => part && part !== '0').join('.'));

  it.each(['README.md', 'CONTRIBUTING.md'])('%s names the lowest version of each line package.json allows', (page) => {
    for (const version of lowest) expect(version).toMatch(/^\d+(\.\d+)?$/);
    const text = readDoc(page);
    const where = text.slice(text.indexOf('Node.js'), text.indexOf('Node.js') + 200);
    for (const version of lowest) expect(where, version).toMatch(new RegExp(`\\b${version.replace('.', '\\.')}\\b(?!\\.\\d)`));
  });
});
