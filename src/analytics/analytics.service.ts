import { sql, type Kysely } from 'kysely';
import { validationError } from '../platform/errors.js';
import { koboToNaira } from '../platform/money.js';
import type { Clock } from '../platform/clock.js';
import type { DB } from '../platform/schema.js';
import { applyRecordFilters, type RecordFilters } from '../records/filters.js';

/**
 * Analytics (DESIGN.md §10.3): figures aggregated in SQL at the moment of the request, exact (nothing
 * cached, nothing lagging). The whole UTC hours of a range are read from verification_rollups, the
 * hourly counters a job keeps of every record below a watermark of transaction ids, plus the records
 * at or above it (the last few seconds' worth; migration 0013, compact() below); only the
 * partial hours at the edges of a summary's range are counted from the records themselves, served by
 * verification_records_analytics_idx (migration 0011). Lagos days and hours are unions of whole UTC
 * hours, so a timeseries reads the rollup alone. Both parts go in one statement (UNION ALL): one
 * snapshot, so a record is counted once, in one part or the other, or not at all.
 */

export type Interval = 'hour' | 'day';
export type Timezone = 'Africa/Lagos' | 'UTC';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const STEP_MS: Record<Interval, number> = { hour: HOUR_MS, day: DAY_MS };
// Lagos is UTC+01:00 all year (no daylight saving): a Lagos day starts at 23:00Z the day before.
const OFFSET_MS: Record<Timezone, number> = { 'Africa/Lagos': HOUR_MS, UTC: 0 };
const MAX_BUCKETS: Record<Interval, number> = { hour: 744, day: 366 };
const MAX_SUMMARY_MS = 366 * DAY_MS;
const DEFAULT_SPAN_MS: Record<Interval, number> = { hour: 24 * HOUR_MS, day: 30 * DAY_MS };

export interface Figures {
  volume: number;
  verified: number;
  notVerified: number;
  failed: number;
  successRate: number | null;
  spend: number;
}

interface Counts {
  volume: number;
  verified: number;
  notVerified: number;
  failed: number;
  replays: number;
  chargedCount: number;
  spendKobo: number;
}

const zero = (): Counts => ({ volume: 0, verified: 0, notVerified: 0, failed: 0, replays: 0, chargedCount: 0, spendKobo: 0 });

function add(into: Counts, c: Counts) {
  into.volume += c.volume;
  into.verified += c.verified;
  into.notVerified += c.notVerified;
  into.failed += c.failed;
  into.replays += c.replays;
  into.chargedCount += c.chargedCount;
  into.spendKobo += c.spendKobo;
}

/** verified / (verified + notVerified) to 4 decimals; null when nothing was answered. */
export function successRate(verified: number, notVerified: number): number | null {
  const answered = verified + notVerified;
  return answered === 0 ? null : Math.round((verified / answered) * 10_000) / 10_000;
}

const figures = (c: Counts): Figures => ({
  volume: c.volume,
  verified: c.verified,
  notVerified: c.notVerified,
  failed: c.failed,
  successRate: successRate(c.verified, c.notVerified),
  spend: koboToNaira(c.spendKobo),
});

const rangeError = (message: string) => validationError([{ field: 'from', message }], `from ${message}`);

/** The label of a bucket in its zone: `2026-11-21` for a day, `2026-11-21T09:00` for an hour. */
export function bucketLabel(startMs: number, interval: Interval, timezone: Timezone): string {
  const local = new Date(startMs + OFFSET_MS[timezone]).toISOString();
  return interval === 'day' ? local.slice(0, 10) : local.slice(0, 16);
}

/**
 * [fromMs, toMs) as the whole UTC hours inside it (read from the rollup; null if none) and the partial
 * hours left at its edges (read from the records). Hour-aligned ranges have no edges.
 */
export function splitHours(fromMs: number, toMs: number): { hours: [number, number] | null; edges: Array<[number, number]> } {
  const first = Math.ceil(fromMs / HOUR_MS) * HOUR_MS;
  const last = Math.floor(toMs / HOUR_MS) * HOUR_MS;
  if (first >= last) return { hours: null, edges: [[fromMs, toMs]] };
  const edges: Array<[number, number]> = [];
  if (fromMs < first) edges.push([fromMs, first]);
  if (last < toMs) edges.push([last, toMs]);
  return { hours: [first, last], edges };
}

/** The filters analytics takes (DESIGN.md §10.3): no status, the rollup does not keep it. */
export type AnalyticsFilters = Pick<RecordFilters, 'type' | 'environment' | 'apiKeyId' | 'from' | 'to'>;

