import { syncCatalogue } from './catalogue/catalogue.service.js';
import type { Database } from './platform/db.js';

/** Applies pending SQL migrations, then brings the catalogue table in step with the code. */
export async function migrate(database: Database): Promise<string[]> {
  const applied = await database.migrate();
  await syncCatalogue(database.db);
  return applied;
}
