import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Harness } from '../helpers/harness.js';

/**
 * The invariant of migrations/0013_analytics_rollup.sql: an organisation's rows of verification_rollups
 * are exactly its records below the watermark, counted per (environment, UTC hour, type, key). Compacts
 * first (unless told not to), asserts it, and returns the rows (as plain values). Another open
 * transaction on the file's database (a concurrent test of the same file, the app's own jobs) can hold
 * the watermark back: assert totals through the API, not here.
 */
export async function expectRollupsMatchRecords(h: Harness, organisationId: string, options: { compact?: boolean; all?: boolean } = { compact: true }) {
  const db = h.database.db;
  if (options.all) await rollUpAllOf(h, organisationId);
  else if (options.compact !== false) await h.services.analytics.compact();
  // One snapshot for both reads: a compaction elsewhere may move the watermark at any moment.
  const [rollups, records] = await db.transaction().setIsolationLevel('repeatable read').execute((trx) => Promise.all([
    sql<Record<string, unknown>>`
      SELECT environment, hour, type, api_key_id, volume, verified, not_verified, failed, replays, charged_count, spend_kobo
        FROM verification_rollups WHERE organisation_id = ${organisationId}`.execute(trx),
    sql<Record<string, unknown>>`
      SELECT environment, date_trunc('hour', created_at, 'UTC') AS hour, type, api_key_id,
             count(*) AS volume,
             count(*) FILTER (WHERE verification_status = 'VERIFIED') AS verified,
             count(*) FILTER (WHERE verification_status = 'NOT_VERIFIED') AS not_verified,
             count(*) FILTER (WHERE verification_status IS NULL) AS failed,
             count(replay_of) AS replays,
             count(*) FILTER (WHERE charged) AS charged_count,
             coalesce(sum(charge_amount_kobo) FILTER (WHERE charged), 0) AS spend_kobo
        FROM verification_records
       WHERE organisation_id = ${organisationId} AND created_xid < (SELECT watermark FROM verification_rollup_watermark WHERE id = 1)
        GROUP BY 1, 2, 3, 4`.execute(trx),
  ]));
  const rows = normalise(rollups.rows);
  expect(rows).toEqual(normalise(records.rows));
  return rows;
}

/** Values as strings and numbers whatever the driver returns (int8, numeric, Date), sorted by the key. */
function normalise(rows: Array<Record<string, unknown>>) {
  return rows
    .map((r) => ({
      environment: String(r.environment),
      hour: new Date(r.hour as Date | string).toISOString(),
      type: String(r.type),
      apiKeyId: String(r.api_key_id),
      volume: Number(r.volume),
      verified: Number(r.verified),
      notVerified: Number(r.not_verified),
      failed: Number(r.failed),
      replays: Number(r.replays),
      chargedCount: Number(r.charged_count),
      spendKobo: Number(r.spend_kobo),
    }))
    .sort((a, b) => {
      const ka = `${a.environment}|${a.hour}|${a.type}|${a.apiKeyId}`;
      const kb = `${b.environment}|${b.hour}|${b.type}|${b.apiKeyId}`;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
}

/**
 * Compacts until every committed record of the organisation is below the watermark: another transaction
 * open on the same database holds the watermark back until it ends (a few seconds at most).
 */
export async function rollUpAllOf(h: Harness, organisationId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await h.services.analytics.compact();
    const left = await sql<{ n: string }>`
      SELECT count(*) AS n FROM verification_records
       WHERE organisation_id = ${organisationId} AND created_xid >= (SELECT watermark FROM verification_rollup_watermark WHERE id = 1)`.execute(h.database.db);
    if (Number(left.rows[0]!.n) === 0) return;
    if (Date.now() > deadline) throw new Error(`${left.rows[0]!.n} records of ${organisationId} are still above the watermark after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
