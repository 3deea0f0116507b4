// `npm run docs:limits`: writes docs/limits.md from the one table of limits (src/limits.ts) and the
// world settings' defaults. A test fails while the page and the table disagree.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { GROWTH, LIMITS, type GrowthLimit, type Limit } from '../src/limits.js';
import { SandboxSettingsSchema } from '../src/store/records/settings.js';

export const LIMITS_DOC = new URL('../docs/limits.md', import.meta.url);

/** 1048576 -> `1 MiB`; counts as they are. */
function shown({ value, unit }: Pick<Limit, 'value' | 'unit'>): string {
  if (unit === 'share of --max-memory') return `${value * 100}% of --max-memory`;
  if (unit !== 'bytes') return `${value.toLocaleString('en')} ${unit}`;
  for (const [name, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (value >= size && value % size === 0) return `${value / size} ${name}`;
  }
  return `${value} bytes`;
}

const BYTE_SETTINGS = new Set(['readCacheBytes', 'uploadBytesPerWorld']);

export function limitsDoc(): string {
  const rows = Object.entries(LIMITS as Record<string, Limit>).map(
    ([name, limit]) => `| \`${name}\` | ${shown(limit)} | ${limit.what} | ${limit.past} | ${limit.reason} |`,
  );
  const growth = Object.entries(GROWTH as Record<string, GrowthLimit>).map(
    ([name, limit]) =>
      `| \`${name}\` | ${limit.what} | ${limit.perOwner.toLocaleString('en')} per ${limit.owner} | ${limit.perWorld.toLocaleString('en')} | ${limit.source ?? 'ours'} |`,
  );
  const settings = Object.entries(SandboxSettingsSchema.parse({}))
    .filter(([, value]) => typeof value === 'number')
    .map(
      ([name, value]) =>
        `| \`${name}\` | ${shown({ value: value as number, unit: BYTE_SETTINGS.has(name) ? 'bytes' : 'entries' }).replace(/ entries$/, '')} |`,
    );
  return [
    '<!-- written by `npm run docs:limits` from src/limits.ts and the world settings; do not edit -->',
    '# Limits',
    '',
    'Everything that grows with what clients send has a bound. `--max-memory <size>` (bytes, or `512MiB`,',
    "`2GiB`; env `MOCK_API_MAX_MEMORY`) sets the process budget; by default a quarter of the machine's memory,",
    'at most 4 GiB and at least 256 MiB. `GET /_mock/limits` answers the budget in force and this table.',
    "Past a bound a write gets the documented 4xx envelope (507 past the records' share), and logs, lists and queues lose their oldest",
    'entries; the server does not stop.',
    '',
    '| limit | default | what it bounds | past it | why |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '## Collections',
    '',
    'Every collection a client can grow through the API has a count bound per owner and per world',
    '(`GROWTH` in src/limits.ts, checked by `guardGrowth` in src/store/growth.ts before the rule changes',
    "anything). Past the owner's bound a write is 403, past the world's 429, each with the error envelope",
    "and a message naming the bound (`filesPerOwner`, `filesPerWorld`). The world's bound counts every",
    "record it holds, fixtures' and generated ones too. Deleting records or resetting the world makes room.",
    '`GET /_mock/limits` lists them under `growth`, each with `held`, the records the world holds now (`X-Mock-World` picks the world).',
    '',
    '| collection | what | per owner | per world | value from |',
    '|---|---|---|---|---|',
    ...growth,
    '',
    '## World settings',
    '',
    "Each world carries these in `settings` (fixtures' `settings.json`, `PATCH /_mock/settings`); the defaults:",
    '',
    '| setting | default |',
    '|---|---|',
    ...settings,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) writeFileSync(LIMITS_DOC, limitsDoc());
