import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { LIMITS_DOC, limitsDoc } from '../../scripts/limits-doc.js';

it('docs/limits.md is the table of src/limits.ts (npm run docs:limits rewrites it)', () => {
  expect(readFileSync(LIMITS_DOC, 'utf8')).toBe(limitsDoc());
});
