import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';
import { redisHealthOf, type RedisHealth } from './redis-health.js';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window frees a slot (at least 1 when refused). */
  retryAfterSeconds: number;
  remaining: number;
}

/**
 * Fixed-window counters ("at most N per window"), shared through Redis when configured and per
 * process otherwise. What happens while Redis fails is chosen per use (see `WhenRedisFails`).
 */
export interface WindowLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
}

// INCR and set the expiry on first use, atomically; returns the count and the window's remaining ms.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { n, ttl }
`;

/**
 * - `let-through`: a guard of capacity (velocity), never of money or identity (DESIGN.md §1): a
 *   request is allowed while Redis fails.
 * - `count-per-process`: a guard of security (sign-in attempts): while Redis fails the attempts are
 *   counted in this process, so a dead Redis never switches the limit off.
 */
export type WhenRedisFails = 'let-through' | 'count-per-process';

interface GuardDeps {
  redis: Redis | null;
  clock: Clock;
  logger: Logger;
  keyPrefix?: string;
}

const healthOf = (deps: GuardDeps): RedisHealth | null => (deps.redis ? redisHealthOf(deps.redis, deps.logger) : null);

export function createWindowLimiter(deps: GuardDeps & { whenRedisFails: WhenRedisFails; name: string }): WindowLimiter {
  const prefix = `${deps.keyPrefix ?? 'idv:'}limit:`;
  const health = healthOf(deps);
  const local = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;

  const localHit = (key: string, limit: number, windowMs: number): LimitResult => {
    const now = deps.clock.now().getTime();
    if (now - lastSweep > 60_000) {
      lastSweep = now;
      for (const [k, v] of local) if (v.resetAt <= now) local.delete(k);
    }
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      local.set(key, entry);
    }
    entry.count++;
    return verdict(entry.count, limit, entry.resetAt - now);
  };

  return {
    async hit(key, limit, windowMs) {
      if (!deps.redis) return localHit(key, limit, windowMs);
      try {
        const [count, ttl] = (await deps.redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
        health?.succeeded();
        return verdict(count, limit, ttl);
      } catch (err) {
        health?.failed(deps.name, err);
        if (deps.whenRedisFails === 'count-per-process') return localHit(key, limit, windowMs);
        return { allowed: true, retryAfterSeconds: 0, remaining: limit };
      }
    },
  };
}

function verdict(count: number, limit: number, msLeft: number): LimitResult {
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
    remaining: Math.max(0, limit - count),
  };
}

export interface BucketResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  resetSeconds: number;
  /** Seconds until a request would be allowed (Retry-After), 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * A token bucket of `limit` tokens refilled evenly over a minute (DESIGN.md §8), as GCRA: one stored
 * number per key, the theoretical arrival time. A key may spend a whole minute's allowance in a burst.
 */
export interface RateLimiter {
  take(key: string, limitPerMinute: number): Promise<BucketResult | null>;
}

const GCRA_SCRIPT = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local capacity = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local new_tat = tat + interval
local allow_at = new_tat - capacity * interval
if now < allow_at then
  return { 0, tat }
end
redis.call('SET', KEYS[1], new_tat, 'PX', math.ceil(new_tat - now) + 1000)
return { 1, new_tat }
`;

function gcraResult(allowed: boolean, tat: number, now: number, limit: number, intervalMs: number): BucketResult {
  const used = Math.max(0, tat - now) / intervalMs;
  return {
    allowed,
    limit,
    remaining: Math.max(0, Math.floor(limit - used)),
    resetSeconds: Math.max(0, Math.ceil((tat - now) / 1000)),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((tat + intervalMs - limit * intervalMs - now) / 1000)),
  };
}

export function createRateLimiter(deps: GuardDeps): RateLimiter {
  const prefix = `${deps.keyPrefix ?? 'idv:'}rate:`;
  const health = healthOf(deps);
  const local = new Map<string, number>();
  let lastSweep = 0;
  return {
    async take(key, limit) {
      const now = deps.clock.now().getTime();
      const interval = 60_000 / limit;
      if (!deps.redis) {
        if (now - lastSweep > 60_000) {
          lastSweep = now;
          for (const [k, t] of local) if (t < now) local.delete(k);
        }
        const tat = Math.max(local.get(key) ?? 0, now);
        const newTat = tat + interval;
        if (now < newTat - limit * interval) return gcraResult(false, tat, now, limit, interval);
        local.set(key, newTat);
        return gcraResult(true, newTat, now, limit, interval);
      }
      try {
        const [ok, tat] = (await deps.redis.eval(GCRA_SCRIPT, 1, prefix + key, String(now), String(interval), String(limit))) as [number, number];
        health?.succeeded();
        return gcraResult(ok === 1, Number(tat), now, limit, interval);
      } catch (err) {
        // Capacity, not money: the request goes on (DESIGN.md §1).
        health?.failed('rate', err);
        return null;
      }
    },
  };
}

/**
 * Slots for calls in flight (DESIGN.md §8: per organisation and endpoint, held only around the
 * provider call). In Redis each slot is a member of a sorted set scored by its expiry, so a slot of a
 * crashed process frees itself; per process without Redis.
 */
export interface SlotLimiter {
  /** A release function when a slot was free, null when all are taken; undefined when the limiter is down. */
  acquire(key: string, limit: number, ttlMs: number): Promise<(() => Promise<void>) | null>;
}

const SLOT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

export function createSlotLimiter(deps: GuardDeps): SlotLimiter {
  const prefix = `${deps.keyPrefix ?? 'idv:'}slots:`;
  const health = healthOf(deps);
  const local = new Map<string, number>();
  let counter = 0;
  return {
    async acquire(key, limit, ttlMs) {
      if (!deps.redis) {
        const used = local.get(key) ?? 0;
        if (used >= limit) return null;
        local.set(key, used + 1);
        let released = false;
        return async () => {
          if (released) return;
          released = true;
          const n = (local.get(key) ?? 1) - 1;
          if (n <= 0) local.delete(key);
          else local.set(key, n);
        };
      }
      const now = deps.clock.now().getTime();
      const member = `${process.pid}:${now}:${++counter}:${Math.random().toString(36).slice(2)}`;
      const redis = deps.redis;
      try {
        const ok = await redis.eval(SLOT_SCRIPT, 1, prefix + key, String(now), String(now + ttlMs), String(limit), member, String(ttlMs));
        health?.succeeded();
        if (ok !== 1) return null;
      } catch (err) {
        health?.failed('concurrency', err);
        return async () => undefined;
      }
      return async () => {
        // A slot left behind frees itself at its expiry.
        await redis.zrem(prefix + key, member).catch((err: unknown) => health?.failed('concurrency', err));
      };
    },
  };
}
