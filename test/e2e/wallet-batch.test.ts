import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { rowJson, settleStatement, type Hold, type Item, type Settlement } from '../../src/verifications/settlement.js';
import { ledgerApply, ledgerMoves } from '../../src/billing/wallet-batch.js';
import { FencedError, type SealedAnswer } from '../../src/idempotency/idempotency.service.js';
import { ManualClock, createOrg, describeEachBackend, fund, type TestOrg } from '../helpers/harness.js';

const START = '2026-11-22T09:00:00.000Z';
const clock = new ManualClock(START);

/**
 * The money path's group commit (src/verifications/settlement.ts over src/billing/wallet-batch.ts;
 * migrations/functions/verification_settle.sql and ledger_apply.sql): operations submitted in
 * the same turn of the event loop share one batch. Each test submits them together and checks that the
 * batch decided and wrote exactly what the same operations one by one would have.
 */
describeEachBackend(
  'wallet batches',
  (h) => {
    const db = () => h().database.db;
    const wallet = () => h().services.wallet;
    const money = () => h().services.settlement;
    const state = async (orgId: string) => {
      const [w, entries, holds, records] = await Promise.all([
        db().selectFrom('wallets').select(['balance_kobo', 'held_kobo']).where('organisation_id', '=', orgId).executeTakeFirstOrThrow(),
        db().selectFrom('ledger_entries').selectAll().where('organisation_id', '=', orgId).where('cause', '=', 'VERIFICATION').orderBy('id').execute(),
        db().selectFrom('holds').select(['id', 'status', 'amount_kobo']).where('organisation_id', '=', orgId).execute(),
        db().selectFrom('verification_records').select(['id', 'charged']).where('organisation_id', '=', orgId).execute(),
      ]);
      const journal = await db().selectFrom('ledger_entries').select('amount_kobo').where('organisation_id', '=', orgId).execute();
      return { wallet: w, entries, holds, records, journalSum: journal.reduce((s, e) => s + e.amount_kobo, 0) };
    };
    let n = 0;
    const settlement = (org: TestOrg, hold: Hold, billable: boolean, answer: Settlement['answer'] = null): Settlement & { verificationId: string } => {
      const verificationId = h().services.ids.next('ver');
      n++;
      return {
        hold,
        billable,
        verificationId,
        description: 'NIN_LOOKUP verification',
        answer,
        record: h().services.records.toRow({
          id: verificationId,
          organisationId: org.organisationId,
          type: 'NIN_LOOKUP',
          endpoint: '/v1/nin/raw/lookup',
          environment: 'live',
          verificationStatus: billable ? 'VERIFIED' : null,
          errorCode: billable ? null : 'PROVIDER_UNAVAILABLE',
          httpStatus: billable ? 200 : 503,
          charged: billable,
          chargeAmountKobo: billable ? hold.amountKobo : 0,
          referenceId: null,
          identifierType: 'NIN',
          identifier: `1111111${String(n).padStart(4, '0')}`,
          purpose: null,
          requestReason: 'ACCOUNT_OPENING',
          apiKeyId: org.liveKeyId,
          requestId: `req-${n}`,
          durationMs: 1,
          replayOf: null,
          createdAt: clock.now(),
        }),
      };
    };
    const settled = <T>(promises: Array<Promise<T>>) => Promise.allSettled(promises);
    const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === 'fulfilled' ? 'ok' : ((r.reason as { code?: string }).code ?? (r.reason as Error).name));

    it('holds submitted together are decided in order against the locked balance: 402 only for those it cannot cover', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 300);
      const results = await settled([1, 2, 3, 4].map(() => money().hold(org.organisationId, 10_000, 60_000)));
      expect(results.map(codeOf)).toEqual(['ok', 'ok', 'ok', 'INSUFFICIENT_BALANCE']);
      const s = await state(org.organisationId);
      expect(s.wallet).toEqual({ balance_kobo: 30_000, held_kobo: 30_000 });
      expect(s.holds.map((x) => x.status)).toEqual(['HELD', 'HELD', 'HELD']);
    });

    it('one batch settles, releases and places holds: captures first free nothing, releases free room for the new holds', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 300);
      const [h1, h2, h3] = await Promise.all([1, 2, 3].map(() => money().hold(org.organisationId, 10_000, 60_000)));
      const capture = settlement(org, h1!, true);
      const notBillable = settlement(org, h2!, false);
      const results = await settled<unknown>([
        money().settle(capture),
        money().settle(notBillable),
        money().release(h3!),
        money().hold(org.organisationId, 10_000, 60_000),
        money().hold(org.organisationId, 10_000, 60_000),
        money().hold(org.organisationId, 10_000, 60_000),
      ]);
      // ₦300 − ₦100 captured = ₦200 left, all of it free once h2 and h3 are released: two new holds fit.
      expect(results.map(codeOf)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'INSUFFICIENT_BALANCE']);
      const s = await state(org.organisationId);
      expect(s.wallet).toEqual({ balance_kobo: 20_000, held_kobo: 20_000 });
      expect(s.entries.map((e) => [e.amount_kobo, e.balance_after_kobo, e.operation_id])).toEqual([[-10_000, 20_000, `ver:${capture.verificationId}`]]);
      const status = new Map(s.holds.map((x) => [x.id, x.status]));
      expect([status.get(h1!.id), status.get(h2!.id), status.get(h3!.id)]).toEqual(['CAPTURED', 'RELEASED', 'RELEASED']);
      expect(s.holds.filter((x) => x.status === 'HELD')).toHaveLength(2);
      expect(s.records.map((r) => [r.id, r.charged]).sort()).toEqual(
        [[capture.verificationId, true], [notBillable.verificationId, false]].sort(),
      );
      expect(s.journalSum).toBe(s.wallet.balance_kobo);
    });

    it('the journal of a batch reads as if its captures had run one by one', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 1000);
      const holds = await Promise.all([1, 2, 3, 4, 5].map(() => money().hold(org.organisationId, 15_000, 60_000)));
      const settlements = holds.map((x) => settlement(org, x, true));
      await Promise.all(settlements.map((x) => money().settle(x)));
      const s = await state(org.organisationId);
      expect(s.wallet).toEqual({ balance_kobo: 25_000, held_kobo: 0 });
      const byOperation = new Map(s.entries.map((e) => [e.operation_id, e.balance_after_kobo]));
      expect(settlements.map((x) => byOperation.get(`ver:${x.verificationId}`))).toEqual([85_000, 70_000, 55_000, 40_000, 25_000]);
      expect(s.journalSum).toBe(25_000);
    });

    it('a capture whose hold the sweeper released is charged from the available balance', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 300);
      const hold = await money().hold(org.organisationId, 10_000, 60_000);
      clock.advance(61_000);
      try {
        expect(await wallet().releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
        const late = settlement(org, hold, true);
        await money().settle(late);
        const s = await state(org.organisationId);
        expect(s.wallet).toEqual({ balance_kobo: 20_000, held_kobo: 0 });
        expect(s.holds.map((x) => x.status)).toEqual(['RELEASED']);
        expect(s.entries.map((e) => e.operation_id)).toEqual([`ver:${late.verificationId}`]);
        expect(s.records).toHaveLength(1);
      } finally {
        clock.set(START);
      }
    });

    const completedEvents = (organisationId: string) =>
      db().selectFrom('events').select(['id', 'body']).where('organisation_id', '=', organisationId).where('type', '=', 'verification.completed').execute();

    it('a late capture the balance can no longer cover is 402: no record, no journal entry, its stored answer taken back', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 100);
      const services = h().services;
      const scope = services.idempotency.scope(org.organisationId, 'live', `late-${org.organisationId}`);
      const claim = await services.idempotency.claim(scope, services.idempotency.fingerprint('POST', '/v1/nin/raw/lookup', { a: 1 }));
      if (claim.kind !== 'claimed') throw new Error('expected a claim');
      const hold = await money().hold(org.organisationId, 10_000, 60_000);
      clock.advance(61_000);
      try {
        await wallet().releaseExpiredHolds();
        // Another check takes the whole balance meanwhile.
        await money().hold(org.organisationId, 10_000, 60_000);
        const late = settlement(org, hold, true, {
          claim: { scope: claim.scope, token: claim.token },
          status: 200,
          body: '{"success":true}',
          facts: { chargeAmountKobo: 10_000, verificationId: 'ver_x' },
        });
        await expect(money().settle(late)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
        const s = await state(org.organisationId);
        expect(s.wallet).toEqual({ balance_kobo: 10_000, held_kobo: 10_000 });
        expect(s.entries).toHaveLength(0);
        expect(s.records).toHaveLength(0);
        // No record, so no verification.completed event either.
        expect(await completedEvents(org.organisationId)).toEqual([]);
        const row = await db().selectFrom('idempotency_requests').select(['state', 'response_ciphertext']).where('organisation_id', '=', org.organisationId).executeTakeFirstOrThrow();
        expect(row).toEqual({ state: 'IN_FLIGHT', response_ciphertext: null });
      } finally {
        clock.set(START);
      }
    });

    it('a settlement fenced out by a newer attempt keeps nothing and gives its hold back, while its batch neighbours commit', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 300);
      const services = h().services;
      const scope = services.idempotency.scope(org.organisationId, 'live', `fenced-${org.organisationId}`);
      const fingerprint = services.idempotency.fingerprint('POST', '/v1/nin/raw/lookup', { a: 1 });
      const first = await services.idempotency.claim(scope, fingerprint);
      if (first.kind !== 'claimed') throw new Error('expected a claim');
      clock.advance(10 * 60_000); // the first attempt's lease expires; a retry takes the key over
      try {
        const second = await services.idempotency.claim(scope, fingerprint);
        expect(second).toMatchObject({ kind: 'claimed', token: first.token + 1 });
        const [h1, h2] = await Promise.all([1, 2].map(() => money().hold(org.organisationId, 10_000, 60_000)));
        const stale = settlement(org, h1!, true, {
          claim: { scope: first.scope, token: first.token },
          status: 200,
          body: '{"stale":true}',
          facts: { chargeAmountKobo: 10_000, verificationId: 'ver_stale' },
        });
        const neighbour = settlement(org, h2!, true);
        const results = await settled([money().settle(stale), money().settle(neighbour)]);
        expect(results[0]!.status).toBe('rejected');
        expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(FencedError);
        expect(results[1]!.status).toBe('fulfilled');
        const s = await state(org.organisationId);
        expect(s.wallet).toEqual({ balance_kobo: 20_000, held_kobo: 0 });
        expect(s.entries.map((e) => e.operation_id)).toEqual([`ver:${neighbour.verificationId}`]);
        expect(s.records.map((r) => r.id)).toEqual([neighbour.verificationId]);
        const events = await completedEvents(org.organisationId);
        expect(events.map((e) => (JSON.parse(e.body) as { data: { id: string } }).data.id)).toEqual([neighbour.verificationId]);
        expect(new Map(s.holds.map((x) => [x.id, x.status])).get(h1!.id)).toBe('RELEASED');
        const row = await db().selectFrom('idempotency_requests').select(['state', 'fencing_token']).where('organisation_id', '=', org.organisationId).executeTakeFirstOrThrow();
        expect(row).toEqual({ state: 'IN_FLIGHT', fencing_token: first.token + 1 });
      } finally {
        clock.set(START);
      }
    });

    it('an item the database refuses (a NUL in a text column) fails alone: its batch neighbour of another organisation commits', async () => {
      const [bad, good] = await Promise.all([createOrg(h().services), createOrg(h().services)]);
      await Promise.all([fund(h().services, bad.organisationId, 300), fund(h().services, good.organisationId, 300)]);
      const [hb, hg] = await Promise.all([money().hold(bad.organisationId, 10_000, 60_000), money().hold(good.organisationId, 10_000, 60_000)]);
      const poisoned = settlement(bad, hb, true);
      poisoned.record = { ...poisoned.record, request_reason: 'ACCOUNT\u0000OPENING' } as typeof poisoned.record;
      const neighbour = settlement(good, hg, true);
      const results = await settled([money().settle(poisoned), money().settle(neighbour)]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      const [sb, sg] = await Promise.all([state(bad.organisationId), state(good.organisationId)]);
      expect(sg.wallet).toEqual({ balance_kobo: 20_000, held_kobo: 0 });
      expect(sg.entries.map((e) => e.operation_id)).toEqual([`ver:${neighbour.verificationId}`]);
      expect(sg.records.map((r) => r.id)).toEqual([neighbour.verificationId]);
      // The refused settlement wrote nothing: no debit, no record; its hold waits for the sweeper.
      expect(sb.wallet).toEqual({ balance_kobo: 30_000, held_kobo: 10_000 });
      expect(sb.entries).toEqual([]);
      expect(sb.records).toEqual([]);
      expect(sb.journalSum).toBe(30_000);
    });

    it('a batch spanning organisations decides each against its own wallet', async () => {
      const [a, b] = await Promise.all([createOrg(h().services), createOrg(h().services)]);
      await fund(h().services, a.organisationId, 100);
      await fund(h().services, b.organisationId, 200);
      const results = await settled([
        money().hold(a.organisationId, 10_000, 60_000),
        money().hold(b.organisationId, 10_000, 60_000),
        money().hold(a.organisationId, 10_000, 60_000),
        money().hold(b.organisationId, 10_000, 60_000),
        money().hold(b.organisationId, 10_000, 60_000),
      ]);
      expect(results.map(codeOf)).toEqual(['ok', 'ok', 'INSUFFICIENT_BALANCE', 'ok', 'INSUFFICIENT_BALANCE']);
      expect((await state(a.organisationId)).wallet).toEqual({ balance_kobo: 10_000, held_kobo: 10_000 });
      expect((await state(b.organisationId)).wallet).toEqual({ balance_kobo: 20_000, held_kobo: 20_000 });
    });

    it('a batch that settles nothing commits without waiting for the disk; one that settles a verification waits', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 100);
      // The setting each batch's transaction would commit with, read in that transaction (then rolled back).
      const commitsWith = async (items: object[]) => {
        let seen: { outcomes: string[]; synchronousCommit: string } | undefined;
        const rollBack = new Error('roll back');
        const err = await db()
          .transaction()
          .execute(async (trx) => {
            const { rows } = await trx.executeQuery(settleStatement(clock.now().toISOString(), items as Item[]));
            const { rows: setting } = await sql<{ s: string }>`SELECT current_setting('synchronous_commit') AS s`.execute(trx);
            seen = { outcomes: rows[0]!.outcomes, synchronousCommit: setting[0]!.s };
            throw rollBack;
          })
          .catch((e: unknown) => e);
        expect(err).toBe(rollBack);
        return seen;
      };
      const hold = { kind: 'hold', organisationId: org.organisationId, amountKobo: 10_000, holdId: h().services.ids.next('hld'), expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() };
      // A request's start (a hold): nothing it decides is a final answer, its settlement's commit flushes it.
      expect(await commitsWith([{ move: hold, settlement: null }])).toEqual({ outcomes: ['ok'], synchronousCommit: 'off' });
      // A settlement (here a test key's record alone) is durable before its caller hears of it.
      const s = settlement(org, { id: 'unused', organisationId: org.organisationId, amountKobo: 0 }, true);
      const record = rowJson(s.record);
      const event = { id: h().services.ids.next('evt'), body: '{}' };
      expect(await commitsWith([{ move: hold, settlement: null }, { move: null, settlement: { record, payload: null, answer: null, event } }])).toEqual({
        outcomes: ['ok', 'ok'],
        synchronousCommit: 'on',
      });
    });

    it("a batch's answers, payloads and event bodies travel beside its JSON and each lands on its own row", async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 300);
      const services = h().services;
      const fingerprint = services.idempotency.fingerprint('POST', '/v1/nin/raw/lookup', { a: 1 });
      const claimOf = async (name: string) => {
        const c = await services.idempotency.claim(services.idempotency.scope(org.organisationId, 'live', `${name}-${org.organisationId}`), fingerprint);
        if (c.kind !== 'claimed') throw new Error('expected a claim');
        return { scope: c.scope, token: c.token };
      };
      const [claimA, claimC] = [await claimOf('beside-a'), await claimOf('beside-c')];
      const [holdA, holdC] = await Promise.all([1, 2].map(() => money().hold(org.organisationId, 10_000, 60_000)));
      const bodyA = JSON.stringify({ success: true, data: { name: 'Ọlá "Adé" \\ 🇳🇬', note: 'a\u001eb' } });
      const bodyC = JSON.stringify({ success: true, data: { n: 3 } });
      const sA = settlement(org, holdA!, true);
      const sC = settlement(org, holdC!, true);
      const sD = settlement(org, holdA!, true); // a test key's record with a payload: no money, no answer
      const payloadA = services.records.sealPayload({ audit: { who: 'A' }, redacted: { who: 'a' } });
      const payloadD = services.records.sealPayload({ audit: { who: 'D', long: 'x'.repeat(5_000) }, redacted: { who: 'd' } });
      const eventOf = (id: string, extra: string) => ({ id: services.ids.next('evt'), body: JSON.stringify({ id, extra }) });
      const piece = (s: typeof sA, answer: SealedAnswer | null, payload: typeof payloadA | null, extra: string) => ({
        record: rowJson(s.record),
        payload,
        answer,
        event: eventOf(s.verificationId, extra),
      });
      const items: Item[] = [
        { move: ledgerMoves.captureVerification(services.ids, holdA!, sA.verificationId, 'A'), settlement: piece(sA, services.idempotency.seal(claimA, { status: 200, body: bodyA, facts: { n: 1 } }), payloadA, 'quotes " and \\ and \n') },
        { move: ledgerMoves.hold(services.ids, org.organisationId, 5_000, new Date(clock.now().getTime() + 60_000)).move, settlement: null },
        { move: ledgerMoves.captureVerification(services.ids, holdC!, sC.verificationId, 'C'), settlement: piece(sC, services.idempotency.seal(claimC, { status: 404, body: bodyC, facts: { n: 3 } }), null, '🇳🇬') },
        { move: null, settlement: piece(sD, null, payloadD, '') },
      ];
      const { rows } = await db().executeQuery(settleStatement(clock.now().toISOString(), items));
      expect(rows[0]!.outcomes).toEqual(['ok', 'ok', 'ok', 'ok']);
      // Each stored answer replays its own bytes; each payload and event body is its own.
      const replayOf = async (claim: typeof claimA) => services.idempotency.claim(claim.scope, fingerprint);
      expect(await replayOf(claimA)).toMatchObject({ kind: 'replay', status: 200, body: bodyA, facts: { n: 1 } });
      expect(await replayOf(claimC)).toMatchObject({ kind: 'replay', status: 404, body: bodyC, facts: { n: 3 } });
      const payloads = await db().selectFrom('verification_payloads').selectAll().where('verification_id', 'in', [sA.verificationId, sD.verificationId]).execute();
      const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
      const byId = new Map(payloads.map((p) => [p.verification_id, [hex(p.audit_ciphertext), hex(p.redacted_ciphertext)]]));
      expect(byId.get(sA.verificationId)).toEqual([hex(payloadA.audit), hex(payloadA.redacted)]);
      expect(byId.get(sD.verificationId)).toEqual([hex(payloadD.audit), hex(payloadD.redacted)]);
      const events = await db().selectFrom('events').select(['id', 'body']).where('id', 'in', items.flatMap((i) => (i.settlement ? [i.settlement.event.id] : []))).execute();
      expect(new Map(events.map((e) => [e.id, e.body]))).toEqual(new Map(items.flatMap((i) => (i.settlement ? [[i.settlement.event.id, i.settlement.event.body] as const] : []))));
      const s = await state(org.organisationId);
      expect(s.wallet).toEqual({ balance_kobo: 10_000, held_kobo: 5_000 });
      expect(s.journalSum).toBe(10_000);
      // A body that holds the separator is refused before anything is sent.
      const bad: Item = { move: null, settlement: { ...piece(sD, null, null, 'x'), event: { id: 'evt_bad', body: '{"a":"\u001e"}' } } };
      expect(() => settleStatement(clock.now().toISOString(), [bad])).toThrow(/non-empty JSON text/);
    });

    it("a batch finds its wallets by their key, not by reading every organisation's wallet", async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 100);
      // Enough other wallets that reading them all would be the planner's choice if it thought it cheaper.
      const seed = `seed-${org.organisationId}-`;
      await sql`INSERT INTO organisations (id, name) SELECT ${seed} || g, 'Seed' FROM generate_series(1, 3000) g`.execute(db());
      await sql`INSERT INTO wallets (organisation_id) SELECT ${seed} || g FROM generate_series(1, 3000) g`.execute(db());
      await sql`ANALYZE wallets`.execute(db());
      // The backend's count of sequential scans of wallets not yet reported (it may hold earlier transactions'
      // too: only differences within one transaction are read).
      const seqScans = async (trx: ReturnType<typeof db>) =>
        Number((await sql<{ n: string }>`SELECT pg_stat_get_xact_numscans('wallets'::regclass) AS n`.execute(trx)).rows[0]!.n);
      const rollBack = new Error('roll back');
      let seen: { outcomes: string[]; batch: number; probe: number } | undefined;
      const err = await db()
        .transaction()
        .execute(async (trx) => {
          const moves = [1, 2].map(() => ledgerMoves.hold(h().services.ids, org.organisationId, 1_000, new Date(clock.now().getTime() + 60_000)).move);
          const before = await seqScans(trx);
          const { rows } = await trx.executeQuery(ledgerApply(clock.now().toISOString(), moves));
          const batch = (await seqScans(trx)) - before;
          // The counter counts: a query that must read every wallet moves it.
          await sql`SELECT count(*) FROM wallets`.execute(trx);
          seen = { outcomes: rows[0]!.outcomes, batch, probe: (await seqScans(trx)) - before - batch };
          throw rollBack;
        })
        .catch((e: unknown) => e);
      expect(err).toBe(rollBack);
      expect(seen).toEqual({ outcomes: ['ok', 'ok'], batch: 0, probe: 1 });
    });

    it('a low-balance crossing left unsent by a crashed process is emailed once by the sweeper', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 100);
      // What a batch writes when its capture crosses the threshold, had the process died before emailing.
      await db()
        .insertInto('wallet_alerts')
        .values({ organisation_id: org.organisationId, kind: 'LOW_BALANCE', balance_kobo: 5_000, threshold_kobo: 20_000, created_at: clock.now() })
        .execute();
      const emails = async () =>
        (await db().selectFrom('notifications').select('id').where('organisation_id', '=', org.organisationId).where('template_name', '=', 'low-balance').execute()).length;
      await wallet().processAlerts();
      expect(await emails()).toBe(1);
      await wallet().processAlerts();
      expect(await emails()).toBe(1);
      const pending = await db().selectFrom('wallet_alerts').select('id').where('organisation_id', '=', org.organisationId).where('processed_at', 'is', null).execute();
      expect(pending).toHaveLength(0);
    });
  },
  { clock },
);
