import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionTableMarkdown } from '../../../src/areas/groups/permission-table.js';

describe('docs/api/groups.md', () => {
  it('shows the group permission table as the code holds it', () => {
    const page = readFileSync(new URL('../../../docs/api/groups.md', import.meta.url), 'utf8');
    const block = /<!-- group-permissions:start -->\n([\s\S]*?)\n<!-- group-permissions:end -->/.exec(page)?.[1];
    expect(block, 'docs/api/groups.md lacks the group-permissions block; paste permissionTableMarkdown() between its markers').toBe(
      permissionTableMarkdown(),
    );
  });
});
