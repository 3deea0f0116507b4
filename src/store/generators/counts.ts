/**
 * How many records of each kind a generated sandbox adds on top of its fixtures. Apart from the
 * generators themselves, so the CLI can check `--generate` without loading faker.
 */
export interface GenerateCounts {
  users: number;
  groups: number;
  calendarEvents: number;
  /** Avatars, and favorites of them for the users. */
  avatars: number;
  files: number;
  /** Worlds, and about one instance per world. */
  worlds: number;
  inventoryItems: number;
  notifications: number;
}

/** What `--seed` alone adds. */
export const defaultCounts: GenerateCounts = {
  users: 50,
  groups: 10,
  calendarEvents: 200,
  avatars: 50,
  files: 20,
  worlds: 20,
  inventoryItems: 100,
  notifications: 100,
};

/** The kinds in the order they are generated: later kinds reference earlier ones by index. */
export const generatedKinds = Object.keys(defaultCounts) as (keyof GenerateCounts)[];
