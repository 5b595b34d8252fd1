import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { coalesce } from './coalesce.js';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';
import { redisHealthOf } from './redis-health.js';
import type { DB } from './schema.js';
import { preparedSql } from './postgres.js';

const READ_EPOCH_SQL = preparedSql('SELECT value FROM cache_epoch WHERE id = 1');

/**
 * The shared revocation counter of DESIGN.md §1. Every change that cached API keys, sessions or
 * organisation settings depend on bumps it; every request reads it before trusting a cache entry.
 *
 * The counter itself is the `cache_epoch` row, bumped inside the change's transaction, so it never
 * goes backwards. With Redis, Redis holds a mirror of it that every request reads (one GET per batch
 * of requests); the mirror only moves up ("set if greater" to a value read from the database), so a
 * value lost or rolled back with Redis can never make an old cache entry current again: a missing key,
 * a value below one already seen, or any Redis failure means "read the database" until the mirror has
 * been re-seeded from the row.
 */
export interface CacheEpoch {
  /** The current value, read after this call was made; null when it cannot be trusted (trust no cache). */
  read(): Promise<number | null>;
  /**
   * The value this process last read and trusted, without asking anyone (null: none, or in doubt).
   * Only for a request whose first effect is a database call that checks the counter itself (a live
   * verification's start, src/verifications/verify.ts): anything it answers before that call reads.
   */
  peek(): number | null;
  /** Bumps the counter inside the transaction of the change. */
  bump(trx: Kysely<DB>): Promise<void>;
  /**
   * After the change commits: make it visible to every process. False when Redis could not be told
   * (processes that cannot read Redis read the database; the periodic reconcile brings Redis up to
   * date), but the caller of a security change (a revocation) should report it so the client repeats it.
   */
  publish(): Promise<boolean>;
  /** Brings the Redis mirror up to the database's counter; never throws. Called every few seconds. */
  reconcile(): Promise<void>;
}

/** For revocations: a change that committed but may not have reached every process yet is a 503 the client repeats. */
export async function publishOrFail(epoch: CacheEpoch): Promise<void> {
  if (!(await epoch.publish())) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The change is saved but could not reach every server yet; repeat the request');
  }
}

/** How often each process copies the database's counter to Redis (a publish that failed gets there). */
export const EPOCH_RECONCILE_MS = 5_000;

/**
 * The periodic job (src/jobs/jobs.ts's PeriodicJob, by shape: platform imports no other folder): a
 * revocation whose publish to Redis failed still reaches Redis, from whichever process runs this.
 */
export function cacheEpochJobs(epoch: Pick<CacheEpoch, 'reconcile'>) {
  return [{ name: 'reconcile-revocation-epoch', everyMs: EPOCH_RECONCILE_MS, failureMessage: 'could not reconcile the revocation counter', run: () => epoch.reconcile() }];
}

// Sets the mirror to ARGV[1] unless it already holds as much; answers the value it holds.
const SET_IF_GREATER = `
local current = tonumber(redis.call('GET', KEYS[1]) or '-1') or -1
local proposed = tonumber(ARGV[1])
if proposed > current then
  redis.call('SET', KEYS[1], ARGV[1])
  return ARGV[1]
end
return tostring(current)
`;

