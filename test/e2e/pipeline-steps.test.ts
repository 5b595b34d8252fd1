import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuthenticatedKey } from '../../src/api-keys/api-keys.service.js';
import { AppError } from '../../src/platform/errors.js';
import { FIXTURE_NIN_PERSON } from '../../src/providers/fixtures.js';
import type { PersonRecord, ProviderFailureCode, ProviderOutcome, Providers } from '../../src/providers/ports.js';
import { FencedError } from '../../src/idempotency/idempotency.service.js';
import { ninLookup } from '../../src/verifications/nin.js';
import {
  admit,
  callProvider,
  claim,
  classify,
  hold,
  plainContext,
  render,
  replay,
  settle,
  verify,
  type VerifyDeps,
} from '../../src/verifications/verify.js';
import { createOrg, describeEachBackend, fund, ninBody, type Harness } from '../helpers/harness.js';

/** The NIN lookup with its provider call replaced: each test decides the outcome and counts the calls. */
function stubbedNin(outcome: () => ProviderOutcome<PersonRecord> | Promise<ProviderOutcome<PersonRecord>>) {
  const calls = { count: 0 };
  const def = {
    ...ninLookup,
    call: async () => {
      calls.count++;
      return outcome();
    },
  };
  return { def, calls };
}

const found = (): ProviderOutcome<PersonRecord> => ({ kind: 'found', referenceId: 'ref-found', value: FIXTURE_NIN_PERSON });
const notFound = (): ProviderOutcome<PersonRecord> => ({ kind: 'not_found', referenceId: 'ref-none' });
const failure = (code: ProviderFailureCode, retryAfterSeconds?: number): ProviderOutcome<PersonRecord> => ({
  kind: 'failure',
  code,
  ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
});

const NO_BILLING = { charged: false, chargeAmountKobo: 0 };
const body = { nin: '11111111111', requestReason: 'ACCOUNT_OPENING' as const };

