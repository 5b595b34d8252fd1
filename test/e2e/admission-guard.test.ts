import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/platform/clock.js';
import { createLogger } from '../../src/platform/logger.js';
import { REDIS_CLIENT_OPTIONS, waitForRedis } from '../../src/platform/redis.js';
import { createAdmissionGuard, createRateLimiter, createSlotLimiter, createWindowLimiter, type AdmissionGuard } from '../../src/platform/rate-limit.js';
import { LogCapture, backends, createHarness, createOrg, fund, lookup, ninBody, redisUrl, type Harness } from '../helpers/harness.js';

/**
 * A verification asks its guards once at admission (src/platform/rate-limit.ts, createAdmissionGuard):
 * the key's rate, the organisation's velocity, a slot for the provider call. With Redis that is one
 * script and one round trip; without, the three limiters in order. Either way: the same counts as
 * the limiters asked one by one, a refusal stops the parts after it, and a slot taken ahead is given
 * back by a request that ends before its provider call.
 */

/** A Redis client that records the name of every command it sends (the real client; nothing is faked). */
function recordingRedis(url: string): { redis: Redis; sent: string[] } {
  const redis = new Redis(url, { ...REDIS_CLIENT_OPTIONS });
  const sent: string[] = [];
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    sent.push(command.name);
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof redis.sendCommand;
  return { redis, sent };
}

function guardsOn(redis: Redis | null) {
  const lines = new LogCapture();
  const logger = createLogger('info', lines);
  const deps = { redis, clock: systemClock, logger, keyPrefix: `admission-test:${randomBytes(4).toString('hex')}:` };
  const rate = createRateLimiter(deps);
  const velocity = createWindowLimiter({ ...deps, name: 'velocity', whenRedisFails: 'let-through' });
  const slots = createSlotLimiter(deps);
  return { rate, velocity, slots, admission: createAdmissionGuard(deps, { rate, velocity, slots }), lines };
}

const modes: Array<{ name: string; redis: () => Redis | null }> = [{ name: 'in process', redis: () => null }];
const clients: Redis[] = [];
if (redisUrl()) {
  modes.push({
    name: 'Redis',
    redis: () => {
      const r = new Redis(redisUrl()!, { ...REDIS_CLIENT_OPTIONS });
      clients.push(r);
      return r;
    },
  });
}
afterAll(() => {
  for (const c of clients) c.disconnect();
});

