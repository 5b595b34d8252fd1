import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createHarness, type Harness } from '../helpers/harness.js';
import {
  Client,
  NIN,
  expectAlive,
  expectEnvelopes,
  expectMoneyInvariants,
  expectNoSecretsInLogs,
  figures,
  isDefinitive,
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
 * A server killed (SIGKILL) in the middle of a burst of live lookups, then started again: every key
 * the client heard nothing final about is retried there and each is charged for one execution; the
 * holds the dead process left are released by the sweeper.
 */
const postgres = backends().find((b) => b.name === 'postgres');
const N = 60;

describe.runIf(postgres)('faults: a server killed mid-burst [postgres]', () => {
  let h: Harness;
  let registry: Registry;

  beforeAll(async () => {
    h = await createHarness(postgres!);
    registry = await startRegistry(300);
  });
  afterAll(async () => {
    await closeRig(h, registry);
  });

  it('charges every key exactly once after the restart and leaves no hold', async () => {
    const a = await startServer({ name: 'a', databaseUrl: postgres!.url!, registry });
    const started = Date.now();
    const { org, apiKey } = await fundedLiveOrg(h, 100_000);
    const client = new Client(apiKey);
    const run = tag();
    const keys = Array.from({ length: N }, (_, i) => `kill-${run}-${i}`);
    const db = h.database.db;
    const held = async () =>
      Number(
        (await db.selectFrom('holds').select((eb) => eb.fn.countAll<number>().as('n')).where('organisation_id', '=', org.organisationId).where('status', '=', 'HELD').executeTakeFirstOrThrow()).n,
      );

    // A steady burst: one request every 20 ms, each call 300 ms at the registry.
    const burst = Promise.all(keys.map((k, i) => sleep(i * 20).then(() => client.send(a, k))));
    const heldAtKill = await until('a third answered and calls in flight', async () => {
      if (client.answers.filter((x) => x.status === 200).length < N / 3) return undefined;
      const n = await held();
      return n > 0 ? n : undefined;
    });
    await a.kill();
    const killedAt = Date.now();
    await burst;
    const answeredBefore = client.answers.filter((x) => x.at <= killedAt && isDefinitive(x)).length;
    const lost = keys.filter((k) => !client.resolved(k));
    expect(lost.length).toBeGreaterThan(0);

    const a2 = await startServer({ name: 'a-restarted', databaseUrl: postgres!.url!, registry });
    // The dead process's leases answer 202 until they expire; then the retries run (or replay what was charged).
    const retried = await client.retry(keys, () => a2, { deadlineMs: 30_000, pauseMs: 300 });
    expect(retried).toBe(lost.length);

    expectAlive(a2);
    expectEnvelopes([client]);
    const money = await expectMoneyInvariants(db, org.organisationId, [client], { fundedKobo: 10_000_000, keys });
    expect(money.chargedOnce).toBe(N);
    expectNoSecretsInLogs([a, a2], [NIN, apiKey]);
    figures('sigkill-mid-burst', started, [
      `${N} requests`,
      `${answeredBefore} answered before the kill`,
      `${heldAtKill} holds in flight at the kill`,
      `${lost.length} without an answer, retried after the restart`,
      `${money.chargedOnce} charged once`,
      `${money.replaysBilled} lost answers replayed (billed again, SPEC.md §5)`,
      `${money.doubleCharges} double charges`,
      `${money.holdsLeft} holds left`,
      `balance=journal`,
    ]);
  }, 90_000);
});
