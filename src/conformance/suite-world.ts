// The world the conformance suite runs against: the default world with the records its workflows name by
// id (records only the live service holds) and the account it logs in as, from `conformance/world/`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CollectionName, ControlClient } from '../control/client.js';
import type { SuiteAccount } from './run-suite.js';

/** The account `conformance/world/01-users.json` holds for the suite's `login` workflow. */
export const SUITE_ACCOUNT: SuiteAccount = {
  username: 'conformance',
  password: 'conformance-password',
  totpSecret: 'KRSXG5CTMVRXEZLU',
  email: 'conformance@example.test',
  // a user the live service holds, the second record of `01-users.json`
  friendId: 'usr_c1644b5b-3ca4-45b4-97c6-a2a0de70d469',
};

/**
 * Puts the suite's records into the world `control` speaks to, collection by collection in the order the
 * file names give (`01-users.json` before `02-groups.json`), so that a record is there before one that names it.
 */
export async function arrangeSuiteWorld(control: ControlClient, worldDir: string): Promise<void> {
  for (const file of readdirSync(worldDir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const collection = file.replace(/^\d+-/, '').replace(/\.json$/, '') as CollectionName;
    const records = JSON.parse(readFileSync(join(worldDir, file), 'utf8')) as object[];
    for (const record of records) await control.records.put(collection, record as never);
  }
}