describe('classify: every provider outcome, without HTTP or a database', () => {
  it('found is 200 with the verdict, the ids, the charge in naira and the fields of the access level', () => {
    const v = classify(ninLookup, found(), body, 'BASIC', 'ver_1', { charged: true, chargeAmountKobo: 10_050 });
    expect(v).toMatchObject({ httpStatus: 200, verificationStatus: 'VERIFIED', errorCode: null, referenceId: 'ref-found', message: 'NIN verified' });
    if (!('data' in v)) throw new Error('expected data');
    expect(v.data).toMatchObject({ verificationStatus: 'VERIFIED', verificationId: 'ver_1', referenceId: 'ref-found', charged: true, chargeAmount: 100.5 });
    expect(Object.keys(v.data).slice(0, 5)).toEqual(['verificationStatus', 'verificationId', 'referenceId', 'charged', 'chargeAmount']);
    expect((v.data.record as Record<string, unknown>).firstName).toBe(FIXTURE_NIN_PERSON.firstName);
  });

  it('not found is 404 RECORD_NOT_FOUND, NOT_VERIFIED, with the reference and the charge', () => {
    const v = classify(ninLookup, notFound(), body, 'BASIC', 'ver_2', { charged: true, chargeAmountKobo: 10_000 });
    expect(v).toMatchObject({ httpStatus: 404, verificationStatus: 'NOT_VERIFIED', errorCode: null, referenceId: 'ref-none' });
    if (!('error' in v)) throw new Error('expected an error');
    expect(v.error.code).toBe('RECORD_NOT_FOUND');
    expect(v.error.message).toBe(ninLookup.notFoundMessage);
    expect(v.error.data).toEqual({ verificationStatus: 'NOT_VERIFIED', verificationId: 'ver_2', referenceId: 'ref-none', charged: true, chargeAmount: 100 });
    expect(v.error.headers).toEqual({});
  });

  const cases: Array<[ProviderFailureCode, number | undefined, number, Record<string, string>]> = [
    ['PROVIDER_ERROR', undefined, 502, {}],
    ['PROVIDER_UNAVAILABLE', undefined, 503, { 'retry-after': '2' }],
    ['PROVIDER_UNAVAILABLE', 9, 503, { 'retry-after': '9' }],
    ['PROVIDER_TIMEOUT', undefined, 504, {}],
    ['PROVIDER_RATE_LIMITED', undefined, 429, { 'retry-after': '5' }],
    ['PROVIDER_RATE_LIMITED', 7, 429, { 'retry-after': '7' }],
    ['INTERNAL_ERROR', undefined, 500, {}],
  ];
  for (const [code, retryAfter, status, headers] of cases) {
    it(`${code}${retryAfter === undefined ? '' : ` (retry after ${retryAfter} s)`} is ${status}, not charged, with no verdict`, () => {
      const v = classify(ninLookup, failure(code, retryAfter), body, 'PREMIUM', 'ver_3', NO_BILLING);
      expect(v).toMatchObject({ httpStatus: status, verificationStatus: null, errorCode: code, referenceId: null });
      if (!('error' in v)) throw new Error('expected an error');
      expect(v.error.code).toBe(code);
      expect(v.error.statusCode).toBe(status);
      expect(v.error.data).toEqual({ verificationId: 'ver_3', charged: false, chargeAmount: 0 });
      expect(v.error.headers).toEqual(headers);
    });
  }

  it("the 'unavailable' family: every upstream failure is 503 PROVIDER_UNAVAILABLE; rate limits and our own errors keep their codes", () => {
    const tax = { ...ninLookup, failures: 'unavailable' as const };
    const mapped: Array<[ProviderFailureCode, number | undefined, string]> = [
      ['PROVIDER_ERROR', undefined, '2'],
      ['PROVIDER_TIMEOUT', undefined, '2'],
      ['PROVIDER_UNAVAILABLE', undefined, '2'],
      ['PROVIDER_UNAVAILABLE', 4, '4'],
      ['PROVIDER_ERROR', 6, '6'],
    ];
    for (const [code, retryAfter, header] of mapped) {
      const v = classify(tax, failure(code, retryAfter), body, 'BASIC', 'ver_4', NO_BILLING);
      expect(v, code).toMatchObject({ httpStatus: 503, errorCode: 'PROVIDER_UNAVAILABLE', verificationStatus: null });
      if (!('error' in v)) throw new Error('expected an error');
      expect(v.error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(v.error.message).toBe('The registry is unavailable; retry shortly');
      expect(v.error.headers).toEqual({ 'retry-after': header });
    }
    const limited = classify(tax, failure('PROVIDER_RATE_LIMITED', 3), body, 'BASIC', 'ver_5', NO_BILLING);
    expect(limited).toMatchObject({ httpStatus: 429, errorCode: 'PROVIDER_RATE_LIMITED' });
    const internal = classify(tax, failure('INTERNAL_ERROR'), body, 'BASIC', 'ver_6', NO_BILLING);
    expect(internal).toMatchObject({ httpStatus: 500, errorCode: 'INTERNAL_ERROR' });
  });

  it('render: an idempotent answer is the whole envelope as JSON; otherwise the context serialises it', () => {
    const ctx = plainContext({ requestId: 'req_1', path: '/v1/nin/raw/lookup' });
    const v = classify(ninLookup, notFound(), body, 'BASIC', 'ver_7', NO_BILLING);
    const parsed = JSON.parse(render(v, ctx, true)) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['success', 'statusCode', 'message', 'code', 'data', 'timestamp', 'path']);
    expect(parsed).toMatchObject({ success: false, statusCode: 404, code: 'RECORD_NOT_FOUND', path: '/v1/nin/raw/lookup' });
    const seen: number[] = [];
    const custom = { ...ctx, serialize: (status: number) => (seen.push(status), 'serialised') };
    expect(render(v, custom, false)).toBe('serialised');
    expect(render(classify(ninLookup, found(), body, 'BASIC', 'ver_8', NO_BILLING), custom, false)).toBe('serialised');
    expect(seen).toEqual([404, 200]);
  });
});

