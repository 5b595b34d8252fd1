import { createHash } from 'node:crypto';
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
const HIT_LUA = `
local function window_hit(key, window_ms)
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, window_ms) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, window_ms); ttl = tonumber(window_ms) end
  return { n, ttl }
end
`;
const HIT_SCRIPT = luaScript(`${HIT_LUA}return window_hit(KEYS[1], ARGV[1])`);

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

/** Where each guard keeps its keys in Redis. */
const redisPrefix = (deps: GuardDeps, guard: 'limit' | 'rate' | 'slots') => `${deps.keyPrefix ?? 'idv:'}${guard}:`;

interface LuaScript {
  lua: string;
  sha: string;
}

function luaScript(lua: string): LuaScript {
  return { lua, sha: createHash('sha1').update(lua).digest('hex') };
}

/**
 * Runs a script by its SHA1 (EVALSHA: the script's text is sent once per Redis server, not with every
 * call), and by its text when the server does not know it yet (NOSCRIPT: a new or restarted Redis).
 */
async function runScript(redis: Redis, script: LuaScript, keys: string[], args: string[]): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args);
  } catch (err) {
    if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
    return redis.eval(script.lua, keys.length, ...keys, ...args);
  }
}

export function createWindowLimiter(deps: GuardDeps & { whenRedisFails: WhenRedisFails; name: string }): WindowLimiter {
  const prefix = redisPrefix(deps, 'limit');
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
        const [count, ttl] = (await runScript(deps.redis, HIT_SCRIPT, [prefix + key], [String(windowMs)])) as [number, number];
        health?.succeeded();
        return verdict(count, limit, ttl);
      } catch (err) {
        health?.failed(deps.name, err);
        if (deps.whenRedisFails === 'count-per-process') return localHit(key, limit, windowMs);
        return letThrough(limit);
      }
    },
  };
}

/** A window limiter's answer while Redis fails, when it guards capacity (`let-through`). */
const letThrough = (limit: number): LimitResult => ({ allowed: true, retryAfterSeconds: 0, remaining: limit });

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

const GCRA_LUA = `
local function gcra(key, now, interval, capacity)
  local tat = tonumber(redis.call('GET', key) or '0')
  if tat < now then tat = now end
  local new_tat = tat + interval
  local allow_at = new_tat - capacity * interval
  if now < allow_at then
    return { 0, tat }
  end
  redis.call('SET', key, new_tat, 'PX', math.ceil(new_tat - now) + 1000)
  return { 1, new_tat }
end
`;
const GCRA_SCRIPT = luaScript(`${GCRA_LUA}return gcra(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]))`);

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
  const prefix = redisPrefix(deps, 'rate');
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
        const [ok, tat] = (await runScript(deps.redis, GCRA_SCRIPT, [prefix + key], [String(now), String(interval), String(limit)])) as [number, number];
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

/** A slot's release: once, and never throwing (a failure is the health tracker's). */
export type SlotRelease = () => Promise<void>;

/**
 * Slots for calls in flight (DESIGN.md §8: per organisation and endpoint, around the provider call; a
 * verification takes its slot when it is admitted and gives it back at once if it ends before calling).
 * In Redis each slot is a member of a sorted set scored by its expiry, so a slot of a crashed process
 * frees itself; per process without Redis.
 */
export interface SlotLimiter {
  /** A release when a slot was free (a no-op one while Redis fails: the call goes on), null when all are taken. */
  acquire(key: string, limit: number, ttlMs: number): Promise<SlotRelease | null>;
}

const SLOT_LUA = `
local function slot_take(key, now, expires_at, limit, member, ttl_ms)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(limit) then return 0 end
  redis.call('ZADD', key, expires_at, member)
  redis.call('PEXPIRE', key, ttl_ms)
  return 1
end
`;
const SLOT_SCRIPT = luaScript(`${SLOT_LUA}return slot_take(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5])`);

const NO_RELEASE: SlotRelease = async () => undefined;

/** One slot asked of Redis: its unique member and the slot script's arguments after the key. */
function slotAsk(now: number, ttlMs: number, limit: number, serial: number) {
  const member = `${process.pid}:${now}:${serial}:${Math.random().toString(36).slice(2)}`;
  return { member, args: [String(now), String(now + ttlMs), String(limit), member, String(ttlMs)] };
}

function redisSlotRelease(redis: Redis, fullKey: string, member: string, health: RedisHealth | null): SlotRelease {
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // A slot left behind frees itself at its expiry.
    await redis.zrem(fullKey, member).then(
      () => undefined,
      (err: unknown) => health?.failed('concurrency', err),
    );
  };
}

let slotSerial = 0;

export function createSlotLimiter(deps: GuardDeps): SlotLimiter {
  const prefix = redisPrefix(deps, 'slots');
  const health = healthOf(deps);
  const local = new Map<string, number>();
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
      const redis = deps.redis;
      const ask = slotAsk(deps.clock.now().getTime(), ttlMs, limit, ++slotSerial);
      try {
        const ok = await runScript(redis, SLOT_SCRIPT, [prefix + key], ask.args);
        health?.succeeded();
        if (ok !== 1) return null;
      } catch (err) {
        health?.failed('concurrency', err);
        return NO_RELEASE;
      }
      return redisSlotRelease(redis, prefix + key, ask.member, health);
    },
  };
}

