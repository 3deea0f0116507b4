import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PROFILES_DOC, profilesDoc } from '../../scripts/profiles-doc.js';

it('docs/profiles.md is the table of src/live-profile.ts and src/live-messages.ts (npm run docs:profiles rewrites it)', () => {
  expect(readFileSync(PROFILES_DOC, 'utf8')).toBe(profilesDoc());
});
