import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { recordsPageQuery } from '../../src/records/records.repository.js';
import type { RecordFilters } from '../../src/records/filters.js';
import { OWNER_PASSWORD, createOrg, describeEachBackend, ownerEmailOf, signIn } from '../helpers/harness.js';
import { explain } from '../helpers/plan.js';

/**
 * A records list filtered by the rarer statuses (NOT_VERIFIED, FAILED) walks the partial index that
 * holds only those (migrations/0023), not every record of the organisation: a page of a status one
 * record in a thousand once read 50,000 records. And the lists and the export estimate still answer
 * exactly what the filter asks.
 */
describeEachBackend('records filtered by a rare status: the partial index, and the same answers', (h) => {
  it('pages of NOT_VERIFIED, FAILED or both walk the index; VERIFIED and no filter are unchanged', async () => {
    const db = h().database.db;
    const org = await createOrg(h().services, { services: [] });
    const other = await createOrg(h().services, { services: [] });
    // 10,000 records, one in 250 NOT_VERIFIED and one in 250 FAILED (40 each), newest last; and another
    // organisation's FAILED records, which no answer may show.
    const seed = (organisationId: string, keyId: string, tag: string, n: number, failedEvery: number) => sql`
      INSERT INTO verification_records
        (id, organisation_id, type, endpoint, environment, verification_status, error_code, http_status, charged, charge_amount_kobo,
         reference_id, identifier_type, identifier_ciphertext, identifier_hash, identifier_masked, api_key_id, request_id, duration_ms, created_at)
      SELECT 'ver_' || ${tag} || lpad(i::text, 6, '0'), ${organisationId}, 'NIN_LOOKUP', '/v1/nin/raw/lookup', 'live',
             CASE WHEN i % ${failedEvery} = 7 THEN 'NOT_VERIFIED' WHEN i % ${failedEvery} = 9 THEN NULL ELSE 'VERIFIED' END,
             CASE WHEN i % ${failedEvery} = 9 THEN 'PROVIDER_UNAVAILABLE' END,
             200, i % ${failedEvery} <> 9, CASE WHEN i % ${failedEvery} <> 9 THEN 10000 ELSE 0 END, NULL, 'NIN', '\\x00'::bytea,
             decode(md5(${tag} || i::text), 'hex'), '*', ${keyId}, 'req_' || ${tag} || i, 5,
             timestamptz '2026-01-01' + (i / 2) * interval '1 second'
      FROM generate_series(1, ${n}) AS i`;
    await seed(org.organisationId, org.liveKeyId, 'plan', 10_000, 250).execute(db);
    await seed(other.organisationId, other.liveKeyId, 'othr', 500, 10).execute(db);
    await sql`ANALYZE verification_records`.execute(db);

    const filters = (status?: RecordFilters['status']): RecordFilters => ({ environment: 'live', ...(status ? { status } : {}) });
    const cursor = { createdAt: new Date('2026-01-01T01:00:00Z'), id: 'ver_plan007207' };
    for (const status of [['FAILED'], ['NOT_VERIFIED'], ['NOT_VERIFIED', 'FAILED']] as const) {
      for (const after of [null, cursor]) {
        const text = await explain(db, recordsPageQuery(db, org.organisationId, filters([...status]), 25, after).compile());
        expect(text, `${status.join(',')} ${after ? 'after a cursor' : 'first page'}`).toMatch(/Index Scan Backward using verification_records_unverified_idx/);
      }
    }
    for (const status of [['VERIFIED'], ['VERIFIED', 'FAILED'], undefined] as const) {
      const text = await explain(db, recordsPageQuery(db, org.organisationId, filters(status && [...status]), 25, null).compile());
      expect(text).not.toMatch(/verification_records_unverified_idx/);
    }
  });

  it('answers what the filter asks: every page, the cursors, the other organisation kept out, the estimate', async () => {
    const db = h().database.db;
    const org = await createOrg(h().services, { services: [] });
    const other = await createOrg(h().services, { services: [] });
    for (const [owner, keyId, tag] of [[org.organisationId, org.liveKeyId, 'ans'], [other.organisationId, other.liveKeyId, 'oth']] as const) await sql`
      INSERT INTO verification_records
        (id, organisation_id, type, endpoint, environment, verification_status, error_code, http_status, charged, charge_amount_kobo,
         reference_id, identifier_type, identifier_ciphertext, identifier_hash, identifier_masked, api_key_id, request_id, duration_ms, created_at)
      SELECT 'ver_' || ${tag} || lpad(i::text, 5, '0'), ${owner}, 'NIN_LOOKUP', '/v1/nin/raw/lookup', CASE WHEN i % 7 = 0 THEN 'test' ELSE 'live' END,
             CASE WHEN i % 50 = 7 THEN 'NOT_VERIFIED' WHEN i % 50 = 9 THEN NULL ELSE 'VERIFIED' END,
             CASE WHEN i % 50 = 9 THEN 'PROVIDER_UNAVAILABLE' END,
             200, false, 0, NULL, 'NIN', '\\x00'::bytea, decode(md5(${tag} || i::text), 'hex'), '*', ${keyId}, 'req_' || ${tag} || i, 5,
             timestamptz '2026-01-01' + (i / 3) * interval '1 second'
      FROM generate_series(1, 3000) AS i`.execute(db);
    const who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    const all = (await db.selectFrom('verification_records').select(['id', 'created_at', 'verification_status', 'environment']).where('organisation_id', '=', org.organisationId).execute())
      .filter((r) => r.environment === 'live')
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1));
    const walk = async (status: string) => {
      const seen: Array<{ id: string; verificationStatus: string | null }> = [];
      let cursor = '';
      for (;;) {
        const res = await h().app.inject({ method: 'GET', url: `/v1/verifications?environment=live&status=${status}&limit=7${cursor}`, headers: who.headers });
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data as { items: Array<{ id: string; verificationStatus: string | null }>; nextCursor: string | null };
        seen.push(...data.items);
        if (!data.nextCursor) return seen;
        cursor = `&cursor=${encodeURIComponent(data.nextCursor)}`;
      }
    };
    const want = (statuses: Array<string | null>) => all.filter((r) => statuses.includes(r.verification_status)).map((r) => r.id);
    const failed = await walk('FAILED');
    expect(failed.map((r) => r.id)).toEqual(want([null]));
    expect(failed.every((r) => r.verificationStatus === null)).toBe(true);
    expect(failed.length).toBeGreaterThan(40);
    expect((await walk('NOT_VERIFIED')).map((r) => r.id)).toEqual(want(['NOT_VERIFIED']));
    expect((await walk('FAILED,NOT_VERIFIED')).map((r) => r.id)).toEqual(want([null, 'NOT_VERIFIED']));
    expect((await walk('VERIFIED')).map((r) => r.id)).toEqual(want(['VERIFIED']));

    const estimate = await h().app.inject({ method: 'GET', url: '/v1/verifications/export-estimate?environment=live&status=FAILED,NOT_VERIFIED', headers: who.headers });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json().data.rowCount).toBe(want([null, 'NOT_VERIFIED']).length);
  });
});
