import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createHarness, type Harness } from '../helpers/harness.js';
import {
  Client,
  LEASE_MS,
  NIN,
  backendsOf,
  expectAlive,
  expectEnvelopes,
  expectMoneyInvariants,
  expectNoSecretsInLogs,
  figures,
  closeRig,
  fundedLiveOrg,
  sleep,
  startRegistry,
  startServer,
  tag,
  until,
  type Registry,
  type ServerProcess,
} from './fault-kit.js';

/**
 * A server frozen (SIGSTOP) past its idempotency lease with live verifications in flight: the same
 * keys retried on a second server take the leases over and are charged there; when the first wakes
 * (SIGCONT), whatever it settles late is fenced by the newer claim and keeps nothing.
 */
const postgres = backends().find((b) => b.name === 'postgres');
const N = 10;

describe.runIf(postgres)('faults: a server paused past its idempotency lease [postgres]', () => {
  let h: Harness;
  let registry: Registry;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    h = await createHarness(postgres!);
    registry = await startRegistry(300);
    [a, b] = await Promise.all([startServer({ name: 'a', databaseUrl: postgres!.url!, registry }), startServer({ name: 'b', databaseUrl: postgres!.url!, registry })]);
  });
  afterAll(async () => {
    await closeRig(h, registry);
  });

  const db = () => h.database.db;

  async function setUp(naira: number) {
    const { org, apiKey } = await fundedLiveOrg(h, naira);
    const run = tag();
    return { org, apiKey, client: new Client(apiKey), keys: Array.from({ length: N }, (_, i) => `stop-${run}-${i}`) };
  }

  const holdCount = async (orgId: string, status?: 'HELD') => {
    let q = db().selectFrom('holds').select((eb) => eb.fn.countAll<number>().as('n')).where('organisation_id', '=', orgId);
    if (status) q = q.where('status', '=', status);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  /** Waits until no claim of the organisation still has a live lease (the servers share this machine's clock). */
  const leasesExpired = (orgId: string) =>
    until(
      'the paused server’s leases to expire',
      async () => {
        const live = await db()
          .selectFrom('idempotency_requests')
          .select('key_hash')
          .where('organisation_id', '=', orgId)
          .where('state', '=', 'IN_FLIGHT')
          .where('lease_expires_at', '>', new Date())
          .execute();
        return live.length === 0;
      },
      LEASE_MS + 10_000,
      100,
    );

  it('settlements parked in the database when the server froze are fenced once another server took the keys over', async () => {
    const started = Date.now();
    const { org, apiKey, client, keys } = await setUp(10_000);
    registry.options.latencyMs = 300;
    const firsts = keys.map((k) => client.send(a, k));
    await until('every hold placed', async () => (await holdCount(org.organisationId)) === N);

    // The wallet row locked by the test: a's settlements, once the registry answered, wait in PostgreSQL.
    const lock = new pg.Client({ connectionString: postgres!.url!, application_name: `idv-fault-lock-${tag()}` });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM wallets WHERE organisation_id = $1 FOR UPDATE', [org.organisationId]);
      await until('a settlement of a waiting on the wallet lock', async () =>
        (await backendsOf(db(), a.appName)).some((x) => x.wait_event_type === 'Lock' && x.query.includes('verification_settle')),
      );
      // The registry's other answers arrive meanwhile and queue behind that batch inside a.
      await sleep(registry.options.latencyMs ?? 0);
      a.pause();
      const pausedAt = Date.now();
      await leasesExpired(org.organisationId);

      // b takes every key over (a new fencing token); its holds then wait behind the lock too.
      registry.options.latencyMs = 50;
      const retries = keys.filter((k) => !client.resolved(k)).map((k) => client.send(b, k));
      const taken = await until('b to take every key over', async () => {
        const rows = await db().selectFrom('idempotency_requests').select('fencing_token').where('organisation_id', '=', org.organisationId).execute();
        return rows.length === N && rows.every((r) => r.fencing_token >= 2) ? rows.length : undefined;
      });
      expect(taken).toBe(N);
      // Now a's parked batch lands, while a is still frozen: its claims are no longer current.
      await lock.query('COMMIT');
      await Promise.all(retries);
      await client.retry(keys, () => b);
      expect(keys.map((k) => client.of(k).filter((x) => x.server === 'b' && x.status === 200).length)).toEqual(keys.map(() => 1));

      a.resume();
      await Promise.all(firsts);
      const pausedMs = Date.now() - pausedAt;
      const late = client.answers.filter((x) => x.server === 'a');
      expectAlive(a);
      expectAlive(b);
      expectEnvelopes([client]);
      // a's late answers: fenced (202, nothing kept) or, for a call that had not come back, its timeout.
      const fenced = late.filter((x) => x.status === 202 && x.body?.code === 'REQUEST_IN_PROGRESS');
      const timedOut = late.filter((x) => x.status === 504 && x.body?.code === 'PROVIDER_TIMEOUT');
      expect(fenced.length + timedOut.length, JSON.stringify(client.tally((x) => x.server === 'a'))).toBe(N);
      expect(fenced.length).toBeGreaterThanOrEqual(1);
      // A fenced settlement keeps nothing: no record of a's attempts.
      const aRecords = await db().selectFrom('verification_records').select(['request_id', 'charged']).where('organisation_id', '=', org.organisationId).where('request_id', 'in', keys.map((k) => `${k}.1`)).execute();
      expect(aRecords.filter((r) => r.charged)).toEqual([]);
      expect(aRecords.length).toBe(timedOut.length);

      const money = await expectMoneyInvariants(db(), org.organisationId, [client], { fundedKobo: 1_000_000, keys });
      expect(money.chargedOnce).toBe(N);
      expectNoSecretsInLogs([a, b], [NIN, apiKey]);
      figures('sigstop-parked-settlements', started, [
        `${N} requests`,
        `a paused ${(pausedMs / 1000).toFixed(1)} s with ${N} settlements parked`,
        `${N} retried on b and charged once`,
        `${fenced.length} late settlements fenced (202)`,
        timedOut.length > 0 && `${timedOut.length} timed out late`,
        `${money.doubleCharges} double charges`,
        `${money.holdsLeft} holds left`,
        `balance=journal`,
      ]);
    } finally {
      await lock.query('ROLLBACK').catch(() => undefined);
      await lock.end();
    }
  }, 60_000);

  it('registry calls in flight when the server froze: retried and charged once on the other server, the late outcomes keep nothing', async () => {
    const started = Date.now();
    const { org, apiKey, client, keys } = await setUp(10_000);
    registry.options.latencyMs = 600;
    const firsts = keys.map((k) => client.send(a, k));
    await until('every hold placed', async () => (await holdCount(org.organisationId)) === N);
    a.pause();
    const pausedAt = Date.now();
    const inFlight = await holdCount(org.organisationId, 'HELD');
    await leasesExpired(org.organisationId);

    registry.options.latencyMs = 50;
    const retried = await client.retry(keys, () => b);
    expect(keys.map((k) => client.of(k).filter((x) => x.server === 'b' && x.status === 200 && x.body?.data?.charged === true).length)).toEqual(keys.map(() => 1));

    a.resume();
    await Promise.all(firsts);
    const pausedMs = Date.now() - pausedAt;
    expectAlive(a);
    expectAlive(b);
    expectEnvelopes([client]);
    const late = client.answers.filter((x) => x.server === 'a');
    const fenced = late.filter((x) => x.status === 202 && x.body?.code === 'REQUEST_IN_PROGRESS');
    const timedOut = late.filter((x) => x.status === 504 && x.body?.code === 'PROVIDER_TIMEOUT');
    expect(fenced.length + timedOut.length, JSON.stringify(client.tally((x) => x.server === 'a'))).toBe(N);

    const money = await expectMoneyInvariants(db(), org.organisationId, [client], { fundedKobo: 1_000_000, keys });
    expect(money.chargedOnce).toBe(N);
    // The answers b stored are still there: a's late outcomes did not clear them.
    const stored = await db().selectFrom('idempotency_requests').select('state').where('organisation_id', '=', org.organisationId).execute();
    expect(stored.map((s) => s.state)).toEqual(keys.map(() => 'STORED'));
    expectNoSecretsInLogs([a, b], [NIN, apiKey]);
    figures('sigstop-calls-in-flight', started, [
      `${N} requests`,
      `a paused ${(pausedMs / 1000).toFixed(1)} s with ${inFlight} calls in flight`,
      `${retried} retried on b, ${money.chargedOnce} charged once`,
      `late on a: ${fenced.length} fenced, ${timedOut.length} timed out`,
      `${money.doubleCharges} double charges`,
      `${money.holdsLeft} holds left`,
      `balance=journal`,
    ]);
  }, 60_000);
});
