import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { currentAnswers, operationsBlock, README, withBlock } from '../../scripts/operations-readme.js';

it("README's list of what is simulated is the operations table's (npm run readme:operations rewrites it)", async () => {
  const readme = readFileSync(README, 'utf8');
  expect(withBlock(readme, operationsBlock(await currentAnswers()))).toBe(readme);
});
