import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window frees a slot (at least 1 when refused). */
  retryAfterSeconds: number;
  remaining: number;
}

/**
 * Fixed-window counters ("at most N per window"), shared through Redis when configured and per
 * process otherwise. If Redis fails the limiter lets the request through and logs it: these guards
 * protect capacity, never money or identity (DESIGN.md §1).
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

export function createWindowLimiter(deps: { redis: Redis | null; clock: Clock; logger: Logger; keyPrefix?: string }): WindowLimiter {
  const prefix = `${deps.keyPrefix ?? 'idv:'}limit:`;
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
        return verdict(count, limit, ttl);
      } catch (err) {
        deps.logger.warn({ err }, 'rate limiter unavailable; request let through');
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