for (const mode of modes) {
  describe(`the admission guard [${mode.name}]`, () => {
    let g: ReturnType<typeof guardsOn>;
    let admission: AdmissionGuard;
    beforeAll(async () => {
      const redis = mode.redis();
      if (redis) await waitForRedis(redis);
      g = guardsOn(redis);
      admission = g.admission;
    });

    it('asks rate, velocity and slot in order; a refused rate counts no velocity and takes no slot', async () => {
      const ask = { rate: { key: 'key:a', limit: 1 }, velocity: { key: 'velocity:a', limit: 5, windowMs: 60_000 }, slot: { key: 'a:/v1/nin', limit: 1, ttlMs: 60_000 } };
      const first = await admission.decide(ask);
      expect(first.rate).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
      expect(first.velocity).toMatchObject({ allowed: true, remaining: 4 });
      expect(first.slot).toBeTypeOf('function');
      await first.slot!();

      const second = await admission.decide(ask);
      expect(second.rate).toMatchObject({ allowed: false, limit: 1, remaining: 0 });
      expect(second.rate!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect('velocity' in second).toBe(false);
      expect('slot' in second).toBe(false);
      // The velocity count is the first request's alone (this hit is the second), and the slot is free.
      expect(await g.velocity.hit('velocity:a', 5, 60_000)).toMatchObject({ allowed: true, remaining: 3 });
      const release = await g.slots.acquire('a:/v1/nin', 1, 60_000);
      expect(release).toBeTypeOf('function');
      await release!();
    });

    it('a refused velocity takes no slot', async () => {
      const ask = { velocity: { key: 'velocity:b', limit: 1, windowMs: 60_000 }, slot: { key: 'b:/v1/nin', limit: 1, ttlMs: 60_000 } };
      const first = await admission.decide(ask);
      expect(first).toMatchObject({ velocity: { allowed: true, remaining: 0 } });
      await first.slot!();
      const second = await admission.decide(ask);
      expect(second.velocity).toMatchObject({ allowed: false, remaining: 0 });
      expect(second.velocity!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect('slot' in second).toBe(false);
      const release = await g.slots.acquire('b:/v1/nin', 1, 60_000);
      expect(release).toBeTypeOf('function');
      await release!();
    });

    it('draws on the same counts as the limiters asked one by one', async () => {
      // The key's bucket: admission, then the limiter, then admission again.
      expect((await admission.decide({ rate: { key: 'key:c', limit: 2 } })).rate).toMatchObject({ allowed: true, remaining: 1 });
      expect(await g.rate.take('key:c', 2)).toMatchObject({ allowed: true, remaining: 0 });
      expect((await admission.decide({ rate: { key: 'key:c', limit: 2 } })).rate).toMatchObject({ allowed: false });
      // The slots: one taken at admission is one taken.
      const ahead = await admission.decide({ slot: { key: 'c:/v1/nin', limit: 1, ttlMs: 60_000 } });
      expect(ahead.slot).toBeTypeOf('function');
      expect(await g.slots.acquire('c:/v1/nin', 1, 60_000)).toBeNull();
      expect((await admission.decide({ slot: { key: 'c:/v1/nin', limit: 1, ttlMs: 60_000 } })).slot).toBeNull();
      await ahead.slot!();
      // A release is once: a second call frees nobody else's slot.
      const other = await g.slots.acquire('c:/v1/nin', 2, 60_000);
      expect(other).toBeTypeOf('function');
      await ahead.slot!();
      expect(await g.slots.acquire('c:/v1/nin', 2, 60_000)).toBeTypeOf('function');
      expect(await g.slots.acquire('c:/v1/nin', 2, 60_000)).toBeNull();
    });

    it('asked nothing, answers nothing', async () => {
      expect(await admission.decide({})).toEqual({});
    });
  });
}

describe.runIf(redisUrl())('the admission guard on Redis: round trips and failures', () => {
  let recorded: ReturnType<typeof recordingRedis>;
  beforeAll(async () => {
    recorded = recordingRedis(redisUrl()!);
    clients.push(recorded.redis);
    await waitForRedis(recorded.redis);
  });

  it('rate, velocity and slot are one command (EVALSHA once the script is known), the release one more', async () => {
    const g = guardsOn(recorded.redis);
    const ask = { rate: { key: 'key:d', limit: 10 }, velocity: { key: 'velocity:d', limit: 10, windowMs: 60_000 }, slot: { key: 'd:/v1/nin', limit: 2, ttlMs: 60_000 } };
    await (await g.admission.decide(ask)).slot!();
    recorded.sent.length = 0;
    const decision = await g.admission.decide(ask);
    expect(recorded.sent).toEqual(['evalsha']);
    await decision.slot!();
    expect(recorded.sent).toEqual(['evalsha', 'zrem']);
  });

  it('a Redis that lost its scripts (restarted, flushed) is sent the script itself', async () => {
    const g = guardsOn(recorded.redis);
    const ask = { rate: { key: 'key:e', limit: 10 }, velocity: { key: 'velocity:e', limit: 10, windowMs: 60_000 } };
    await g.admission.decide(ask);
    await recorded.redis.script('FLUSH');
    recorded.sent.length = 0;
    const decision = await g.admission.decide(ask);
    expect(recorded.sent).toEqual(['evalsha', 'eval']);
    expect(decision).toMatchObject({ rate: { allowed: true, remaining: 8 }, velocity: { allowed: true, remaining: 8 } });
    // The limiters asked alone recover the same way.
    expect(await g.rate.take('key:e', 10)).toMatchObject({ allowed: true, remaining: 7 });
  });

  it('while Redis fails, every part lets the request through, logged once', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { ...REDIS_CLIENT_OPTIONS, lazyConnect: true });
    clients.push(dead);
    const g = guardsOn(dead);
    for (let i = 0; i < 3; i++) {
      const d = await g.admission.decide({ rate: { key: 'key:f', limit: 1 }, velocity: { key: 'velocity:f', limit: 1, windowMs: 60_000 }, slot: { key: 'f:/v1/nin', limit: 1, ttlMs: 60_000 } });
      expect(d.rate).toBeNull();
      expect(d.velocity).toMatchObject({ allowed: true });
      expect(d.slot).toBeTypeOf('function');
      await d.slot!();
    }
    const warnings = g.lines.text().trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string }).filter((e) => e.level >= 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/^redis unavailable/);
  });
});

/**
 * Over HTTP: a slot taken at admission is given back by every request that ends before its provider
 * call, so with a concurrency limit of 1 the next request still gets one. With Redis: the guards of a
 * live lookup are two commands (admission, then the slot's release), and no slot is left in Redis.
 */
