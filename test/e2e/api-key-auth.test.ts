import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ManualClock,
  backends,
  createHarness,
  createOrg,
  describeEachBackend,
  lookup,
  redisUrl,
  type Harness,
} from '../helpers/harness.js';

const clock = new ManualClock('2026-11-22T09:00:00.000Z');

describeEachBackend(
  'API-key authentication',
  (h) => {
    const expect401 = async (key: string | null, message: RegExp, headers: Record<string, string> = {}) => {
      const res = await lookup(h().app, key, undefined, headers);
      expect(res.statusCode).toBe(401);
      const body = res.json();
      expect(body).toMatchObject({ success: false, statusCode: 401, code: 'UNAUTHENTICATED', path: '/v1/nin/raw/lookup' });
      expect(body.message).toMatch(message);
      return body;
    };

    it('refuses a missing key', async () => {
      await expect401(null, /missing/);
    });

    it('refuses an empty key', async () => {
      await expect401('', /missing/);
    });

    it('refuses malformed keys without a database look-up', async () => {
      for (const bad of ['sk_test_short', 'pk_test_' + 'a'.repeat(40), 'sk_prod_' + 'a'.repeat(40), 'sk_test_' + 'a'.repeat(39) + '!']) {
        await expect401(bad, /malformed/);
      }
    });

    it('refuses a well-formed key that does not exist', async () => {
      await expect401('sk_test_' + 'A'.repeat(40), /not recognised/);
    });

    it('refuses a revoked key on its very next request', async () => {
      const org = await createOrg(h().services);
      expect((await lookup(h().app, org.testKey)).statusCode).toBe(200);
      await h().services.apiKeys.revoke(org.organisationId, org.testKeyId);
      await expect401(org.testKey, /revoked/);
    });

    it('refuses an expired key once its time has passed', async () => {
      const org = await createOrg(h().services);
      const { secret, key } = await h().services.apiKeys.create({ organisationId: org.organisationId, type: 'test', name: 'short-lived', expiresInDays: 1 });
      expect(key.expiresAt).toBe(new Date(clock.now().getTime() + 86_400_000).toISOString());
      expect((await lookup(h().app, secret)).statusCode).toBe(200);
      clock.advance(86_400_000 - 1);
      expect((await lookup(h().app, secret)).statusCode).toBe(200);
      clock.advance(1);
      await expect401(secret, /expired/);
      clock.set('2026-11-22T09:00:00.000Z');
    });

    it('does not let a revocation in one organisation touch another', async () => {
      const a = await createOrg(h().services);
      const b = await createOrg(h().services);
      await expect(h().services.apiKeys.revoke(a.organisationId, b.testKeyId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect((await lookup(h().app, b.testKey)).statusCode).toBe(200);
    });

    it('stores only the SHA-256 of the secret and shows metadata only', async () => {
      const org = await createOrg(h().services);
      const row = await h()
        .database.db.selectFrom('api_keys')
        .selectAll()
        .where('id', '=', org.testKeyId)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(org.testKey);
      expect(Buffer.from(row.secret_hash).toString('hex')).toBe(
        (await import('node:crypto')).createHash('sha256').update(org.testKey).digest('hex'),
      );
      const list = await h().services.apiKeys.list(org.organisationId);
      expect(list.map((k) => k.id).sort()).toEqual([org.testKeyId, org.liveKeyId].sort());
      expect(JSON.stringify(list)).not.toContain(org.testKey);
      const test = list.find((k) => k.id === org.testKeyId)!;
      expect(test).toMatchObject({ type: 'test', prefix: org.testKey.slice(0, 12), last4: org.testKey.slice(-4), rateLimit: 600, revokedAt: null });
    });

    it('records lastUsedAt off the request path, on flush', async () => {
      const org = await createOrg(h().services);
      expect((await lookup(h().app, org.testKey)).statusCode).toBe(200);
      const before = (await h().services.apiKeys.list(org.organisationId)).find((k) => k.id === org.testKeyId)!;
      expect(before.lastUsedAt).toBeNull();
      await h().services.apiKeys.flushLastUsed();
      const after = (await h().services.apiKeys.list(org.organisationId)).find((k) => k.id === org.testKeyId)!;
      expect(after.lastUsedAt).toBe(clock.now().toISOString());
    });
  },
  { clock },
);

/**
 * Two app instances on one database stand for two server processes: each has its own key cache.
 * A key cached by B must be refused by B on the request right after A revoked it.
 */
for (const backend of backends()) {
  const redisModes: Array<'database' | 'redis'> = ['database'];
  if (redisUrl() && backend.name === 'postgres') redisModes.push('redis');
  for (const mode of redisModes) {
    describe(`revocation across processes [${backend.name}, counter in ${mode}]`, () => {
      let a: Harness;
      let b: Harness;
      const redisClients: Redis[] = [];
      const prefix = `idv-test:${randomBytes(4).toString('hex')}:`;
      beforeAll(async () => {
        const mk = () => {
          if (mode !== 'redis') return null;
          const r = new Redis(redisUrl()!, { maxRetriesPerRequest: 1 });
          redisClients.push(r);
          return r;
        };
        a = await createHarness(backend, { redis: mk(), redisKeyPrefix: prefix });
        b = await createHarness(backend, { redis: mk(), redisKeyPrefix: prefix, database: backend.name === 'pglite' ? a.database : undefined });
      });
      afterAll(async () => {
        await a.app.close();
        await b.app.close();
        if (b.database !== a.database) await b.database.close();
        await a.database.close();
        for (const r of redisClients) r.disconnect();
      });

      it('refuses the revoked key on the other process at once', async () => {
        const org = await createOrg(a.services);
        // B caches the key.
        expect((await lookup(b.app, org.testKey)).statusCode).toBe(200);
        expect((await lookup(b.app, org.testKey)).statusCode).toBe(200);
        await a.services.apiKeys.revoke(org.organisationId, org.testKeyId);
        const res = await lookup(b.app, org.testKey);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toMatch(/revoked/);
      });

      it('applies a suspension made on the other process from the next request', async () => {
        const org = await createOrg(a.services, { services: ['NIN_LOOKUP'] });
        expect((await lookup(b.app, org.testKey)).statusCode).toBe(200);
        await a.services.catalogue.provision({ organisationId: org.organisationId, service: 'NIN_LOOKUP', status: 'SUSPENDED' });
        expect((await lookup(b.app, org.testKey)).statusCode).toBe(403);
        await a.services.catalogue.provision({ organisationId: org.organisationId, service: 'NIN_LOOKUP', status: 'ACTIVE' });
        expect((await lookup(b.app, org.testKey)).statusCode).toBe(200);
      });
    });
  }
}
