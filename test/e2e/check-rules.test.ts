import { sql, type RawBuilder } from 'kysely';
import { expect, it } from 'vitest';
import { createOrg, describeEachBackend, fund, lookup, ninBody } from '../helpers/harness.js';

/**
 * The rules of the tables a live verification writes are one CHECK constraint per table
 * (migrations/0019_one_check_per_hot_table.sql). Every rule still refuses a row that breaks it, by
 * direct SQL, with PostgreSQL's check violation naming the table's constraint, and nothing changes.
 */
describeEachBackend('the tables a verification writes refuse every row their rules forbid', (h) => {
  /** Runs a statement that must break `constraint`, then proves the row it aimed at is as it was. */
  async function refused(statement: RawBuilder<unknown>, constraint: string) {
    const err = await statement.execute(h().database.db).then(
      () => null,
      (e: unknown) => e as { code?: string; constraint?: string; message?: string },
    );
    expect(err, `${constraint}: the statement went through`).not.toBeNull();
    expect(err!.code, err!.message).toBe('23514');
    // node-postgres gives the constraint's name as a field; PGlite's message names it.
    expect(err!.constraint ?? err!.message).toContain(constraint);
  }

  it('wallets: never overdrawn, never more held than the balance, naira only', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 100);
    const wallet = (set: RawBuilder<unknown>) => sql`UPDATE wallets SET ${set} WHERE organisation_id = ${org.organisationId}`;
    await refused(wallet(sql`balance_kobo = -1`), 'wallets_rules');
    await refused(wallet(sql`held_kobo = 10001`), 'wallets_rules');
    await refused(wallet(sql`held_kobo = -1`), 'wallets_rules');
    await refused(wallet(sql`currency = 'USD'`), 'wallets_rules');
    await refused(wallet(sql`low_balance_threshold_kobo = -1`), 'wallets_rules');
    expect(await h().services.wallet.balance(org.organisationId)).toMatchObject({ balance: 100, availableBalance: 100 });
    // A row within every rule is still written.
    await wallet(sql`held_kobo = 10000`).execute(h().database.db);
    expect(await h().services.wallet.balance(org.organisationId)).toMatchObject({ balance: 100, availableBalance: 0 });
  });

  it('the journal, holds, idempotency keys, records and events keep each of their rules', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 1_000);
    const res = await lookup(h().app, org.liveKey, ninBody(), { 'idempotency-key': 'check-rules-1' });
    expect(res.statusCode).toBe(200);
    const verificationId = res.json().data.verificationId as string;
    const db = h().database.db;

    // The journal is append-only (a trigger), so its rules are tried on new rows copied from a real entry.
    const entry = sql`FROM ledger_entries WHERE reference = ${verificationId}`;
    const copy = (type: string, amount: string, cause: string) =>
      sql`INSERT INTO ledger_entries (id, organisation_id, type, amount_kobo, balance_after_kobo, cause, operation_id, reference, description, created_at)
          SELECT id || 'x', organisation_id, ${sql.raw(type)}, ${sql.raw(amount)}, balance_after_kobo, ${sql.raw(cause)}, operation_id || 'x', reference, description, created_at ${entry}`;
    await refused(copy(`'DEBIT'`, '15000', 'cause'), 'ledger_entries_rules'); // a debit that adds money
    await refused(copy('type', '0', 'cause'), 'ledger_entries_rules');
    await refused(copy(`'REFUND'`, 'amount_kobo', 'cause'), 'ledger_entries_rules');
    await refused(copy('type', 'amount_kobo', `'GIFT'`), 'ledger_entries_rules');
    await refused(copy(`'ADJUSTMENT'`, 'amount_kobo', `'ADJUSTMENT'`), 'ledger_entries_rules'); // no reason, no admin
    await refused(
      sql`INSERT INTO ledger_entries (id, organisation_id, type, amount_kobo, balance_after_kobo, cause, operation_id, reference, description, created_at)
          SELECT id || 'y', organisation_id, type, amount_kobo, -1, cause, operation_id || 'y', reference, description, created_at ${entry}`,
      'ledger_entries_rules',
    );
    const entries = await db.selectFrom('ledger_entries').select('id').where('reference', '=', verificationId).execute();
    expect(entries).toHaveLength(1);

    const hold = sql`FROM holds WHERE organisation_id = ${org.organisationId}`;
    await refused(sql`UPDATE holds SET status = 'SPENT' WHERE id = (SELECT id ${hold} LIMIT 1)`, 'holds_rules');
    await refused(sql`UPDATE holds SET amount_kobo = 0 WHERE id = (SELECT id ${hold} LIMIT 1)`, 'holds_rules');
    expect((await db.selectFrom('holds').select(['status', 'amount_kobo']).where('organisation_id', '=', org.organisationId).execute()).map((r) => [r.status, Number(r.amount_kobo)])).toEqual([['CAPTURED', 10_000]]);

    const key = sql`WHERE organisation_id = ${org.organisationId}`;
    await refused(sql`UPDATE idempotency_requests SET response_ciphertext = NULL ${key}`, 'idempotency_requests_rules'); // stored without its answer
    await refused(sql`UPDATE idempotency_requests SET state = 'DONE' ${key}`, 'idempotency_requests_rules');
    await refused(sql`UPDATE idempotency_requests SET environment = 'prod' ${key}`, 'idempotency_requests_rules');
    const replay = await lookup(h().app, org.liveKey, ninBody(), { 'idempotency-key': 'check-rules-1' });
    expect(replay.json().data.verificationId).toBe(verificationId);

    // Records are immutable (a trigger) too: copies of the real one, each with one rule broken.
    const record = (change: Record<string, unknown>) =>
      sql`INSERT INTO verification_records
          SELECT * FROM jsonb_populate_record(NULL::verification_records,
            (SELECT to_jsonb(r) || jsonb_build_object('id', r.id || 'x') || ${JSON.stringify(change)}::jsonb FROM verification_records r WHERE id = ${verificationId}))`;
    await refused(record({ error_code: 'PROVIDER_TIMEOUT' }), 'verification_records_rules'); // a verdict and an error
    await refused(record({ verification_status: null }), 'verification_records_rules'); // neither
    await refused(record({ charged: false }), 'verification_records_rules'); // an amount not charged
    await refused(record({ charge_amount_kobo: -1 }), 'verification_records_rules');
    await refused(record({ identifier_type: 'PASSPORT' }), 'verification_records_rules');
    await refused(record({ verification_status: 'MAYBE' }), 'verification_records_rules');
    await refused(record({ resolved_by: 'GUESS' }), 'verification_records_rules');
    await refused(record({ duration_ms: -1 }), 'verification_records_rules');
    await refused(record({ environment: 'prod' }), 'verification_records_rules');
    // The copy itself, every rule kept, is written: what refused the others was the rule each broke.
    await record({}).execute(db);
    await refused(sql`UPDATE events SET environment = 'prod' WHERE organisation_id = ${org.organisationId}`, 'events_rules');

    const row = await db.selectFrom('verification_records').select(['verification_status', 'error_code', 'charged', 'charge_amount_kobo', 'environment']).where('id', '=', verificationId).executeTakeFirst();
    expect({ ...row, charge_amount_kobo: Number(row?.charge_amount_kobo) }).toEqual({ verification_status: 'VERIFIED', error_code: null, charged: true, charge_amount_kobo: 10_000, environment: 'live' });
    const events = await db.selectFrom('events').select('environment').where('organisation_id', '=', org.organisationId).execute();
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events.map((e) => e.environment))).toEqual(new Set(['live']));
  });
});
