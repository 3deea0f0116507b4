// `npm run readme:operations`: rewrites the blocks of docs/what-is-simulated.md from the operations
// table and the routes the app registers, and from the deviations of src/operations/deviations.ts. Run it
// after adding or removing a stateful route or a deviation; a test fails while the page and the code disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createApp, sandboxDeps } from '../src/main/app.js';
import { manualClock } from '../src/store/clock.js';
import { defaultFixturesDir, readFixtureDir } from '../src/store/fixtures/fixture-dir.js';
import { SandboxSource } from '../src/store/sandbox-source.js';
import { OPENAPI_VERSION } from '../src/operations/table.js';
import { deviations } from '../src/operations/deviations.js';
import type { OperationAnswer } from '../src/routing/wiring.js';

export const OPERATIONS_DOC = new URL('../docs/what-is-simulated.md', import.meta.url);
const START = '<!-- operations:start (written by `npm run readme:operations` from the operations table; do not edit) -->';
const END = '<!-- operations:end -->';

/** The operations with their answer, as the app built from the default world routes them. */
export async function currentAnswers(): Promise<OperationAnswer[]> {
  const app = createApp(sandboxDeps(SandboxSource.inMemory(readFixtureDir(defaultFixturesDir)), () => manualClock()));
  const body = (await (await app.request('/_mock/operations')).json()) as { operations: OperationAnswer[] };
  return body.operations;
}

/** The block: how many operations are simulated, per tag which ones, and the ones the live service retired. */
export function operationsBlock(answers: OperationAnswer[]): string {
  const stateful = answers.filter((op) => op.answer === 'stateful');
  const retired = answers.filter((op) => op.answer === 'retired');
  const generated = answers.length - stateful.length - retired.length;
  const tags = [...new Set(answers.map((op) => op.tag))].sort();
  const rows = tags.map((tag) => {
    const ofTag = answers.filter((op) => op.tag === tag);
    const simulated = ofTag.filter((op) => op.answer === 'stateful');
    const gone = ofTag.filter((op) => op.answer === 'retired').length;
    const list = simulated.map((op) => `\`${op.method} ${op.path}\``).join(', ');
    return `| ${tag} | ${simulated.length} of ${ofTag.length}${list ? `: ${list}` : ''} | ${ofTag.length - simulated.length - gone} | ${gone} |`;
  });
  return [
    START,
    `${stateful.length} of the ${answers.length} operations of the public description ${OPENAPI_VERSION} are simulated (stateful);`,
    `${retired.length} the live service no longer serves answer its generic 404 (\`X-Mock-Answer: retired\`);`,
    generated === 0
      ? 'none answers a generated body (the engine stays the answer for an operation a newer description adds).'
      : `the other ${generated} answer generated bodies (\`X-Mock-Answer: generated\`).`,
    '',
    '| tag | simulated | generated | retired |',
    '|---|---|---|---|',
    ...rows,
    '',
    'Retired by the live service (`src/operations/retired.ts`), each with the day it went:',
    '',
    ...retired.map((op) => `- \`${op.method} ${op.path}\` (\`${op.operationId}\`), ${op.retiredOn}`),
    END,
  ].join('\n');
}

const DEVIATIONS_START =
  '<!-- deviations:start (written by `npm run readme:operations` from src/operations/deviations.ts; do not edit) -->';
const DEVIATIONS_END = '<!-- deviations:end -->';

/** The block of deviations: each with where it applies and why. */
export function deviationsBlock(): string {
  return [DEVIATIONS_START, ...deviations.map((d) => `- \`${d.where}\`: ${d.reason}`), DEVIATIONS_END].join('\n');
}

function replaced(page: string, block: string, start: string, end: string): string {
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`docs/what-is-simulated.md has no block ${start} ... ${end}`);
  return `${page.slice(0, from)}${block}${page.slice(to + end.length)}`;
}

/** The page with its operations block replaced by `block`, and its deviations block written anew. */
export function withBlock(page: string, block: string): string {
  return replaced(replaced(page, block, START, END), deviationsBlock(), DEVIATIONS_START, DEVIATIONS_END);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const page = readFileSync(OPERATIONS_DOC, 'utf8');
  const updated = withBlock(page, operationsBlock(await currentAnswers()));
  writeFileSync(OPERATIONS_DOC, updated);
  const verdict = updated === page ? 'unchanged' : 'rewritten';
  process.stdout.write(`docs/what-is-simulated.md: operations and deviations blocks ${verdict}\n`);
}
