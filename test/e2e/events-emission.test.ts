import { expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { FencedError } from '../../src/idempotency/idempotency.service.js';
import type { Hold, Settlement } from '../../src/verifications/settlement.js';
import {
  ManualClock,
  OWNER_PASSWORD,
  createOrg,
  describeEachBackend,
  fund,
  lookup,
  ninBody,
  ownerEmailOf,
  signIn,
  type SignedIn,
  type TestOrg,
} from '../helpers/harness.js';

/**
 * Each event type of DESIGN.md §11.2 raised by its real cause, with its exact data: the body as
 * stored is compared, byte for byte, with the API's own views of the same change.
 */
describeEachBackend('events raised by their changes (DESIGN.md §11.2)', (h) => {
  const owner = async (org: TestOrg): Promise<SignedIn> => signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
  const get = (who: SignedIn, url: string) => h().app.inject({ method: 'GET', url, headers: who.headers });
  /** The organisation's stored events of a type, oldest first, as rows. */
  const stored = (org: TestOrg, type: string) =>
    h().database.db.selectFrom('events').selectAll().where('organisation_id', '=', org.organisationId).where('type', '=', type).orderBy('created_at').orderBy('id').execute();
  /** Checks a stored row against GET /v1/events/{id} and returns the parsed event. */
  const readBack = async (who: SignedIn, row: { id: string; body: string; type: string; environment: string; created_at: Date }) => {
    const res = await get(who, `/v1/events/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json().data)).toBe(row.body);
    const event = JSON.parse(row.body) as { id: string; type: string; createdAt: string; environment: string; data: Record<string, unknown> };
    expect(Object.keys(event)).toEqual(['id', 'type', 'createdAt', 'environment', 'data']);
    expect(event).toMatchObject({ id: row.id, type: row.type, environment: row.environment, createdAt: new Date(row.created_at).toISOString() });
    return event;
  };
  const recordOf = async (who: SignedIn, id: string) => {
    const res = await get(who, `/v1/verifications/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>;
  };

  it('verification.completed: one per record, live and test, replays included, data exactly the record view', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 1000);
    const who = await owner(org);
    const live = await lookup(h().app, org.liveKey, ninBody(), { 'idempotency-key': `ev-live-${randomBytes(4).toString('hex')}` });
    expect(live.statusCode).toBe(200);
    const plainTest = await lookup(h().app, org.testKey, ninBody());
    const key = `ev-test-${randomBytes(4).toString('hex')}`;
    const first = await lookup(h().app, org.testKey, ninBody(), { 'idempotency-key': key });
    const replay = await lookup(h().app, org.testKey, ninBody(), { 'idempotency-key': key });
    expect(replay.body).toBe(first.body);
    const records = await h().database.db.selectFrom('verification_records').select(['id', 'environment', 'replay_of']).where('organisation_id', '=', org.organisationId).execute();
    expect(records).toHaveLength(4);
    const events = await stored(org, 'verification.completed');
    expect(events).toHaveLength(4);
    const byRecord = new Map<string, Record<string, unknown>>();
    for (const row of events) {
      const event = await readBack(who, row);
      const view = await recordOf(who, event.data.id as string);
      // The record view exactly as GET /v1/verifications/{id} shows it, bytes included.
      expect(JSON.stringify(event.data)).toBe(JSON.stringify(view));
      expect(event.environment).toBe(view.environment);
      expect(event.createdAt).toBe(view.createdAt);
      byRecord.set(view.id as string, view);
    }
    expect([...byRecord.keys()].sort()).toEqual(records.map((r) => r.id).sort());
    expect(byRecord.get(live.json().data.verificationId)).toMatchObject({ environment: 'live', charged: true, chargeAmount: 100 });
    expect(byRecord.get(plainTest.json().data.verificationId)).toMatchObject({ environment: 'test', charged: false });
    const replays = [...byRecord.values()].filter((v) => v.replayOf !== null);
    expect(replays).toHaveLength(1);
    expect(replays[0]).toMatchObject({ environment: 'test', replayOf: first.json().data.verificationId });
    // Listed by environment: three test, one live.
    expect((await get(who, '/v1/events?type=verification.completed&environment=test')).json().data.items).toHaveLength(3);
    expect((await get(who, '/v1/events?type=verification.completed')).json().data.items).toHaveLength(1);
  });

  it('wallet.low_balance: a capture crossing the threshold, in its transaction, with the wallet as it then stood', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 1000);
    const who = await owner(org);
    const set = await h().app.inject({ method: 'POST', url: '/v1/wallet/low-balance-threshold', headers: who.headers, payload: { threshold: 950.5 } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await lookup(h().app, org.liveKey, ninBody())).statusCode).toBe(200);
    // A second debit below the threshold crosses nothing.
    expect((await lookup(h().app, org.liveKey, ninBody())).statusCode).toBe(200);
    const events = await stored(org, 'wallet.low_balance');
    expect(events).toHaveLength(1);
    const event = await readBack(who, events[0]!);
    expect(event.environment).toBe('live');
    expect(event.data).toEqual({ balance: 900, availableBalance: 900, threshold: 950.5, currency: 'NGN' });
    const entries = await h().database.db.selectFrom('ledger_entries').select(['created_at', 'balance_after_kobo']).where('organisation_id', '=', org.organisationId).where('cause', '=', 'VERIFICATION').orderBy('created_at').execute();
    expect(event.createdAt).toBe(new Date(entries[0]!.created_at).toISOString());
    const balance = (await get(who, '/v1/wallet/balance')).json().data;
    expect(balance).toMatchObject({ balance: 800, lowBalanceThreshold: 950.5 });
  });

  it('wallet.low_balance and wallet.funded through adjustments; a debit the balance cannot cover raises nothing', async () => {
    const org = await createOrg(h().services);
    const who = await owner(org);
    await fund(h().services, org.organisationId, 500.25);
    const funded = await stored(org, 'wallet.funded');
    expect(funded).toHaveLength(1);
    const event = await readBack(who, funded[0]!);
    const txns = (await get(who, '/v1/payments/transactions?limit=1')).json().data.items;
    expect(event.data).toEqual({ transactionId: txns[0].id, reference: txns[0].reference, source: 'ADJUSTMENT', amount: 500.25, currency: 'NGN', newBalance: 500.25 });
    expect(event.createdAt).toBe(txns[0].createdAt);
    expect(event.environment).toBe('live');
    expect((await h().app.inject({ method: 'POST', url: '/v1/wallet/low-balance-threshold', headers: who.headers, payload: { threshold: 300 } })).statusCode).toBe(200);
    const admin = await h().services.accounts.createPlatformAdmin({ email: `adm-${randomBytes(5).toString('hex')}@example.com`, password: OWNER_PASSWORD });
    // Too large a debit: refused, nothing written.
    await expect(h().services.adjustments.adjust({ organisationId: org.organisationId, amountKobo: -60_000, reason: 'too much', adminId: admin.userId })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await stored(org, 'wallet.low_balance')).toHaveLength(0);
    await h().services.adjustments.adjust({ organisationId: org.organisationId, amountKobo: -25_000, reason: 'clawback', adminId: admin.userId });
    const low = await stored(org, 'wallet.low_balance');
    expect(low).toHaveLength(1);
    expect((await readBack(who, low[0]!)).data).toEqual({ balance: 250.25, availableBalance: 250.25, threshold: 300, currency: 'NGN' });
    // A negative adjustment funds nothing.
    expect(await stored(org, 'wallet.funded')).toHaveLength(1);
  });

  it('wallet.funded from a payment credited once', async () => {
    const org = await createOrg(h().services);
    const who = await owner(org);
    const init = await h().app.inject({ method: 'POST', url: '/v1/payments/initialize', headers: who.headers, payload: { amount: 1234.5 } });
    expect(init.statusCode, init.body).toBe(200);
    const p = init.json().data;
    expect((await fetch(p.authorizationUrl)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get(who, `/v1/payments/verify/${p.reference}`)).json().data.credited).toBe(true);
    const funded = await stored(org, 'wallet.funded');
    expect(funded).toHaveLength(1);
    const event = await readBack(who, funded[0]!);
    const txns = (await get(who, '/v1/payments/transactions?limit=1')).json().data.items;
    expect(event.data).toEqual({ transactionId: txns[0].id, reference: p.reference, source: 'PAYMENT', amount: 1234.5, currency: 'NGN', newBalance: 1234.5 });
  });

  it('api_key.created and api_key.revoked: the listing view plus who did it (null without a user, as from the CLI)', async () => {
    const org = await createOrg(h().services);
    const who = await owner(org);
    const res = await h().app.inject({ method: 'POST', url: '/v1/api-keys', headers: who.headers, payload: { name: 'events key', type: 'live' } });
    expect(res.statusCode, res.body).toBe(201);
    const keyId = res.json().data.key?.id ?? res.json().data.id;
    const created = await stored(org, 'api_key.created');
    // Two keys made by the services (createOrg, the CLI's path) and one over HTTP.
    expect(created).toHaveLength(3);
    const listing = (await get(who, '/v1/api-keys')).json().data as Array<Record<string, unknown>>;
    for (const row of created) {
      const event = await readBack(who, row);
      const { createdBy, ...view } = event.data;
      expect(view).toEqual(listing.find((k) => k.id === view.id));
      expect(createdBy).toBe(view.id === keyId ? org.ownerId : null);
    }
    const revoke = await h().app.inject({ method: 'DELETE', url: `/v1/api-keys/${keyId}`, headers: who.headers });
    expect(revoke.statusCode, revoke.body).toBe(200);
    // Revoking again changes nothing and raises nothing.
    await h().app.inject({ method: 'DELETE', url: `/v1/api-keys/${keyId}`, headers: who.headers });
    const revoked = await stored(org, 'api_key.revoked');
    expect(revoked).toHaveLength(1);
    const event = await readBack(who, revoked[0]!);
    const after = ((await get(who, '/v1/api-keys')).json().data as Array<Record<string, unknown>>).find((k) => k.id === keyId)!;
    expect(event.data).toEqual({ ...after, revokedBy: org.ownerId });
    expect(after.revokedAt).toBe(event.createdAt);
  });

  it('auth.new_session: a member signing in; a platform admin raises none', async () => {
    const org = await createOrg(h().services);
    const before = await stored(org, 'auth.new_session');
    expect(before).toHaveLength(0);
    const who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD, { 'user-agent': 'events-test/1.0' });
    const rows = await stored(org, 'auth.new_session');
    expect(rows).toHaveLength(1);
    const event = await readBack(who, rows[0]!);
    const sessions = (await get(who, '/v1/auth/sessions')).json().data as Array<Record<string, unknown>>;
    const session = sessions.find((s) => s.id === who.sessionId)!;
    expect(event.data).toEqual({ sessionId: who.sessionId, userId: org.ownerId, userAgent: 'events-test/1.0', ip: '127.0.0.1', createdAt: session.createdAt });
    expect(event.createdAt).toBe(session.createdAt);
    const email = `pa-${randomBytes(5).toString('hex')}@example.com`;
    const admin = await h().services.accounts.createPlatformAdmin({ email, password: OWNER_PASSWORD });
    const count = async () => Number((await h().database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'auth.new_session').where('body', 'like', `%${admin.userId}%`).executeTakeFirstOrThrow()).n);
    await signIn(h().app, email, OWNER_PASSWORD);
    expect(await count()).toBe(0);
  });
});

