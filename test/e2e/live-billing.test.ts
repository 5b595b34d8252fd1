import { expect, it } from 'vitest';
import { FAULT_NINS } from '../../src/simulator/simulator.js';
import { ManualClock, createOrg, describeEachBackend, fund, lookup, ninBody } from '../helpers/harness.js';

const clock = new ManualClock('2026-11-22T09:00:00.000Z');

/** Live keys: priced at the organisation's access level, held before the registry is called, settled with the record. */
describeEachBackend(
  'live NIN lookups billed through the wallet',
  (h) => {
    const state = async (orgId: string) => {
      const db = h().database.db;
      const [wallet, entries, holds, records] = await Promise.all([
        db.selectFrom('wallets').select(['balance_kobo', 'held_kobo']).where('organisation_id', '=', orgId).executeTakeFirstOrThrow(),
        db.selectFrom('ledger_entries').selectAll().where('organisation_id', '=', orgId).where('cause', '=', 'VERIFICATION').orderBy('created_at').orderBy('id').execute(),
        db.selectFrom('holds').selectAll().where('organisation_id', '=', orgId).execute(),
        db.selectFrom('verification_records').selectAll().where('organisation_id', '=', orgId).orderBy('created_at').orderBy('id').execute(),
      ]);
      return { wallet, entries, holds, records };
    };

    it('a found NIN is charged the BASIC price: answer, record, journal and hold agree', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 1000);
      const res = await lookup(h().app, org.liveKey, ninBody('11111111111'));
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ verificationStatus: 'VERIFIED', charged: true, chargeAmount: 100, record: { nin: '11111111111', firstName: 'Adaeze' } });
      expect(data.referenceId).toMatch(/^SIM-/);
      const s = await state(org.organisationId);
      expect(s.wallet).toEqual({ balance_kobo: 90_000, held_kobo: 0 });
      expect(s.entries).toHaveLength(1);
      expect(s.entries[0]).toMatchObject({ type: 'DEBIT', amount_kobo: -10_000, balance_after_kobo: 90_000, operation_id: `ver:${data.verificationId}`, reference: data.verificationId });
      expect(s.holds.map((x) => [x.status, x.amount_kobo])).toEqual([['CAPTURED', 10_000]]);
      expect(s.records[0]).toMatchObject({ id: data.verificationId, environment: 'live', charged: true, charge_amount_kobo: 10_000, http_status: 200, verification_status: 'VERIFIED' });
    });

    it('a NIN the register does not hold is a billable 404', async () => {
      const org = await createOrg(h().services, { accessLevel: 'STANDARD' });
      await fund(h().services, org.organisationId, 1000);
      const res = await lookup(h().app, org.liveKey, ninBody('00000000000'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'RECORD_NOT_FOUND', data: { verificationStatus: 'NOT_VERIFIED', charged: true, chargeAmount: 150 } });
      const s = await state(org.organisationId);
      expect(s.wallet.balance_kobo).toBe(85_000);
      expect(s.entries.map((e) => e.amount_kobo)).toEqual([-15_000]);
      expect(s.records[0]).toMatchObject({ http_status: 404, charged: true, charge_amount_kobo: 15_000 });
    });

    const faults = [
      [FAULT_NINS.unavailable, 503, 'PROVIDER_UNAVAILABLE'],
      [FAULT_NINS.error, 502, 'PROVIDER_ERROR'],
      [FAULT_NINS.rateLimited, 429, 'PROVIDER_RATE_LIMITED'],
      [FAULT_NINS.timeout, 504, 'PROVIDER_TIMEOUT'],
    ] as const;
    for (const [nin, status, code] of faults) {
      it(`an upstream ${code} is ${status}, not charged, and the hold is released`, async () => {
        const org = await createOrg(h().services);
        await fund(h().services, org.organisationId, 500);
        const res = await lookup(h().app, org.liveKey, ninBody(nin));
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ code, data: { charged: false, chargeAmount: 0 } });
        if (status === 429) expect(res.headers['retry-after']).toBe('3');
        const s = await state(org.organisationId);
        expect(s.wallet).toEqual({ balance_kobo: 50_000, held_kobo: 0 });
        expect(s.entries).toEqual([]);
        expect(s.holds.map((x) => x.status)).toEqual(['RELEASED']);
        expect(s.records[0]).toMatchObject({ error_code: code, http_status: status, charged: false, charge_amount_kobo: 0, verification_status: null });
      });
    }

    it('a wallet that cannot cover the price is 402 before the registry is called', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 99.99);
      const res = await lookup(h().app, org.liveKey, ninBody('11111111111'));
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe('INSUFFICIENT_BALANCE');
      const s = await state(org.organisationId);
      expect(s).toMatchObject({ wallet: { balance_kobo: 9_999, held_kobo: 0 }, entries: [], holds: [], records: [] });
    });

    it('concurrent lookups never spend the same naira twice: exactly as many succeed as the wallet covers', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 700); // covers 7 at ₦100
      const results = await Promise.all(Array.from({ length: 20 }, () => lookup(h().app, org.liveKey, ninBody('24681357902'))));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((c) => c === 200)).toHaveLength(7);
      expect(statuses.filter((c) => c === 402)).toHaveLength(13);
      const s = await state(org.organisationId);
      expect(s.wallet).toEqual({ balance_kobo: 0, held_kobo: 0 });
      expect(s.entries).toHaveLength(7);
      const all = await h().database.db.selectFrom('ledger_entries').select('amount_kobo').where('organisation_id', '=', org.organisationId).execute();
      expect(all.reduce((sum, e) => sum + e.amount_kobo, 0)).toBe(0);
      expect(s.records.filter((r) => r.charged)).toHaveLength(7);
    });

    it('the sweeper releases a hold whose verification never settled, after it expires', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 300);
      const hold = await h().services.settlement.hold(org.organisationId, 10_000, 60_000);
      expect((await h().services.wallet.balance(org.organisationId)).availableBalance).toBe(200);
      expect(await h().services.wallet.releaseExpiredHolds()).toBe(0);
      clock.advance(60_000);
      expect(await h().services.wallet.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
      const s = await state(org.organisationId);
      expect(s.wallet).toEqual({ balance_kobo: 30_000, held_kobo: 0 });
      expect(s.holds.find((x) => x.id === hold.id)!.status).toBe('RELEASED');
      clock.set('2026-11-22T09:00:00.000Z');
    });

    it('a live debit that crosses the low-balance threshold alerts once', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 350);
      await h().services.wallet.setLowBalanceThreshold(org.organisationId, 20_000);
      const alerts = async () =>
        (await h().database.db.selectFrom('notifications').select('id').where('organisation_id', '=', org.organisationId).where('template_name', '=', 'low-balance').execute()).length;
      expect((await lookup(h().app, org.liveKey, ninBody('11111111111'))).statusCode).toBe(200); // 250: above
      expect(await alerts()).toBe(0);
      expect((await lookup(h().app, org.liveKey, ninBody('11111111111'))).statusCode).toBe(200); // 150: crosses
      expect(await alerts()).toBe(1);
      expect((await lookup(h().app, org.liveKey, ninBody('11111111111'))).statusCode).toBe(200); // 50: already below
      expect(await alerts()).toBe(1);
    });

    it('test keys of the same organisation never touch the wallet', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 100);
      const res = await lookup(h().app, org.testKey, ninBody('11111111111'));
      expect(res.json().data).toMatchObject({ charged: false, chargeAmount: 0 });
      const s = await state(org.organisationId);
      expect(s.wallet).toEqual({ balance_kobo: 10_000, held_kobo: 0 });
      expect(s.holds).toEqual([]);
    });
  },
  { clock, providerTimeoutMs: 500 },
);

