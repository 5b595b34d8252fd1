import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { syncCatalogue } from './catalogue/catalogue.service.js';
import type { Database } from './platform/db.js';

const FUNCTIONS_DIR = new URL('../migrations/functions/', import.meta.url);
// Not the numbered migrations' lock: this one is taken after they have committed.
const FUNCTIONS_LOCK_ID = 0x1d5f0;

/**
 * Re-applies the stored functions, one file each in migrations/functions/ (each a single
 * CREATE OR REPLACE FUNCTION), in name order, in one transaction under a lock so concurrent starts do
 * not collide. A change to a function is an edit of its file, never a copy in a new migration.
 */
export async function applyFunctions(database: Database, dir: URL = FUNCTIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^[a-z0-9_]+\.sql$/.test(f))
    .sort();
  await database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${FUNCTIONS_LOCK_ID})`.execute(trx);
    for (const file of files) await sql.raw(readFileSync(new URL(file, dir), 'utf8')).execute(trx);
  });
  return files;
}

/** Applies pending SQL migrations and the stored functions, then brings the catalogue table in step with the code. */
export async function migrate(database: Database): Promise<string[]> {
  const applied = await database.migrate();
  await applyFunctions(database);
  await syncCatalogue(database.db);
  return applied;
}
