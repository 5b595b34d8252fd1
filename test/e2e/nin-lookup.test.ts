import { describe, expect, it } from 'vitest';
import { FIXTURE_NIN_PERSON, FIXTURE_PHOTO } from '../../src/providers/fixtures.js';
import { createOrg, describeEachBackend, lookup, ninBody, type Harness } from '../helpers/harness.js';

async function recordsOf(h: Harness, organisationId: string) {
  return h.database.db
    .selectFrom('verification_records')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

describeEachBackend('POST /v1/nin/raw/lookup with a test key', (h) => {
  describe('validation', () => {
    const badNins: Array<[string, unknown]> = [
      ['a number', 11111111111],
      ['ten digits', '1111111111'],
      ['twelve digits', '111111111111'],
      ['letters', '1111111111a'],
      ['spaces', '11111 111111'],
      ['an empty string', ''],
      ['null', null],
      ['an array', ['11111111111']],
    ];
    for (const [label, nin] of badNins) {
      it(`rejects a NIN that is ${label} with a field error on nin`, async () => {
        const org = await createOrg(h().services);
        const res = await lookup(h().app, org.testKey, { nin, requestReason: 'ACCOUNT_OPENING' });
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR' });
        expect(body.errors).toEqual([{ field: 'nin', message: 'must be a string of exactly 11 digits' }]);
      });
    }

    it('rejects a missing nin', async () => {
      const org = await createOrg(h().services);
      const res = await lookup(h().app, org.testKey, { requestReason: 'ACCOUNT_OPENING' });
      expect(res.json().errors).toEqual([{ field: 'nin', message: 'is required' }]);
    });

    const badReasons: Array<[string, unknown]> = [
      ['not listed', 'BECAUSE'],
      ['lower-case', 'account_opening'],
      ['a number', 1],
      ['empty', ''],
    ];
    for (const [label, requestReason] of badReasons) {
      it(`rejects a requestReason that is ${label}`, async () => {
        const org = await createOrg(h().services);
        const res = await lookup(h().app, org.testKey, { nin: '11111111111', requestReason });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([
          { field: 'requestReason', message: 'must be one of the codes listed by GET /v1/nin/request-reasons' },
        ]);
      });
    }

    it('rejects a missing requestReason', async () => {
      const org = await createOrg(h().services);
      const res = await lookup(h().app, org.testKey, { nin: '11111111111' });
      expect(res.json().errors).toEqual([{ field: 'requestReason', message: 'is required' }]);
    });

    it('rejects an unknown field rather than dropping it, and reports every error at once', async () => {
      const org = await createOrg(h().services);
      const res = await lookup(h().app, org.testKey, { nin: '1', requestReason: 'NOPE', consent: true });
      expect(res.statusCode).toBe(400);
      const fields = res.json().errors.map((e: { field: string }) => e.field).sort();
      expect(fields).toEqual(['consent', 'nin', 'requestReason']);
    });

    it('rejects an unknown X-Sandbox-Scenario on a test key', async () => {
      const org = await createOrg(h().services);
      const res = await lookup(h().app, org.testKey, ninBody(), { 'x-sandbox-scenario': 'meteor_strike' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'X-Sandbox-Scenario', message: expect.stringContaining('provider_unavailable') },
      ]);
    });

    it('rejects an unprintable X-Correlation-ID and echoes a good one', async () => {
      const org = await createOrg(h().services);
      const bad = await lookup(h().app, org.testKey, ninBody(), { 'x-correlation-id': 'x'.repeat(129) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('X-Correlation-ID');
      const good = await lookup(h().app, org.testKey, ninBody(), { 'x-correlation-id': 'onboarding-42' });
      expect(good.statusCode).toBe(200);
      expect(good.headers['x-correlation-id']).toBe('onboarding-42');
    });

    it('writes no record for a request refused before the provider stage', async () => {
      const org = await createOrg(h().services);
      await lookup(h().app, org.testKey, ninBody('123'));
      await lookup(h().app, org.testKey, ninBody(), { 'x-sandbox-scenario': 'bogus' });
      await lookup(h().app, null);
      expect(await recordsOf(h(), org.organisationId)).toEqual([]);
    });
  });

  describe('subscription', () => {
    it('is 403 SERVICE_NOT_SUBSCRIBED when the service is not provisioned, and writes no record', async () => {
      const org = await createOrg(h().services, { services: ['BVN_LOOKUP'] });
      const res = await lookup(h().app, org.testKey);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_NOT_SUBSCRIBED' });
      expect(await recordsOf(h(), org.organisationId)).toEqual([]);
    });

    it('is 403 while the service is suspended, and works again once it is active', async () => {
      const org = await createOrg(h().services, { services: ['NIN_LOOKUP'], status: 'SUSPENDED' });
      const res = await lookup(h().app, org.testKey);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SERVICE_NOT_SUBSCRIBED');
      await h().services.catalogue.provision({ organisationId: org.organisationId, service: 'NIN_LOOKUP', status: 'ACTIVE' });
      expect((await lookup(h().app, org.testKey)).statusCode).toBe(200);
      await h().services.catalogue.provision({ organisationId: org.organisationId, service: 'NIN_LOOKUP', status: 'SUSPENDED' });
      expect((await lookup(h().app, org.testKey)).statusCode).toBe(403);
    });
  });

  describe('live keys', () => {
    it('an empty wallet is 402 before any provider call: no record, nothing held', async () => {
      const org = await createOrg(h().services);
      const res = await lookup(h().app, org.liveKey, ninBody(), { 'x-sandbox-scenario': 'not-a-scenario' });
      // The sandbox header is ignored on a live key, so the wallet (not a 400) is what answers.
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_BALANCE' });
      expect(await recordsOf(h(), org.organisationId)).toEqual([]);
      expect(await h().services.wallet.balance(org.organisationId)).toEqual({ balance: 0, availableBalance: 0, currency: 'NGN', lowBalanceThreshold: 0 });
    });
  });

  describe('fixtures and access levels', () => {
    const basic = ['firstName', 'middleName', 'lastName', 'dateOfBirth', 'gender', 'nin'];
    const standard = [...basic, 'phoneNumber', 'email', 'address', 'stateOfOrigin', 'lgaOfOrigin', 'nationality'];
    const premium = [...standard, 'photo'];
    for (const [level, fields] of [['BASIC', basic], ['STANDARD', standard], ['PREMIUM', premium]] as const) {
      it(`returns the ${level} fields for NIN 11111111111`, async () => {
        const org = await createOrg(h().services, { accessLevel: level });
        const res = await lookup(h().app, org.testKey);
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect(data).toMatchObject({ verificationStatus: 'VERIFIED', charged: false, chargeAmount: 0 });
        expect(data.verificationId).toMatch(/^ver_[0-9a-z]{26}$/);
        expect(data.referenceId).toMatch(/^sbx_/);
        expect(Object.keys(data.record).sort()).toEqual([...fields].sort());
        expect(data.record.nin).toBe('11111111111');
        expect(data.record.firstName).toBe(FIXTURE_NIN_PERSON.firstName);
        expect(data.record.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (level === 'PREMIUM') expect(data.record.photo).toBe(FIXTURE_PHOTO);
      });
    }

    it('switching the access level changes the fields of the next lookup', async () => {
      const org = await createOrg(h().services, { accessLevel: 'BASIC' });
      expect((await lookup(h().app, org.testKey)).json().data.record.email).toBeUndefined();
      await h().services.catalogue.setAccessLevel(org.organisationId, 'STANDARD');
      expect((await lookup(h().app, org.testKey)).json().data.record.email).toBe(FIXTURE_NIN_PERSON.email);
    });

    for (const nin of ['00000000000', '12345678901']) {
      it(`answers NIN ${nin} with 404 RECORD_NOT_FOUND and the verification data`, async () => {
        const org = await createOrg(h().services);
        const res = await lookup(h().app, org.testKey, ninBody(nin));
        expect(res.statusCode).toBe(404);
        const body = res.json();
        expect(body).toMatchObject({ success: false, statusCode: 404, code: 'RECORD_NOT_FOUND' });
        expect(body.data).toEqual({
          verificationStatus: 'NOT_VERIFIED',
          verificationId: expect.stringMatching(/^ver_/),
          referenceId: expect.stringMatching(/^sbx_/),
          charged: false,
          chargeAmount: 0,
        });
      });
    }
  });

  describe('X-Sandbox-Scenario', () => {
    const cases = [
      ['provider_unavailable', 503, 'PROVIDER_UNAVAILABLE'],
      ['provider_timeout', 504, 'PROVIDER_TIMEOUT'],
      ['provider_error', 502, 'PROVIDER_ERROR'],
      ['provider_rate_limited', 429, 'PROVIDER_RATE_LIMITED'],
    ] as const;
    for (const [scenario, status, code] of cases) {
      it(`${scenario} answers ${status} ${code} and records the failure`, async () => {
        const org = await createOrg(h().services);
        const res = await lookup(h().app, org.testKey, ninBody(), { 'x-sandbox-scenario': scenario });
        expect(res.statusCode).toBe(status);
        const body = res.json();
        expect(body).toMatchObject({ success: false, statusCode: status, code });
        expect(body.data).toEqual({ verificationId: expect.stringMatching(/^ver_/), charged: false, chargeAmount: 0 });
        if (status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        const [record] = await recordsOf(h(), org.organisationId);
        expect(record).toMatchObject({
          id: body.data.verificationId,
          http_status: status,
          error_code: code,
          verification_status: null,
          reference_id: null,
          charged: false,
        });
      });
    }

    it('slow delays the answer and then answers normally', async () => {
      const org = await createOrg(h().services);
      const started = Date.now();
      const res = await lookup(h().app, org.testKey, ninBody(), { 'x-sandbox-scenario': 'slow' });
      expect(res.statusCode).toBe(200);
      // The harness sets the delay to 50 ms; a lower bound only, never a timing threshold.
      expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    });
  });

  describe('verification records', () => {
    it('writes one record per call that reached the provider, with the identifier masked and encrypted', async () => {
      const org = await createOrg(h().services);
      const ok = await lookup(h().app, org.testKey, ninBody('11111111111', 'LOAN_APPLICATION'));
      const missing = await lookup(h().app, org.testKey, ninBody('00000000000'));
      const records = await recordsOf(h(), org.organisationId);
      expect(records).toHaveLength(2);
      const [first, second] = records;
      expect(first).toMatchObject({
        id: ok.json().data.verificationId,
        organisation_id: org.organisationId,
        type: 'NIN_LOOKUP',
        endpoint: '/v1/nin/raw/lookup',
        environment: 'test',
        verification_status: 'VERIFIED',
        error_code: null,
        http_status: 200,
        charged: false,
        charge_amount_kobo: 0,
        reference_id: ok.json().data.referenceId,
        identifier_type: 'NIN',
        identifier_masked: '*******1111',
        request_reason: 'LOAN_APPLICATION',
        purpose: null,
        api_key_id: org.testKeyId,
        request_id: ok.headers['x-request-id'],
        replay_of: null,
      });
      expect(first!.duration_ms).toBeGreaterThanOrEqual(0);
      expect(second).toMatchObject({ id: missing.json().data.verificationId, verification_status: 'NOT_VERIFIED', http_status: 404, identifier_masked: '*******0000' });

      // No clear NIN anywhere in the row: not in text columns, not inside the bytes.
      for (const row of records) {
        const nin = row.id === first!.id ? '11111111111' : '00000000000';
        for (const [column, value] of Object.entries(row)) {
          const text = value instanceof Uint8Array ? Buffer.from(value).toString('latin1') + Buffer.from(value).toString('hex') : String(value);
          expect(text, column).not.toContain(nin);
        }
        expect(h().cipher.decrypt(row.identifier_ciphertext).toString()).toBe(nin);
        expect(Buffer.from(row.identifier_hash).equals(h().cipher.keyedHash('identifier:NIN', nin))).toBe(true);
      }
    });

    it('records are immutable', async () => {
      const org = await createOrg(h().services);
      await lookup(h().app, org.testKey);
      const [record] = await recordsOf(h(), org.organisationId);
      await expect(
        h().database.db.updateTable('verification_records').set({ http_status: 500 }).where('id', '=', record!.id).execute(),
      ).rejects.toThrow(/immutable/);
    });

    it('commits the records of concurrent requests and answers each only after its own is stored', async () => {
      const org = await createOrg(h().services);
      const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => lookup(h().app, org.testKey, ninBody(i % 2 ? '11111111111' : '00000000000'))));
      const ids = responses.map((r) => r.json().data.verificationId as string).sort();
      const stored = (await recordsOf(h(), org.organisationId)).map((r) => r.id).sort();
      expect(stored).toEqual(ids);
    });
  });
});
