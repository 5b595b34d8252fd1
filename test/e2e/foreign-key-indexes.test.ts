import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { createOrg, describeEachBackend } from '../helpers/harness.js';
import { explain } from '../helpers/plan.js';

/**
 * Deleting a row makes PostgreSQL look for the rows that refer to it, once per deleted row, through
 * each foreign key; without an index on the referring columns each look is a scan of the whole
 * referring table. verification_settle deletes the record it has just written when its settlement ends
 * fenced or refused, under the wallet's lock, and replay_of refers to records: unindexed, that was a
 * scan of every record (180 ms at a million) while the organisation's live lookups waited
 * (migrations/0024). The retention sweeps delete events (their deliveries refer to them) and the
 * webhook cascades delete deliveries (their attempts refer to them).
 */

/** Tables no code path deletes from: a foreign key to them is only checked when a row is written. */
const NEVER_DELETED = ['api_keys', 'organisations', 'services', 'sessions', 'users', 'wallets'];

describeEachBackend('foreign keys whose referred rows are deleted are indexed', (h) => {
  it('every foreign key without an index on its columns refers to a table nothing deletes from', async () => {
    const { rows } = await sql<{ fk: string; referred: string }>`
      SELECT c.conrelid::regclass::text || '(' ||
               (SELECT string_agg(a.attname, ',' ORDER BY a.attnum) FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k) || ')' AS fk,
             c.confrelid::regclass::text AS referred
      FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
        AND NOT EXISTS (
          -- An index whose leading columns are exactly the key's (in any order) serves the look-up;
          -- a partial one too, when its predicate is the key's own column being set (what an equality
          -- on it implies), and nothing else.
          SELECT 1 FROM pg_index i
          WHERE i.indrelid = c.conrelid
            AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
            AND (i.indpred IS NULL OR (cardinality(c.conkey) = 1 AND pg_get_expr(i.indpred, i.indrelid) IN (
              SELECT format('(%I IS NOT NULL)', a.attname) FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
              UNION ALL SELECT format('%I IS NOT NULL', a.attname) FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = c.conkey[1]))))
      ORDER BY 1`.execute(h().database.db);
    const unindexed = rows.filter((r) => !NEVER_DELETED.includes(r.referred));
    expect(unindexed).toEqual([]);
    // The check sees the foreign keys at all (a query that found none would pass anything).
    expect(rows.map((r) => r.fk)).toContain('verification_records(api_key_id)');
  });

  it("the look-up a record's deletion makes (records replaying it) walks the replay_of index", async () => {
    const db = h().database.db;
    const org = await createOrg(h().services, { services: [] });
    // 5,000 records, one in ten a replay of the record before it.
    await sql`
      INSERT INTO verification_records
        (id, organisation_id, type, endpoint, environment, verification_status, http_status, charged, charge_amount_kobo,
         identifier_type, identifier_ciphertext, identifier_hash, identifier_masked, api_key_id, request_id, duration_ms, replay_of, created_at)
      SELECT 'ver_fk' || lpad(i::text, 6, '0'), ${org.organisationId}, 'NIN_LOOKUP', '/v1/nin/raw/lookup', 'live', 'VERIFIED', 200, true, 10000,
             'NIN', '\\x00'::bytea, decode(md5(i::text), 'hex'), '*', ${org.liveKeyId}, 'req_fk' || i, 5,
             CASE WHEN i % 10 = 0 THEN 'ver_fk' || lpad((i - 1)::text, 6, '0') END, timestamptz '2026-01-01' + i * interval '1 second'
      FROM generate_series(1, 5000) AS i`.execute(db);
    await sql`ANALYZE verification_records`.execute(db);
    // What PostgreSQL's referential check runs for each deleted record (ri_triggers.c), as a plain query.
    const text = await explain(db, CompiledQuery.raw(`SELECT 1 FROM ONLY verification_records x WHERE $1::text = replay_of FOR KEY SHARE OF x`, ['ver_fk000009']));
    expect(text).toMatch(/Index (Only )?Scan using verification_records_replay_of_idx/);
    expect(text).not.toMatch(/Seq Scan/);

    // And the deletion itself still refuses to orphan a replay.
    await expect(sql`DELETE FROM verification_records WHERE id = 'ver_fk000009'`.execute(db)).rejects.toThrow(/foreign key/);
    await sql`DELETE FROM verification_records WHERE id = 'ver_fk000010'`.execute(db);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM verification_records WHERE id LIKE 'ver_fk%'`.execute(db);
    expect(left.rows[0]!.n).toBe(4999);
  });
});
