import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionTableMarkdown } from '../../../src/areas/groups/permission-table.js';

describe('README', () => {
  it('shows the group permission table as the code holds it', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const block = /<!-- group-permissions:start -->\n([\s\S]*?)\n<!-- group-permissions:end -->/.exec(readme)?.[1];
    expect(block, 'README lacks the group-permissions block; paste permissionTableMarkdown() between its markers').toBe(
      permissionTableMarkdown(),
    );
  });
});
