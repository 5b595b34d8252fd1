import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  ManualClock,
  OWNER_PASSWORD,
  addMember,
  createOrg,
  describeEachBackend,
  latestOutbox,
  ownerEmailOf,
  signIn,
  type Harness,
  type SignedIn,
} from '../helpers/harness.js';

const clock = new ManualClock('2026-11-22T09:00:00.000Z');

async function platformAdmin(h: Harness): Promise<SignedIn & { id: string; email: string }> {
  const email = `ops-${randomBytes(5).toString('hex')}@example.com`;
  const { userId } = await h.services.accounts.createPlatformAdmin({ email, password: OWNER_PASSWORD });
  return { ...(await signIn(h.app, email, OWNER_PASSWORD)), id: userId, email };
}

describeEachBackend(
  'wallet, journal and admin adjustments',
  (h) => {
    const adjust = (admin: SignedIn, orgId: string, body: unknown, key?: string) =>
      h().app.inject({
        method: 'POST',
        url: `/v1/payments/admin/adjust/${orgId}`,
        headers: { ...admin.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload: body as object,
      });
    const balanceOf = async (orgId: string) => h().services.wallet.balance(orgId);
    const ledger = (orgId: string) =>
      h().database.db.selectFrom('ledger_entries').selectAll().where('organisation_id', '=', orgId).orderBy('created_at').orderBy('id').execute();

    it('a new organisation has an empty wallet', async () => {
      const org = await createOrg(h().services);
      const owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const res = await h().app.inject({ method: 'GET', url: '/v1/wallet/balance', headers: owner.headers });
      expect(res.json().data).toEqual({ balance: 0, availableBalance: 0, currency: 'NGN', lowBalanceThreshold: 0 });
    });

    it('credits and debits with a journal entry each, and the journal sums to the balance', async () => {
      const org = await createOrg(h().services);
      const admin = await platformAdmin(h());
      const credit = await adjust(admin, org.organisationId, { amount: 5000.5, reason: 'Opening float' }, 'adj-credit-1');
      expect(credit.statusCode).toBe(200);
      expect(credit.json().data).toEqual({
        transactionId: expect.stringMatching(/^txn_/),
        reference: 'adj-credit-1',
        operationId: 'adj:adj-credit-1',
        amount: 5000.5,
        direction: 'CREDIT',
        currency: 'NGN',
        status: 'SUCCESS',
        newBalance: 5000.5,
        organisationId: org.organisationId,
        adjustedAt: clock.now().toISOString(),
      });
      const debit = await adjust(admin, org.organisationId, { amount: -1200.25, reason: 'Clawback of a duplicate credit' });
      expect(debit.json().data).toMatchObject({ amount: -1200.25, direction: 'DEBIT', newBalance: 3800.25, operationId: expect.stringMatching(/^adj:adj_/) });

      const entries = await ledger(org.organisationId);
      expect(entries.map((e) => [e.type, e.cause, e.amount_kobo, e.balance_after_kobo, e.reason, e.adjusted_by, e.approved_by])).toEqual([
        ['ADJUSTMENT', 'ADJUSTMENT', 500_050, 500_050, 'Opening float', admin.id, null],
        ['ADJUSTMENT', 'ADJUSTMENT', -120_025, 380_025, 'Clawback of a duplicate credit', admin.id, null],
      ]);
      expect(entries.reduce((sum, e) => sum + e.amount_kobo, 0)).toBe(380_025);
      expect(await balanceOf(org.organisationId)).toMatchObject({ balance: 3800.25, availableBalance: 3800.25 });

      const owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const list = await h().app.inject({ method: 'GET', url: '/v1/payments/transactions?limit=1', headers: owner.headers });
      const page = list.json().data;
      expect(page.items).toEqual([
        {
          id: entries[1]!.id,
          type: 'ADJUSTMENT',
          amount: -1200.25,
          direction: 'DEBIT',
          balanceAfter: 3800.25,
          reference: debit.json().data.reference,
          description: 'Adjustment: Clawback of a duplicate credit',
          createdAt: clock.now().toISOString(),
        },
      ]);
      const next = await h().app.inject({ method: 'GET', url: `/v1/payments/transactions?limit=1&cursor=${page.nextCursor}`, headers: owner.headers });
      expect(next.json().data.items.map((i: { id: string }) => i.id)).toEqual([entries[0]!.id]);
      expect(next.json().data.nextCursor).toBeNull();
    });

    it('refuses a debit beyond the available balance with 402 and changes nothing', async () => {
      const org = await createOrg(h().services);
      const admin = await platformAdmin(h());
      await adjust(admin, org.organisationId, { amount: 100, reason: 'float' });
      const res = await adjust(admin, org.organisationId, { amount: -100.01, reason: 'too much' });
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe('INSUFFICIENT_BALANCE');
      expect((await balanceOf(org.organisationId)).balance).toBe(100);
      expect(await ledger(org.organisationId)).toHaveLength(1);
      // Exactly the balance is allowed: it may reach zero, never below.
      expect((await adjust(admin, org.organisationId, { amount: -100, reason: 'to zero' })).json().data.newBalance).toBe(0);
    });

    it('validates the body: non-zero amount, at most two decimals, a reason', async () => {
      const org = await createOrg(h().services);
      const admin = await platformAdmin(h());
      const cases: Array<[unknown, string]> = [
        [{ amount: 0, reason: 'x' }, 'amount'],
        [{ amount: 1.005, reason: 'x' }, 'amount'],
        [{ amount: '100', reason: 'x' }, 'amount'],
        [{ amount: 100 }, 'reason'],
        [{ amount: 100, reason: '' }, 'reason'],
        [{ amount: 100, reason: 'x', note: 'y' }, 'note'],
      ];
      for (const [body, field] of cases) {
        const res = await adjust(admin, org.organisationId, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      const badKey = await adjust(admin, org.organisationId, { amount: 1, reason: 'x' }, 'é'.repeat(3));
      expect(badKey.statusCode).toBe(400);
      expect(await ledger(org.organisationId)).toHaveLength(0);
    });

    it('only platform admins adjust; an unknown organisation is 404', async () => {
      const org = await createOrg(h().services);
      const owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const res = await adjust(owner, org.organisationId, { amount: 100, reason: 'self-service' });
      expect(res.statusCode).toBe(403);
      expect((await balanceOf(org.organisationId)).balance).toBe(0);
      const admin = await platformAdmin(h());
      expect((await adjust(admin, 'org_missing', { amount: 100, reason: 'x' })).statusCode).toBe(404);
    });

    it('an Idempotency-Key makes a retry return the first result without moving money again; other values are 409', async () => {
      const org = await createOrg(h().services);
      const admin = await platformAdmin(h());
      const key = `adj-${randomBytes(4).toString('hex')}`;
      const first = await adjust(admin, org.organisationId, { amount: 250, reason: 'goodwill' }, key);
      const again = await adjust(admin, org.organisationId, { amount: 250, reason: 'goodwill' }, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data).toEqual(first.json().data);
      const other = await adjust(admin, org.organisationId, { amount: 300, reason: 'goodwill' }, key);
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      // Concurrent retries of one key: still one movement.
      const key2 = `${key}-b`;
      const results = await Promise.all(Array.from({ length: 8 }, () => adjust(admin, org.organisationId, { amount: 10, reason: 'burst' }, key2)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(results.map((r) => r.json().data.transactionId)).size).toBe(1);
      expect((await balanceOf(org.organisationId)).balance).toBe(260);
      expect(await ledger(org.organisationId)).toHaveLength(2);
    });

    it('a replayed adjustment is the first answer byte for byte, with Idempotent-Replayed: true; another body is 409', async () => {
      const org = await createOrg(h().services);
      const admin = await platformAdmin(h());
      const key = `adj-bytes-${randomBytes(4).toString('hex')}`;
      const first = await adjust(admin, org.organisationId, { amount: 120.5, reason: 'bytes' }, key);
      expect(first.statusCode).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(first.json().message).toBe('Wallet adjusted');
      const again = await adjust(admin, org.organisationId, { amount: 120.5, reason: 'bytes' }, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.body).toBe(first.body);
      const other = await adjust(admin, org.organisationId, { amount: 120.5, reason: 'other' }, key);
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect((await balanceOf(org.organisationId)).balance).toBe(120.5);
      expect((await ledger(org.organisationId)).map((e) => [e.amount_kobo, e.reference])).toEqual([[12_050, key]]);
    });

    it('above the threshold a second platform admin must approve, once, for exactly these values', async () => {
      const org = await createOrg(h().services);
      const alice = await platformAdmin(h());
      const bob = await platformAdmin(h());
      const body = { amount: 150_000, reason: 'Enterprise prepayment received by transfer' };
      const missing = await adjust(alice, org.organisationId, body);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ field: 'secondApprover', message: 'is required above 100000 naira' }]);

      const approve = (by: SignedIn, values: object) =>
        h().app.inject({ method: 'POST', url: '/v1/admin/adjustment-approvals', headers: by.headers, payload: { organisationId: org.organisationId, ...values } });
      const own = (await approve(alice, body)).json().data.secondApprover;
      expect((await adjust(alice, org.organisationId, { ...body, secondApprover: own })).statusCode).toBe(403);

      const other = (await approve(bob, { ...body, amount: 150_001 })).json().data.secondApprover;
      expect((await adjust(alice, org.organisationId, { ...body, secondApprover: other })).statusCode).toBe(403);

      const issued = await approve(bob, body);
      expect(issued.statusCode).toBe(201);
      expect(issued.json().data).toEqual({ id: expect.stringMatching(/^apr_/), secondApprover: expect.any(String), expiresAt: new Date(clock.now().getTime() + 900_000).toISOString() });
      const token = issued.json().data.secondApprover;
      const done = await adjust(alice, org.organisationId, { ...body, secondApprover: token });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.newBalance).toBe(150_000);
      const [entry] = await ledger(org.organisationId);
      expect(entry).toMatchObject({ adjusted_by: alice.id, approved_by: bob.id, reason: body.reason });
      // Single use.
      expect((await adjust(alice, org.organisationId, { ...body, secondApprover: token })).statusCode).toBe(403);
      // Expired after 15 minutes.
      const late = (await approve(bob, body)).json().data.secondApprover;
      clock.advance(900_001);
      // (Alice's access token has expired too, after the same 15 minutes: she signs in again.)
      const aliceAgain = await signIn(h().app, alice.email, OWNER_PASSWORD);
      expect((await adjust(aliceAgain, org.organisationId, { ...body, secondApprover: late })).statusCode).toBe(403);
      clock.set('2026-11-22T09:00:00.000Z');
      expect((await balanceOf(org.organisationId)).balance).toBe(150_000);
      // At the threshold exactly no approval is needed.
      expect((await adjust(alice, org.organisationId, { amount: -100_000, reason: 'refund' })).statusCode).toBe(200);
    });

    it('low-balance threshold: OWNER and ADMIN set it; a debit crossing it emails the OWNERs and ADMINs once', async () => {
      const org = await createOrg(h().services);
      const admin = await platformAdmin(h());
      const ownerEmail = await ownerEmailOf(h().services, org);
      const owner = await signIn(h().app, ownerEmail, OWNER_PASSWORD);
      const orgAdmin = await addMember(h().services, org, 'ADMIN');
      const dev = await addMember(h().services, org, 'DEVELOPER');
      const devSession = await signIn(h().app, dev.email, dev.password);

      const set = (who: SignedIn, threshold: unknown) =>
        h().app.inject({ method: 'POST', url: '/v1/wallet/low-balance-threshold', headers: who.headers, payload: { threshold } });
      expect((await set(devSession, 500)).statusCode).toBe(403);
      expect((await set(owner, -1)).statusCode).toBe(400);
      const ok = await set(owner, 1000);
      expect(ok.json().data).toEqual({ threshold: 1000, currency: 'NGN' });
      const read = await h().app.inject({ method: 'GET', url: '/v1/wallet/low-balance-threshold', headers: devSession.headers });
      expect(read.json().data).toEqual({ threshold: 1000, currency: 'NGN' });

      await adjust(admin, org.organisationId, { amount: 1500, reason: 'float' });
      await adjust(admin, org.organisationId, { amount: -400, reason: 'fee' }); // 1100: still above
      const countAlerts = async () =>
        (await h().database.db.selectFrom('notifications').select('recipient').where('organisation_id', '=', org.organisationId).where('template_name', '=', 'low-balance').execute())
          .map((r) => r.recipient)
          .sort();
      expect(await countAlerts()).toEqual([]);
      await adjust(admin, org.organisationId, { amount: -200, reason: 'fee' }); // 900: crosses
      expect(await countAlerts()).toEqual([ownerEmail, orgAdmin.email].sort());
      const mail = await latestOutbox(h().app, ownerEmail, /low wallet balance/);
      expect(mail.body).toContain('₦900.00');
      expect(mail.body).toContain('₦1,000.00');
      await adjust(admin, org.organisationId, { amount: -100, reason: 'fee' }); // 800: already below, no new alert
      expect(await countAlerts()).toHaveLength(2);
      await adjust(admin, org.organisationId, { amount: 500, reason: 'top-up' }); // 1300: back above
      await adjust(admin, org.organisationId, { amount: -400, reason: 'fee' }); // 900: crosses again
      expect(await countAlerts()).toHaveLength(4);
    });

    it('the journal is append-only and the balance can never go negative, even by direct SQL', async () => {
      const org = await createOrg(h().services);
      const admin = await platformAdmin(h());
      await adjust(admin, org.organisationId, { amount: 10, reason: 'x' });
      const [entry] = await ledger(org.organisationId);
      await expect(h().database.db.updateTable('ledger_entries').set({ amount_kobo: 1 }).where('id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
      await expect(h().database.db.deleteFrom('ledger_entries').where('id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
      await expect(h().database.db.updateTable('wallets').set({ balance_kobo: -1 }).where('organisation_id', '=', org.organisationId).execute()).rejects.toThrow();
    });
  },
  { clock },
);
