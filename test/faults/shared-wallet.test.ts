import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createHarness, type Harness } from '../helpers/harness.js';
import {
  Client,
  NIN,
  PRICE_KOBO,
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
 * Two server processes spend one small wallet at once, each request with its own Idempotency-Key:
 * the holds of both processes meet in PostgreSQL, so the total charged never exceeds the balance and
 * every request beyond it is a 402 that costs nothing.
 */
const postgres = backends().find((b) => b.name === 'postgres');

describe.runIf(postgres)('faults: two servers on one small wallet [postgres]', () => {
  let h: Harness;
  let registry: Registry;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    h = await createHarness(postgres!);
    registry = await startRegistry(200);
    servers = await Promise.all([startServer({ name: 'a', databaseUrl: postgres!.url!, registry }), startServer({ name: 'b', databaseUrl: postgres!.url!, registry })]);
  });
  afterAll(async () => {
    await closeRig(h, registry);
  });

  it('charges at most what the balance covers, answers 402 for the rest, and the balance equals the journal', async () => {
    const started = Date.now();
    const capacity = 25;
    const { org, apiKey } = await fundedLiveOrg(h, (capacity * PRICE_KOBO) / 100);
    const client = new Client(apiKey);
    const run = tag();
    const keys = Array.from({ length: 80 }, (_, i) => `wallet-${run}-${i}`);

    // Alternately on the two processes, a request every 5 ms: their money batches interleave on the wallet row.
    await Promise.all(keys.map((k, i) => sleep(i * 5).then(() => client.send(servers[i % 2]!, k))));

    const firstTally = client.tally();
    // A registry failure (a timeout on a busy machine) is not charged; the client retries it, as told to.
    const failed = client.answers.filter((a) => a.status !== null && a.status >= 500);
    await client.retry(keys, (k) => servers[keys.indexOf(k) % 2]!);

    for (const s of servers) expectAlive(s);
    expectEnvelopes([client]);
    const finals = keys.map((k) => client.of(k).find((a) => a.status === 200 || a.status === 402));
    const charged = finals.filter((a) => a?.status === 200 && a.body?.data?.charged === true);
    const refused = finals.filter((a) => a?.status === 402 && a.body?.code === 'INSUFFICIENT_BALANCE');
    expect(charged.length + refused.length, JSON.stringify(client.tally())).toBe(keys.length);
    expect(charged.length).toBeLessThanOrEqual(capacity);
    // Without a failure freeing a hold after others were refused, exactly what the balance covers is charged.
    if (failed.length === 0) expect(charged.length, JSON.stringify(firstTally)).toBe(capacity);
    expect(charged.every((a) => a!.body!.data!.chargeAmount === PRICE_KOBO / 100)).toBe(true);

    const money = await expectMoneyInvariants(h.database.db, org.organisationId, [client], { fundedKobo: capacity * PRICE_KOBO, keys });
    expect(money.balanceKobo).toBe((capacity - charged.length) * PRICE_KOBO);
    expectNoSecretsInLogs(servers, [NIN, apiKey]);
    figures('two-servers-one-wallet', started, [
      `${keys.length} requests on 2 servers`,
      `balance covers ${capacity}`,
      `${charged.length} charged (a: ${charged.filter((a) => a!.server === 'a').length}, b: ${charged.filter((a) => a!.server === 'b').length})`,
      `${refused.length} × 402`,
      failed.length > 0 && `${failed.length} failures (not charged) retried`,
      `${money.doubleCharges} double charges`,
      `${money.holdsLeft} holds left`,
      `balance=journal (₦${money.balanceKobo / 100})`,
    ]);
  });
});