for (const backend of backends()) {
  const withRedis = backend.name === 'postgres' && redisUrl() !== null;
  describe(`verifications give back a slot taken at admission [${backend.name}${withRedis ? ' + redis' : ''}]`, () => {
    let h: Harness;
    let recorded: ReturnType<typeof recordingRedis> | null = null;
    const prefix = `admission-http:${randomBytes(4).toString('hex')}:`;
    beforeAll(async () => {
      if (withRedis) {
        recorded = recordingRedis(redisUrl()!);
        await waitForRedis(recorded.redis);
      }
      h = await createHarness(backend, recorded ? { redis: recorded.redis, redisKeyPrefix: prefix } : {});
    });
    afterAll(async () => {
      await h.app.close();
      await h.database.close();
      recorded?.redis.disconnect();
    });

    /** Whether exactly `limit` slots of the organisation's lookups are free now: takes them all, and gives them back. */
    const allSlotsFree = async (organisationId: string, limit: number) => {
      if (recorded) await recorded.redis.ping(); // the releases sent so far have arrived
      const taken = [];
      for (let i = 0; i < limit + 1; i++) taken.push(await h.services.guards.slots.acquire(`${organisationId}:/v1/nin/raw/lookup`, limit, 60_000));
      for (const release of taken) await release?.();
      return taken.filter(Boolean).length === limit;
    };

    it('after a 402, a replay, a 409 and a 202, every slot is free again', async () => {
      const org = await createOrg(h.services);
      await h.services.admin.setLimits(org.organisationId, { concurrencyLimit: 2 });
      expect(await allSlotsFree(org.organisationId, 2)).toBe(true);
      const key = { 'idempotency-key': `k-${randomBytes(6).toString('hex')}` };

      const unfunded = await lookup(h.app, org.liveKey, ninBody(), key);
      expect(unfunded.statusCode).toBe(402);
      expect(await allSlotsFree(org.organisationId, 2)).toBe(true);

      await fund(h.services, org.organisationId, 1_000);
      const first = await lookup(h.app, org.liveKey, ninBody(), key);
      expect(first.statusCode).toBe(200);
      const replayed = await lookup(h.app, org.liveKey, ninBody(), key);
      expect(replayed.statusCode).toBe(200);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.body).toBe(first.body);
      const reused = await lookup(h.app, org.liveKey, ninBody('99999999504'), key);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await allSlotsFree(org.organisationId, 2)).toBe(true);

      // A key still in flight (202) while its first request waits on the registry with one slot.
      const slowKey = { 'idempotency-key': `k-${randomBytes(6).toString('hex')}` };
      const slow = lookup(h.app, org.testKey, ninBody(), { ...slowKey, 'x-sandbox-scenario': 'slow' });
      const claimed = () => h.database.db.selectFrom('idempotency_requests').select('state').where('organisation_id', '=', org.organisationId).where('environment', '=', 'test').execute();
      for (let i = 0; i < 500 && (await claimed()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      const inFlight = await lookup(h.app, org.testKey, ninBody(), slowKey);
      expect(inFlight.statusCode).toBe(202);
      expect(inFlight.json().code).toBe('REQUEST_IN_PROGRESS');
      expect((await slow).statusCode).toBe(200);
      expect(await allSlotsFree(org.organisationId, 2)).toBe(true);

      // Two charged answers and one billed replay: ₦100 each at the default access level.
      expect((await lookup(h.app, org.liveKey, ninBody(), { 'idempotency-key': `k-${randomBytes(6).toString('hex')}` })).statusCode).toBe(200);
      expect(await h.services.wallet.balance(org.organisationId)).toMatchObject({ balance: 700, availableBalance: 700 });
      expect(await allSlotsFree(org.organisationId, 2)).toBe(true);
    });

    if (withRedis) {
      it('a live lookup asks Redis twice for its guards: the admission and the slot release', async () => {
        const org = await createOrg(h.services);
        await fund(h.services, org.organisationId, 1_000);
        // The first request of an organisation warms its caches; the second is measured.
        expect((await lookup(h.app, org.liveKey, ninBody(), { 'idempotency-key': `k-${randomBytes(6).toString('hex')}` })).statusCode).toBe(200);
        await recorded!.redis.ping();
        recorded!.sent.length = 0;
        const res = await lookup(h.app, org.liveKey, ninBody(), { 'idempotency-key': `k-${randomBytes(6).toString('hex')}` });
        expect(res.statusCode).toBe(200);
        await recorded!.redis.ping();
        const guards = recorded!.sent.filter((name) => name !== 'ping');
        expect(guards).toEqual(['evalsha', 'zrem']);
      });
    }
  });
}
