import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ManualClock,
  backends,
  createHarness,
  createOrg,
  describeEachBackend,
  fund,
  lookup,
  holdNextSlot,
  ninBody,
  redisUrl,
  type Harness,
} from '../helpers/harness.js';

const clock = new ManualClock('2026-11-22T09:00:00.000Z');

async function keyWithLimit(h: Harness, organisationId: string, rateLimit: number, type: 'test' | 'live' = 'test') {
  return (await h.services.apiKeys.create({ organisationId, type, name: `limited ${rateLimit}`, rateLimit })).secret;
}

const recordCount = async (h: Harness, organisationId: string) =>
  (await h.database.db.selectFrom('verification_records').select('id').where('organisation_id', '=', organisationId).execute()).length;

describeEachBackend(
  'rate control (DESIGN.md §8)',
  (h) => {
    it('a key may spend its minute in one burst, then gets 429 RATE_LIMITED with Retry-After and RateLimit headers', async () => {
      const org = await createOrg(h().services);
      const key = await keyWithLimit(h(), org.organisationId, 3);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await lookup(h().app, key));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
      const refused = answers[3]!;
      expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // One token comes back every 20 s (3 a minute).
      expect(refused.headers['retry-after']).toBe('20');
      expect(await recordCount(h(), org.organisationId)).toBe(3);
      clock.advance(20_000);
      expect((await lookup(h().app, key)).statusCode).toBe(200);
      expect((await lookup(h().app, key)).statusCode).toBe(429);
      clock.advance(60_000);
      const refilled = await lookup(h().app, key);
      expect(refilled.headers['ratelimit-remaining']).toBe('2');
    });

    it('keys are limited separately', async () => {
      const org = await createOrg(h().services);
      const a = await keyWithLimit(h(), org.organisationId, 1);
      const b = await keyWithLimit(h(), org.organisationId, 1);
      expect((await lookup(h().app, a)).statusCode).toBe(200);
      expect((await lookup(h().app, a)).statusCode).toBe(429);
      expect((await lookup(h().app, b)).statusCode).toBe(200);
    });

    it('a live key limited by rate is not charged and holds nothing', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 1000);
      const key = await keyWithLimit(h(), org.organisationId, 1, 'live');
      expect((await lookup(h().app, key)).statusCode).toBe(200);
      expect((await lookup(h().app, key)).statusCode).toBe(429);
      expect(await h().services.wallet.balance(org.organisationId)).toMatchObject({ balance: 900, availableBalance: 900 });
    });

    it('the velocity guard limits live verifications per organisation per minute: 429 WALLET_VELOCITY_LIMITED, not charged', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 1000);
      await h().services.admin.setLimits(org.organisationId, { velocityLimit: 2 });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await lookup(h().app, org.liveKey)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const refused = await lookup(h().app, org.liveKey);
      expect(refused.json().code).toBe('WALLET_VELOCITY_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await h().services.wallet.balance(org.organisationId)).balance).toBe(800);
      // Test keys are not debits: the guard leaves them alone.
      expect((await lookup(h().app, org.testKey)).statusCode).toBe(200);
    });

    it('at most CONCURRENCY_LIMIT provider calls in flight per organisation and endpoint: 429 CONCURRENCY_LIMITED, hold released', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 1000);
      await h().services.admin.setLimits(org.organisationId, { concurrencyLimit: 1 });
      // The first call keeps its slot until the second was answered, however slow the machine (no race on 50 ms).
      const held = holdNextSlot(h().services);
      const slowCall = lookup(h().app, org.testKey, ninBody(), { 'x-sandbox-scenario': 'slow' });
      await held.taken;
      const second = await lookup(h().app, org.testKey);
      held.open();
      const slow = await slowCall;
      expect(slow.statusCode).toBe(200);
      expect(second.statusCode).toBe(429);
      expect(second.json().code).toBe('CONCURRENCY_LIMITED');
      expect(second.headers['retry-after']).toBe('1');
      // The slot is free again once the call ends.
      expect((await lookup(h().app, org.testKey)).statusCode).toBe(200);
      // Live: the hold of a refused call is released at once.
      const liveHeld = holdNextSlot(h().services);
      const liveSlowCall = lookup(h().app, org.liveKey, ninBody('99999999504'));
      await liveHeld.taken;
      const liveSecond = await lookup(h().app, org.liveKey);
      liveHeld.open();
      const liveSlow = await liveSlowCall;
      expect(liveSecond.statusCode).toBe(429);
      expect(liveSlow.statusCode).toBe(504);
      expect(await h().services.wallet.balance(org.organisationId)).toMatchObject({ balance: 1000, availableBalance: 1000 });
    });
  },
  { clock, providerTimeoutMs: 400 },
);

/** With Redis, the guards are shared: two processes draw on one bucket. If Redis dies, requests go on. */
for (const backend of backends()) {
  if (backend.name !== 'postgres' || !redisUrl()) continue;
  describe('rate control shared through Redis [postgres + redis]', () => {
    let a: Harness;
    let b: Harness;
    let deadRedis: Harness;
    const clients: Redis[] = [];
    beforeAll(async () => {
      const prefix = `idv-test:${randomBytes(4).toString('hex')}:`;
      const mk = () => {
        const r = new Redis(redisUrl()!, { maxRetriesPerRequest: 1 });
        clients.push(r);
        return r;
      };
      a = await createHarness(backend, { redis: mk(), redisKeyPrefix: prefix });
      b = await createHarness(backend, { redis: mk(), redisKeyPrefix: prefix });
      // A Redis that is not there: commands fail at once.
      const dead = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
      dead.on('error', () => undefined);
      clients.push(dead);
      deadRedis = await createHarness(backend, { redis: dead, redisKeyPrefix: prefix });
    });
    afterAll(async () => {
      for (const h of [a, b, deadRedis]) {
        await h.app.close();
        await h.database.close();
      }
      for (const c of clients) c.disconnect();
    });

    it('one key, two processes, one bucket', async () => {
      const org = await createOrg(a.services);
      const key = await keyWithLimit(a, org.organisationId, 2);
      expect((await lookup(a.app, key)).statusCode).toBe(200);
      expect((await lookup(b.app, key)).statusCode).toBe(200);
      expect((await lookup(a.app, key)).statusCode).toBe(429);
      expect((await lookup(b.app, key)).statusCode).toBe(429);
    });

    it('a dead Redis lets requests through; the wallet stays the authority on money', async () => {
      const org = await createOrg(deadRedis.services);
      await fund(deadRedis.services, org.organisationId, 100);
      const key = await keyWithLimit(deadRedis, org.organisationId, 1, 'live');
      expect((await lookup(deadRedis.app, key)).statusCode).toBe(200);
      // The rate guard is down, so this is not 429: the wallet, now empty, refuses it.
      expect((await lookup(deadRedis.app, key)).statusCode).toBe(402);
      expect(deadRedis.logs.text()).toMatch(/unavailable; request let through/);
    });

    it('with Redis dead, a revocation is saved and refused at once (the cache is not trusted), and the caller is told to repeat it', async () => {
      const org = await createOrg(deadRedis.services);
      expect((await lookup(deadRedis.app, org.testKey)).statusCode).toBe(200);
      await expect(deadRedis.services.apiKeys.revoke(org.organisationId, org.testKeyId)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      const res = await lookup(deadRedis.app, org.testKey);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/revoked/);
    });
  });
}
