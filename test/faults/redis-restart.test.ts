import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { EPOCH_RECONCILE_MS } from '../../src/platform/cache-epoch.js';
import { AppError } from '../../src/platform/errors.js';
import { createLogger } from '../../src/platform/logger.js';
import { createRedis } from '../../src/platform/redis.js';
import { backends, createHarness, createOrg, fund, type Harness } from '../helpers/harness.js';
import {
  Client,
  NIN,
  expectAlive,
  expectEnvelopes,
  expectMoneyInvariants,
  expectNoSecretsInLogs,
  figures,
  hasRedisServer,
  killAll,
  sleep,
  startPrivateRedis,
  startRegistry,
  startServer,
  tag,
  until,
  type Answer,
  type PrivateRedis,
  type Registry,
  type ServerProcess,
} from './fault-kit.js';

/**
 * The shared Redis killed in the middle of a burst and started again, empty: while it is down the
 * guards let requests through and the wallet decides (every request served and charged once), and
 * keys revoked before or during the outage stay revoked on every server afterwards. A private
 * redis-server on a free port, never the machine's shared one.
 */
const postgres = backends().find((b) => b.name === 'postgres');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const redisInstalled = hasRedisServer();
const N = 60;

describe.runIf(postgres)('faults: Redis killed and restarted mid-burst [postgres]', () => {
  let h: Harness | undefined;
  let registry: Registry | undefined;
  let redis: PrivateRedis | undefined;
  let redisClient: Redis | undefined;

  afterAll(async () => {
    await killAll();
    redisClient?.disconnect();
    await registry?.app.close();
    await h?.app.close();
    await h?.database.close();
  });

  // Skipped only where redis-server is not installed; with CI=true its absence fails the test.
  it.skipIf(!redisInstalled && !ci)('serves and charges through the outage, and revoked keys stay revoked after the restart', async () => {
    if (!redisInstalled) throw new Error('CI=true but redis-server is not installed: the Redis fault scenario cannot run');
    const started = Date.now();
    redis = await startPrivateRedis();
    redisClient = createRedis(redis.url, createLogger('silent'));
    h = await createHarness(postgres!, { redis: redisClient });
    registry = await startRegistry(200);
    const servers: ServerProcess[] = await Promise.all(
      ['a', 'b'].map((name) => startServer({ name, databaseUrl: postgres!.url!, registry: registry!, redisUrl: redis!.url })),
    );

    const org = await createOrg(h.services);
    await fund(h.services, org.organisationId, 100_000);
    const newKey = (name: string) => h!.services.apiKeys.create({ organisationId: org.organisationId, type: 'live', name, rateLimit: 1_000_000 });
    const live = await newKey('burst');
    const doomed = await newKey('revoked during the outage');
    const early = await newKey('revoked before the outage');
    const client = new Client(live.secret);
    const run = tag();
    const keys: string[] = [];
    const send = (server: ServerProcess, key: string, apiKey = live.secret) => {
      keys.push(key);
      return client.send(server, key, apiKey);
    };
    const sendUntilDefinitive = (server: ServerProcess, key: string, apiKey = live.secret) => {
      keys.push(key);
      return client.sendUntilDefinitive(server, key, apiKey);
    };
    const revoked: Answer[] = [];
    /** The given revoked keys on both servers: 401 UNAUTHENTICATED, whatever Redis is doing. */
    const expectRevoked = async (when: string, secrets: string[]) => {
      for (const s of servers) {
        for (const k of secrets) {
          const x = await send(s, `revoked-${run}-${keys.length}`, k);
          revoked.push(x);
          expect({ when, server: s.name, status: x.status, code: x.body?.code }).toEqual({ when, server: s.name, status: 401, code: 'UNAUTHENTICATED' });
        }
      }
    };
    /**
     * The revocation counter as Redis holds it (white box, whatever its key is called): the attack
     * below brings it back to the value the servers cached a key under.
     */
    const counterInRedis = async () => {
      const admin = new Redis(redis!.url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
      try {
        await admin.connect();
        const names = await admin.keys('*epoch*');
        const values = (await Promise.all(names.map((n) => admin.get(n)))).map(Number).filter(Number.isFinite);
        return { value: Math.max(0, ...values), clients: String(await admin.call('CLIENT', 'LIST')).trim().split('\n').length - 1 };
      } finally {
        admin.disconnect();
      }
    };

    // Both servers cache both keys (a live lookup each), under the counter's current value.
    for (const s of servers) {
      for (const k of [doomed.secret, early.secret]) expect((await sendUntilDefinitive(s, `warm-${run}-${keys.length}`, k)).status).toBe(200);
    }
    const cachedUnder = (await counterInRedis()).value;
    // One key revoked while Redis is up.
    await h.services.apiKeys.revoke(org.organisationId, early.key.id);
    await expectRevoked('after the first revocation', [early.secret]);

    // The burst, alternately on both servers; Redis is killed once a third of it is answered.
    const burstKeys = Array.from({ length: N }, (_, i) => `redis-${run}-${i}`);
    const burst = Promise.all(burstKeys.map((k, i) => sleep(i * 25).then(() => send(servers[i % 2]!, k))));
    await until('a third of the burst answered', async () => client.answers.filter((x) => x.key.startsWith(`redis-${run}-`)).length >= N / 3);
    await redis.kill();
    const downAt = Date.now();

    // During the outage the other key is revoked: saved, but the publish cannot reach Redis, so the
    // caller is told to repeat (503). Every server must refuse it at once all the same.
    let revocation = 'published';
    try {
      await h.services.apiKeys.revoke(org.organisationId, doomed.key.id);
    } catch (err) {
      revocation = err instanceof AppError ? err.code : String(err);
    }
    expect(['published', 'SERVICE_UNAVAILABLE']).toContain(revocation);
    const row = await h.database.db.selectFrom('api_keys').select('revoked_at').where('id', '=', doomed.key.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    await expectRevoked('during the outage', [doomed.secret, early.secret]);
    // More money requests while Redis is down, on both servers.
    const outageKeys = Array.from({ length: 10 }, (_, i) => `outage-${run}-${i}`);
    await Promise.all(outageKeys.map((k, i) => send(servers[i % 2]!, k)));
    await burst;
    const upAt = Date.now();

    // Every money request was served, during the outage too: none refused by a guard, none a 500; a
    // registry timeout (a busy machine) is the only other answer, and the client retries it.
    const moneyKeys = [...burstKeys, ...outageKeys];
    const money = client.answers.filter((x) => moneyKeys.includes(x.key));
    const providerFailure = (x: Answer) => x.status !== null && x.status >= 502 && x.status <= 504 && (x.body?.code ?? '').startsWith('PROVIDER_');
    expect(money.filter((x) => !(x.status === 200 && x.body?.data?.charged === true) && !providerFailure(x)), JSON.stringify(client.tally())).toEqual([]);
    const servedDuringOutage = money.filter((x) => x.status === 200 && x.sentAt >= downAt && x.at <= upAt).length;
    expect(servedDuringOutage).toBeGreaterThanOrEqual(1);
    await client.retry(moneyKeys, (k) => servers[moneyKeys.indexOf(k) % 2]!);

    // Redis again, empty: its counter starts from nothing. Once the servers have reconnected, other
    // keys are revoked until the counter is back where it was when the servers cached the doomed key
    // (finding 2 of issue 9): that cache entry must not become trusted again.
    await redis.start();
    await until(
      'the servers and the harness to reconnect to Redis',
      // One connection per server, the harness's, and the probe's own.
      async () => redisClient!.status === 'ready' && (await counterInRedis()).clients >= servers.length + 1,
      15_000,
      200,
    );
    let throwaway = 0;
    for (; throwaway < 500 && (await counterInRedis()).value < cachedUnder; throwaway++) {
      const k = await newKey(`throwaway ${throwaway}`);
      await h.services.apiKeys.revoke(org.organisationId, k.key.id);
    }
    expect((await counterInRedis()).value).toBeGreaterThanOrEqual(cachedUnder);
    await expectRevoked('with the counter back where the key was cached', [doomed.secret, early.secret]);
    // And still once the servers' periodic reconcile has had its turn.
    await sleep(EPOCH_RECONCILE_MS);
    await expectRevoked('after a reconcile', [doomed.secret, early.secret]);
    // And the live key still works on both.
    for (const s of servers) {
      const x = await sendUntilDefinitive(s, `after-${run}-${keys.length}`);
      expect({ status: x.status, charged: x.body?.data?.charged }).toEqual({ status: 200, charged: true });
    }

    for (const s of servers) expectAlive(s);
    expectEnvelopes([client]);
    const figuresOfMoney = await expectMoneyInvariants(h.database.db, org.organisationId, [client], { fundedKobo: 10_000_000, keys });
    expectNoSecretsInLogs(servers, [NIN, live.secret, doomed.secret, early.secret]);
    figures('redis-restart-mid-burst', started, [
      `${moneyKeys.length} money requests on 2 servers`,
      `${servedDuringOutage} served during the outage (0 refused by guards, 0 × 500${money.some(providerFailure) ? `, ${money.filter(providerFailure).length} registry timeouts retried` : ''})`,
      `revocation during the outage: ${revocation}`,
      `${revoked.length} calls with revoked keys, all 401 before, during and after (counter at ${cachedUnder} or more again after ${throwaway} more revocations)`,
      `${figuresOfMoney.chargedOnce} charged once`,
      `${figuresOfMoney.doubleCharges} double charges`,
      `${figuresOfMoney.holdsLeft} holds left`,
      'balance=journal',
    ]);
  }, 120_000);
});
