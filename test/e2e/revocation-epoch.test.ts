import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_CLIENT_OPTIONS, waitForRedis } from '../../src/platform/redis.js';
import {
  OWNER_PASSWORD,
  backends,
  createHarness,
  createOrg,
  lookup,
  ownerEmailOf,
  redisUrl,
  send,
  signIn,
  type Harness,
} from '../helpers/harness.js';

/**
 * The shared revocation counter must never make a cache trustworthy again after Redis lost it (a
 * restart, a flush) or after a publish failed. Two harnesses on one database and one Redis, with one
 * key prefix, stand for two server processes.
 */
for (const backend of backends()) {
  describe.runIf(redisUrl() !== null)(`revocation counter in Redis survives Redis losing it [${backend.name}]`, () => {
    const prefix = `idv-test:${randomBytes(4).toString('hex')}:`;
    const clients: Redis[] = [];
    let a: Harness;
    let b: Harness;
    /** A third process whose Redis is unreachable: its publishes fail. */
    let cut: Harness;
    let admin: Redis;

    const client = (url: string) => {
      const r = new Redis(url, { ...REDIS_CLIENT_OPTIONS });
      r.on('error', () => undefined);
      clients.push(r);
      return r;
    };

    beforeAll(async () => {
      admin = client(redisUrl()!);
      const ra = client(redisUrl()!);
      const rb = client(redisUrl()!);
      a = await createHarness(backend, { redis: ra, redisKeyPrefix: prefix, jobs: true });
      const shared = backend.name === 'pglite' ? { database: a.database } : {};
      b = await createHarness(backend, { redis: rb, redisKeyPrefix: prefix, jobs: true, ...shared });
      cut = await createHarness(backend, { redis: client('redis://127.0.0.1:1'), redisKeyPrefix: prefix, jobs: true, ...shared });
      await Promise.all([waitForRedis(admin), waitForRedis(ra), waitForRedis(rb)]);
    });
    afterAll(async () => {
      for (const h of [cut, b, a]) await h?.app.close();
      for (const h of [cut, b]) if (h && h.database !== a.database) await h.database.close();
      await a?.database.close();
      for (const r of clients) r.disconnect();
    });

    /** The keys under this suite's prefix (the counter is the one whose name says so). */
    const prefixKeys = async () => {
      const found: string[] = [];
      let cursor = '0';
      for (let i = 0; i < 1_000; i++) {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
        found.push(...keys);
        cursor = next;
        if (cursor === '0') break;
      }
      return found;
    };
    const counterKey = async () => {
      const key = (await prefixKeys()).find((k) => k.endsWith('epoch'));
      if (!key) throw new Error('no revocation counter under the prefix');
      return key;
    };
    /** What a Redis restart without persistence does to this deployment's keys. */
    const flushPrefix = async () => {
      const keys = await prefixKeys();
      if (keys.length > 0) await admin.del(...keys);
    };
    const databaseCounter = async (h: Harness) =>
      Number((await h.database.db.selectFrom('cache_epoch').select('value').where('id', '=', 1).executeTakeFirstOrThrow()).value);

    /** Revokes throw-away keys until Redis's counter is back to `old` (bounded); returns how many. */
    const revokeUntilCounterReaches = async (key: string, old: number, organisationId: string) => {
      let n = 0;
      for (; n < 100; n++) {
        const now = Number((await admin.get(key)) ?? 0);
        if (now >= old) break;
        const spare = await a.services.apiKeys.create({ organisationId, type: 'test', name: `spare ${n}` });
        await a.services.apiKeys.revoke(organisationId, spare.key.id);
      }
      return n;
    };

    it('a revoked key stays refused after Redis lost the counter and revocations brought it back to its old value', async () => {
      const org = await createOrg(a.services, { services: ['NIN_LOOKUP'] });
      const owner = await signIn(a.app, await ownerEmailOf(a.services, org), OWNER_PASSWORD);
      const other = await a.services.apiKeys.create({ organisationId: org.organisationId, type: 'test', name: 'kept' });
      // B caches both keys under the current counter.
      for (const secret of [org.testKey, org.testKey, other.secret]) expect((await lookup(b.app, secret)).statusCode).toBe(200);
      const key = await counterKey();
      const old = Number(await admin.get(key));

      await flushPrefix();
      const revoked = await send(a, 'DELETE', `/v1/api-keys/${org.testKeyId}`, owner);
      expect(revoked.json()).toMatchObject({ success: true, data: { id: org.testKeyId } });
      expect(revoked.json().data.revokedAt).not.toBeNull();
      await revokeUntilCounterReaches(key, old, org.organisationId);

      const res = await lookup(b.app, org.testKey);
      expect(res.json()).toMatchObject({ success: false, statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(res.json().message).toMatch(/revoked/);
      // The counter in Redis never went below the database's.
      expect(Number(await admin.get(key))).toBeGreaterThanOrEqual(old);
      // A key that was not revoked still works on both.
      expect((await lookup(b.app, other.secret)).json()).toMatchObject({ success: true, data: { verificationStatus: 'VERIFIED' } });
      expect((await lookup(a.app, other.secret)).json()).toMatchObject({ success: true, data: { verificationStatus: 'VERIFIED' } });
    });

    it('a revoked session stays refused after Redis lost the counter and revocations brought it back', async () => {
      const org = await createOrg(a.services, { services: ['NIN_LOOKUP'] });
      const email = await ownerEmailOf(a.services, org);
      const one = await signIn(a.app, email, OWNER_PASSWORD);
      const two = await signIn(a.app, email, OWNER_PASSWORD);
      // B caches the session.
      for (let i = 0; i < 2; i++) {
        const me = await send(b, 'GET', '/v1/auth/me', two);
        expect(me.json().data.user).toMatchObject({ email });
      }
      const key = await counterKey();
      const old = Number(await admin.get(key));

      await flushPrefix();
      const ended = await send(a, 'DELETE', `/v1/auth/sessions/${two.sessionId}`, one);
      expect(ended.json()).toMatchObject({ success: true, statusCode: 200 });
      await revokeUntilCounterReaches(key, old, org.organisationId);

      const me = await send(b, 'GET', '/v1/auth/me', two);
      expect(me.json()).toMatchObject({ success: false, statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(me.json().message).toMatch(/session has ended/);
      // The other session is untouched.
      expect((await send(b, 'GET', '/v1/auth/me', one)).json().data.user).toMatchObject({ email });
    });

    it('a missing counter reads the database for that request, and is re-seeded from the database', async () => {
      const org = await createOrg(a.services, { services: ['NIN_LOOKUP'] });
      expect((await lookup(b.app, org.testKey)).statusCode).toBe(200);
      const key = await counterKey();
      expect(await b.services.epoch.read()).toBe(Number(await admin.get(key)));

      await admin.del(key);
      // A revocation that reached the database but was never published: B sees it, by reading the database.
      await b.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', org.testKeyId).execute();
        await b.services.epoch.bump(trx);
      });
      const before = await databaseCounter(a);
      const res = await lookup(b.app, org.testKey);
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(res.json().message).toMatch(/revoked/);

      // Re-seeded (single flight) from the database, not from zero.
      let seeded: string | null = null;
      for (let i = 0; i < 100 && seeded === null; i++) {
        seeded = await admin.get(key);
        if (seeded === null) await new Promise((r) => setTimeout(r, 50));
      }
      expect(Number(seeded)).toBeGreaterThanOrEqual(before);
      expect(Number(seeded)).toBeLessThanOrEqual(await databaseCounter(a));
      // And trusted again once seeded.
      let read: number | null = null;
      for (let i = 0; i < 100 && read === null; i++) read = await b.services.epoch.read();
      expect(read).toBeGreaterThanOrEqual(before);

      // Missing again: the very next read says "read the database", not 0.
      await admin.del(key);
      expect(await b.services.epoch.read()).toBeNull();

      // Lower than a value already seen (a Redis restored from an old snapshot): the same.
      for (let i = 0; i < 100 && (await admin.get(key)) === null; i++) await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < 100 && (await b.services.epoch.read()) === null; i++);
      await admin.set(key, '1');
      expect(await b.services.epoch.read()).toBeNull();
      let healed = 0;
      for (let i = 0; i < 100 && healed < before; i++) {
        healed = Number(await admin.get(key));
        if (healed < before) await new Promise((r) => setTimeout(r, 50));
      }
      expect(healed).toBeGreaterThanOrEqual(before);
    });

    it('a revocation whose publish failed (Redis unreachable from that process) reaches every process by the periodic reconcile', async () => {
      const org = await createOrg(a.services, { services: ['NIN_LOOKUP'] });
      // B caches the key under the current counter.
      expect((await lookup(b.app, org.testKey)).statusCode).toBe(200);
      expect((await lookup(b.app, org.testKey)).statusCode).toBe(200);
      const key = await counterKey();
      const mirrored = Number(await admin.get(key));

      // Revoked on the process that cannot reach Redis: saved, and the caller is told to repeat it.
      await expect(cut.services.apiKeys.revoke(org.organisationId, org.testKeyId)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
      const [row] = await a.services.apiKeys.list(org.organisationId).then((keys) => keys.filter((k) => k.id === org.testKeyId));
      expect(row!.revokedAt).not.toBeNull();
      const committed = await databaseCounter(a);
      expect(committed).toBeGreaterThan(mirrored);

      // Within a few reconcile periods every process refuses it, with no other change to help.
      let res = await lookup(b.app, org.testKey);
      const deadline = Date.now() + 20_000;
      for (let i = 0; i < 200 && res.statusCode !== 401 && Date.now() < deadline; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await lookup(b.app, org.testKey);
      }
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(res.json().message).toMatch(/revoked/);
      expect(Number(await admin.get(key))).toBeGreaterThanOrEqual(committed);
    });
  });
}
