import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { backends } from '../test/helpers/harness.js';
import { applyFunctions, migrate } from './migrate.js';

/** The stored functions (migrations/functions/, one file each) are re-applied on every migrate. */
describe.each(backends())('stored functions re-applied on migrate [$name]', (backend) => {
  const definitions = async (db: Awaited<ReturnType<typeof backend.open>>['db']) =>
    (
      await sql<{ name: string; definition: string }>`
        SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition FROM pg_proc p
        WHERE p.proname IN ('ledger_apply', 'verification_settle', 'wallet_apply_batch') ORDER BY p.proname`.execute(db)
    ).rows;

  it('a second migrate applies no migration and leaves every function exactly as it was', async () => {
    const database = await backend.open();
    try {
      await migrate(database);
      const before = await definitions(database.db);
      expect(before.map((f) => f.name)).toEqual(['ledger_apply', 'verification_settle']);
      expect(await migrate(database)).toEqual([]);
      expect(await definitions(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it("the ledger's statements keep their generic plans: the function carries plan_cache_mode", async () => {
    const database = await backend.open();
    try {
      await migrate(database);
      const { rows } = await sql<{ config: string[] | null }>`SELECT proconfig AS config FROM pg_proc WHERE proname = 'ledger_apply'`.execute(database.db);
      // Without it, the wallets' UPDATE was planned anew on every call (migrations/functions/ledger_apply.sql).
      expect(rows).toEqual([{ config: ['plan_cache_mode=force_generic_plan'] }]);
    } finally {
      await database.close();
    }
  });

  it('an edited function file takes effect on the next migrate', async () => {
    const database = await backend.open();
    const dir = mkdtempSync(join(tmpdir(), 'idv-functions-'));
    const name = `idv_probe_${process.pid}_${Date.now()}`;
    const write = (answer: number) =>
      writeFileSync(join(dir, `${name}.sql`), `CREATE OR REPLACE FUNCTION ${name}() RETURNS int LANGUAGE sql AS $$ SELECT ${answer} $$;\n`);
    const call = async () => (await sql<{ v: number }>`SELECT ${sql.raw(name)}() AS v`.execute(database.db)).rows[0]!.v;
    try {
      const url = pathToFileURL(`${dir}/`);
      write(1);
      expect(await applyFunctions(database, url)).toEqual([`${name}.sql`]);
      expect(await call()).toBe(1);
      write(2);
      await applyFunctions(database, url);
      expect(await call()).toBe(2);
    } finally {
      await sql`DROP FUNCTION IF EXISTS ${sql.raw(name)}()`.execute(database.db);
      rmSync(dir, { recursive: true, force: true });
      await database.close();
    }
  });
});

/** Migration 0020: an export's chunks are compressed with lz4 where the server was built with it, pglz (the default) elsewhere. */
describe.each(backends())('export chunks compression [$name]', (backend) => {
  it('is lz4 when the server offers it, and the migration applies either way', async () => {
    const database = await backend.open();
    try {
      const { rows } = await sql<{ offered: string[]; method: string }>`
        SELECT (SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression') AS offered,
               (SELECT attcompression::text FROM pg_attribute WHERE attrelid = 'export_chunks'::regclass AND attname = 'bytes') AS method`.execute(database.db);
      const { offered, method } = rows[0]!;
      expect(method).toBe(offered.includes('lz4') ? 'l' : '');
      // The embedded database is built without lz4 (Debian's PostgreSQL, CI's, has it: 'l' there).
      if (backend.name === 'pglite') expect(method).toBe('');
    } finally {
      await database.close();
    }
  });
});

