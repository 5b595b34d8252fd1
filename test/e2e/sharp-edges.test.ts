import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FaceComparison, ProviderOutcome, Providers } from '../../src/providers/ports.js';
import { base64Of } from '../../src/verifications/common.js';
import { bvnFaceValidation, ninFaceMatch } from '../../src/verifications/face.js';
import { normaliseRcNumber } from '../../src/verifications/cac.js';
import { ninLookup } from '../../src/verifications/nin.js';
import { admit, hold, plainContext, type VerifyDeps } from '../../src/verifications/verify.js';
import {
  createOrg,
  describeEachBackend,
  fund,
  lookup,
  ninBody,
  ownerEmailOf,
  OWNER_PASSWORD,
  signIn,
  type TestOrg,
} from '../helpers/harness.js';

/**
 * Issue 11, item 8: the small sharp edges a first integrator cuts themselves on. A bodiless request sent
 * with a JSON content type, an API key sent as a bearer token, a 402 that says how much, a 202 that says
 * what to do, a data-URL image, and a CAC number with its RC prefix.
 */

const FACE = Buffer.from('a face, not really').toString('base64');
const idem = () => ({ 'idempotency-key': `k-${randomBytes(8).toString('hex')}` });

describe('the data URL prefix of a face image (no HTTP)', () => {
  it('base64Of strips a data:image/…;base64, prefix and leaves bare base64 as it is', () => {
    expect(base64Of(`data:image/jpeg;base64,${FACE}`)).toBe(FACE);
    expect(base64Of(`data:image/svg+xml;base64,${FACE}`)).toBe(FACE);
    expect(base64Of(FACE)).toBe(FACE);
  });

  it('the face definitions hand the provider bare base64, for every image field', async () => {
    const seen: unknown[] = [];
    const answer = async (q: unknown): Promise<ProviderOutcome<FaceComparison>> => (seen.push(q), { kind: 'not_found', referenceId: 'r' });
    const providers = { identity: { faceMatch: answer }, bvn: { faceValidation: answer } } as unknown as Providers;
    const ctx = { requestId: 'req_1', correlationId: undefined, scenario: undefined };
    const url = (b64: string) => `data:image/png;base64,${b64}`;
    await ninFaceMatch.call(
      providers,
      { nin: '11111111111', enterpriseId: 'e', requestReason: 'ACCOUNT_OPENING', selfieImage: url(FACE), livelinessImages: [url('QUJD'), 'REVG'] },
      ctx,
    );
    await bvnFaceValidation.call(providers, { number: '22222222222', image: url(FACE), consentGranted: true, consentReference: 'c' }, ctx);
    expect(seen).toEqual([
      { nin: '11111111111', selfieImage: FACE, livelinessImages: ['QUJD', 'REVG'] },
      { bvn: '22222222222', image: FACE },
    ]);
  });
});

describe('the RC prefix of a CAC number (no HTTP)', () => {
  it('is stripped when it names the company type asked for, leading zeros kept; anything else is left as sent', () => {
    expect(normaliseRcNumber('RC1234567')).toBe('1234567');
    expect(normaliseRcNumber('rc-0123456', 'RC')).toBe('0123456');
    expect(normaliseRcNumber('RC 1234567', 'RC')).toBe('1234567');
    expect(normaliseRcNumber('BN1234567', 'BN')).toBe('1234567');
    expect(normaliseRcNumber('IT1234567', 'IT')).toBe('1234567');
    expect(normaliseRcNumber('1234567')).toBe('1234567');
    expect(normaliseRcNumber('RC12A4567')).toBe('RC12A4567');
    expect(normaliseRcNumber('RC1234567', 'LP')).toBe('RC1234567');
  });
});

