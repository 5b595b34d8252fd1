import { readdirSync } from 'node:fs';

/** The repository's migrations/: the numbered migrations, and functions/ re-applied on every start. */
export const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);

/** The numbered migrations in dir (`0001_name.sql`, …), in the order they apply. */
export function numberedMigrations(dir: URL = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}
