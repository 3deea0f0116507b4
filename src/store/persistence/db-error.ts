/** A database file (`--db`) that cannot be used: one line for the user, exit code 2 from the CLI. */
export class DbError extends Error {}
