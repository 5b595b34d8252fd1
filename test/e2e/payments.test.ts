import { expect, it } from 'vitest';
import { DEV_GATEWAY_SECRET } from '../../src/config.js';
import { gatewaySignature } from '../../src/providers/http/gateway.http.js';
import { OWNER_PASSWORD, addMember, createHarness, createOrg, describeEachBackend, latestOutbox, ownerEmailOf, signIn, type Harness, type SignedIn } from '../helpers/harness.js';

describeEachBackend('wallet funding through the payment gateway', (h, backend) => {
  const owner = async () => {
    const org = await createOrg(h().services);
    const email = await ownerEmailOf(h().services, org);
    return { org, email, session: await signIn(h().app, email, OWNER_PASSWORD) };
  };
  const initialize = (s: SignedIn, body: unknown, headers: Record<string, string> = {}) =>
    h().app.inject({ method: 'POST', url: '/v1/payments/initialize', headers: { ...s.headers, ...headers }, payload: body as object });
  const verify = (s: SignedIn, reference: string) => h().app.inject({ method: 'GET', url: `/v1/payments/verify/${reference}`, headers: s.headers });
  const webhook = (payload: object, signature?: string, from: { remoteAddress?: string; headers?: Record<string, string> } = {}) => {
    const body = JSON.stringify(payload);
    return h().app.inject({
      method: 'POST',
      url: '/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature ?? gatewaySignature(DEV_GATEWAY_SECRET, body), ...from.headers },
      payload: body,
      ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    });
  };
  const deposits = (h: Harness, orgId: string) =>
    h.database.db.selectFrom('ledger_entries').selectAll().where('organisation_id', '=', orgId).where('type', '=', 'DEPOSIT').execute();
  const success = (reference: string, amount: number) => ({ event: 'charge.success', data: { reference, status: 'success', amount, currency: 'NGN' } });

  it('initialise, pay at the gateway, verify: credited once, journalled, and the owners told', async () => {
    const { org, email, session } = await owner();
    const init = await initialize(session, { amount: 5000 });
    expect(init.statusCode).toBe(200);
    const p = init.json().data;
    expect(p).toEqual({ reference: expect.any(String), authorizationUrl: expect.stringMatching(/\/gateway\/pay\//), accessCode: expect.any(String), amount: 5000, currency: 'NGN', status: 'PENDING' });

    const before = await verify(session, p.reference);
    expect(before.json().data).toEqual({ reference: p.reference, status: 'PENDING', amount: 5000, credited: false, newBalance: null });

    expect((await fetch(p.authorizationUrl)).status).toBe(200);
    const after = await verify(session, p.reference);
    expect(after.json().data).toEqual({ reference: p.reference, status: 'SUCCESS', amount: 5000, credited: true, newBalance: 5000 });
    for (let i = 0; i < 3; i++) expect((await verify(session, p.reference)).json().data.newBalance).toBe(5000);
    expect((await webhook(success(p.reference, 500_000))).statusCode).toBe(200);

    const entries = await deposits(h(), org.organisationId);
    expect(entries.map((e) => [e.amount_kobo, e.operation_id, e.cause])).toEqual([[500_000, `pay:${p.reference}`, 'PAYMENT']]);
    expect((await h().services.wallet.balance(org.organisationId)).balance).toBe(5000);
    const mail = await latestOutbox(h().app, email, /payment received/);
    expect(mail.body).toContain('₦5,000.00');
  });

  it("the gateway's checkout page: \"Pay\" redirects (303) to the callbackUrl with the reference, and verify credits; \"Decline\" credits nothing", async () => {
    const { org, session } = await owner();
    const checkout = async (amount: number, action: 'pay' | 'decline') => {
      const p = (await initialize(session, { amount, callbackUrl: 'http://127.0.0.1:3000/wallet' })).json().data;
      const page = await fetch(p.authorizationUrl, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain(p.reference);
      expect((await verify(session, p.reference)).json().data.status).toBe('PENDING');
      const res = await fetch(p.authorizationUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `action=${action}` });
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('location')!);
      expect([back.origin + back.pathname, back.searchParams.get('reference'), back.searchParams.get('trxref')]).toEqual(['http://127.0.0.1:3000/wallet', p.reference, p.reference]);
      return (await verify(session, back.searchParams.get('reference')!)).json().data;
    };
    expect(await checkout(700, 'pay')).toEqual({ reference: expect.any(String), status: 'SUCCESS', amount: 700, credited: true, newBalance: 700 });
    expect(await checkout(800, 'decline')).toMatchObject({ status: 'FAILED', credited: false });
    expect((await h().services.wallet.balance(org.organisationId)).balance).toBe(700);
  });

  it('a callbackUrl that is not an http(s) URL is 400 on field callbackUrl', async () => {
    const { org, session } = await owner();
    for (const callbackUrl of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/', 'https://a;b.example/']) {
      const res = await initialize(session, { amount: 500, callbackUrl });
      expect(res.statusCode, callbackUrl).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('callbackUrl');
    }
    expect(await h().database.db.selectFrom('payments').select('id').where('organisation_id', '=', org.organisationId).execute()).toEqual([]);
  });

  it('verify and webhook raced 20 times: credited once', async () => {
    const { org, session } = await owner();
    const p = (await initialize(session, { amount: 1234.5 })).json().data;
    await fetch(p.authorizationUrl);
    const racers = Array.from({ length: 20 }, (_, i) => (i % 2 ? verify(session, p.reference) : webhook(success(p.reference, 123_450))));
    const results = await Promise.all(racers);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await deposits(h(), org.organisationId)).length).toBe(1);
    expect((await h().services.wallet.balance(org.organisationId)).balance).toBe(1234.5);
  });

  it('a webhook without a valid signature is 401 and credits nothing', async () => {
    const { org, session } = await owner();
    const p = (await initialize(session, { amount: 200 })).json().data;
    const forged = await webhook(success(p.reference, 20_000), 'ab'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect((await webhook(success(p.reference, 20_000), 'not-hex')).statusCode).toBe(401);
    expect(await deposits(h(), org.organisationId)).toEqual([]);
    // The signed one credits.
    expect((await webhook(success(p.reference, 20_000))).statusCode).toBe(200);
    expect((await h().services.wallet.balance(org.organisationId)).balance).toBe(200);
  });

  it("a webhook signed with the simulator's public secret is refused from another machine or through a proxy: nothing credited", async () => {
    const { org, session } = await owner();
    const p = (await initialize(session, { amount: 250 })).json().data;
    const forged = success(p.reference, 25_000);
    const from: Array<{ remoteAddress?: string; headers?: Record<string, string> }> = [
      { remoteAddress: '203.0.113.50' },
      { remoteAddress: '::ffff:10.1.2.3' },
      { headers: { 'x-forwarded-for': '127.0.0.1' } },
      { headers: { forwarded: 'for=127.0.0.1' } },
    ];
    for (const client of from) {
      const res = await webhook(forged, undefined, client);
      expect([res.statusCode, res.json()]).toEqual([
        403,
        {
          success: false,
          statusCode: 403,
          code: 'FORBIDDEN',
          message: "A webhook signed with the simulator's public secret is accepted only from this machine",
          timestamp: expect.any(String),
          path: '/v1/payments/webhook',
        },
      ]);
    }
    expect(await deposits(h(), org.organisationId)).toEqual([]);
    expect((await h().services.wallet.balance(org.organisationId)).balance).toBe(0);
    const row = await h().database.db.selectFrom('payments').select(['status', 'credited_at']).where('reference', '=', p.reference).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'PENDING', credited_at: null });
    expect(h().logs.text()).toMatch(/signed with the simulator's public secret came from another machine and was refused/);
    // A bad signature from elsewhere is still just invalid (401); the same webhook from this machine credits.
    expect((await webhook(forged, 'ab'.repeat(64), { remoteAddress: '203.0.113.50' })).statusCode).toBe(401);
    expect((await webhook(forged)).statusCode).toBe(200);
    expect((await h().services.wallet.balance(org.organisationId)).balance).toBe(250);
  });

  it('a failed payment is not credited; a paid amount that differs from the one initialised is held for review', async () => {
    const { org, session } = await owner();
    const failed = (await initialize(session, { amount: 300 })).json().data;
    await fetch(`${failed.authorizationUrl}?outcome=failed`);
    expect((await verify(session, failed.reference)).json().data).toMatchObject({ status: 'FAILED', credited: false });

    const odd = (await initialize(session, { amount: 400 })).json().data;
    expect((await webhook(success(odd.reference, 4_000))).statusCode).toBe(200);
    expect((await webhook({ ...success(odd.reference, 40_000), data: { ...success(odd.reference, 40_000).data, currency: 'USD' } })).statusCode).toBe(200);
    const row = await h().database.db.selectFrom('payments').selectAll().where('reference', '=', odd.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ credited_at: null, review_reason: 'AMOUNT_OR_CURRENCY_MISMATCH' });
    expect(await deposits(h(), org.organisationId)).toEqual([]);
  });

  it('validates, limits who may fund, and keeps payments inside their organisation', async () => {
    const { org, session } = await owner();
    expect((await initialize(session, { amount: 99.99 })).statusCode).toBe(400);
    expect((await initialize(session, { amount: 100.001 })).json().errors[0].field).toBe('amount');
    expect((await initialize(session, { amount: '500' })).statusCode).toBe(400);
    const dev = await addMember(h().services, org, 'DEVELOPER');
    const devSession = await signIn(h().app, dev.email, dev.password);
    expect((await initialize(devSession, { amount: 500 })).statusCode).toBe(403);
    const p = (await initialize(session, { amount: 500 })).json().data;
    const other = await owner();
    expect((await verify(other.session, p.reference)).statusCode).toBe(404);
    expect((await verify(session, 'idv_unknown')).statusCode).toBe(404);
  });

  it('an unreachable gateway is 503 PROVIDER_UNAVAILABLE, and nothing is recorded', async () => {
    const { org, session } = await owner();
    const p = (await initialize(session, { amount: 500 })).json().data;
    // The same storage, served by a process whose PAYMENT_GATEWAY_URL leads nowhere.
    const dead = await createHarness(backend, { database: h().database, settings: { paymentGatewayUrl: 'http://127.0.0.1:1/gateway' } });
    try {
      const init = await dead.app.inject({ method: 'POST', url: '/v1/payments/initialize', headers: session.headers, payload: { amount: 600 } });
      expect(init.statusCode).toBe(503);
      expect(init.json().code).toBe('PROVIDER_UNAVAILABLE');
      const v = await dead.app.inject({ method: 'GET', url: `/v1/payments/verify/${p.reference}`, headers: session.headers });
      expect(v.statusCode).toBe(503);
      const rows = await h().database.db.selectFrom('payments').select('amount_kobo').where('organisation_id', '=', org.organisationId).execute();
      expect(rows).toEqual([{ amount_kobo: 50_000 }]);
    } finally {
      await dead.app.close();
    }
  });

  it('an Idempotency-Key on initialise returns the same payment', async () => {
    const { session } = await owner();
    const key = `fund-${Date.now()}`;
    const first = await initialize(session, { amount: 700 }, { 'idempotency-key': key });
    const again = await initialize(session, { amount: 700 }, { 'idempotency-key': key });
    expect(again.json().data).toEqual(first.json().data);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await initialize(session, { amount: 800 }, { 'idempotency-key': key })).statusCode).toBe(409);
  });

  it('a replayed initialisation is the first answer byte for byte; another body is 409; a duplicate in flight is 202', async () => {
    const { org, session } = await owner();
    const key = `fund-bytes-${org.organisationId}`;
    const first = await initialize(session, { amount: 900 }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await initialize(session, { amount: 900 }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    const other = await initialize(session, { amount: 901 }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    const payments = await h().database.db.selectFrom('payments').select(['reference', 'amount_kobo']).where('organisation_id', '=', org.organisationId).execute();
    expect(payments).toEqual([{ reference: first.json().data.reference, amount_kobo: 90_000 }]);

    // Another attempt holds a second key (as a request still at the gateway would): its duplicate is told 202.
    const idempotency = h().services.idempotency;
    const busyKey = `${key}-busy`;
    const scope = idempotency.scope(org.organisationId, 'live', busyKey, 'payments.initialize');
    const claim = await idempotency.claim(scope, idempotency.fingerprint('POST', '/v1/payments/initialize', { amount: 950 }));
    expect(claim.kind).toBe('claimed');
    const during = await initialize(session, { amount: 950 }, { 'idempotency-key': busyKey });
    expect(during.statusCode).toBe(202);
    expect(during.json()).toMatchObject({ success: false, statusCode: 202, code: 'REQUEST_IN_PROGRESS' });
    expect(during.headers['retry-after']).toBe('1');
    expect(await h().database.db.selectFrom('payments').select('id').where('organisation_id', '=', org.organisationId).execute()).toHaveLength(1);
  });
});