describeEachBackend('verification steps, without HTTP', (h) => {
  const deps = (harness: Harness): VerifyDeps => {
    const s = harness.services;
    return {
      catalogue: s.catalogue,
      records: s.records,
      settlement: s.settlement,
      idempotency: s.idempotency,
      holdTtlMs: harness.config.holdExpiryMs,
      guards: s.guards,
      ids: s.ids,
      clock: s.clock,
      // The stubbed definitions never reach a provider.
      providersFor: () => ({}) as Providers,
      logger: { error: () => undefined },
    };
  };
  const keyOf = async (raw: string): Promise<AuthenticatedKey> => {
    const { key } = await h().services.apiKeys.authenticate(raw);
    if (!key) throw new Error('key not authenticated');
    return key;
  };
  const balanceKobo = async (organisationId: string) => Math.round((await h().services.wallet.balance(organisationId)).balance * 100);
  const context = (idempotencyKey?: string) => plainContext({ requestId: h().services.ids.next('req'), path: ninLookup.path, idempotencyKey });
  const record = (id: string) => h().services.records.findRow(id);
  const drain = () => h().services.records.drain();

  it('admit refuses an unsubscribed organisation (403) and passes the rate-limit headers to the context', async () => {
    const org = await createOrg(h().services, { services: ['BVN_LOOKUP'] });
    const key = await keyOf(org.testKey);
    await expect(admit(ninLookup, deps(h()), key, body, context())).rejects.toMatchObject({ code: 'SERVICE_NOT_SUBSCRIBED', statusCode: 403 });
    const subscribed = await createOrg(h().services);
    const ctx = context();
    const call = await admit(ninLookup, deps(h()), await keyOf(subscribed.testKey), body, ctx);
    expect(call).toMatchObject({ priceKobo: 0, claim: null, body });
    expect(ctx.headers['ratelimit-limit']).toMatch(/^\d+$/);
  });

  it('a hold the wallet cannot cover is 402 and nothing is called; the key is forgotten and no record is written', async () => {
    const org = await createOrg(h().services);
    const key = await keyOf(org.liveKey);
    const { def, calls } = stubbedNin(found);
    const call = await admit(def, deps(h()), key, body, context());
    expect(call.priceKobo).toBe(10_000);
    await expect(hold(deps(h()), call)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', statusCode: 402 });

    const ctx = context('hold-402');
    await expect(verify(def, deps(h()), key, body, ctx)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', statusCode: 402 });
    expect(calls.count).toBe(0);
    await drain();
    const rows = await h().database.db.selectFrom('verification_records').select('id').where('organisation_id', '=', org.organisationId).execute();
    expect(rows).toEqual([]);
    // The key was forgotten: the same key claims afresh.
    const again = await claim(def, deps(h()), key, body, 'hold-402');
    expect(again.kind).toBe('claimed');
  });

  it('a live start in one round trip: the same new key twice at once is one hold and one conflict; a key already there holds nothing; a 402 takes its claim back', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 150);
    const s = h().services;
    const scope = s.idempotency.scope(org.organisationId, 'live', `together-${Date.now()}`);
    const fingerprint = s.idempotency.fingerprint('POST', ninLookup.path, body);
    const ttl = h().config.holdExpiryMs;
    // Submitted in one tick: one batch, one statement.
    const [a, b] = await Promise.all([
      s.settlement.claimAndHold(s.idempotency.newClaim(scope, fingerprint).row, org.organisationId, 10_000, ttl),
      s.settlement.claimAndHold(s.idempotency.newClaim(scope, fingerprint).row, org.organisationId, 10_000, ttl),
    ]);
    expect([a, b].filter((x) => x === 'conflict')).toHaveLength(1);
    const won = a === 'conflict' ? b : a;
    if (won === 'conflict') throw new Error('expected one hold');
    expect(won.amountKobo).toBe(10_000);
    const wallet = await s.wallet.balance(org.organisationId);
    expect(Math.round(wallet.availableBalance * 100)).toBe(15_000 - 10_000);
    const rows = await h().database.db.selectFrom('idempotency_requests').select(['state', 'fencing_token']).where('organisation_id', '=', org.organisationId).execute();
    expect(rows).toEqual([{ state: 'IN_FLIGHT', fencing_token: 1 }]);

    // The key is there now: a conflict, and no money moves.
    expect(await s.settlement.claimAndHold(s.idempotency.newClaim(scope, fingerprint).row, org.organisationId, 10_000, ttl)).toBe('conflict');
    expect(Math.round((await s.wallet.balance(org.organisationId)).availableBalance * 100)).toBe(5_000);

    // A new key whose price the balance cannot cover: 402, and its claim is gone with it.
    const poor = s.idempotency.scope(org.organisationId, 'live', `poor-${Date.now()}`);
    await expect(s.settlement.claimAndHold(s.idempotency.newClaim(poor, fingerprint).row, org.organisationId, 10_000, ttl)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const left = await h().database.db.selectFrom('idempotency_requests').select('key_hash').where('organisation_id', '=', org.organisationId).execute();
    expect(left.map((r) => Buffer.from(r.key_hash).toString('hex'))).toEqual([scope.keyHash.toString('hex')]);
    await s.settlement.release(won);
    expect(Math.round((await s.wallet.balance(org.organisationId)).availableBalance * 100)).toBe(15_000);
  });

  it("past the organisation's velocity a key's own answer still comes first: a stored answer is replayed; a new key is 429 and forgotten", async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 1_000);
    const key = await keyOf(org.liveKey);
    const { def, calls } = stubbedNin(found);
    const d = { ...deps(h()), guards: { ...h().services.guards, velocityLimit: 1 } };

    const first = await verify(def, d, key, body, context('velocity-1'));
    expect(first.status).toBe(200);
    const again = await verify(def, d, key, body, context('velocity-1'));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    await expect(verify(def, d, key, body, context('velocity-2'))).rejects.toMatchObject({ code: 'WALLET_VELOCITY_LIMITED', statusCode: 429 });
    expect(calls.count).toBe(1);
    // The first and its replay are billed; the 429 is not, and its key was forgotten.
    expect(await balanceKobo(org.organisationId)).toBe(100_000 - 2 * 10_000);
    expect((await claim(def, d, key, body, 'velocity-2')).kind).toBe('claimed');
  });

  it('a live answer with a key is the bytes a replay returns; the replay is billed again and has its own record, linked', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 1_000);
    const key = await keyOf(org.liveKey);
    const { def, calls } = stubbedNin(found);

    const first = await verify(def, deps(h()), key, body, context('replay-1'));
    expect(first.status).toBe(200);
    expect(first.headers).toEqual({});
    const envelope = JSON.parse(first.body) as { data: { verificationId: string; charged: boolean; chargeAmount: number } };
    expect(envelope.data).toMatchObject({ charged: true, chargeAmount: 100 });
    expect(await balanceKobo(org.organisationId)).toBe(100_000 - 10_000);

    // The claim step hands back the stored answer: the same bytes, with the facts the replay bills from.
    const c = await claim(def, deps(h()), key, body, 'replay-1');
    if (c.kind !== 'replay') throw new Error(`expected a replay, got ${c.kind}`);
    expect(c.status).toBe(200);
    expect(c.body).toBe(first.body);

    const ctx = context('replay-1');
    const again = await replay(deps(h()), key, c, ctx);
    expect(again.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const replayId = again.headers['x-verification-id']!;
    expect(replayId).not.toBe(envelope.data.verificationId);
    expect(await balanceKobo(org.organisationId)).toBe(100_000 - 20_000);
    const row = await record(replayId);
    expect(row).toMatchObject({ replay_of: envelope.data.verificationId, charged: true, charge_amount_kobo: 10_000, request_id: ctx.requestId, http_status: 200 });

    // Through verify() too: the same bytes again, billed a third time, and the provider was called once in all.
    const third = await verify(def, deps(h()), key, body, context('replay-1'));
    expect(third.body).toBe(first.body);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(calls.count).toBe(1);
    expect(await balanceKobo(org.organisationId)).toBe(100_000 - 30_000);
  });

  it('a not-found answer with a key (test key) is stored: the replay sends the same bytes, and nothing is charged', async () => {
    const org = await createOrg(h().services);
    const key = await keyOf(org.testKey);
    const { def, calls } = stubbedNin(notFound);
    const first = await verify(def, deps(h()), key, body, context('not-found-1'));
    expect(first.status).toBe(404);
    expect(JSON.parse(first.body)).toMatchObject({ success: false, code: 'RECORD_NOT_FOUND', data: { charged: false, chargeAmount: 0 } });
    const second = await verify(def, deps(h()), key, body, context('not-found-1'));
    expect(second.status).toBe(404);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(calls.count).toBe(1);
    await drain();
    expect(await record(second.headers['x-verification-id']!)).toMatchObject({ replay_of: (JSON.parse(first.body) as { data: { verificationId: string } }).data.verificationId, charged: false });
  });

  it('a provider failure is not kept: the key is forgotten, the hold released, the record says why', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 500);
    const key = await keyOf(org.liveKey);
    const { def } = stubbedNin(() => failure('PROVIDER_TIMEOUT'));
    const answer = await verify(def, deps(h()), key, body, context('failure-1'));
    expect(answer.status).toBe(504);
    const parsed = JSON.parse(answer.body) as { code: string; data: { verificationId: string; charged: boolean } };
    expect(parsed).toMatchObject({ code: 'PROVIDER_TIMEOUT', data: { charged: false } });
    expect(await h().services.wallet.balance(org.organisationId)).toMatchObject({ balance: 500, availableBalance: 500 });
    expect(await record(parsed.data.verificationId)).toMatchObject({ error_code: 'PROVIDER_TIMEOUT', http_status: 504, charged: false });
    expect((await claim(def, deps(h()), key, body, 'failure-1')).kind).toBe('claimed');
  });

  it('callProvider: a provider that throws is an INTERNAL_ERROR outcome, logged; its slot is given back', async () => {
    const org = await createOrg(h().services);
    const key = await keyOf(org.testKey);
    const logged: string[] = [];
    const d = { ...deps(h()), logger: { error: (_o: unknown, msg: string) => void logged.push(msg) } };
    const def = { ...ninLookup, call: () => Promise.reject(new Error('adapter bug')) };
    const call = await admit(def, d, key, body, context());
    for (let i = 0; i < 3; i++) expect(await callProvider(def, d, { ...call, org: { ...call.org, concurrencyLimit: 1 } }, context())).toEqual({ kind: 'failure', code: 'INTERNAL_ERROR' });
    expect(logged).toEqual(['provider call failed unexpectedly', 'provider call failed unexpectedly', 'provider call failed unexpectedly']);
  });

  it('a settlement whose claim was taken over keeps nothing (FencedError); verify() answers 202 and gives the money back', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 1_000);
    const key = await keyOf(org.liveKey);
    const d = deps(h());
    const takeOver = () =>
      h()
        .database.db.updateTable('idempotency_requests')
        .set({ fencing_token: sql<number>`fencing_token + 1` })
        .where('organisation_id', '=', org.organisationId)
        .execute();

    // The step itself: the claim is held, then another attempt takes the key over before the settlement.
    const call = await admit(ninLookup, d, key, body, context());
    const c = await claim(ninLookup, d, key, body, 'fenced-1');
    if (c.kind !== 'claimed') throw new Error('expected a claim');
    call.claim = { scope: c.scope, token: c.token };
    const held = await hold(d, call);
    expect(held).not.toBeNull();
    await takeOver();
    await expect(settle(ninLookup, d, call, context('fenced-1'), found(), held)).rejects.toBeInstanceOf(FencedError);
    await d.settlement.release(held!);
    expect(await h().services.wallet.balance(org.organisationId)).toMatchObject({ balance: 1_000, availableBalance: 1_000 });

    // Through verify(): the takeover happens while the provider is answering.
    const { def } = stubbedNin(async () => {
      await takeOver();
      return found();
    });
    const err = await verify(def, d, key, body, context('fenced-2')).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'REQUEST_IN_PROGRESS', headers: { 'retry-after': '1' } });
    expect(await h().services.wallet.balance(org.organisationId)).toMatchObject({ balance: 1_000, availableBalance: 1_000 });
    await drain();
    const rows = await h().database.db.selectFrom('verification_records').select('id').where('organisation_id', '=', org.organisationId).execute();
    expect(rows).toEqual([]);
    // The key still belongs to the attempt that took it over: not cleared.
    const row = await h().database.db.selectFrom('idempotency_requests').select('state').where('organisation_id', '=', org.organisationId).execute();
    expect(row.map((r) => r.state).sort()).toEqual(['IN_FLIGHT', 'IN_FLIGHT']);
  });
});

