import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { ManualClock, createOrg, describeEachBackend, fund, type Harness, type TestOrg } from '../helpers/harness.js';

const START = '2026-11-22T09:00:00.000Z';
const clock = new ManualClock(START);

/** A small JPEG-ish base64 string: the simulator and the sandbox compare by prefix only. */
const FACE = Buffer.from('a face, not really').toString('base64');
const NO_MATCH_FACE = `NOMATCH${FACE}`;

type Mode = 'test' | 'live';

/**
 * Every verification type of SPEC.md §4.1 over HTTP, with test keys (sandbox fixtures) and live keys
 * (billed, through the HTTP adapters against the registry simulator): the rules of issue 5, one by one.
 */
describeEachBackend(
  'verification types',
  (h) => {
    const post = (path: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
      h().app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', 'x-api-key': key, ...headers }, payload: JSON.stringify(body) });
    const idem = () => ({ 'idempotency-key': `k-${randomBytes(8).toString('hex')}` });
    const keyOf = (org: TestOrg, mode: Mode) => (mode === 'live' ? org.liveKey : org.testKey);
    const setup = async (options: Parameters<typeof createOrg>[1] = {}) => {
      const org = await createOrg(h().services, options);
      await fund(h().services, org.organisationId, 100_000);
      return org;
    };
    const balance = async (org: TestOrg) =>
      (await h().database.db.selectFrom('wallets').select('balance_kobo').where('organisation_id', '=', org.organisationId).executeTakeFirstOrThrow()).balance_kobo;
    const debits = async (org: TestOrg) =>
      h().database.db.selectFrom('ledger_entries').select(['amount_kobo', 'reference']).where('organisation_id', '=', org.organisationId).where('cause', '=', 'VERIFICATION').execute();
    const recordOf = async (id: string) => h().database.db.selectFrom('verification_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    for (const mode of ['test', 'live'] as const) {
      const charged = mode === 'live';

      it(`[${mode}] BVN lookup: the person at the access level, the BVN echoed; an unknown BVN is 404`, async () => {
        const org = await setup({ accessLevel: 'STANDARD' });
        const res = await post('/v1/bvn/lookup', keyOf(org, mode), { bvn: '22222222222' });
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect(data).toMatchObject({ verificationStatus: 'VERIFIED', charged, chargeAmount: charged ? 150 : 0, record: { bvn: '22222222222' } });
        expect(typeof data.record.firstName).toBe('string');
        expect(typeof data.record.enrollmentBank).toBe('string');
        expect(data.record.photo).toBeUndefined();
        const missing = await post('/v1/bvn/lookup', keyOf(org, mode), { bvn: '00000000000' });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ code: 'RECORD_NOT_FOUND', data: { verificationStatus: 'NOT_VERIFIED', charged } });
        expect(await recordOf(data.verificationId)).toMatchObject({ type: 'BVN_LOOKUP', identifier_type: 'BVN', identifier_masked: '*******2222', charged });
      });

      it(`[${mode}] NIN face match: MATCH is VERIFIED with the person; NO_MATCH is NOT_VERIFIED, billed, without a person`, async () => {
        const org = await setup();
        const body = { nin: '11111111111', enterpriseId: 'ent-1', requestReason: 'ACCOUNT_OPENING', selfieImage: FACE, livelinessImages: [FACE, FACE] };
        const match = await post('/v1/nin/face-match/lookup', keyOf(org, mode), body);
        expect(match.statusCode).toBe(200);
        expect(match.json().data).toMatchObject({ verificationStatus: 'VERIFIED', matchResult: 'MATCH', charged, record: { nin: '11111111111' } });
        expect(match.json().data.confidence).toBeGreaterThan(50);
        const noMatch = await post('/v1/nin/face-match/lookup', keyOf(org, mode), { ...body, selfieImage: NO_MATCH_FACE });
        expect(noMatch.statusCode).toBe(200);
        const data = noMatch.json().data;
        expect(data).toMatchObject({ verificationStatus: 'NOT_VERIFIED', matchResult: 'NO_MATCH', charged, chargeAmount: charged ? 200 : 0 });
        expect(data.record).toBeUndefined();
        expect(data.confidence).toBeLessThan(50);
        expect((await post('/v1/nin/face-match/lookup', keyOf(org, mode), { ...body, nin: '00000000000' })).statusCode).toBe(404);
        if (charged) expect((await debits(org)).map((d) => d.amount_kobo)).toEqual([-20_000, -20_000, -20_000]);
        const bad = await post('/v1/nin/face-match/lookup', keyOf(org, mode), { ...body, livelinessImages: [] });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['livelinessImages']);
      });

      it(`[${mode}] BVN face validation: consentGranted must be true; NO_MATCH is billed without a person`, async () => {
        const org = await setup();
        const body = { number: '22222222222', image: FACE, consentGranted: true, consentReference: 'consent-1' };
        const match = await post('/v1/bvn/face-validation', keyOf(org, mode), body);
        expect(match.statusCode).toBe(200);
        expect(match.json().data).toMatchObject({ verificationStatus: 'VERIFIED', matchResult: 'MATCH', record: { bvn: '22222222222' } });
        const noMatch = await post('/v1/bvn/face-validation', keyOf(org, mode), { ...body, image: NO_MATCH_FACE });
        expect(noMatch.json().data).toMatchObject({ verificationStatus: 'NOT_VERIFIED', matchResult: 'NO_MATCH', charged });
        expect(noMatch.json().data.record).toBeUndefined();
        const before = await balance(org);
        const noConsent = await post('/v1/bvn/face-validation', keyOf(org, mode), { ...body, consentGranted: false });
        expect(noConsent.statusCode).toBe(400);
        expect(noConsent.json().errors).toEqual([{ field: 'consentGranted', message: 'must be true: the person must consent to the check' }]);
        expect(await balance(org)).toBe(before);
      });

      it(`[${mode}] TIN verify: the federal form only; every taxpayer field present, null where not held`, async () => {
        const org = await setup();
        const company = await post('/v1/tin/verify', keyOf(org, mode), { tin: '12345678-0001' }, idem());
        expect(company.statusCode).toBe(200);
        const t = company.json().data.taxpayer;
        expect(Object.keys(t).sort()).toEqual(['address', 'cacRegNumber', 'email', 'firsTin', 'jtbTin', 'phoneNumber', 'taxOffice', 'taxpayerName']);
        expect(t.firsTin).toBe('12345678-0001');
        expect(typeof t.jtbTin).toBe('string');
        expect(typeof t.cacRegNumber).toBe('string');
        const person = await post('/v1/tin/verify', keyOf(org, mode), { tin: '12345678-0002' }, idem());
        expect(person.json().data.taxpayer).toMatchObject({ jtbTin: null, cacRegNumber: null, email: null });
        const bare = await post('/v1/tin/verify', keyOf(org, mode), { tin: '1234567890' }, idem());
        expect(bare.statusCode).toBe(400);
        expect(bare.json().errors[0].field).toBe('tin');
        const before = await balance(org);
        const missing = await post('/v1/tin/verify', keyOf(org, mode), { tin: '00000000-0000' }, idem());
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ code: 'RECORD_NOT_FOUND', data: { charged } });
        expect(await balance(org)).toBe(charged ? before - 15_000 : before);
      });

      it(`[${mode}] TIN by phone: a Nigerian mobile number, normalised; the record keeps it in E.164, masked`, async () => {
        const org = await setup();
        const res = await post('/v1/tin/by-phone', keyOf(org, mode), { phoneNumber: '+2348000000001' }, idem());
        expect(res.statusCode).toBe(200);
        expect(typeof res.json().data.taxpayer.firsTin).toBe('string');
        const rec = await recordOf(res.json().data.verificationId);
        expect(rec).toMatchObject({ identifier_type: 'PHONE', identifier_masked: '**********0001', endpoint: '/v1/tin/by-phone' });
        expect(h().cipher.decrypt(rec.identifier_ciphertext).toString()).toBe('+2348000000001');
        expect((await post('/v1/tin/by-phone', keyOf(org, mode), { phoneNumber: '08000000000' }, idem())).statusCode).toBe(404);
        expect((await post('/v1/tin/by-phone', keyOf(org, mode), { phoneNumber: '0600000000' }, idem())).statusCode).toBe(400);
      });

      it(`[${mode}] TIN validate: bare digits only; INVALID is a billed 200 NOT_VERIFIED, not a 404; country defaults to ng`, async () => {
        const org = await setup();
        const valid = await post('/v1/tin/validate', keyOf(org, mode), { tin: '1234567890' }, idem());
        expect(valid.statusCode).toBe(200);
        expect(valid.json().data).toMatchObject({ result: 'VALID', verificationStatus: 'VERIFIED', country: 'ng', charged });
        const invalid = await post('/v1/tin/validate', keyOf(org, mode), { tin: '0000000000', country: 'NG' }, idem());
        expect(invalid.statusCode).toBe(200);
        expect(invalid.json().data).toMatchObject({ result: 'INVALID', verificationStatus: 'NOT_VERIFIED', charged, chargeAmount: charged ? 100 : 0 });
        const missing = await post('/v1/tin/validate', keyOf(org, mode), { tin: '9999999999' }, idem());
        expect(missing.statusCode).toBe(404);
        expect(missing.json().code).toBe('RECORD_NOT_FOUND');
        const federal = await post('/v1/tin/validate', keyOf(org, mode), { tin: '12345678-0001' }, idem());
        expect(federal.statusCode).toBe(400);
        expect((await post('/v1/tin/validate', keyOf(org, mode), { tin: '1234567890', country: 'nga' }, idem())).statusCode).toBe(400);
        if (charged) expect((await debits(org)).map((d) => d.amount_kobo)).toEqual([-10_000, -10_000, -10_000]);
      });

      it(`[${mode}] TIN from NIN: tin, names, DD/MM/YYYY date of birth, the NIN echoed, tax residency`, async () => {
        const org = await setup();
        const res = await post('/v1/tin/from-nin', keyOf(org, mode), { nin: '11111111111' }, idem());
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect(data).toMatchObject({ verificationStatus: 'VERIFIED', nin: '11111111111', charged });
        expect(data.dateOfBirth).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        for (const f of ['tin', 'firstName', 'lastName', 'taxResidency']) expect(typeof data[f]).toBe('string');
        expect((await post('/v1/tin/from-nin', keyOf(org, mode), { nin: '00000000000' }, idem())).statusCode).toBe(404);
      });

      it(`[${mode}] CAC Basic: companyType defaults to RC, companyId is null, leading zeros are significant`, async () => {
        const org = await setup();
        const res = await post('/v1/cac/basic', keyOf(org, mode), { rcNumber: '1234567', purpose: 'KYB_ONBOARDING' }, idem());
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect(data).toMatchObject({ verificationStatus: 'VERIFIED', rcNumber: '1234567', companyType: 'RC', charged, chargeAmount: charged ? 300 : 0 });
        expect(data.company).toMatchObject({ rcNumber: '1234567', entityType: 'RC', companyId: null });
        expect(data.company).toHaveProperty('branchAddress');
        expect(data.company).toHaveProperty('emailAddress');
        expect(await recordOf(data.verificationId)).toMatchObject({ purpose: 'KYB_ONBOARDING', identifier_type: 'RC_NUMBER' });
        expect((await post('/v1/cac/basic', keyOf(org, mode), { rcNumber: '0123456', purpose: 'AML_SCREENING' }, idem())).statusCode).toBe(200);
        const before = await balance(org);
        for (const rcNumber of ['123456', '01234567', '0000000']) {
          const r = await post('/v1/cac/basic', keyOf(org, mode), { rcNumber, purpose: 'AML_SCREENING' }, idem());
          expect(r.statusCode, rcNumber).toBe(404);
          expect(r.json().data.charged).toBe(charged);
        }
        expect((await post('/v1/cac/basic', keyOf(org, mode), { rcNumber: '1234567', purpose: 'AML_SCREENING', companyType: 'BN' }, idem())).statusCode).toBe(404);
        expect(await balance(org)).toBe(charged ? before - 4 * 30_000 : before);
      });

      it(`[${mode}] CAC: purpose and companyType outside their sets, and a number sent as a number, are 400`, async () => {
        const org = await setup();
        const bad = await post('/v1/cac/basic', keyOf(org, mode), { rcNumber: 1234567, purpose: 'OTHER', companyType: 'PLC' }, idem());
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['companyType', 'purpose', 'rcNumber']);
        expect((await post('/v1/cac/advance', keyOf(org, mode), { rcNumber: '1234567' }, idem())).statusCode).toBe(400);
      });

      it(`[${mode}] CAC Advance: every matching company with matchCount; directors as recorded, secretaries included, every field present`, async () => {
        const org = await setup();
        const one = await post('/v1/cac/advance', keyOf(org, mode), { rcNumber: '1234567', purpose: 'CREDIT_ASSESSMENT' }, idem());
        expect(one.statusCode).toBe(200);
        const data = one.json().data;
        expect(data).toMatchObject({ verificationStatus: 'VERIFIED', matchCount: 1, charged, chargeAmount: charged ? 1000 : 0 });
        expect(data.companies).toHaveLength(1);
        const directors = data.companies[0].directors as Array<Record<string, unknown>>;
        expect(directors.map((d) => d.affiliateType)).toContain('SECRETARY');
        for (const d of directors) expect(Object.keys(d)).toHaveLength(23);
        expect(directors.some((d) => Object.values(d).includes(null))).toBe(true);
        expect(typeof data.companies[0].companyId).toBe('number');
        const two = await post('/v1/cac/advance', keyOf(org, mode), { rcNumber: '7654321', purpose: 'CREDIT_ASSESSMENT' }, idem());
        expect(two.json().data.matchCount).toBe(2);
        expect(two.json().data.companies).toHaveLength(2);
      });

      it(`[${mode}] enhanced phone lookup: the primary path, the fallback, and a 404; resolvedBy and the record agree; billed once`, async () => {
        const org = await setup();
        const body = (phoneNumber: string) => ({ phoneNumber, requestReason: 'ACCOUNT_OPENING' });
        const primary = await post('/v1/phone/enhanced-lookup', keyOf(org, mode), body('08000000001'));
        expect(primary.statusCode).toBe(200);
        expect(primary.json().data).toMatchObject({ verificationStatus: 'VERIFIED', resolvedBy: 'RESOLUTION_PROVIDER', record: { nin: '11111111111' }, charged });
        const fallback = await post('/v1/phone/enhanced-lookup', keyOf(org, mode), body('2348000000002'));
        expect(fallback.statusCode).toBe(200);
        expect(fallback.json().data.resolvedBy).toBe('REGISTER_PHONE_LOOKUP');
        expect(typeof fallback.json().data.record.nin).toBe('string');
        const missing = await post('/v1/phone/enhanced-lookup', keyOf(org, mode), body('08000000000'));
        expect(missing.statusCode).toBe(404);
        expect(await recordOf(primary.json().data.verificationId)).toMatchObject({ resolved_by: 'RESOLUTION_PROVIDER', identifier_type: 'PHONE', request_reason: 'ACCOUNT_OPENING' });
        expect(await recordOf(fallback.json().data.verificationId)).toMatchObject({ resolved_by: 'REGISTER_PHONE_LOOKUP' });
        if (charged) expect((await debits(org)).map((d) => d.amount_kobo)).toEqual([-25_000, -25_000, -25_000]);
      });

      it(`[${mode}] enhanced phone lookup needs the ENHANCED_PHONE_LOOKUP service`, async () => {
        const org = await setup({ services: ['NIN_LOOKUP'] });
        const res = await post('/v1/phone/enhanced-lookup', keyOf(org, mode), { phoneNumber: '08000000001', requestReason: 'ACCOUNT_OPENING' });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('SERVICE_NOT_SUBSCRIBED');
      });
    }

    it('live tax and business calls need an Idempotency-Key (422, nothing charged); test keys do not', async () => {
      const org = await setup();
      const before = await balance(org);
      for (const [path, body] of [
        ['/v1/tin/verify', { tin: '12345678-0001' }],
        ['/v1/tin/by-phone', { phoneNumber: '08000000001' }],
        ['/v1/tin/validate', { tin: '1234567890' }],
        ['/v1/tin/from-nin', { nin: '11111111111' }],
        ['/v1/cac/basic', { rcNumber: '1234567', purpose: 'KYB_ONBOARDING' }],
        ['/v1/cac/advance', { rcNumber: '1234567', purpose: 'KYB_ONBOARDING' }],
      ] as const) {
        const live = await post(path, org.liveKey, body);
        expect(live.statusCode, path).toBe(422);
        expect(live.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
        expect((await post(path, org.testKey, body)).statusCode, path).toBe(200);
      }
      expect(await balance(org)).toBe(before);
    });

    it('every upstream failure on /v1/tin/* is 503 PROVIDER_UNAVAILABLE; other families keep 502/504; nothing charged', async () => {
      const org = await setup();
      for (const scenario of ['provider_error', 'provider_timeout', 'provider_unavailable']) {
        const res = await post('/v1/tin/verify', org.testKey, { tin: '12345678-0001' }, { 'x-sandbox-scenario': scenario });
        expect(res.statusCode, scenario).toBe(503);
        expect(res.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', data: { charged: false } });
        expect(res.headers['retry-after']).toBe('2');
      }
      expect((await post('/v1/cac/basic', org.testKey, { rcNumber: '1234567', purpose: 'KYB_ONBOARDING' }, { 'x-sandbox-scenario': 'provider_timeout' })).statusCode).toBe(504);
      const before = await balance(org);
      // Live: the simulator's fault identifiers.
      const live = await post('/v1/tin/verify', org.liveKey, { tin: '99999999-9502' }, idem());
      expect(live.statusCode).toBe(503);
      expect(live.json().code).toBe('PROVIDER_UNAVAILABLE');
      const rec = await recordOf(live.json().data.verificationId);
      expect(rec).toMatchObject({ error_code: 'PROVIDER_UNAVAILABLE', http_status: 503, charged: false });
      expect(await balance(org)).toBe(before);
    });

    it('business verification passes X-Correlation-ID to the registry and echoes it', async () => {
      const org = await setup();
      const res = await post('/v1/cac/basic', org.liveKey, { rcNumber: '1234567', purpose: 'KYB_ONBOARDING' }, { ...idem(), 'x-correlation-id': 'trace-42' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-correlation-id']).toBe('trace-42');
    });

    it('CAC Advance retention: audit payload without directors, durable redacted copy, full answer replayed for 24 hours only', async () => {
      const org = await setup();
      const key = idem();
      const body = { rcNumber: '1234567', purpose: 'KYB_ONBOARDING' };
      const first = await post('/v1/cac/advance', org.liveKey, body, key);
      expect(first.statusCode).toBe(200);
      const verificationId = first.json().data.verificationId;
      const directors = first.json().data.companies[0].directors as Array<Record<string, unknown>>;
      expect(directors.some((d) => d.dateOfBirth !== null)).toBe(true);

      const stored = await h().database.db.selectFrom('verification_payloads').selectAll().where('verification_id', '=', verificationId).executeTakeFirstOrThrow();
      const audit = JSON.parse(h().cipher.decrypt(stored.audit_ciphertext).toString());
      expect(audit.companies[0]).not.toHaveProperty('directors');
      expect(audit.companies[0].rcNumber).toBe('1234567');
      const redacted = JSON.parse(h().cipher.decrypt(stored.redacted_ciphertext).toString());
      const kept = redacted.companies[0].directors as Array<Record<string, unknown>>;
      expect(kept).toHaveLength(directors.length);
      kept.forEach((d, i) => {
        for (const dropped of ['dateOfBirth', 'email', 'address', 'gender', 'nationality']) expect(d).not.toHaveProperty(dropped);
        for (const field of ['surname', 'firstName', 'otherName', 'occupation', 'city', 'state', 'lga', 'dateOfAppointment', 'numSharesAlloted', 'typeOfShares']) {
          expect(d[field]).toEqual(directors[i]![field]);
        }
        for (const masked of ['identityNumber', 'phoneNumber'] as const) {
          const full = directors[i]![masked] as string | null;
          expect(d[masked]).toBe(full === null ? null : `${'*'.repeat(full.length - 4)}${full.slice(-4)}`);
        }
      });
      // No registry field, and no director, reaches the record.
      const record = await recordOf(verificationId);
      expect(JSON.stringify(record)).not.toContain(String(directors[0]!.surname));

      // Within 24 hours the same key replays the identical answer (billed again).
      clock.advance(23 * 3_600_000);
      try {
        const replay = await post('/v1/cac/advance', org.liveKey, body, key);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body).toBe(first.body);
        // After 24 hours the full answer cannot be had: past its window, the sweeper deletes it, and the
        // key runs a new lookup.
        clock.advance(2 * 3_600_000);
        const keyHash = h().services.idempotency.scope(org.organisationId, 'live', key['idempotency-key']).keyHash;
        const held = () =>
          h().database.db.selectFrom('idempotency_requests').selectAll().where('organisation_id', '=', org.organisationId).where('key_hash', '=', keyHash).executeTakeFirstOrThrow();
        expect((await held()).expires_at!.getTime()).toBeLessThan(clock.now().getTime());
        expect(await h().services.idempotency.purgeExpired({ organisationId: org.organisationId })).toBe(1);
        await expect(held()).rejects.toThrow();
        const later = await post('/v1/cac/advance', org.liveKey, body, key);
        expect(later.statusCode).toBe(200);
        expect(later.headers['idempotent-replayed']).toBeUndefined();
        expect(later.json().data.verificationId).not.toBe(verificationId);
        const replaced = await held();
        expect((replaced.facts as { verificationId: string }).verificationId).toBe(later.json().data.verificationId);
        expect(h().cipher.decrypt(replaced.response_ciphertext!).toString()).toBe(later.body);
        // The durable copies of the first answer stay.
        expect(await h().database.db.selectFrom('verification_payloads').select('verification_id').where('verification_id', '=', verificationId).execute()).toHaveLength(1);
      } finally {
        clock.set(START);
      }
    });

    it('face images are never stored: no table holds any part of them after face calls', async () => {
      const org = await setup();
      const marker = Buffer.from(`face-marker-${randomBytes(6).toString('hex')}`).toString('base64');
      await post('/v1/nin/face-match/lookup', org.liveKey, { nin: '11111111111', enterpriseId: 'e', requestReason: 'ACCOUNT_OPENING', selfieImage: marker, livelinessImages: [marker] }, idem());
      await post('/v1/bvn/face-validation', org.testKey, { number: '22222222222', image: marker, consentGranted: true, consentReference: 'c' }, idem());
      await scanEveryTable(h(), [marker, marker.slice(4, 24)]);
      expect(h().logs.text()).not.toContain(marker.slice(4, 24));
    });
  },
  { clock },
);

/** Every text and bytea column of every table, searched for each needle (bytea as UTF-8). */
async function scanEveryTable(h: Harness, needles: string[]) {
  const { sql } = await import('kysely');
  const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(h.database.db);
  for (const { table_name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table_name)}`.execute(h.database.db);
    const text = rows.rows.map((r) => Object.values(r).map((v) => (Buffer.isBuffer(v) || v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : String(v))).join('|')).join('\n');
    for (const needle of needles) expect(text, `${table_name} holds ${needle}`).not.toContain(needle);
  }
}

const breakerClock = new ManualClock(START);

/** A dead registry is answered 503 at once through the whole pipeline, not charged, and recorded. */
describeEachBackend(
  'an open circuit breaker on a live endpoint',
  (h) => {
    it('after half of 20 calls fail, the next live call is 503 at once with the trial delay, not charged; the trial after 5 s recovers', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 100_000);
      const post = (tin: string) =>
        h().app.inject({
          method: 'POST',
          url: '/v1/tin/verify',
          headers: { 'content-type': 'application/json', 'x-api-key': org.liveKey, 'idempotency-key': `b-${randomBytes(8).toString('hex')}` },
          payload: JSON.stringify({ tin }),
        });
      for (let i = 0; i < 10; i++) expect((await post('12345678-0001')).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) expect((await post('99999999-9503')).statusCode).toBe(503);
      expect(h().providers.breakers.federalTax.snapshot().state).toBe('open');
      const hitsBefore = h().providers.breakers.federalTax.snapshot().rejected;
      const before = await h().database.db.selectFrom('wallets').select('balance_kobo').where('organisation_id', '=', org.organisationId).executeTakeFirstOrThrow();

      const fast = await post('12345678-0001');
      expect(fast.statusCode).toBe(503);
      expect(fast.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', data: { charged: false, chargeAmount: 0 } });
      expect(fast.headers['retry-after']).toBe('5');
      expect(h().providers.breakers.federalTax.snapshot().rejected).toBe(hitsBefore + 1);
      const rec = await h().database.db.selectFrom('verification_records').selectAll().where('id', '=', fast.json().data.verificationId).executeTakeFirstOrThrow();
      expect(rec).toMatchObject({ error_code: 'PROVIDER_UNAVAILABLE', http_status: 503, charged: false });
      const after = await h().database.db.selectFrom('wallets').select(['balance_kobo', 'held_kobo']).where('organisation_id', '=', org.organisationId).executeTakeFirstOrThrow();
      expect(after).toEqual({ balance_kobo: before.balance_kobo, held_kobo: 0 });
      // Other registries are not affected.
      const cac = await h().app.inject({
        method: 'POST',
        url: '/v1/cac/basic',
        headers: { 'content-type': 'application/json', 'x-api-key': org.liveKey, 'idempotency-key': 'cac-after-open' },
        payload: JSON.stringify({ rcNumber: '1234567', purpose: 'KYB_ONBOARDING' }),
      });
      expect(cac.statusCode).toBe(200);

      breakerClock.advance(5_000);
      expect((await post('12345678-0001')).statusCode).toBe(200);
      expect(h().providers.breakers.federalTax.snapshot().state).toBe('closed');
    });
  },
  { breakerClock },
);
