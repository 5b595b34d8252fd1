import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createHarness, type Harness } from '../helpers/harness.js';
import {
  Client,
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
  type Registry,
  type ServerProcess,
} from './fault-kit.js';

/**
 * The server's PostgreSQL connections terminated during a burst, some of them in the middle of a money
 * batch (verification_settle, caught waiting on a wallet row the test locks for a moment): the pool
 * recovers, a request that failed answers a 5xx envelope (or succeeds on a retried batch), nothing is
 * charged that was not answered as charged, and the invariants hold once the keys are retried.
 */
const postgres = backends().find((b) => b.name === 'postgres');
const N = 80;

describe.runIf(postgres)('faults: PostgreSQL connections killed mid-batch [postgres]', () => {
  let h: Harness;
  let registry: Registry;
  let a: ServerProcess;

  beforeAll(async () => {
    h = await createHarness(postgres!);
    registry = await startRegistry(200);
    a = await startServer({ name: 'a', databaseUrl: postgres!.url!, registry });
  });
  afterAll(async () => {
    await closeRig(h, registry);
  });

  // Terminating a connection checked out of the pool once killed the whole process (pg's Client emitted
  // 'error' and nobody listened); now the query fails, is answered 503 with Retry-After, and the pool
  // discards the dead client.
  it('recovers its pool, answers 503 envelopes or succeeds, and charges only what it answered as charged', async () => {
    const started = Date.now();
    const { org, apiKey } = await fundedLiveOrg(h, 100_000);
    const client = new Client(apiKey);
    const run = tag();
    const keys = Array.from({ length: N }, (_, i) => `pgkill-${run}-${i}`);
    const db = h.database.db;

    // The killer: its own connection, which it never terminates (pg_backend_pid), and only a's.
    const killer = new pg.Client({ connectionString: postgres!.url!, application_name: `idv-fault-killer-${tag()}` });
    await killer.connect();
    const terminate = async (pids: number[]) => {
      if (pids.length === 0) return 0;
      const res = await killer.query<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM unnest($1::int[]) AS pid', [pids]);
      return res.rows.filter((r) => r.ok).length;
    };
    let midBatch = 0;
    let others = 0;
    let done = false;
    const burst = Promise.all(keys.map((k, i) => sleep(i * 20).then(() => client.send(a, k)))).finally(() => (done = true));

    // Rounds while the burst runs (bounded): lock the wallet row for a moment, catch a's money batch
    // waiting on it and terminate that connection, then any other busy connection of a's.
    try {
      for (let round = 0; round < 12 && !done; round++) {
        await sleep(100);
        await killer.query('BEGIN');
        await killer.query('SELECT 1 FROM wallets WHERE organisation_id = $1 FOR UPDATE', [org.organisationId]);
        const caught: number[] = [];
        for (let i = 0; i < 40 && caught.length === 0 && !done; i++) {
          await sleep(10);
          for (const x of await backendsOf(db, a.appName)) if (x.query.includes('verification_settle') && x.wait_event_type === 'Lock') caught.push(x.pid);
        }
        midBatch += await terminate(caught);
        await killer.query('COMMIT');
        if (round % 3 === 2) {
          // Every third round also the connections that are busy elsewhere or idle in the pool.
          others += await terminate((await backendsOf(db, a.appName)).map((x) => x.pid));
        }
      }
      await burst;
    } finally {
      await killer.query('ROLLBACK').catch(() => undefined);
      await killer.end();
    }
    expectAlive(a);
    expect(midBatch).toBeGreaterThanOrEqual(1);

    const failedDuringKills = client.answers.filter((x) => x.status === null || x.status >= 500);
    // Every failure is an envelope with a 5xx status, never a dropped connection.
    expect(failedDuringKills.filter((x) => x.status === null)).toEqual([]);
    const retried = await client.retry(keys, () => a, { deadlineMs: 30_000, pauseMs: 300 });

    // The pool recovered: a new request and the readiness probe are answered normally.
    const fresh = await client.send(a, `pgkill-${run}-after`);
    expect(fresh.status).toBe(200);
    expect(fresh.body?.data?.charged).toBe(true);
    const ready = await fetch(`${a.base}/readyz`);
    expect(ready.status).toBe(200);

    expectEnvelopes([client]);
    // A lost connection is a moment's outage to retry, never a 500.
    expect(failedDuringKills.filter((x) => x.status !== 503 && x.status !== 502 && x.status !== 504)).toEqual([]);
    const money = await expectMoneyInvariants(db, org.organisationId, [client], { fundedKobo: 10_000_000, keys: [...keys, `pgkill-${run}-after`] });
    expect(money.chargedOnce).toBe(N + 1);
    expectNoSecretsInLogs([a], [NIN, apiKey]);
    figures('pg-connections-killed', started, [
      `${N} requests`,
      `${midBatch} connections killed mid-batch, ${others} others`,
      `${failedDuringKills.length} answered 5xx (${Object.entries(client.tally((x) => x.status !== null && x.status >= 500 && x.attempt === 1)).map(([k, v]) => `${v} × ${k}`).join(', ') || 'none'})`,
      `${retried} retried`,
      `${money.chargedOnce} charged once`,
      `${money.replaysBilled} replays billed`,
      `${money.doubleCharges} double charges`,
      `${money.holdsLeft} holds left`,
      `balance=journal`,
    ]);
  }, 90_000);
});
