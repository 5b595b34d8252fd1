import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { coalesce } from './coalesce.js';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';
import type { DB } from './schema.js';

/**
 * The shared revocation counter of DESIGN.md §1. Every change that cached API keys or organisation
 * settings depend on bumps it; every request reads it before trusting a cache entry. It lives in Redis
 * when configured (one GET per batch of requests) and in the database otherwise.
 */
export interface CacheEpoch {
  /** The current value, read after this call was made; null when it cannot be read (trust no cache). */
  read(): Promise<number | null>;
  /** Bumps the counter inside the transaction of the change. */
  bump(trx: Kysely<DB>): Promise<void>;
  /**
   * After the change commits: make it visible to every process. False when Redis could not be told
   * (logged): processes that cannot read Redis either already read the database, but the caller of a
   * security change (a revocation) should report it so the client repeats the request.
   */
  publish(): Promise<boolean>;
}

/** For revocations: a change that committed but may not have reached every process yet is a 503 the client repeats. */
export async function publishOrFail(epoch: CacheEpoch): Promise<void> {
  if (!(await epoch.publish())) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The change is saved but could not reach every server yet; repeat the request');
  }
}

export function createCacheEpoch(deps: { db: Kysely<DB>; redis: Redis | null; logger: Logger; keyPrefix?: string }): CacheEpoch {
  const { db, redis, logger } = deps;
  const bump = async (trx: Kysely<DB>) => {
    await trx.updateTable('cache_epoch').set({ value: sql`value + 1` }).where('id', '=', 1).execute();
  };

  if (!redis) {
    const read = coalesce(async () => {
      const row = await db.selectFrom('cache_epoch').select('value').where('id', '=', 1).executeTakeFirst();
      return row ? Number(row.value) : null;
    });
    return {
      read: () => read().catch(() => null),
      bump,
      publish: async () => true,
    };
  }

  const key = `${deps.keyPrefix ?? 'idv:'}cache-epoch`;
  const read = coalesce(async () => {
    const value = await redis.get(key);
    return value === null ? 0 : Number(value);
  });
  return {
    read: () =>
      read().catch((err: unknown) => {
        logger.warn({ err }, 'cache epoch unreadable in redis; reading keys from the database');
        return null;
      }),
    bump,
    async publish() {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          await redis.incr(key);
          return true;
        } catch (err) {
          if (attempt === 2) logger.error({ err }, 'a committed change could not be published to the cache epoch in redis');
          else await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
        }
      }
      return false;
    },
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
