import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_CLIENT_OPTIONS, waitForRedis } from '../../src/platform/redis.js';
import { backends, createHarness, createOrg, fund, lookup, ninBody, redisUrl, type Harness, type TestOrg } from '../helpers/harness.js';

/**
 * A live verification authenticates its key from this process's cache without reading the revocation
 * counter; its start (claim and hold, one database call) checks the counter itself
 * (src/verifications/pipeline.ts, migrations/functions/verification_settle.sql). These are the attacks
 * on that: a key revoked, or a setting changed, by another process whose change this one has not heard
 * of (no Redis: the change is in the database alone), met by every kind of request the key can send.
 */

/** Counts the statements this process sends to the database (a plugin on the app's own Kysely). */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => args.node;
  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    this.count++;
    return args.result;
  };
}

for (const backend of backends()) {
  describe(`a live key taken without reading the revocation counter [${backend.name}]`, () => {
    let h: Harness;
    /** Another process on the same database: its changes reach this one only through the counter. */
    let other: Harness;
    const counter = new StatementCounter();

    beforeAll(async () => {
      const opened = await backend.open();
      const database = { ...opened, db: opened.db.withPlugin(counter) };
      h = await createHarness(backend, { database });
      other = await createHarness(backend, { database: opened });
    });
    afterAll(async () => {
      await other?.app.close();
      await h?.app.close();
      await h?.database.close();
    });

    const balanceKobo = async (org: TestOrg) => Math.round((await h.services.wallet.balance(org.organisationId)).balance * 100);
    const rows = async (org: TestOrg) => {
      const db = h.database.db;
      const [holds, claims, records] = await Promise.all([
        db.selectFrom('holds').select('status').where('organisation_id', '=', org.organisationId).execute(),
        db.selectFrom('idempotency_requests').select('state').where('organisation_id', '=', org.organisationId).execute(),
        db.selectFrom('verification_records').select('environment').where('organisation_id', '=', org.organisationId).where('environment', '=', 'live').execute(),
      ]);
      return { holds: holds.length, claims: claims.length, records: records.length };
    };
    /** A funded organisation whose live key this process has used once, so it is cached under the counter's current value. */
    async function warm(naira = 1_000): Promise<TestOrg> {
      const org = await createOrg(h.services);
      await fund(h.services, org.organisationId, naira);
      const res = await lookup(h.app, org.liveKey, ninBody(), { 'idempotency-key': `warm-${org.organisationId}` });
      expect(res.statusCode, res.body).toBe(200);
      return org;
    }
    /** Revoked by the other process: the database and the counter change, this process is not told. */
    const revokeElsewhere = (org: TestOrg) => other.services.apiKeys.revoke(org.organisationId, org.liveKeyId);

    it('answers a cached live key in two database calls: the start and the settlement', async () => {
      const org = await warm(5_000);
      for (const keyed of [true, false]) {
        // The fewest of five: another harness on this file's database may move the counter at any time,
        // and a request that meets such a move starts again (more calls, by design).
        const counts: number[] = [];
        for (let i = 0; i < 5; i++) {
          const before = counter.count;
          const res = await lookup(h.app, org.liveKey, ninBody(), keyed ? { 'idempotency-key': `two-${i}-${org.organisationId}` } : {});
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().data.charged).toBe(true);
          counts.push(counter.count - before);
        }
        // The last-used times are written on a timer, never on the request.
        expect(Math.min(...counts), `keyed: ${keyed}, ${counts.join(' ')}`).toBe(2);
      }
    });

    it('refuses a key revoked by another process 401 at its next live lookup, with nothing held, claimed, recorded (no registry call) or charged', async () => {
      const org = await warm();
      const [balance, before] = [await balanceKobo(org), await rows(org)];
      await revokeElsewhere(org);
      for (const headers of [{ 'idempotency-key': `after-${org.organisationId}` }, {}] as Record<string, string>[]) {
        const res = await lookup(h.app, org.liveKey, ninBody(), headers);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
      expect(await balanceKobo(org)).toBe(balance);
      expect(await rows(org)).toEqual(before);
      // Nor was it "used" after its revocation.
      await h.services.apiKeys.flushLastUsed();
      const row = await h.database.db.selectFrom('api_keys').select(['last_used_at', 'revoked_at']).where('id', '=', org.liveKeyId).executeTakeFirstOrThrow();
      expect(row.last_used_at!.getTime()).toBeLessThanOrEqual(row.revoked_at!.getTime());
    });

    it('refuses it 401, not the 400, 415 or 413 it would otherwise have earned, when its first request after the revocation is malformed', async () => {
      const cases: Array<{ body: unknown; headers: Record<string, string> }> = [
        { body: { nin: '123' }, headers: {} },
        { body: 'nin=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        { body: { nin: '11111111111', requestReason: 'ACCOUNT_OPENING', pad: 'x'.repeat(1_100_000) }, headers: {} },
        { body: ninBody(), headers: { 'x-correlation-id': 'bad id with spaces' } },
        { body: ninBody(), headers: { 'idempotency-key': '' } },
      ];
      for (const bad of cases) {
        const org = await warm();
        await revokeElsewhere(org);
        const res = await lookup(h.app, org.liveKey, bad.body, bad.headers);
        expect(res.statusCode, `${JSON.stringify(bad.headers)} ${res.body.slice(0, 200)}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
      }
    });

    it('refuses it 401, not the stored answer its Idempotency-Key would replay nor the 402 its empty wallet would earn', async () => {
      // The replay: the key's answer is stored by the warm-up.
      const org = await warm();
      const balance = await balanceKobo(org);
      await revokeElsewhere(org);
      const replay = await lookup(h.app, org.liveKey, ninBody(), { 'idempotency-key': `warm-${org.organisationId}` });
      expect(replay.statusCode, replay.body).toBe(401);
      expect(replay.headers['idempotent-replayed']).toBeUndefined();
      expect(await balanceKobo(org)).toBe(balance);

      // The 402: a wallet the warm-up emptied.
      const poor = await createOrg(h.services);
      await fund(h.services, poor.organisationId, 1);
      await h.services.catalogue.provision({ organisationId: poor.organisationId, service: 'NIN_LOOKUP', pricesKobo: { BASIC: 100 } });
      const first = await lookup(h.app, poor.liveKey);
      expect(first.statusCode, first.body).toBe(200);
      expect(await balanceKobo(poor)).toBe(0);
      await revokeElsewhere(poor);
      const refused = await lookup(h.app, poor.liveKey);
      expect(refused.statusCode, refused.body).toBe(401);
    });

    it('counts a request that starts again once against its key’s rate and its organisation’s velocity', async () => {
      for (const limit of ['rate', 'velocity'] as const) {
        const org = await createOrg(h.services);
        await fund(h.services, org.organisationId, 1_000);
        if (limit === 'velocity') await h.services.admin.setLimits(org.organisationId, { velocityLimit: 2 });
        const secret = (await h.services.apiKeys.create({ organisationId: org.organisationId, type: 'live', name: 'two a minute', rateLimit: limit === 'rate' ? 2 : 1_000 })).secret;
        expect((await lookup(h.app, secret)).statusCode).toBe(200);
        // The counter moves (another organisation's key revoked elsewhere): the next request starts again.
        const bystander = await createOrg(other.services);
        await other.services.apiKeys.revoke(bystander.organisationId, bystander.liveKeyId);
        const second = await lookup(h.app, secret);
        expect(second.statusCode, `${limit}: ${second.body}`).toBe(200);
        if (limit === 'rate') expect(second.headers['ratelimit-remaining']).toBe('0');
        const third = await lookup(h.app, secret);
        expect(third.json().code).toBe(limit === 'rate' ? 'RATE_LIMITED' : 'WALLET_VELOCITY_LIMITED');
      }
    });

    it('applies a subscription ended by another process: 403, nothing held or charged; and one started there: 200', async () => {
      const org = await warm();
      const balance = await balanceKobo(org);
      const before = await rows(org);
      await other.services.catalogue.provision({ organisationId: org.organisationId, service: 'NIN_LOOKUP', status: 'SUSPENDED' });
      const refused = await lookup(h.app, org.liveKey, ninBody(), { 'idempotency-key': `ended-${org.organisationId}` });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('SERVICE_NOT_SUBSCRIBED');
      expect(await balanceKobo(org)).toBe(balance);
      expect(await rows(org)).toEqual(before);

      // This process now holds "not subscribed" under the current counter; it is started again elsewhere.
      await other.services.catalogue.provision({ organisationId: org.organisationId, service: 'NIN_LOOKUP', status: 'ACTIVE' });
      const served = await lookup(h.app, org.liveKey, ninBody(), { 'idempotency-key': `restarted-${org.organisationId}` });
      expect(served.statusCode, served.body).toBe(200);
      expect(served.json().data.charged).toBe(true);
    });

    it('starts a request again when the counter moved for something else: one answer, charged once, one claim', async () => {
      const org = await warm();
      const balance = await balanceKobo(org);
      const before = await rows(org);
      // Any change that bumps the counter, here another organisation's key revoked elsewhere.
      const bystander = await createOrg(other.services);
      await other.services.apiKeys.revoke(bystander.organisationId, bystander.liveKeyId);
      const res = await lookup(h.app, org.liveKey, ninBody(), { 'idempotency-key': `moved-${org.organisationId}` });
      expect(res.statusCode, res.body).toBe(200);
      const price = Math.round(res.json().data.chargeAmount * 100);
      expect(price).toBeGreaterThan(0);
      expect(await balanceKobo(org)).toBe(balance - price);
      expect(await rows(org)).toEqual({ holds: before.holds + 1, claims: before.claims + 1, records: before.records + 1 });
      const { rows: debits } = await sql<{ n: string | number }>`
        SELECT count(*) AS n FROM ledger_entries WHERE organisation_id = ${org.organisationId} AND type = 'DEBIT'`.execute(h.database.db);
      expect(Number(debits[0]!.n)).toBe(2);
    });
  });
}

for (const backend of backends()) {
  describe.runIf(redisUrl() !== null)(`a live key taken without reading the revocation counter, with Redis [${backend.name}]`, () => {
    const prefix = `idv-test:${randomBytes(4).toString('hex')}:`;
    const clients: Redis[] = [];
    let a: Harness;
    let b: Harness;
    let admin: Redis;
    const client = () => {
      const r = new Redis(redisUrl()!, { ...REDIS_CLIENT_OPTIONS });
      r.on('error', () => undefined);
      clients.push(r);
      return r;
    };
    beforeAll(async () => {
      admin = client();
      const [ra, rb] = [client(), client()];
      a = await createHarness(backend, { redis: ra, redisKeyPrefix: prefix });
      b = await createHarness(backend, { redis: rb, redisKeyPrefix: prefix, ...(backend.name === 'pglite' ? { database: a.database } : {}) });
      await Promise.all([waitForRedis(admin), waitForRedis(ra), waitForRedis(rb)]);
    });
    afterAll(async () => {
      await b?.app.close();
      await a?.app.close();
      if (b && b.database !== a.database) await b.database.close();
      await a?.database.close();
      for (const r of clients) r.disconnect();
    });

    async function warmOn(h: Harness): Promise<TestOrg> {
      const org = await createOrg(a.services);
      await fund(a.services, org.organisationId, 1_000);
      for (let i = 0; i < 2; i++) expect((await lookup(h.app, org.liveKey)).statusCode).toBe(200);
      return org;
    }
    const holdsOf = async (org: TestOrg) =>
      (await a.database.db.selectFrom('holds').select('status').where('organisation_id', '=', org.organisationId).execute()).length;

    it('refuses 401 on this process a live key revoked through another (published to Redis), holding nothing', async () => {
      const org = await warmOn(b);
      const holds = await holdsOf(org);
      await a.services.apiKeys.revoke(org.organisationId, org.liveKeyId);
      const res = await lookup(b.app, org.liveKey, ninBody(), { 'idempotency-key': `r-${org.organisationId}` });
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(await holdsOf(org)).toBe(holds);
    });

    it('refuses it 401 when Redis lost the counter and the revocation reached only the database', async () => {
      const org = await warmOn(b);
      const holds = await holdsOf(org);
      for (const k of await admin.keys(`${prefix}*epoch`)) await admin.del(k);
      await a.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', org.liveKeyId).execute();
        await a.services.epoch.bump(trx);
      });
      const res = await lookup(b.app, org.liveKey);
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(await holdsOf(org)).toBe(holds);
    });
  });
}
