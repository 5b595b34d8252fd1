import type { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/**
 * What every user of Redis (the revocation counter, the window, rate and slot limiters, the client's
 * own connection errors) reports, so that an outage is logged as a state change, not per request:
 * one line when Redis becomes unavailable, a summary once a minute while it lasts, and one line when
 * it is back. Each guard falls back on its own terms; this only counts and tells.
 */
export interface RedisHealth {
  /** An operation of `user` failed and fell back (`user` names it in the summary, e.g. "rate"). */
  failed(user: string, err: unknown): void;
  /** An operation succeeded: Redis answers again. */
  succeeded(): void;
}

export interface RedisHealthOptions {
  /** How often a summary is logged while the outage lasts. */
  summaryEveryMs?: number;
  now?: () => number;
}

const SUMMARY_EVERY_MS = 60_000;
const CONNECTION = 'connection';

/** What each guard does while Redis is down, in the words of DESIGN.md §1. */
const FALLBACKS =
  'rate, concurrency and velocity guards let requests through, sign-in limits are counted per process, revocations are read from the database';

export function createRedisHealth(logger: Logger, options: RedisHealthOptions = {}): RedisHealth {
  const now = options.now ?? Date.now;
  const summaryEveryMs = options.summaryEveryMs ?? SUMMARY_EVERY_MS;
  let down = false;
  // Whether this outage was announced: one that begins within a minute of the last announcement
  // (a flapping connection) is only counted, and reported by the next line.
  let announced = false;
  let downSince = 0;
  let lastLineAt = Number.NEGATIVE_INFINITY;
  let lastAnnouncedAt = Number.NEGATIVE_INFINITY;
  let fellBackTotal = 0;
  // Counts since the last line, by user.
  let counts = new Map<string, number>();

  const take = () => {
    const byUser = Object.fromEntries(counts);
    const operations = [...counts].reduce((n, [user, c]) => (user === CONNECTION ? n : n + c), 0);
    counts = new Map();
    return { operations, byUser };
  };

  return {
    failed(user, err) {
      counts.set(user, (counts.get(user) ?? 0) + 1);
      const t = now();
      if (!down) {
        down = true;
        downSince = t;
        fellBackTotal = 0;
        if (t - lastAnnouncedAt >= summaryEveryMs) {
          announced = true;
          lastAnnouncedAt = t;
          lastLineAt = t;
          take();
          // The reason only: a stack per outage says nothing the message does not.
          logger.warn({ reason: reasonOf(err) }, `redis unavailable; request let through by the shared guards: ${FALLBACKS}`);
        }
      }
      if (user !== CONNECTION) fellBackTotal++;
      if (t - lastLineAt >= summaryEveryMs) {
        lastLineAt = t;
        announced = true;
        const { operations, byUser } = take();
        logger.warn(
          { reason: reasonOf(err), downForSeconds: Math.round((t - downSince) / 1000), fellBack: operations, byUser },
          `redis still unavailable: ${operations} operations fell back since the last report`,
        );
      }
    },
    succeeded() {
      if (!down) return;
      down = false;
      if (!announced) return;
      announced = false;
      const t = now();
      lastLineAt = t;
      take();
      logger.info(
        { downForSeconds: Math.round((t - downSince) / 1000), fellBack: fellBackTotal },
        `redis available again; ${fellBackTotal} operations fell back while it was unavailable`,
      );
    },
  };
}

function reasonOf(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 200);
}

// One tracker per client, whoever asks first (the server's createRedis, or the services' wiring).
const trackers = new WeakMap<Redis, RedisHealth>();

/**
 * The health tracker of a Redis client, created on first use. It also listens to the client itself:
 * connection errors count as failures and a (re)connection as recovery.
 */
export function redisHealthOf(redis: Redis, logger: Logger, options: RedisHealthOptions = {}): RedisHealth {
  let health = trackers.get(redis);
  if (!health) {
    const created = createRedisHealth(logger, options);
    health = created;
    trackers.set(redis, created);
    redis.on('error', (err: unknown) => created.failed(CONNECTION, err));
    redis.on('ready', () => created.succeeded());
  }
  return health;
}
