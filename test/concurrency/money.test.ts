import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createHarness, createOrg, fund, lookup, ninBody, type Harness } from '../helpers/harness.js';

/**
 * Races on the money path, on PostgreSQL (where requests really run in parallel on a pool of
 * connections). Each test sets the guards it needs rather than measuring them (DESIGN.md §8).
 */
const postgres = backends().find((b) => b.name === 'postgres');

describe.runIf(postgres)('money under concurrency [postgres]', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(postgres!, { simulatorLatencyMs: 150, settings: { concurrencyLimit: 10_000, velocityLimit: 100_000 } });
  });
  afterAll(async () => {
    await h.app.close();
    await h.database.close();
  });

  const ledgerSum = async (orgId: string) =>
    (await h.database.db.selectFrom('ledger_entries').select('amount_kobo').where('organisation_id', '=', orgId).execute()).reduce((s, e) => s + e.amount_kobo, 0);

  it('200 concurrent live lookups against a wallet that covers 37: exactly 37 charged, 163 refused 402, balance 0', async () => {
    const org = await createOrg(h.services);
    await fund(h.services, org.organisationId, 3_700); // 37 × ₦100 (BASIC)
    const key = (await h.services.apiKeys.create({ organisationId: org.organisationId, type: 'live', name: 'load', rateLimit: 1_000_000 })).secret;
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => lookup(h.app, key, ninBody(i % 2 ? '11111111111' : '00000000000'))));
    const counts = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});
    expect((counts[200] ?? 0) + (counts[404] ?? 0)).toBe(37);
    expect(counts[402]).toBe(163);
    expect(results.filter((r) => r.statusCode !== 402).every((r) => r.json().data.charged === true)).toBe(true);
    const wallet = await h.services.wallet.balance(org.organisationId);
    expect(wallet).toMatchObject({ balance: 0, availableBalance: 0 });
    expect(await ledgerSum(org.organisationId)).toBe(0);
    const debits = await h.database.db.selectFrom('ledger_entries').select('id').where('organisation_id', '=', org.organisationId).where('type', '=', 'DEBIT').execute();
    expect(debits).toHaveLength(37);
    const holds = await h.database.db.selectFrom('holds').select('status').where('organisation_id', '=', org.organisationId).execute();
    expect(holds.filter((x) => x.status === 'CAPTURED')).toHaveLength(37);
    expect(holds.filter((x) => x.status === 'HELD')).toHaveLength(0);
  });

  it('50 concurrent requests with one Idempotency-Key: one provider call, one charge, the others 202 or the replay', async () => {
    const org = await createOrg(h.services);
    await fund(h.services, org.organisationId, 10_000);
    const key = (await h.services.apiKeys.create({ organisationId: org.organisationId, type: 'live', name: 'load', rateLimit: 1_000_000 })).secret;
    const idem = `race-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 50 }, () => lookup(h.app, key, ninBody(), { 'idempotency-key': idem })));
    const ok = results.filter((r) => r.statusCode === 200);
    const inFlight = results.filter((r) => r.statusCode === 202);
    expect(ok.length + inFlight.length).toBe(50);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body)).size).toBe(1);
    expect(inFlight.every((r) => r.json().code === 'REQUEST_IN_PROGRESS')).toBe(true);
    const records = await h.database.db.selectFrom('verification_records').select(['replay_of', 'charged']).where('organisation_id', '=', org.organisationId).execute();
    // One provider call: one original record; every other record is a replay of it.
    expect(records.filter((r) => r.replay_of === null)).toHaveLength(1);
    expect(records).toHaveLength(ok.length);
    // One charge for the call, and one per replay delivered (SPEC.md §3: a replay is billed again).
    const debits = await h.database.db.selectFrom('ledger_entries').select('amount_kobo').where('organisation_id', '=', org.organisationId).where('type', '=', 'DEBIT').execute();
    expect(debits).toHaveLength(ok.length);
    expect((await h.services.wallet.balance(org.organisationId)).balance).toBe(10_000 - 100 * ok.length);
  });
});