/**
 * What a verification asks the guards when it is admitted, in DESIGN.md §3's order: the key's rate,
 * then (live) the organisation's velocity, then a slot for its provider call. Each part is optional;
 * a refusal stops the parts after it (a request refused by its rate counts no velocity and takes no
 * slot; one refused by its velocity takes no slot).
 */
export interface AdmissionAsk {
  rate?: { key: string; limit: number };
  velocity?: { key: string; limit: number; windowMs: number };
  slot?: { key: string; limit: number; ttlMs: number };
}

/** The guards' answers to an AdmissionAsk: a part not asked, or not reached after a refusal, is absent. */
export interface AdmissionDecision {
  /** As RateLimiter.take: null while Redis fails. */
  rate?: BucketResult | null;
  velocity?: LimitResult;
  /** As SlotLimiter.acquire: a release when a slot was free (a no-op one while Redis fails), null when all were taken. */
  slot?: SlotRelease | null;
}

/**
 * The admission guards of a verification in one decision: with Redis, one script and one round trip
 * for what the three limiters would ask in three; without, the three limiters themselves, in order,
 * on this process's counts. The parts are the very limiters the rest of the service uses (the same
 * Redis keys, the same counts), and each keeps its own answer while Redis fails: the rate and the
 * slot let the request through, the velocity guard too (capacity, not money: DESIGN.md §1).
 */
export interface AdmissionGuard {
  decide(ask: AdmissionAsk): Promise<AdmissionDecision>;
}

const ADMIT_SCRIPT = luaScript(`${GCRA_LUA}${HIT_LUA}${SLOT_LUA}
-- ARGV[1..3]: which parts are asked ('1' or '0'); then each asked part's arguments, in order.
local out = { -1, 0, -1, 0, -1 }
local k, a = 1, 4
if ARGV[1] == '1' then
  local r = gcra(KEYS[k], tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]))
  out[1], out[2] = r[1], r[2]
  k, a = k + 1, a + 3
  if r[1] == 0 then return out end
end
if ARGV[2] == '1' then
  local v = window_hit(KEYS[k], ARGV[a])
  out[3], out[4] = v[1], v[2]
  if v[1] > tonumber(ARGV[a + 1]) then return out end
  k, a = k + 1, a + 2
end
if ARGV[3] == '1' then
  out[5] = slot_take(KEYS[k], ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3], ARGV[a + 4])
end
return out
`);

export function createAdmissionGuard(deps: GuardDeps, parts: { rate: RateLimiter; velocity: WindowLimiter; slots: SlotLimiter }): AdmissionGuard {
  const health = healthOf(deps);
  return {
    async decide(ask) {
      const decision: AdmissionDecision = {};
      if (!deps.redis) {
        if (ask.rate) {
          decision.rate = await parts.rate.take(ask.rate.key, ask.rate.limit);
          if (decision.rate && !decision.rate.allowed) return decision;
        }
        if (ask.velocity) {
          decision.velocity = await parts.velocity.hit(ask.velocity.key, ask.velocity.limit, ask.velocity.windowMs);
          if (!decision.velocity.allowed) return decision;
        }
        if (ask.slot) decision.slot = await parts.slots.acquire(ask.slot.key, ask.slot.limit, ask.slot.ttlMs);
        return decision;
      }
      const now = deps.clock.now().getTime();
      const keys: string[] = [];
      const args = [ask.rate ? '1' : '0', ask.velocity ? '1' : '0', ask.slot ? '1' : '0'];
      const interval = ask.rate ? 60_000 / ask.rate.limit : 0;
      if (ask.rate) {
        keys.push(redisPrefix(deps, 'rate') + ask.rate.key);
        args.push(String(now), String(interval), String(ask.rate.limit));
      }
      if (ask.velocity) {
        keys.push(redisPrefix(deps, 'limit') + ask.velocity.key);
        args.push(String(ask.velocity.windowMs), String(ask.velocity.limit));
      }
      const slot = ask.slot ? { fullKey: redisPrefix(deps, 'slots') + ask.slot.key, ...slotAsk(now, ask.slot.ttlMs, ask.slot.limit, ++slotSerial) } : null;
      if (slot) {
        keys.push(slot.fullKey);
        args.push(...slot.args);
      }
      let out: [number, number, number, number, number];
      try {
        out = (await runScript(deps.redis, ADMIT_SCRIPT, keys, args)) as typeof out;
        health?.succeeded();
      } catch (err) {
        // Every part is a guard of capacity: the request goes on (DESIGN.md §1). The velocity part answers
        // as a `let-through` window limiter does (the admission guard is only for such a one).
        health?.failed('admission', err);
        if (ask.rate) decision.rate = null;
        if (ask.velocity) decision.velocity = letThrough(ask.velocity.limit);
        if (slot) decision.slot = NO_RELEASE;
        return decision;
      }
      const [rateOk, tat, count, ttl, slotOk] = out;
      if (ask.rate) {
        decision.rate = gcraResult(rateOk === 1, Number(tat), now, ask.rate.limit, interval);
        if (!decision.rate.allowed) return decision;
      }
      if (ask.velocity) {
        decision.velocity = verdict(count, ask.velocity.limit, ttl);
        if (!decision.velocity.allowed) return decision;
      }
      if (slot) decision.slot = slotOk === 1 ? redisSlotRelease(deps.redis, slot.fullKey, slot.member, health) : null;
      return decision;
    },
  };
}
