// `npm run docs:profiles`: writes docs/profiles.md from the table of differences between the two fidelity
// profiles (src/live-profile.ts) and the live service's message forms (src/live-messages.ts). A test fails
// while the page and the code disagree.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { profileDifferences, type ProfileDifference } from '../src/live-profile.js';
import { asciiForm, LIVE_FORMS } from '../src/live-messages.js';

export const PROFILES_DOC = new URL('../docs/profiles.md', import.meta.url);

const cell = (text: string) => text.replaceAll('|', '\\|');
const answer = ({ status, message }: ProfileDifference['seed']) => `${status} \`${cell(message)}\``;

export function profilesDoc(): string {
  const differences = Object.values(profileDifferences as Record<string, ProfileDifference>).map(
    (difference) =>
      `| ${difference.operations.map((id) => `\`${id}\``).join(', ')} | ${cell(difference.condition)} | ${answer(difference.seed)} | ${answer(difference.live)} | ${difference.workflows.map((id) => `\`${id}\``).join(', ')} |`,
  );
  const forms = LIVE_FORMS.map((form) => `| \`${cell(asciiForm(form))}\` | \`${cell(form)}\` |`);
  return [
    '<!-- written by `npm run docs:profiles` from src/live-profile.ts and src/live-messages.ts; do not edit -->',
    '# Fidelity profiles: the seed and the live service',
    '',
    'mock-api answers as its API description (the seed) writes, and where the description is silent, as the live',
    'service answers. The order of evidence, everywhere in the code and these docs:',
    '',
    "1. the seed's table: every operation, rule, limit and error message it gives, verbatim, in plain ASCII;",
    "2. what the live service answers: the community's conformance suite (`conformance/`, 500 workflows its",
    '   maintainers run against the live service) and the facts gathered with it;',
    '3. the public OpenAPI description (`conformance/openapi-test.yaml`, newer than 1.20.8);',
    '4. our own choice, written in these docs.',
    '',
    'Where the seed and the live service disagree, the default profile (`seed`) follows the seed. The `live`',
    'profile answers as the live service does: its statuses and its characters. Choose it with `mock-api start',
    "--profile live` (env `MOCK_API_PROFILE`), `startServer({ profile: 'live' })`, or per world with",
    '`PATCH /_mock/settings` `{"profile":"live"}` (and `worlds.create({ fixtures: { settings: { profile: \'live\' } } })`).',
    '',
    '## Where the two profiles answer differently',
    '',
    '| operations | when | `seed` (default) | `live` | conformance workflows |',
    '|---|---|---|---|---|',
    ...differences,
    '',
    "## The live service's characters",
    '',
    'The live service writes some messages with look-alike punctuation (U+01C3 `ǃ` for `!`, U+2024 `․` for `.`,',
    'U+02F8 `˸` for `:`, U+201A `‚` for `,`, U+FF1D `＝` for `=`) and wraps others in literal quotes; most it writes',
    'plainly. Under `live`, these messages take the live form, and so do the checks of a field or parameter',
    "(`n must be a positive integer˸ '-1'`); the default profile always answers the plain form.",
    '',
    '| `seed` | `live` |',
    '|---|---|',
    ...forms,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) writeFileSync(PROFILES_DOC, profilesDoc());
