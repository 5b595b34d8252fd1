import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Harness } from '../helpers/harness.js';

/**
 * The invariant of migrations/0013_analytics_rollup.sql: an organisation's rows of verification_rollups
 * and verification_rollup_deltas, added up, are exactly its records counted per (environment, UTC hour, type, key). Asserts it, and returns the
 * rows (as plain values) for tests that compare them before and after.
 */
export async function expectRollupsMatchRecords(h: Harness, organisationId: string) {
  const db = h.database.db;
  const [rollups, records] = await Promise.all([
    // The rollups and the deltas not compacted yet, added per key as every reader adds them.
    sql<Record<string, unknown>>`
      SELECT environment, hour, type, api_key_id, sum(volume) AS volume, sum(verified) AS verified, sum(not_verified) AS not_verified,
             sum(failed) AS failed, sum(replays) AS replays, sum(charged_count) AS charged_count, sum(spend_kobo) AS spend_kobo
        FROM (SELECT * FROM verification_rollups UNION ALL SELECT * FROM verification_rollup_deltas) u
       WHERE organisation_id = ${organisationId}
       GROUP BY 1, 2, 3, 4`.execute(db),
    sql<Record<string, unknown>>`
      SELECT environment, date_trunc('hour', created_at, 'UTC') AS hour, type, api_key_id,
             count(*) AS volume,
             count(*) FILTER (WHERE verification_status = 'VERIFIED') AS verified,
             count(*) FILTER (WHERE verification_status = 'NOT_VERIFIED') AS not_verified,
             count(*) FILTER (WHERE verification_status IS NULL) AS failed,
             count(replay_of) AS replays,
             count(*) FILTER (WHERE charged) AS charged_count,
             coalesce(sum(charge_amount_kobo) FILTER (WHERE charged), 0) AS spend_kobo
        FROM verification_records WHERE organisation_id = ${organisationId}
        GROUP BY 1, 2, 3, 4`.execute(db),
  ]);
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
