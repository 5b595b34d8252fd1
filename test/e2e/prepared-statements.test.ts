import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { createDataCipher } from '../../src/platform/crypto.js';
import type { DB, VerificationRecordsTable } from '../../src/platform/schema.js';
import { createRecordWriter, insertRecordsWithEventsQuery, toRecordRow } from '../../src/records/records.repository.js';
import { createOrg, describeEachBackend } from '../helpers/harness.js';

/**
 * The records of a batch go to the database as one array per column in one constant statement, which
 * PostgreSQL prepares once per connection (src/platform/postgres.ts preparedSql). What a value holds
 * must come back exactly, whatever an array literal would make of it, and the statement must really be
 * prepared rather than parsed and planned per batch.
 */
describeEachBackend('records batch: one prepared statement, every value back as written', (h, backend) => {
  const cipher = createDataCipher(Buffer.alloc(32, 7));
  let n = 0;
  const row = (org: { organisationId: string; testKeyId: string }, text: string, overrides: Partial<Insertable<VerificationRecordsTable>> = {}) => ({
    ...toRecordRow(cipher, {
      id: `ver_prep_${Date.now()}_${++n}`,
      organisationId: org.organisationId,
      type: 'NIN_LOOKUP',
      endpoint: '/v1/nin/raw/lookup',
      environment: 'test',
      verificationStatus: 'VERIFIED',
      errorCode: null,
      httpStatus: 200,
      charged: false,
      chargeAmountKobo: 0,
      referenceId: text,
      identifierType: 'NIN',
      identifier: '12345678901',
      purpose: text,
      requestReason: 'ACCOUNT_OPENING',
      apiKeyId: org.testKeyId,
      requestId: `req_${text}`,
      durationMs: 12.6,
      replayOf: null,
      createdAt: new Date(Date.UTC(2026, 10, 28, 9, 30, 15, 123 + n)),
    }),
    ...overrides,
  });

  // What an array literal would mangle unless every element is escaped: quotes, backslashes, braces,
  // commas, the word NULL, blanks, an empty string, non-ASCII, an escape's look-alike, a long value.
  const AWKWARD = ['say "hi"', 'back\\slash \\"', '{a,b}', 'NULL', 'null', ' padded ', '', 'Ọlá — ₦5,000 🇳🇬', 'x'.repeat(5000), "it's", '\\u0041 \\n'];

  it('writes a batch whose values are awkward, each record and event exactly as given, events only where given', async () => {
    const db = h().database.db as Kysely<DB>;
    const org = await createOrg(h().services, { services: [] });
    const writer = createRecordWriter({ db, cipher });
    const rows = AWKWARD.map((t) => row(org, t));
    rows.push(row(org, 'failed', { verification_status: null, error_code: 'PROVIDER_TIMEOUT', http_status: 504, reference_id: null, purpose: null, resolved_by: null }));
    // Submitted together, so they share batches; every third without an event.
    await Promise.all(rows.map((r, i) => writer.write(r, i % 3 === 2 ? null : { id: `evt_${r.id}`, type: 'verification.completed', body: `{"v":${JSON.stringify(r.purpose)}}` })));

    const stored = await db.selectFrom('verification_records').selectAll().where('organisation_id', '=', org.organisationId).orderBy('created_at').execute();
    expect(stored).toHaveLength(rows.length);
    rows.forEach((r, i) => {
      const s = stored[i]!;
      expect(s.id).toBe(r.id);
      expect(s.reference_id).toBe(r.reference_id);
      expect(s.purpose).toBe(r.purpose);
      expect(s.request_id).toBe(r.request_id);
      expect(s.verification_status).toBe(r.verification_status);
      expect(s.error_code).toBe(r.error_code);
      expect(Number(s.http_status)).toBe(r.http_status);
      expect(s.charged).toBe(false);
      expect(Number(s.charge_amount_kobo)).toBe(0);
      expect(Number(s.duration_ms)).toBe(13);
      expect(Buffer.from(s.identifier_ciphertext as Uint8Array).equals(r.identifier_ciphertext as Buffer)).toBe(true);
      expect(Buffer.from(s.identifier_hash as Uint8Array).equals(r.identifier_hash as Buffer)).toBe(true);
      expect(cipher.decrypt(Buffer.from(s.identifier_ciphertext as Uint8Array)).toString()).toBe('12345678901');
      expect(new Date(s.created_at as Date).toISOString()).toBe((r.created_at as Date).toISOString());
    });

    const events = await db.selectFrom('events').selectAll().where('organisation_id', '=', org.organisationId).where('type', '=', 'verification.completed').orderBy('created_at').execute();
    const expected = rows.filter((_, i) => i % 3 !== 2);
    expect(events.map((e) => e.id)).toEqual(expected.map((r) => `evt_${r.id}`));
    events.forEach((e, i) => {
      const r = expected[i]!;
      expect(e.type).toBe('verification.completed');
      expect(e.environment).toBe('test');
      expect(e.body).toBe(`{"v":${JSON.stringify(r.purpose)}}`);
      expect(new Date(e.created_at as Date).toISOString()).toBe((r.created_at as Date).toISOString());
    });
  });

  it('a batch that breaks a rule writes nothing of itself, neither records nor events', async () => {
    const db = h().database.db as Kysely<DB>;
    const org = await createOrg(h().services, { services: [] });
    const good = row(org, 'good');
    const bad = row(org, 'bad', { api_key_id: 'key_missing' });
    await expect(db.executeQuery(insertRecordsWithEventsQuery([{ row: good, event: { id: `evt_${good.id}`, type: 'verification.completed', body: '{}' } }, { row: bad, event: null }]))).rejects.toThrow();
    expect(await db.selectFrom('verification_records').select('id').where('organisation_id', '=', org.organisationId).execute()).toEqual([]);
    expect(await db.selectFrom('events').select('id').where('organisation_id', '=', org.organisationId).where('type', '=', 'verification.completed').execute()).toEqual([]);
  });

  if (backend.name === 'postgres') {
    it('is prepared once per connection and then only executed, batch after batch of any size', async () => {
      const db = h().database.db as Kysely<DB>;
      const org = await createOrg(h().services, { services: [] });
      const query = (size: number) => insertRecordsWithEventsQuery(Array.from({ length: size }, () => ({ row: row(org, 'prep'), event: null })));
      const { before, after } = await db.connection().execute(async (conn) => {
        const read = async () =>
          (
            await conn.executeQuery<{ name: string; statement: string; executions: string | number }>(
              CompiledQuery.raw(`SELECT name, statement, generic_plans + custom_plans AS executions FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO verification_records%'`),
            )
          ).rows;
        // This connection may have written records before (it is the pool's): count from here.
        await conn.executeQuery(query(2));
        const before = await read();
        for (const size of [1, 3, 8]) await conn.executeQuery(query(size));
        return { before, after: await read() };
      });
      expect(after).toHaveLength(1);
      expect(after[0]!.name).toMatch(/^idv_\d+$/);
      expect(after[0]!.statement).toBe(query(1).sql);
      expect(after[0]!.name).toBe(before[0]!.name);
      expect(Number(after[0]!.executions) - Number(before[0]!.executions)).toBe(3);
      const count = await db.selectFrom('verification_records').select((eb) => eb.fn.countAll<string>().as('n')).where('organisation_id', '=', org.organisationId).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(14);
    });
  }
});