describeEachBackend('sharp edges of a first integration', (h) => {
  const db = () => h().database.db;
  const post = (path: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
    h().app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', 'x-api-key': key, ...headers }, payload: JSON.stringify(body) });
  const records = (orgId: string) => db().selectFrom('verification_records').selectAll().where('organisation_id', '=', orgId).execute();
  const wallet = (orgId: string) =>
    db().selectFrom('wallets').select(['balance_kobo', 'held_kobo']).where('organisation_id', '=', orgId).executeTakeFirstOrThrow();
  const owner = async (org: TestOrg) => signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);

  describe('a bodiless request with content-type: application/json and an empty body', () => {
    const JSON_EMPTY = { 'content-type': 'application/json', 'content-length': '0' };

    it('DELETE of a session is accepted and revokes it', async () => {
      const org = await createOrg(h().services);
      const me = await owner(org);
      const other = await owner(org);
      const res = await h().app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${other.sessionId}`, headers: { ...me.headers, ...JSON_EMPTY }, payload: '' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { id: other.sessionId, revoked: true } });
      const after = await h().app.inject({ method: 'GET', url: '/v1/auth/me', headers: other.headers });
      expect(after.statusCode).toBe(401);
    });

    it('a POST whose route takes no body (logout) and a GET are accepted', async () => {
      const org = await createOrg(h().services);
      const me = await owner(org);
      const who = await h().app.inject({ method: 'GET', url: '/v1/auth/me', headers: { ...me.headers, ...JSON_EMPTY }, payload: '' });
      expect(who.statusCode).toBe(200);
      expect(who.json().data.organisation.id).toBe(org.organisationId);
      const out = await h().app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { ...me.headers, ...JSON_EMPTY }, payload: '' });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({ success: true, data: { sessionId: me.sessionId, revoked: true } });
      expect((await h().app.inject({ method: 'GET', url: '/v1/auth/me', headers: me.headers })).statusCode).toBe(401);
    });

    it('a non-empty body that is not JSON is still 400, and changes nothing', async () => {
      const org = await createOrg(h().services);
      const me = await owner(org);
      const other = await owner(org);
      const res = await h().app.inject({
        method: 'DELETE', url: `/v1/auth/sessions/${other.sessionId}`, headers: { ...me.headers, 'content-type': 'application/json' }, payload: '{"oops"',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'body', message: 'is not valid JSON' }] });
      expect((await h().app.inject({ method: 'GET', url: '/v1/auth/me', headers: other.headers })).statusCode).toBe(200);
    });

    it('a route that takes a body answers 400 on the body when it is empty, with or without the content type, and records nothing', async () => {
      const org = await createOrg(h().services);
      const withType = await lookup(h().app, org.testKey, '');
      expect(withType.statusCode).toBe(400);
      expect(withType.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'The request body is empty; this endpoint takes a JSON object',
        errors: [{ field: 'body', message: 'is required: this endpoint takes a JSON object' }],
      });
      const without = await h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'x-api-key': org.testKey } });
      expect(without.statusCode).toBe(400);
      expect(without.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'body', message: 'must be a JSON object' }] });
      await h().services.records.drain();
      expect(await records(org.organisationId)).toEqual([]);
    });
  });

  describe('an API key sent as Authorization: Bearer', () => {
    const POINTS_TO_HEADER = /API keys go in the x-api-key header/;

    it('on a verification: 401 saying the key goes in x-api-key, never echoing it, and nothing recorded', async () => {
      const org = await createOrg(h().services);
      for (const authorization of [`Bearer ${org.testKey}`, `bearer ${org.liveKey}`, org.testKey]) {
        const res = await h().app.inject({
          method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'content-type': 'application/json', authorization }, payload: JSON.stringify(ninBody()),
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
        expect(res.json().message).toMatch(POINTS_TO_HEADER);
        expect(res.body).not.toContain(org.testKey.slice(8));
        expect(res.body).not.toContain(org.liveKey.slice(8));
      }
      await h().services.records.drain();
      expect(await records(org.organisationId)).toEqual([]);
      expect(h().logs.text()).not.toContain(org.testKey.slice(8));
    });

    it('beside a valid x-api-key, the Authorization header is ignored', async () => {
      const org = await createOrg(h().services);
      const res = await lookup(h().app, org.testKey, ninBody(), { authorization: `Bearer ${org.testKey}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ verificationStatus: 'VERIFIED', record: { nin: '11111111111' } });
    });

    it('on discovery: the same 401; a real bearer token still works there', async () => {
      const org = await createOrg(h().services);
      const res = await h().app.inject({ method: 'GET', url: '/v1/services', headers: { authorization: `Bearer ${org.testKey}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(res.json().message).toMatch(POINTS_TO_HEADER);
      expect(res.body).not.toContain(org.testKey.slice(8));
      const me = await owner(org);
      const ok = await h().app.inject({ method: 'GET', url: '/v1/services', headers: me.headers });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.map((s: { code: string }) => s.code)).toContain('NIN_LOOKUP');
    });

    it('on a session route: 401 saying it takes a sign-in token and that API keys go in x-api-key', async () => {
      const org = await createOrg(h().services);
      const res = await h().app.inject({ method: 'GET', url: '/v1/api-keys', headers: { authorization: `Bearer ${org.liveKey}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(res.json().message).toMatch(/bearer access token from sign-in/);
      expect(res.json().message).toMatch(/API keys go in the x-api-key header/);
      expect(res.body).not.toContain(org.liveKey.slice(8));
    });
  });

  describe('402 INSUFFICIENT_BALANCE', () => {
    it('says the price and the available balance, and carries them in data; nothing is held, charged or recorded', async () => {
      const org = await createOrg(h().services, { accessLevel: 'STANDARD' });
      await fund(h().services, org.organisationId, 20);
      const res = await lookup(h().app, org.liveKey, ninBody());
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'INSUFFICIENT_BALANCE',
        data: { price: 150, availableBalance: 20, currency: 'NGN' },
      });
      expect(res.json().message).toMatch(/^This verification costs ₦150\.00; the available balance is ₦20\.00\. Fund the wallet/);
      expect(await wallet(org.organisationId)).toEqual({ balance_kobo: 2_000, held_kobo: 0 });
      await h().services.records.drain();
      expect(await records(org.organisationId)).toEqual([]);
    });

    it('hold(): the 402 quotes the available balance (the balance less what other checks hold), from the wallet it is given', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 150);
      const s = h().services;
      const deps: VerifyDeps = {
        catalogue: s.catalogue, records: s.records, settlement: s.settlement, idempotency: s.idempotency, holdTtlMs: h().config.holdExpiryMs,
        guards: s.guards, ids: s.ids, clock: s.clock, providersFor: () => ({}) as Providers, logger: { error: () => undefined }, wallet: s.wallet,
      };
      const { key } = await s.apiKeys.authenticate(org.liveKey);
      const ctx = plainContext({ requestId: s.ids.next('req'), path: ninLookup.path });
      const call = await admit(ninLookup, deps, key, { nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }, ctx);
      const first = await hold(deps, call);
      expect(first).toMatchObject({ amountKobo: 10_000 });
      await expect(hold(deps, call)).rejects.toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
        statusCode: 402,
        message: expect.stringMatching(/^This verification costs ₦100\.00; the available balance is ₦50\.00\. Fund the wallet/),
        data: { price: 100, availableBalance: 50, currency: 'NGN' },
      });
      await s.settlement.release(first!);
      expect(await wallet(org.organisationId)).toEqual({ balance_kobo: 15_000, held_kobo: 0 });
    });

    it('a live replay the wallet cannot cover says what the replay costs and what is available', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 100);
      const key = idem();
      const first = await lookup(h().app, org.liveKey, ninBody(), key);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ charged: true, chargeAmount: 100 });
      const again = await lookup(h().app, org.liveKey, ninBody(), key);
      expect(again.statusCode).toBe(402);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', data: { price: 100, availableBalance: 0, currency: 'NGN' } });
      expect(again.json().message).toMatch(/₦100\.00; the available balance is ₦0\.00/);
      expect(await wallet(org.organisationId)).toEqual({ balance_kobo: 0, held_kobo: 0 });
    });
  });

  describe('202 REQUEST_IN_PROGRESS', () => {
    const TELLS_WHAT_TO_DO = /retry the same request with the same Idempotency-Key after Retry-After \(1 s\)/;

    it('on a verification: says to retry with the same key after Retry-After, which is 1', async () => {
      const org = await createOrg(h().services);
      const key = idem()['idempotency-key'];
      const idempotency = h().services.idempotency;
      // Another attempt holds the key, as a request still at the registry would.
      const held = await idempotency.claim(idempotency.scope(org.organisationId, 'test', key), idempotency.fingerprint('POST', '/v1/nin/raw/lookup', ninBody()));
      expect(held.kind).toBe('claimed');
      const during = await lookup(h().app, org.testKey, ninBody(), { 'idempotency-key': key });
      expect(during.statusCode).toBe(202);
      expect(during.json()).toMatchObject({ success: false, statusCode: 202, code: 'REQUEST_IN_PROGRESS' });
      expect(during.json().message).toMatch(TELLS_WHAT_TO_DO);
      expect(during.headers['retry-after']).toBe('1');
      await h().services.records.drain();
      expect(await records(org.organisationId)).toEqual([]);
    });

    it('on an account route (payments/initialize): the same message from the same mechanism', async () => {
      const org = await createOrg(h().services);
      const me = await owner(org);
      const key = idem()['idempotency-key'];
      const idempotency = h().services.idempotency;
      const scope = idempotency.scope(org.organisationId, 'live', key, 'payments.initialize');
      expect((await idempotency.claim(scope, idempotency.fingerprint('POST', '/v1/payments/initialize', { amount: 500 }))).kind).toBe('claimed');
      const during = await h().app.inject({ method: 'POST', url: '/v1/payments/initialize', headers: { ...me.headers, 'idempotency-key': key }, payload: { amount: 500 } });
      expect(during.statusCode).toBe(202);
      expect(during.json()).toMatchObject({ success: false, code: 'REQUEST_IN_PROGRESS' });
      expect(during.json().message).toMatch(TELLS_WHAT_TO_DO);
      expect(during.headers['retry-after']).toBe('1');
      expect(await db().selectFrom('payments').select('id').where('organisation_id', '=', org.organisationId).execute()).toEqual([]);
    });
  });

  describe('a face image sent as a data URL', () => {
    const dataUrl = (b64: string, type = 'jpeg') => `data:image/${type};base64,${b64}`;

    for (const mode of ['test', 'live'] as const) {
      it(`[${mode}] is accepted on every image field of both face endpoints; NOMATCH behind the prefix still means NO_MATCH`, async () => {
        const org = await createOrg(h().services);
        await fund(h().services, org.organisationId, 10_000);
        const key = mode === 'live' ? org.liveKey : org.testKey;
        const nin = (selfieImage: string) => ({
          nin: '11111111111', enterpriseId: 'ent-1', requestReason: 'ACCOUNT_OPENING', selfieImage, livelinessImages: [dataUrl(FACE, 'png'), FACE],
        });
        const match = await post('/v1/nin/face-match/lookup', key, nin(dataUrl(FACE)));
        expect(match.statusCode).toBe(200);
        expect(match.json().data).toMatchObject({ verificationStatus: 'VERIFIED', matchResult: 'MATCH', record: { nin: '11111111111' } });
        const noMatch = await post('/v1/nin/face-match/lookup', key, nin(dataUrl(`NOMATCH${FACE}`)));
        expect(noMatch.statusCode).toBe(200);
        expect(noMatch.json().data).toMatchObject({ verificationStatus: 'NOT_VERIFIED', matchResult: 'NO_MATCH' });
        const bvn = await post('/v1/bvn/face-validation', key, { number: '22222222222', image: dataUrl(FACE), consentGranted: true, consentReference: 'consent-1' });
        expect(bvn.statusCode).toBe(200);
        expect(bvn.json().data).toMatchObject({ verificationStatus: 'VERIFIED', matchResult: 'MATCH', record: { bvn: '22222222222' } });
      });
    }

    it('a data URL that is not an image, or not base64, is 400 on the field, saying what is accepted', async () => {
      const org = await createOrg(h().services);
      for (const selfieImage of [`data:text/plain;base64,${FACE}`, `data:image/jpeg,${FACE}`]) {
        const res = await post('/v1/nin/face-match/lookup', org.testKey, {
          nin: '11111111111', enterpriseId: 'ent-1', requestReason: 'ACCOUNT_OPENING', selfieImage, livelinessImages: [FACE],
        });
        expect(res.statusCode, selfieImage).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'selfieImage', message: 'must be a base64-encoded image, bare or as a data:image/…;base64, data URL' }]);
      }
    });
  });

  describe('a CAC number with its company-type prefix', () => {
    const identifierOf = (row: { identifier_ciphertext: Uint8Array }) => h().cipher.decrypt(Buffer.from(row.identifier_ciphertext)).toString('utf8');

    for (const mode of ['test', 'live'] as const) {
      it(`[${mode}] RC1234567 (as the tax registry writes cacRegNumber) finds company 1234567; the answer and the record hold the bare number`, async () => {
        const org = await createOrg(h().services);
        await fund(h().services, org.organisationId, 10_000);
        const key = mode === 'live' ? org.liveKey : org.testKey;
        const basic = await post('/v1/cac/basic', key, { rcNumber: 'RC1234567', purpose: 'KYB_ONBOARDING' }, idem());
        expect(basic.statusCode).toBe(200);
        expect(basic.json().data).toMatchObject({ verificationStatus: 'VERIFIED', rcNumber: '1234567', companyType: 'RC', company: { rcNumber: '1234567' } });
        const advance = await post('/v1/cac/advance', key, { rcNumber: 'rc-0123456', companyType: 'RC', purpose: 'AML_SCREENING' }, idem());
        expect(advance.statusCode).toBe(200);
        expect(advance.json().data.companies[0]).toMatchObject({ rcNumber: '0123456' });
        await h().services.records.drain();
        const rows = await records(org.organisationId);
        expect(rows.map(identifierOf).sort()).toEqual(['0123456', '1234567']);
        expect(rows.every((r) => r.http_status === 200)).toBe(true);
      });

      it(`[${mode}] a prefix naming another company type is 400 with the fix on rcNumber: not charged, nothing recorded`, async () => {
        const org = await createOrg(h().services);
        await fund(h().services, org.organisationId, 10_000);
        const key = mode === 'live' ? org.liveKey : org.testKey;
        const cases = [
          [{ rcNumber: 'BN1234567' }, 'RC'],
          [{ rcNumber: 'IT1234567' }, 'RC'],
          [{ rcNumber: 'RC1234567', companyType: 'BN' }, 'BN'],
          [{ rcNumber: 'rc1234567', companyType: 'IT' }, 'IT'],
          [{ rcNumber: 'RC1234567', companyType: 'LLP' }, 'LLP'],
        ] as const;
        for (const [fields, type] of cases) {
          const res = await post('/v1/cac/basic', key, { ...fields, purpose: 'KYB_ONBOARDING' }, idem());
          expect(res.statusCode, JSON.stringify(fields)).toBe(400);
          expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
          const onNumber = (res.json().errors as Array<{ field: string; message: string }>).find((e) => e.field === 'rcNumber');
          expect(onNumber?.message).toMatch(new RegExp(`prefix, which does not match companyType ${type}.*send the companyType the prefix names`));
        }
        expect(await wallet(org.organisationId)).toEqual({ balance_kobo: 1_000_000, held_kobo: 0 });
        await h().services.records.drain();
        expect(await records(org.organisationId)).toEqual([]);
      });
    }
  });
});
