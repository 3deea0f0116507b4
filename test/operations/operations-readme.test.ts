import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { currentAnswers, OPERATIONS_DOC, operationsBlock, withBlock } from '../../scripts/operations-readme.js';

it("docs/what-is-simulated.md lists the operations table's answers (npm run readme:operations rewrites it)", async () => {
  const page = readFileSync(OPERATIONS_DOC, 'utf8');
  expect(withBlock(page, operationsBlock(await currentAnswers()))).toBe(page);
});