export function createCacheEpoch(deps: { db: Kysely<DB>; redis: Redis | null; logger: Logger; keyPrefix?: string }): CacheEpoch {
  const { db, redis, logger } = deps;
  const bump = async (trx: Kysely<DB>) => {
    await trx.updateTable('cache_epoch').set({ value: sql`value + 1` }).where('id', '=', 1).execute();
  };
  const readDatabase = async (): Promise<number> => {
    // Read by every request that does not check it in its own database call (batched): prepared once per connection.
    const row = (await db.executeQuery(CompiledQuery.raw(READ_EPOCH_SQL, []) as CompiledQuery<{ value: number | string }>)).rows[0];
    if (row === undefined) throw new Error('the cache_epoch row is missing');
    return Number(row.value);
  };

  if (!redis) {
    let last: number | null = null;
    const read = coalesce(async () => {
      const value = await readDatabase();
      last = value;
      return value;
    });
    return {
      read: () => read().catch(() => null),
      peek: () => last,
      bump,
      publish: async () => true,
      reconcile: async () => undefined,
    };
  }

  const health = redisHealthOf(redis, logger);
  // Not the old INCR counter's key ("cache-epoch"): its values have nothing to do with the database's.
  const key = `${deps.keyPrefix ?? 'idv:'}revocation-epoch`;
  // Trust in the mirror: every event that may have left it behind the database (a new connection,
  // maybe to a restarted Redis; a failure; a missing or lower value) bumps `doubts`; a reconcile
  // started after the last doubt clears them. Values read while in doubt are not trusted.
  let doubts = 1;
  let settled = 0;
  let highest = -1;
  let reconciling: Promise<void> | null = null;

  const setIfGreater = async (value: number): Promise<number> => Number(await redis.eval(SET_IF_GREATER, 1, key, String(value)));

  const reconcile = (): Promise<void> => {
    reconciling ??= (async () => {
      const at = doubts;
      try {
        const held = await setIfGreater(await readDatabase());
        health.succeeded();
        highest = Math.max(highest, held);
        settled = Math.max(settled, at);
      } catch (err) {
        health.failed('revocation counter', err);
      } finally {
        reconciling = null;
      }
    })();
    return reconciling;
  };
  redis.on('ready', () => {
    doubts++;
    void reconcile();
  });

  const read = coalesce(async (): Promise<number | null> => {
    const doubtsBefore = doubts;
    const trusted = settled >= doubtsBefore;
    let raw: string | null;
    try {
      raw = await redis.get(key);
    } catch (err) {
      doubts++;
      health.failed('revocation counter', err);
      return null;
    }
    health.succeeded();
    const value = raw === null ? null : Number(raw);
    // Missing (a restarted Redis) or lower than seen (a rolled-back one): the database decides.
    if (value === null || !Number.isSafeInteger(value) || value < highest) {
      doubts++;
      void reconcile();
      return null;
    }
    if (!trusted || doubts !== doubtsBefore) {
      void reconcile();
      return null;
    }
    highest = value;
    return value;
  });

  return {
    read,
    // Trusted as read() trusts: a value seen while no doubt was left unsettled.
    peek: () => (highest >= 0 && settled >= doubts ? highest : null),
    bump,
    async publish() {
      let committed: number;
      try {
        committed = await readDatabase();
      } catch (err) {
        doubts++;
        logger.error({ err }, 'the revocation counter could not be read after a committed change');
        return false;
      }
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          highest = Math.max(highest, await setIfGreater(committed));
          health.succeeded();
          return true;
        } catch (err) {
          health.failed('revocation counter', err);
          if (attempt < 2) await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
        }
      }
      // This process reads the database until the mirror is reconciled; others within EPOCH_RECONCILE_MS.
      doubts++;
      return false;
    },
    reconcile,
  };
}

/**
 * A bounded cache whose entries are trusted only while the epoch they were loaded under is current,
 * and never longer than maxAgeMs (a backstop should a publish be lost).
 */
export class EpochCache<V> {
  private readonly entries = new Map<string, { value: V; epoch: number; loadedAt: number }>();
  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
  ) {}

  get(key: string, epoch: number | null, nowMs: number): V | undefined {
    if (epoch === null) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.epoch !== epoch || nowMs - entry.loadedAt > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, epoch: number | null, nowMs: number): void {
    if (epoch === null) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      // Oldest insertion first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, epoch, loadedAt: nowMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A request trusted a cache under a value of the counter it did not read (CacheEpoch.peek), and the
 * counter has moved since: nothing it decided stands; it starts again from its credentials.
 */
export class StaleEpochError extends Error {
  constructor() {
    super('the revocation counter moved since the caches this request trusted were loaded');
    this.name = 'StaleEpochError';
  }
}

/**
 * What a request authenticated provisionally owes (src/verifications/pipeline.ts): before its first
 * effect, either a database call that checks the counter itself finds it at `pending` (`confirmed()`),
 * or `confirm()` reads it.
 */
export interface EpochCheck {
  /** The value trusted while unconfirmed; null once confirmed (nothing left to check). */
  readonly pending: number | null;
  /** A database call found the counter at `pending`. */
  confirmed(): void;
  /** Reads the counter unless already confirmed: StaleEpochError if it moved. */
  confirm(): Promise<void>;
}