/** The analytics of one organisation's records. */
export function createAnalyticsService(deps: { db: Kysely<DB>; clock: Clock; serviceCodes: readonly string[] }) {
  const { db, clock, serviceCodes } = deps;
  const order = new Map(serviceCodes.map((code, i) => [code, i]));
  const byCatalogue = (a: string, b: string) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || (a < b ? -1 : 1);

  // One query: counts per (bucket, type) over [from, to); bucket is null for the summary. A (bucket,
  // type) may come back in several rows (rollup and edges): the callers add them up.
  async function aggregate(organisationId: string, filters: AnalyticsFilters & { from: Date; to: Date }, bucket: { fromMs: number; stepMs: number } | null) {
    const bucketOf = (at: 'created_at' | 'hour') =>
      bucket ? sql<number>`floor((extract(epoch from ${sql.ref(at)}) * 1000 - ${bucket.fromMs}) / ${bucket.stepMs})::integer` : sql<number>`0`;
    // The same three filters on both tables (analytics has no status filter: the routes refuse it).
    const { type, environment, apiKeyId } = filters;
    // The records of [from, to): all of them (an edge), or only those not rolled up yet (the tail of whole hours).
    const records = (from: number, to: number, notRolledUp: boolean) =>
      applyRecordFilters(db.selectFrom('verification_records').where('organisation_id', '=', organisationId), {
        environment,
        ...(type ? { type } : {}),
        ...(apiKeyId ? { apiKeyId } : {}),
        from: new Date(from),
        to: new Date(to),
      })
        .$if(notRolledUp, (q) => q.where(sql<boolean>`created_xid >= (SELECT watermark FROM verification_rollup_watermark WHERE id = 1)`))
        .select([
          bucketOf('created_at').as('bucket'),
          'type',
          sql<string>`count(*)`.as('volume'),
          sql<string>`count(*) filter (where verification_status = 'VERIFIED')`.as('verified'),
          sql<string>`count(*) filter (where verification_status = 'NOT_VERIFIED')`.as('not_verified'),
          sql<string>`count(*) filter (where verification_status is null)`.as('failed'),
          sql<string>`count(replay_of)`.as('replays'),
          sql<string>`count(*) filter (where charged)`.as('charged_count'),
          sql<string>`coalesce(sum(charge_amount_kobo) filter (where charged), 0)::bigint`.as('spend_kobo'),
        ])
        .groupBy([sql`1`, 'type']);
    const rollups = (from: number, to: number) => {
      let q = db
        .selectFrom('verification_rollups')
        .where('organisation_id', '=', organisationId)
        .where('environment', '=', environment)
        .where('hour', '>=', new Date(from))
        .where('hour', '<', new Date(to));
      if (type) q = q.where('type', 'in', type);
      if (apiKeyId) q = q.where('api_key_id', '=', apiKeyId);
      return q
        .select([
          bucketOf('hour').as('bucket'),
          'type',
          sql<string>`sum(volume)::bigint`.as('volume'),
          sql<string>`sum(verified)::bigint`.as('verified'),
          sql<string>`sum(not_verified)::bigint`.as('not_verified'),
          sql<string>`sum(failed)::bigint`.as('failed'),
          sql<string>`sum(replays)::bigint`.as('replays'),
          sql<string>`sum(charged_count)::bigint`.as('charged_count'),
          sql<string>`sum(spend_kobo)::bigint`.as('spend_kobo'),
        ])
        .groupBy([sql`1`, 'type']);
    };
    const { hours, edges } = splitHours(filters.from.getTime(), filters.to.getTime());
    // Every part selects the same columns; typed as the rollup part so that they union.
    const parts: Array<ReturnType<typeof rollups>> = [
      ...(hours ? [rollups(hours[0], hours[1]), records(hours[0], hours[1], true) as unknown as ReturnType<typeof rollups>] : []),
      ...edges.map(([from, to]) => records(from, to, false) as unknown as ReturnType<typeof rollups>),
    ];
    const rows = await parts.reduce((union, part) => union.unionAll(part)).execute();
    return rows.map((r) => ({
      bucket: Number(r.bucket),
      type: r.type,
      counts: {
        volume: Number(r.volume),
        verified: Number(r.verified),
        notVerified: Number(r.not_verified),
        failed: Number(r.failed),
        replays: Number(r.replays),
        chargedCount: Number(r.charged_count),
        spendKobo: Number(r.spend_kobo),
      } satisfies Counts,
    }));
  }

  return {
    /**
     * Adds to the hourly rollups every record written by a transaction in [watermark, xmin) and moves the
     * watermark to xmin, in one transaction (migration 0013 says why that is exact). Resolves to the
     * rollup rows written.
     */
    async compact(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        // One compaction at a time across processes; the next one reads the watermark this one leaves.
        const current = await sql<{ w: string }>`SELECT watermark::text AS w FROM verification_rollup_watermark WHERE id = 1 FOR UPDATE`.execute(trx);
        const from = current.rows[0]!.w;
        // Taken after the lock, in a statement of its own: every transaction below it has ended, and the
        // next statement's snapshot (later) sees all that committed.
        const xmin = await sql<{ x: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS x`.execute(trx);
        const to = xmin.rows[0]!.x;
        if (BigInt(to) <= BigInt(from)) return 0;
        const res = await sql`
          INSERT INTO verification_rollups AS r
              (organisation_id, environment, hour, type, api_key_id, volume, verified, not_verified, failed, replays, charged_count, spend_kobo)
            SELECT organisation_id, environment, date_trunc('hour', created_at, 'UTC'), type, api_key_id,
                   count(*),
                   count(*) FILTER (WHERE verification_status = 'VERIFIED'),
                   count(*) FILTER (WHERE verification_status = 'NOT_VERIFIED'),
                   count(*) FILTER (WHERE verification_status IS NULL),
                   count(replay_of),
                   count(*) FILTER (WHERE charged),
                   coalesce(sum(charge_amount_kobo) FILTER (WHERE charged), 0)
              FROM verification_records
             WHERE created_xid >= ${from}::xid8 AND created_xid < ${to}::xid8
             GROUP BY 1, 2, 3, 4, 5
             ORDER BY 1, 2, 3, 4, 5
          ON CONFLICT (organisation_id, environment, hour, type, api_key_id) DO UPDATE SET
            volume        = r.volume + EXCLUDED.volume,
            verified      = r.verified + EXCLUDED.verified,
            not_verified  = r.not_verified + EXCLUDED.not_verified,
            failed        = r.failed + EXCLUDED.failed,
            replays       = r.replays + EXCLUDED.replays,
            charged_count = r.charged_count + EXCLUDED.charged_count,
            spend_kobo    = r.spend_kobo + EXCLUDED.spend_kobo`.execute(trx);
        await sql`UPDATE verification_rollup_watermark SET watermark = ${to}::xid8 WHERE id = 1`.execute(trx);
        return Number(res.numAffectedRows ?? 0n);
      });
    },

    /** Totals and per-type figures over [from, to) (defaults: the 30 days before now; at most 366 days). */
    async summary(organisationId: string, filters: AnalyticsFilters) {
      const to = filters.to ?? clock.now();
      const from = filters.from ?? new Date(to.getTime() - 30 * DAY_MS);
      if (from.getTime() >= to.getTime()) throw rangeError('must be before to');
      if (to.getTime() - from.getTime() > MAX_SUMMARY_MS) throw rangeError('must be at most 366 days before to');
      const rows = await aggregate(organisationId, { ...filters, from, to }, null);
      const total = zero();
      const perType = new Map<string, Counts>();
      for (const r of rows) {
        add(total, r.counts);
        const c = perType.get(r.type) ?? zero();
        add(c, r.counts);
        perType.set(r.type, c);
      }
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        environment: filters.environment,
        currency: 'NGN' as const,
        volume: total.volume,
        verified: total.verified,
        notVerified: total.notVerified,
        failed: total.failed,
        replays: total.replays,
        chargedCount: total.chargedCount,
        successRate: successRate(total.verified, total.notVerified),
        spend: koboToNaira(total.spendKobo),
        byType: [...perType.entries()]
          .filter(([, c]) => c.volume > 0)
          .sort(([a], [b]) => byCatalogue(a, b))
          .map(([type, c]) => ({ type, ...figures(c) })),
      };
    },

    /** Contiguous zero-filled buckets of an hour or a (Lagos or UTC) day, optionally split by type. */
    async timeseries(organisationId: string, filters: AnalyticsFilters, options: { interval: Interval; timezone: Timezone; groupByType: boolean }) {
      const { interval, timezone } = options;
      const step = STEP_MS[interval];
      const offset = OFFSET_MS[timezone];
      const down = (ms: number) => Math.floor((ms + offset) / step) * step - offset;
      const up = (ms: number) => Math.ceil((ms + offset) / step) * step - offset;
      const toMs = filters.to ? up(filters.to.getTime()) : down(clock.now().getTime()) + step;
      const fromMs = filters.from ? down(filters.from.getTime()) : toMs - DEFAULT_SPAN_MS[interval];
      if (fromMs >= toMs) throw rangeError('must be before to');
      const count = (toMs - fromMs) / step;
      if (count > MAX_BUCKETS[interval]) throw rangeError(`must leave at most ${MAX_BUCKETS[interval]} ${interval} buckets before to`);
      const rows = await aggregate(organisationId, { ...filters, from: new Date(fromMs), to: new Date(toMs) }, { fromMs, stepMs: step });
      const totals = Array.from({ length: count }, zero);
      const groups = Array.from({ length: count }, () => new Map<string, Counts>());
      const typesSeen = new Set<string>();
      for (const r of rows) {
        if (r.bucket < 0 || r.bucket >= count) continue;
        add(totals[r.bucket]!, r.counts);
        if (r.counts.volume > 0) typesSeen.add(r.type);
        const c = groups[r.bucket]!.get(r.type) ?? zero();
        add(c, r.counts);
        groups[r.bucket]!.set(r.type, c);
      }
      const types = [...typesSeen].sort(byCatalogue);
      return {
        interval,
        timezone,
        environment: filters.environment,
        currency: 'NGN' as const,
        from: new Date(fromMs).toISOString(),
        to: new Date(toMs).toISOString(),
        buckets: totals.map((c, i) => {
          const start = fromMs + i * step;
          return {
            start: new Date(start).toISOString(),
            end: new Date(start + step).toISOString(),
            label: bucketLabel(start, interval, timezone),
            ...figures(c),
            ...(options.groupByType ? { groups: types.map((type) => ({ type, ...figures(groups[i]!.get(type) ?? zero()) })) } : {}),
          };
        }),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
