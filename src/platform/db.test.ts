import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, pgliteImage } from './db.js';

describe('an embedded database opened from an image of another', () => {
  // Two embedded databases made and a third opened from an image: slow on a loaded machine.
  it('holds what the original held when the image was taken, and the two then change apart', { timeout: 90_000 }, async () => {
    const original = await openDatabase({ kind: 'pglite-memory' });
    await sql`CREATE TABLE notes (body text NOT NULL)`.execute(original.db);
    await sql`INSERT INTO notes VALUES ('before the image')`.execute(original.db);
    const image = await pgliteImage(original);
    await sql`INSERT INTO notes VALUES ('after the image')`.execute(original.db);

    const copy = await openDatabase({ kind: 'pglite-memory', image });
    try {
      await sql`INSERT INTO notes VALUES ('only in the copy')`.execute(copy.db);
      const read = async (db: typeof copy) => (await sql<{ body: string }>`SELECT body FROM notes ORDER BY body`.execute(db.db)).rows.map((r) => r.body);
      expect(await read(copy)).toEqual(['before the image', 'only in the copy']);
      expect(await read(original)).toEqual(['after the image', 'before the image']);
    } finally {
      await copy.close();
      await original.close();
    }
  });

  it('is refused for PostgreSQL, which has no image to take', async () => {
    const pg = await openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 });
    await expect(pgliteImage(pg)).rejects.toThrow(/only an embedded database/);
    await pg.close();
  });
});
