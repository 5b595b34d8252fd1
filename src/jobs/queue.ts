import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import type { IdGenerator } from '../platform/ids.js';
import type { DB } from '../platform/schema.js';
import { DEFAULT_MAX_ATTEMPTS } from './jobs.js';

/** A job as a worker holds it after a claim. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface EnqueueInput {
  kind: string;
  /** JSON-serialisable; never personal data in clear (it sits in the table until the job is purged). */
  payload?: unknown;
  /** Not before this time (default: now). */
  runAfter?: Date;
  maxAttempts?: number;
}

const LAST_ERROR_MAX = 500;

/**
 * The durable queue (migrations/0009_jobs.sql): SQL only. Every change to a claimed job is fenced by
 * its lease owner, so a worker whose lease was taken over can no longer finish or fail the job.
 */
export function createJobQueue(deps: { db: Kysely<DB>; clock: Clock; ids: IdGenerator }) {
  const { db, clock, ids } = deps;
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  return {
    /** Stores a job inside the caller's transaction: it exists exactly when the change that caused it commits. */
    async enqueue(trx: Kysely<DB>, input: EnqueueInput): Promise<string> {
      const id = ids.next('job');
      const now = clock.now();
      await trx
        .insertInto('jobs')
        .values({
          id,
          kind: input.kind,
          payload: JSON.stringify(input.payload ?? {}),
          state: 'QUEUED',
          max_attempts: input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          run_after: input.runAfter ?? now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    },

    /**
     * Claims up to `limit` jobs of these kinds for `owner`: due QUEUED ones, and RUNNING ones whose lease
     * expired (their worker died). Rows another claim holds are skipped, never waited for. A job whose
     * lease expired on its last attempt is FAILED instead of run again.
     */
    async claim(owner: string, kinds: string[], limit: number, leaseMs: number): Promise<ClaimedJob[]> {
      if (kinds.length === 0 || limit <= 0) return [];
      const now = clock.now();
      const isDue = (eb: ExpressionBuilder<DB, 'jobs'>) =>
        eb.and([
          eb('kind', 'in', kinds),
          eb.or([
            eb.and([eb('state', '=', 'QUEUED'), eb('run_after', '<=', now)]),
            eb.and([eb('state', '=', 'RUNNING'), eb('lease_expires_at', '<=', now)]),
          ]),
        ]);
      // Every process polls each second and mostly finds nothing: asked first on its own, in the claim's
      // order so with the claim's plan (the partial indexes), and an empty queue costs no transaction.
      if (!(await db.selectFrom('jobs').select('id').where(isDue).orderBy('run_after').orderBy('id').limit(1).executeTakeFirst())) return [];
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('jobs')
          .select(['id', 'state', 'attempts', 'max_attempts'])
          .where(isDue)
          .orderBy('run_after')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (due.length === 0) return [];
        const spent = due.filter((j) => j.state === 'RUNNING' && j.attempts >= j.max_attempts).map((j) => j.id);
        if (spent.length > 0) {
          await trx
            .updateTable('jobs')
            .set({ state: 'FAILED', lease_owner: null, lease_expires_at: null, last_error: 'lease expired during the last attempt', updated_at: now })
            .where('id', 'in', spent)
            .execute();
        }
        const runnable = due.filter((j) => !spent.includes(j.id)).map((j) => j.id);
        if (runnable.length === 0) return [];
        const rows = await trx
          .updateTable('jobs')
          .set({
            state: 'RUNNING',
            attempts: sql`attempts + 1`,
            lease_owner: owner,
            lease_expires_at: new Date(now.getTime() + leaseMs),
            updated_at: now,
          })
          .where('id', 'in', runnable)
          .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts', 'run_after'])
          .execute();
        rows.sort((a, b) => a.run_after.getTime() - b.run_after.getTime() || (a.id < b.id ? -1 : 1));
        return rows.map((r) => ({ id: r.id, kind: r.kind, payload: r.payload, attempt: r.attempts, maxAttempts: r.max_attempts }));
      });
    },

    /** Extends the lease of a job this owner still holds; false when it was lost (taken over). */
    async renew(id: string, owner: string, leaseMs: number): Promise<boolean> {
      const res = await db
        .updateTable('jobs')
        .set({ lease_expires_at: later(leaseMs), updated_at: clock.now() })
        .where('id', '=', id)
        .where('state', '=', 'RUNNING')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** Marks a job done; false (nothing written) when this owner no longer holds it. */
    async complete(id: string, owner: string): Promise<boolean> {
      const res = await db
        .updateTable('jobs')
        .set({ state: 'DONE', lease_owner: null, lease_expires_at: null, last_error: null, updated_at: clock.now() })
        .where('id', '=', id)
        .where('state', '=', 'RUNNING')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /**
     * Records a failed attempt: QUEUED again after `retryAfterMs`, or FAILED when it was the last one.
     * `error` is a reason for operators, never personal data. False when this owner no longer holds it.
     */
    async fail(id: string, owner: string, error: string, retryAfterMs: number): Promise<boolean> {
      const now = clock.now();
      const res = await db
        .updateTable('jobs')
        .set({
          // The last attempt's failure is final; an earlier one waits its turn.
          state: sql<'QUEUED' | 'FAILED'>`CASE WHEN attempts >= max_attempts THEN 'FAILED' ELSE 'QUEUED' END`,
          run_after: sql<Date>`CASE WHEN attempts >= max_attempts THEN run_after ELSE ${new Date(now.getTime() + retryAfterMs)}::timestamptz END`,
          lease_owner: null,
          lease_expires_at: null,
          last_error: error.slice(0, LAST_ERROR_MAX),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('state', '=', 'RUNNING')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** Gives back the jobs an owner holds (a graceful stop), due at once for any process. */
    async release(owner: string, only?: string[]): Promise<number> {
      if (only && only.length === 0) return 0;
      const now = clock.now();
      let q = db
        .updateTable('jobs')
        .set({ state: 'QUEUED', lease_owner: null, lease_expires_at: null, run_after: now, updated_at: now })
        .where('state', '=', 'RUNNING')
        .where('lease_owner', '=', owner);
      if (only) q = q.where('id', 'in', only);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