describeEachBackend('the HTTP adapter sends what verify() answers', (h) => {
  it("without a key the bytes come from the route's own serializers; with a key the replay bytes equal the first answer", async () => {
    const org = await createOrg(h().services);
    const send = (nin: string, headers: Record<string, string> = {}) =>
      h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup?x=1', headers: { 'x-api-key': org.testKey, ...headers }, payload: ninBody(nin) });
    const ok = await send('11111111111');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    // The response schema's order (success, statusCode, message, timestamp, path, data), as Fastify serialises it.
    expect(Object.keys(ok.json())).toEqual(['success', 'statusCode', 'message', 'timestamp', 'path', 'data']);
    expect(ok.json()).toMatchObject({ path: '/v1/nin/raw/lookup', data: { verificationStatus: 'VERIFIED' } });
    const missing = await send('00000000000');
    expect(missing.statusCode).toBe(404);
    expect(Object.keys(missing.json())).toEqual(['success', 'statusCode', 'message', 'timestamp', 'path', 'code', 'data']);

    const first = await send('00000000000', { 'idempotency-key': 'adapter-1' });
    const second = await send('00000000000', { 'idempotency-key': 'adapter-1' });
    expect(first.statusCode).toBe(404);
    expect(second.statusCode).toBe(404);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['ratelimit-limit']).toBe(first.headers['ratelimit-limit']);
  });
});
