import { expect, it } from 'vitest';
import { FencedError } from '../../src/idempotency/idempotency.service.js';
import { ManualClock, createOrg, describeEachBackend, fund, holdNextSlot, lookup, ninBody, type Harness } from '../helpers/harness.js';

const clock = new ManualClock('2026-11-22T09:00:00.000Z');
let n = 0;
const newKey = () => `idem-${Date.now()}-${++n}`;

async function recordsOf(h: Harness, organisationId: string) {
  return h.database.db.selectFrom('verification_records').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at').orderBy('id').execute();
}

describeEachBackend(
  'Idempotency-Key (SPEC.md §3, DESIGN.md §6)',
  (h) => {
    const call = (key: string, idem: string, body = ninBody(), headers: Record<string, string> = {}) =>
      lookup(h().app, key, body, { 'idempotency-key': idem, ...headers });

    it('a replay returns the stored status and body byte for byte, with its own linked record', async () => {
      const org = await createOrg(h().services);
      const idem = newKey();
      const first = await call(org.testKey, idem);
      expect(first.statusCode).toBe(200);
      clock.advance(5_000);
      const again = await call(org.testKey, idem);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const originalId = first.json().data.verificationId;
      const replayId = again.headers['x-verification-id'];
      expect(replayId).toMatch(/^ver_/);
      expect(replayId).not.toBe(originalId);
      const [orig, rep] = await recordsOf(h(), org.organisationId);
      expect(orig!.id).toBe(originalId);
      expect(rep).toMatchObject({ id: replayId, replay_of: originalId, http_status: 200, verification_status: 'VERIFIED', identifier_masked: '*******1111', charged: false, request_id: again.headers['x-request-id'] });
    });

    it('the same key with another body is 409 at any time, and writes nothing', async () => {
      const org = await createOrg(h().services);
      const idem = newKey();
      expect((await call(org.testKey, idem)).statusCode).toBe(200);
      const other = await call(org.testKey, idem, ninBody('00000000000'));
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await recordsOf(h(), org.organisationId)).toHaveLength(1);
    });

    it('a billable 404 is stored and replayed too', async () => {
      const org = await createOrg(h().services);
      const idem = newKey();
      const first = await call(org.testKey, idem, ninBody('00000000000'));
      const again = await call(org.testKey, idem, ninBody('00000000000'));
      expect([first.statusCode, again.statusCode]).toEqual([404, 404]);
      expect(again.body).toBe(first.body);
    });

    it('a non-billable outcome clears the key: a retry runs again', async () => {
      const org = await createOrg(h().services);
      const idem = newKey();
      const failed = await call(org.testKey, idem, ninBody(), { 'x-sandbox-scenario': 'provider_unavailable' });
      expect(failed.statusCode).toBe(503);
      const retry = await call(org.testKey, idem);
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(retry.json().data.verificationId).not.toBe(failed.json().data.verificationId);
    });

    it('live: a replay is billed again at the stored amount; without the money it is 402 and no answer', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 200);
      const idem = newKey();
      const first = await call(org.liveKey, idem);
      expect(first.json().data).toMatchObject({ charged: true, chargeAmount: 100 });
      const again = await call(org.liveKey, idem);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      const debits = await h().database.db.selectFrom('ledger_entries').select(['amount_kobo', 'reference']).where('organisation_id', '=', org.organisationId).where('type', '=', 'DEBIT').execute();
      expect(debits.map((d) => d.amount_kobo)).toEqual([-10_000, -10_000]);
      expect(debits.map((d) => d.reference).sort()).toEqual([first.json().data.verificationId, again.headers['x-verification-id']].sort());
      const broke = await call(org.liveKey, idem);
      expect(broke.statusCode).toBe(402);
      expect(broke.json().code).toBe('INSUFFICIENT_BALANCE');
      expect(await h().services.wallet.balance(org.organisationId)).toMatchObject({ balance: 0, availableBalance: 0 });
    });

    it('while the first attempt is in flight, the same key gets 202 REQUEST_IN_PROGRESS with Retry-After: 1', async () => {
      const org = await createOrg(h().services);
      const idem = newKey();
      // The first attempt holds its claim (and its slot) until the second was answered: no race on the sandbox's delay.
      const held = holdNextSlot(h().services);
      const slowCall = call(org.testKey, idem, ninBody(), { 'x-sandbox-scenario': 'slow' });
      await held.taken;
      // The slot is taken at admission, before the key's claim: wait for the claim too.
      const claims = () => h().database.db.selectFrom('idempotency_requests').select('state').where('organisation_id', '=', org.organisationId).execute();
      for (let i = 0; i < 1_000 && (await claims()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await claims()).toEqual([{ state: 'IN_FLIGHT' }]);
      const during = await call(org.testKey, idem, ninBody(), { 'x-sandbox-scenario': 'slow' });
      held.open();
      const slow = await slowCall;
      expect(slow.statusCode).toBe(200);
      expect(during.statusCode).toBe(202);
      expect(during.json()).toMatchObject({ success: false, statusCode: 202, code: 'REQUEST_IN_PROGRESS' });
      expect(during.headers['retry-after']).toBe('1');
      expect(await recordsOf(h(), org.organisationId)).toHaveLength(1);
    });

    it('a lease left by a crashed process expires; the retry runs, and the late settlement is fenced out', async () => {
      const org = await createOrg(h().services);
      const idem = newKey();
      const idempotency = h().services.idempotency;
      const scope = idempotency.scope(org.organisationId, 'test', idem);
      // The "crashed" process claimed the key and never settled.
      const crashed = await idempotency.claim(scope, idempotency.fingerprint('POST', '/v1/nin/raw/lookup', ninBody()));
      expect(crashed.kind).toBe('claimed');
      expect((await call(org.testKey, idem)).statusCode).toBe(202);
      clock.advance(3 * 2_000 + 15_000 + 1); // past the lease (3 × provider timeout + 15 s)
      const retry = await call(org.testKey, idem);
      expect(retry.statusCode).toBe(200);
      const late = h().database.db.transaction().execute((trx) =>
        idempotency.store(trx, { scope, token: (crashed as { token: number }).token }, { status: 200, body: '{}', facts: { chargeAmountKobo: 0, verificationId: null } }),
      );
      await expect(late).rejects.toBeInstanceOf(FencedError);
      expect((await call(org.testKey, idem)).body).toBe(retry.body);
    });

    it('keys are scoped to the organisation and the key type', async () => {
      const a = await createOrg(h().services);
      const b = await createOrg(h().services);
      await fund(h().services, a.organisationId, 100);
      const idem = newKey();
      const testA = await call(a.testKey, idem);
      const testB = await call(b.testKey, idem, ninBody('00000000000'));
      const liveA = await call(a.liveKey, idem, ninBody('00000000000'));
      expect([testA.statusCode, testB.statusCode, liveA.statusCode]).toEqual([200, 404, 404]);
      expect(liveA.headers['idempotent-replayed']).toBeUndefined();
    });

    it('claims made together share one insert: each new key is claimed once; the same key twice in a batch is claimed once, the other 202', async () => {
      const org = await createOrg(h().services);
      const idem = h().services.idempotency;
      const fingerprint = idem.fingerprint('POST', '/v1/nin/raw/lookup', ninBody());
      const keys = Array.from({ length: 20 }, () => newKey());
      const claims = await Promise.all(keys.map((k) => idem.claim(idem.scope(org.organisationId, 'live', k), fingerprint)));
      expect(claims.map((c) => (c.kind === 'claimed' ? c.token : c.kind))).toEqual(keys.map(() => 1));
      const rows = await h().database.db.selectFrom('idempotency_requests').select(['state', 'fencing_token']).where('organisation_id', '=', org.organisationId).execute();
      expect(rows).toHaveLength(20);
      expect(rows.every((r) => r.state === 'IN_FLIGHT' && r.fencing_token === 1)).toBe(true);

      const same = newKey();
      const raced = await Promise.allSettled([1, 2, 3, 4, 5].map(() => idem.claim(idem.scope(org.organisationId, 'live', same), fingerprint)));
      const won = raced.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      expect((won[0] as PromiseFulfilledResult<{ kind: string; token?: number }>).value).toMatchObject({ kind: 'claimed', token: 1 });
      for (const r of raced.filter((x) => x.status === 'rejected')) {
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'REQUEST_IN_PROGRESS' });
      }
      // Another body under the same key, in the same batch or later: 409.
      await expect(idem.claim(idem.scope(org.organisationId, 'live', same), idem.fingerprint('POST', '/v1/nin/raw/lookup', ninBody('00000000000')))).rejects.toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    });

    it('answers are kept 24 hours; after that the key runs again', async () => {
      const org = await createOrg(h().services);
      const idem = newKey();
      const first = await call(org.testKey, idem);
      clock.advance(24 * 3_600_000 + 1);
      expect(await h().services.idempotency.purgeExpired({ organisationId: org.organisationId })).toBe(1);
      const later = await call(org.testKey, idem);
      expect(later.statusCode).toBe(200);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json().data.verificationId).not.toBe(first.json().data.verificationId);
    });

    it('the sweeper deletes in batches: every answer past its window and every lease abandoned a day ago, nothing else', async () => {
      const org = await createOrg(h().services);
      const idem = h().services.idempotency;
      const keys = async () =>
        (await h().database.db.selectFrom('idempotency_requests').select(['state', 'key_hash']).where('organisation_id', '=', org.organisationId).execute())
          .map((r) => `${r.state}:${Buffer.from(r.key_hash).toString('hex')}`)
          .sort();
      const claim = async (key: string) => {
        const scope = idem.scope(org.organisationId, 'live', key);
        expect(await idem.claim(scope, idem.fingerprint('POST', '/v1/nin/raw/lookup', ninBody()))).toMatchObject({ kind: 'claimed' });
        return `IN_FLIGHT:${scope.keyHash.toString('hex')}`;
      };
      await claim(newKey()); // abandoned: its lease lapses over a day before the sweep
      for (let i = 0; i < 5; i++) expect((await call(org.testKey, newKey())).statusCode).toBe(200);
      clock.advance(12 * 3_600_000);
      const freshKey = newKey();
      expect((await call(org.testKey, freshKey)).statusCode).toBe(200);
      const fresh = `STORED:${idem.scope(org.organisationId, 'test', freshKey).keyHash.toString('hex')}`;
      const recentLease = await claim(newKey());
      expect(await keys()).toHaveLength(8);
      clock.advance(12 * 3_600_000 + 10 * 60_000);

      // Five answers past their 24 hours and one lease that lapsed over a day ago: six rows, in batches of two.
      // With no time to spare, a run stops after its first batch (the next run goes on).
      expect(await idem.purgeExpired({ organisationId: org.organisationId }, { batch: 2, budgetMs: 0 })).toBe(2);
      expect(await keys()).toHaveLength(6);
      expect(await idem.purgeExpired({ organisationId: org.organisationId }, { batch: 2 })).toBe(4);
      expect(await keys()).toEqual([fresh, recentLease].sort());
      expect(await idem.purgeExpired({ organisationId: org.organisationId }, { batch: 2 })).toBe(0);
      // The answer kept is still replayed.
      const replay = await call(org.testKey, freshKey);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });

    it('stores neither the body nor the answer in clear', async () => {
      const org = await createOrg(h().services, { accessLevel: 'STANDARD' });
      const idem = newKey();
      await call(org.testKey, idem);
      const rows = await h().database.db.selectFrom('idempotency_requests').selectAll().where('organisation_id', '=', org.organisationId).execute();
      expect(rows).toHaveLength(1);
      const raw = Object.values(rows[0]!)
        .map((v) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : String(v)))
        .join('|');
      for (const secret of ['11111111111', 'Adaeze', 'Okonkwo', idem]) expect(raw).not.toContain(secret);
    });

    it('a malformed Idempotency-Key is 400', async () => {
      const org = await createOrg(h().services);
      const res = await call(org.testKey, 'x'.repeat(256));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }]);
    });
  },
  { clock },
);