const START = '2026-11-22T09:00:00.000Z';
const clock = new ManualClock(START);

/** A change that does not happen leaves no event: the settlement's refusals (DESIGN.md §7) write none. */
describeEachBackend(
  'events roll back with their change',
  (h) => {
    const money = () => h().services.settlement;
    let n = 0;
    const settlement = (org: TestOrg, hold: Hold, answer: Settlement['answer'] = null): Settlement & { verificationId: string } => {
      const verificationId = h().services.ids.next('ver');
      n++;
      return {
        hold,
        billable: true,
        verificationId,
        description: 'NIN_LOOKUP verification',
        answer,
        record: h().services.records.toRow({
          id: verificationId,
          organisationId: org.organisationId,
          type: 'NIN_LOOKUP',
          endpoint: '/v1/nin/raw/lookup',
          environment: 'live',
          verificationStatus: 'VERIFIED',
          errorCode: null,
          httpStatus: 200,
          charged: true,
          chargeAmountKobo: hold.amountKobo,
          referenceId: null,
          identifierType: 'NIN',
          identifier: `2222222${String(n).padStart(4, '0')}`,
          purpose: null,
          requestReason: 'ACCOUNT_OPENING',
          apiKeyId: org.liveKeyId,
          requestId: `req-ev-${n}`,
          durationMs: 1,
          replayOf: null,
          createdAt: clock.now(),
        }),
      };
    };
    const completed = async (org: TestOrg) =>
      (await h().database.db.selectFrom('events').select('body').where('organisation_id', '=', org.organisationId).where('type', '=', 'verification.completed').execute()).map(
        (r) => (JSON.parse(r.body) as { data: { id: string } }).data.id,
      );
    const lowBalance = (org: TestOrg) => h().database.db.selectFrom('events').select('id').where('organisation_id', '=', org.organisationId).where('type', '=', 'wallet.low_balance').execute();

    it('a late capture the balance can no longer cover: no record, no debit, no event of either kind', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 100);
      await h().services.wallet.setLowBalanceThreshold(org.organisationId, 5_000);
      const services = h().services;
      const scope = services.idempotency.scope(org.organisationId, 'live', `ev-late-${org.organisationId}`);
      const claim = await services.idempotency.claim(scope, services.idempotency.fingerprint('POST', '/v1/nin/raw/lookup', { a: 1 }));
      if (claim.kind !== 'claimed') throw new Error('expected a claim');
      const hold = await money().hold(org.organisationId, 10_000, 60_000);
      clock.advance(61_000);
      try {
        await h().services.wallet.releaseExpiredHolds();
        await money().hold(org.organisationId, 10_000, 60_000);
        const late = settlement(org, hold, { claim: { scope: claim.scope, token: claim.token }, status: 200, body: '{"success":true}', facts: { chargeAmountKobo: 10_000, verificationId: 'ver_x' } });
        await expect(money().settle(late)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
        expect(await h().database.db.selectFrom('verification_records').select('id').where('id', '=', late.verificationId).executeTakeFirst()).toBeUndefined();
        expect(await completed(org)).toEqual([]);
        expect(await lowBalance(org)).toEqual([]);
      } finally {
        clock.set(START);
      }
    });

    it('a settlement fenced out keeps no event, while its batch neighbour writes record and event together', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 300);
      const services = h().services;
      const scope = services.idempotency.scope(org.organisationId, 'live', `ev-fenced-${org.organisationId}`);
      const fingerprint = services.idempotency.fingerprint('POST', '/v1/nin/raw/lookup', { a: 1 });
      const first = await services.idempotency.claim(scope, fingerprint);
      if (first.kind !== 'claimed') throw new Error('expected a claim');
      clock.advance(10 * 60_000);
      try {
        const second = await services.idempotency.claim(scope, fingerprint);
        expect(second).toMatchObject({ kind: 'claimed' });
        const [h1, h2] = await Promise.all([1, 2].map(() => money().hold(org.organisationId, 10_000, 60_000)));
        const stale = settlement(org, h1!, { claim: { scope: first.scope, token: first.token }, status: 200, body: '{"stale":true}', facts: { chargeAmountKobo: 10_000, verificationId: 'ver_stale' } });
        const neighbour = settlement(org, h2!);
        const results = await Promise.allSettled([money().settle(stale), money().settle(neighbour)]);
        expect(results[0]!.status).toBe('rejected');
        expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(FencedError);
        expect(results[1]!.status).toBe('fulfilled');
        expect(await completed(org)).toEqual([neighbour.verificationId]);
      } finally {
        clock.set(START);
      }
    });
  },
  { clock },
);
