import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { splitHours } from '../../src/analytics/analytics.service.js';
import { SERVICE_CODES } from '../../src/catalogue/catalogue.js';
import { FAULT_NINS } from '../../src/simulator/simulator.js';
import {
  ManualClock,
  OWNER_PASSWORD,
  addMember,
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
import { insertRecord } from '../helpers/records.js';
import { expectRollupsMatchRecords } from '../helpers/rollup-invariant.js';

const clock = new ManualClock('2026-11-22T09:00:00.000Z');
const inCatalogueOrder = (types: string[]) => [...types].sort((a, b) => SERVICE_CODES.indexOf(a) - SERVICE_CODES.indexOf(b));

describeEachBackend(
  'analytics over HTTP (DESIGN.md §10.3)',
  (h) => {
    const owner = async (org: TestOrg): Promise<SignedIn> => signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    const get = async (who: SignedIn, url: string) => {
      const res = await h().app.inject({ method: 'GET', url, headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const at = (iso: string) => new Date(iso);

    /** Five live records around the Lagos midnight of 21 November, plus noise that must not count. */
    async function fixture() {
      const org = await createOrg(h().services);
      const second = await h().services.apiKeys.create({ organisationId: org.organisationId, type: 'live', name: 'second' });
      const r1 = await insertRecord(h(), org, { createdAt: at('2026-11-20T22:59:59.999Z') });
      await insertRecord(h(), org, { createdAt: at('2026-11-20T23:00:00.000Z'), verificationStatus: 'NOT_VERIFIED', httpStatus: 404 });
      await insertRecord(h(), org, {
        createdAt: at('2026-11-21T10:00:00.000Z'), type: 'BVN_LOOKUP', endpoint: '/v1/bvn/lookup', identifierType: 'BVN', requestReason: null,
        verificationStatus: null, errorCode: 'PROVIDER_UNAVAILABLE', httpStatus: 503, charged: false, chargeAmountKobo: 0, referenceId: null, apiKeyId: second.key.id,
      });
      await insertRecord(h(), org, { createdAt: at('2026-11-21T11:00:00.000Z'), replayOf: r1 });
      await insertRecord(h(), org, {
        createdAt: at('2026-11-21T23:30:00.000Z'), type: 'BVN_LOOKUP', endpoint: '/v1/bvn/lookup', identifierType: 'BVN', requestReason: null, chargeAmountKobo: 15_000,
      });
      // Noise: a test record, a record outside the range, another organisation's record.
      await insertRecord(h(), org, { createdAt: at('2026-11-21T12:00:00.000Z'), environment: 'test', apiKeyId: org.testKeyId, charged: false, chargeAmountKobo: 0 });
      await insertRecord(h(), org, { createdAt: at('2026-11-19T12:00:00.000Z') });
      const stranger = await createOrg(h().services);
      await insertRecord(h(), stranger, { createdAt: at('2026-11-21T12:00:00.000Z') });
      return { org, secondKeyId: second.key.id, who: await owner(org) };
    }
    const range = 'from=2026-11-20T00:00:00Z&to=2026-11-22T00:00:00Z';

    it('summarises hand-counted records: outcomes, replays, charged count, success rate, spend, byType in catalogue order', async () => {
      const { who, secondKeyId } = await fixture();
      const summary = await get(who, `/v1/analytics/summary?${range}`);
      const nin = { type: 'NIN_LOOKUP', volume: 3, verified: 2, notVerified: 1, failed: 0, successRate: 0.6667, spend: 300 };
      const bvn = { type: 'BVN_LOOKUP', volume: 2, verified: 1, notVerified: 0, failed: 1, successRate: 1, spend: 150 };
      expect(summary).toEqual({
        from: '2026-11-20T00:00:00.000Z',
        to: '2026-11-22T00:00:00.000Z',
        environment: 'live',
        currency: 'NGN',
        volume: 5,
        verified: 3,
        notVerified: 1,
        failed: 1,
        replays: 1,
        chargedCount: 4,
        successRate: 0.75,
        spend: 450,
        byType: inCatalogueOrder(['NIN_LOOKUP', 'BVN_LOOKUP']).map((t) => (t === 'NIN_LOOKUP' ? nin : bvn)),
      });
      const onlyBvn = await get(who, `/v1/analytics/summary?${range}&type=BVN_LOOKUP`);
      expect([onlyBvn.volume, onlyBvn.byType]).toEqual([2, [bvn]]);
      const byKey = await get(who, `/v1/analytics/summary?${range}&apiKeyId=${secondKeyId}`);
      expect([byKey.volume, byKey.failed, byKey.successRate, byKey.spend]).toEqual([1, 1, null, 0]);
      const test = await get(who, `/v1/analytics/summary?${range}&environment=test`);
      expect([test.environment, test.volume, test.verified, test.spend, test.chargedCount]).toEqual(['test', 1, 1, 0, 0]);
    });

    it('defaults the summary to the 30 days before now, and says null/0 where nothing happened', async () => {
      const { who } = await fixture();
      const summary = await get(who, '/v1/analytics/summary');
      // The clock stands at 2026-11-22T09:00Z: the six live records of the fixture, 19 November's included.
      expect([summary.from, summary.to]).toEqual(['2026-10-23T09:00:00.000Z', '2026-11-22T09:00:00.000Z']);
      expect(summary.volume).toBe(6);
      const empty = await get(who, '/v1/analytics/summary?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z');
      expect(empty).toMatchObject({ volume: 0, verified: 0, notVerified: 0, failed: 0, replays: 0, chargedCount: 0, successRate: null, spend: 0, byType: [] });
    });

    it('buckets by Lagos day (a day starts at 23:00Z), by UTC day and by hour, contiguous and zero-filled', async () => {
      const { who } = await fixture();
      const lagos = await get(who, `/v1/analytics/timeseries?${range}&groupBy=type`);
      expect([lagos.interval, lagos.timezone, lagos.environment, lagos.currency, lagos.from, lagos.to]).toEqual([
        'day', 'Africa/Lagos', 'live', 'NGN', '2026-11-19T23:00:00.000Z', '2026-11-22T23:00:00.000Z',
      ]);
      expect(lagos.buckets.map((b: any) => [b.label, b.start, b.end, b.volume, b.verified, b.notVerified, b.failed, b.successRate, b.spend])).toEqual([
        ['2026-11-20', '2026-11-19T23:00:00.000Z', '2026-11-20T23:00:00.000Z', 1, 1, 0, 0, 1, 100],
        ['2026-11-21', '2026-11-20T23:00:00.000Z', '2026-11-21T23:00:00.000Z', 3, 1, 1, 1, 0.5, 200],
        ['2026-11-22', '2026-11-21T23:00:00.000Z', '2026-11-22T23:00:00.000Z', 1, 1, 0, 0, 1, 150],
      ]);
      const types = inCatalogueOrder(['NIN_LOOKUP', 'BVN_LOOKUP']);
      expect(lagos.buckets[0].groups.map((g: any) => g.type)).toEqual(types);
      const bvnOnDay1 = lagos.buckets[0].groups.find((g: any) => g.type === 'BVN_LOOKUP');
      expect(bvnOnDay1).toEqual({ type: 'BVN_LOOKUP', volume: 0, verified: 0, notVerified: 0, failed: 0, successRate: null, spend: 0 });
      const ninOnDay2 = lagos.buckets[1].groups.find((g: any) => g.type === 'NIN_LOOKUP');
      expect(ninOnDay2).toEqual({ type: 'NIN_LOOKUP', volume: 2, verified: 1, notVerified: 1, failed: 0, successRate: 0.5, spend: 200 });

      const utc = await get(who, `/v1/analytics/timeseries?${range}&timezone=UTC`);
      expect([utc.from, utc.to]).toEqual(['2026-11-20T00:00:00.000Z', '2026-11-22T00:00:00.000Z']);
      expect(utc.buckets.map((b: any) => [b.label, b.volume, b.spend, 'groups' in b])).toEqual([
        ['2026-11-20', 2, 200, false],
        ['2026-11-21', 3, 250, false],
      ]);

      const hours = await get(who, '/v1/analytics/timeseries?interval=hour&from=2026-11-20T22:30:00Z&to=2026-11-21T00:00:01Z');
      expect([hours.from, hours.to]).toEqual(['2026-11-20T22:00:00.000Z', '2026-11-21T01:00:00.000Z']);
      expect(hours.buckets.map((b: any) => [b.label, b.start, b.volume, b.successRate])).toEqual([
        ['2026-11-20T23:00', '2026-11-20T22:00:00.000Z', 1, 1],
        ['2026-11-21T00:00', '2026-11-20T23:00:00.000Z', 1, 0],
        ['2026-11-21T01:00', '2026-11-21T00:00:00.000Z', 0, null],
      ]);
      const utcHours = await get(who, '/v1/analytics/timeseries?interval=hour&timezone=UTC&from=2026-11-20T22:00:00Z&to=2026-11-20T23:00:00Z');
      expect(utcHours.buckets.map((b: any) => b.label)).toEqual(['2026-11-20T22:00']);
    });

    it('defaults the timeseries to the 30 Lagos days ending with today, and 24 hours ending with this hour', async () => {
      const { who } = await fixture();
      const days = await get(who, '/v1/analytics/timeseries');
      // 09:00Z on 22 November is 10:00 in Lagos: today ends at 23:00Z.
      expect([days.from, days.to, days.buckets.length]).toEqual(['2026-10-23T23:00:00.000Z', '2026-11-22T23:00:00.000Z', 30]);
      expect(days.buckets.reduce((n: number, b: any) => n + b.volume, 0)).toBe(6);
      const hours = await get(who, '/v1/analytics/timeseries?interval=hour');
      expect([hours.from, hours.to, hours.buckets.length]).toEqual(['2026-11-21T10:00:00.000Z', '2026-11-22T10:00:00.000Z', 24]);
      // 10:00Z (inclusive), 11:00Z and 23:30Z on 21 November.
      expect(hours.buckets.reduce((n: number, b: any) => n + b.volume, 0)).toBe(3);
    });

    it('answers 400 naming the parameter for each query outside its rules', async () => {
      const org = await createOrg(h().services);
      const who = await owner(org);
      const cases: Array<[string, string]> = [
        ['summary?from=2025-01-01T00:00:00Z&to=2026-01-03T00:00:00Z', 'from'],
        ['summary?from=2026-11-22T10:00:00Z', 'from'],
        ['summary?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', 'from'],
        ['summary?from=2026-11-01', 'from'],
        ['summary?type=NOPE', 'type'],
        ['summary?status=VERIFIED', 'status'],
        ['summary?environment=staging', 'environment'],
        ['summary?apiKeyId=abc', 'apiKeyId'],
        ['summary?limit=20', 'limit'],
        ['timeseries?interval=week', 'interval'],
        ['timeseries?timezone=Europe/London', 'timezone'],
        ['timeseries?groupBy=status', 'groupBy'],
        ['timeseries?from=2025-01-01T00:00:00Z&to=2026-01-03T00:00:00Z', 'from'],
        ['timeseries?interval=hour&from=2026-10-01T00:00:00Z&to=2026-11-02T00:00:00Z', 'from'],
        ['timeseries?to=2026-11-01T00:00:00', 'to'],
      ];
      for (const [query, field] of cases) {
        const res = await h().app.inject({ method: 'GET', url: `/v1/analytics/${query}`, headers: who.headers });
        expect([query, res.statusCode, res.json().code]).toEqual([query, 400, 'VALIDATION_ERROR']);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      // The limits themselves are allowed: 366 days, 744 hours.
      expect((await get(who, '/v1/analytics/summary?from=2025-01-01T00:00:00Z&to=2026-01-02T00:00:00Z')).volume).toBe(0);
      expect((await get(who, '/v1/analytics/timeseries?interval=hour&timezone=UTC&from=2026-10-01T00:00:00Z&to=2026-11-01T00:00:00Z')).buckets).toHaveLength(744);
      expect((await get(who, '/v1/analytics/timeseries?timezone=UTC&from=2025-01-01T00:00:00Z&to=2026-01-02T00:00:00Z')).buckets).toHaveLength(366);
    });

    it('spend equals the wallet\'s verification debits over the same range, replays included; a VIEWER reads it', async () => {
      const org = await createOrg(h().services);
      await fund(h().services, org.organisationId, 5000);
      const calls: Array<[string, string, Record<string, string>]> = [
        ['2026-11-20T22:59:00.000Z', '11111111111', {}],
        ['2026-11-20T23:00:00.000Z', '11111111111', { 'idempotency-key': 'analytics-replay-1' }],
        ['2026-11-21T08:00:00.000Z', '11111111111', { 'idempotency-key': 'analytics-replay-1' }],
        ['2026-11-21T09:00:00.000Z', FAULT_NINS.unavailable, {}],
        ['2026-11-21T23:00:00.000Z', '00000000000', {}],
      ];
      for (const [instant, nin, headers] of calls) {
        clock.set(instant);
        const res = await lookup(h().app, org.liveKey, ninBody(nin), headers);
        expect(res.statusCode).toBeLessThan(600);
      }
      clock.set('2026-11-22T09:00:00.000Z');
      const viewer = await addMember(h().services, org, 'VIEWER');
      const who = await signIn(h().app, viewer.email, viewer.password);
      const debitsKobo = async (from: string, to: string) => {
        const rows = await h()
          .database.db.selectFrom('ledger_entries')
          .select(['amount_kobo'])
          .where('organisation_id', '=', org.organisationId)
          .where('cause', '=', 'VERIFICATION')
          .where('created_at', '>=', at(from))
          .where('created_at', '<', at(to))
          .execute();
        return -rows.reduce((s, r) => s + Number(r.amount_kobo), 0);
      };
      const summary = await get(who, `/v1/analytics/summary?${range}`);
      expect(summary).toMatchObject({ volume: 5, verified: 3, notVerified: 1, failed: 1, replays: 1 });
      expect(summary.spend * 100).toBe(await debitsKobo('2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z'));
      expect(summary.spend).toBeGreaterThan(0);
      const series = await get(who, `/v1/analytics/timeseries?${range}`);
      for (const bucket of series.buckets) expect([bucket.label, bucket.spend * 100]).toEqual([bucket.label, await debitsKobo(bucket.start, bucket.end)]);
      expect(series.buckets.map((b: any) => b.volume)).toEqual([1, 3, 1]);
    });
  },
  { clock },
);

const rollupClock = new ManualClock('2026-11-22T09:00:00.000Z');

/**
 * The hourly rollup (migrations/0013_analytics_rollup.sql): whole UTC hours are read from it, the
 * partial hours at a summary's edges from the records, and the answer equals a hand count whatever the
 * edges, down to the microsecond; the rollup moves with the records' transaction, whichever path writes them.
 */
describeEachBackend(
  'analytics from the hourly rollup (DESIGN.md §10.3, migration 0013)',
  (h) => {
    type Status = 'VERIFIED' | 'NOT_VERIFIED' | null;
    type KeyName = 'live' | 'second' | 'test';
    interface Spec { at: string; type?: 'NIN_LOOKUP' | 'BVN_LOOKUP'; status?: Status; key?: KeyName; replay?: boolean }
    interface Fixture { org: TestOrg; keys: Record<KeyName, string>; who: SignedIn; records: Rec[] }
    interface Rec { micros: bigint; type: string; environment: 'live' | 'test'; apiKeyId: string; status: Status; charged: boolean; amountKobo: number; replay: boolean }

    /** An ISO instant (up to 6 decimals) in microseconds, exact: records are stored to the microsecond. */
    const micros = (iso: string) => {
      const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/.exec(iso);
      if (!m) throw new Error(`not an ISO instant: ${iso}`);
      return BigInt(Date.parse(`${m[1]}Z`)) * 1000n + BigInt((m[2] ?? '').padEnd(6, '0'));
    };
    const owner = async (org: TestOrg): Promise<SignedIn> => signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    const get = async (who: SignedIn, url: string) => {
      const res = await h().app.inject({ method: 'GET', url, headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const at = (instant: string) => new Date(instant);

    /** Rows for the specs, created_at given as text so microseconds survive (the helper's Date has milliseconds). */
    function rowsOf(org: TestOrg, keys: Record<KeyName, string>, specs: Spec[], replayOf: string | null) {
      return specs.map((s) => {
        const id = h().services.ids.next('ver');
        const type = s.type ?? 'NIN_LOOKUP';
        const environment = s.key === 'test' ? 'test' : 'live';
        const status = s.status === undefined ? 'VERIFIED' : s.status;
        const charged = environment === 'live' && status !== null;
        const amountKobo = charged ? (type === 'BVN_LOOKUP' ? 15_000 : 10_000) : 0;
        const row = h().services.records.toRow({
          id, organisationId: org.organisationId, type, endpoint: type === 'BVN_LOOKUP' ? '/v1/bvn/lookup' : '/v1/nin/raw/lookup', environment,
          verificationStatus: status, errorCode: status === null ? 'PROVIDER_UNAVAILABLE' : null, httpStatus: status === null ? 503 : 200,
          charged, chargeAmountKobo: amountKobo, referenceId: status === null ? null : `REF-${id}`, identifierType: type === 'BVN_LOOKUP' ? 'BVN' : 'NIN',
          identifier: '11111111111', purpose: null, requestReason: null, apiKeyId: keys[s.key ?? 'live'], requestId: `req_${id}`, durationMs: 5,
          replayOf: s.replay ? replayOf : null, createdAt: new Date(0),
        });
        const rec: Rec = { micros: micros(s.at), type, environment, apiKeyId: keys[s.key ?? 'live'], status, charged, amountKobo, replay: !!s.replay };
        return { row: { ...row, created_at: s.at }, rec };
      });
    }

    /** Writes the specs by plain SQL, several records per statement: the originals first, then the replays of the first one. */
    async function insertSpecs(fx: Pick<Fixture, 'org' | 'keys' | 'records'>, specs: Spec[]) {
      const originals = rowsOf(fx.org, fx.keys, specs.filter((s) => !s.replay), null);
      if (originals.length > 0) await h().database.db.insertInto('verification_records').values(originals.map((r) => r.row)).execute();
      const first = fx.records.length > 0 ? null : (originals[0]?.row.id ?? null);
      const replayOf = first ?? (await h().database.db.selectFrom('verification_records').select('id').where('organisation_id', '=', fx.org.organisationId).orderBy('created_at').executeTakeFirstOrThrow()).id;
      const replays = rowsOf(fx.org, fx.keys, specs.filter((s) => s.replay), replayOf);
      if (replays.length > 0) await h().database.db.insertInto('verification_records').values(replays.map((r) => r.row)).execute();
      fx.records.push(...originals.map((r) => r.rec), ...replays.map((r) => r.rec));
    }

    async function newFixture(specs: Spec[]): Promise<Fixture> {
      const org = await createOrg(h().services);
      const second = await h().services.apiKeys.create({ organisationId: org.organisationId, type: 'live', name: 'second' });
      const fx: Fixture = { org, keys: { live: org.liveKeyId, second: second.key.id, test: org.testKeyId }, who: await owner(org), records: [] };
      await insertSpecs(fx, specs);
      return fx;
    }

    /** The figures of the records in [from, to) that pass the filters, counted by hand. */
    function handCount(records: Rec[], q: { from: string; to: string; environment?: 'live' | 'test'; type?: string[]; apiKeyId?: string }) {
      const [from, to] = [micros(q.from), micros(q.to)];
      const picked = records.filter(
        (r) => r.micros >= from && r.micros < to && r.environment === (q.environment ?? 'live') && (!q.type || q.type.includes(r.type)) && (!q.apiKeyId || r.apiKeyId === q.apiKeyId),
      );
      const figuresOf = (rs: Rec[]) => {
        const verified = rs.filter((r) => r.status === 'VERIFIED').length;
        const notVerified = rs.filter((r) => r.status === 'NOT_VERIFIED').length;
        return {
          volume: rs.length,
          verified,
          notVerified,
          failed: rs.filter((r) => r.status === null).length,
          successRate: verified + notVerified === 0 ? null : Math.round((verified / (verified + notVerified)) * 10_000) / 10_000,
          spend: rs.filter((r) => r.charged).reduce((s, r) => s + r.amountKobo, 0) / 100,
        };
      };
      const types = inCatalogueOrder([...new Set(picked.map((r) => r.type))]);
      return {
        ...figuresOf(picked),
        replays: picked.filter((r) => r.replay).length,
        chargedCount: picked.filter((r) => r.charged).length,
        byType: types.map((type) => ({ type, ...figuresOf(picked.filter((r) => r.type === type)) })),
        types,
        figuresOf,
      };
    }

    const iso = (s: string) => (s.endsWith('Z') && s.includes('.') ? s : s.replace('Z', '.000Z'));
    const params = (query: string) => Object.fromEntries(new URLSearchParams(query));

    /** Around the Lagos midnight of 21 November (23:00Z on the 20th): on, just before and just after hour boundaries. */
    const SPECS: Spec[] = [
      { at: '2026-11-19T12:00:00.000Z' },
      { at: '2026-11-20T21:15:00.000Z' },
      { at: '2026-11-20T22:00:00.000Z', status: 'NOT_VERIFIED' },
      { at: '2026-11-20T22:29:59.999Z', type: 'BVN_LOOKUP', status: null, key: 'second' },
      { at: '2026-11-20T22:30:00.000Z', type: 'BVN_LOOKUP', replay: true },
      { at: '2026-11-20T22:59:59.999999Z' },
      { at: '2026-11-20T23:00:00.000Z', key: 'second' },
      { at: '2026-11-20T23:00:00.000500Z', type: 'BVN_LOOKUP', status: 'NOT_VERIFIED' },
      { at: '2026-11-20T23:00:00.001Z', status: null },
      { at: '2026-11-20T23:10:00.000Z', key: 'test' },
      { at: '2026-11-20T23:45:00.000Z', replay: true },
      { at: '2026-11-21T00:00:00.000Z', type: 'BVN_LOOKUP', key: 'second' },
      { at: '2026-11-21T10:30:00.000Z', replay: true, key: 'second' },
      { at: '2026-11-21T10:30:00.000Z', type: 'BVN_LOOKUP', key: 'test', status: null },
      { at: '2026-11-21T22:59:59.999999Z' },
      { at: '2026-11-21T23:00:00.000Z', type: 'BVN_LOOKUP', status: null },
      { at: '2026-11-22T05:00:00.000Z', status: 'NOT_VERIFIED' },
    ];

    it('summaries equal a hand count for edges mid-hour, on the hour, at the Lagos midnight, a millisecond off, and inside one hour', async () => {
      const fx = await newFixture(SPECS);
      // Another organisation's record in a counted hour must stay out.
      await insertRecord(h(), await createOrg(h().services), { createdAt: at('2026-11-20T23:10:00.000Z') });
      await expectRollupsMatchRecords(h(), fx.org.organisationId);
      const { second } = fx.keys;
      const cases: string[] = [
        'from=2026-11-20T21:30:00Z&to=2026-11-21T10:45:00Z', // mid-hour edges
        'from=2026-11-20T22:00:00Z&to=2026-11-21T00:00:00Z', // whole hours only
        'from=2026-11-20T23:00:00Z&to=2026-11-21T23:00:00Z', // one Lagos day
        'from=2026-11-19T23:00:00Z&to=2026-11-22T23:00:00Z', // three Lagos days
        'from=2026-11-20T23:00:00.001Z&to=2026-11-21T22:59:59.999Z', // a millisecond inside both hours
        'from=2026-11-20T21:59:59.999Z&to=2026-11-21T00:00:00.001Z', // a millisecond outside both hours
        'from=2026-11-20T22:15:00Z&to=2026-11-20T22:45:00Z', // inside one hour: records only
        'from=2026-11-20T23:00:00Z&to=2026-11-20T23:00:00.001Z', // the first millisecond of an hour
        'from=2026-11-20T22:29:59.999Z&to=2026-11-20T23:00:00.001Z', // across one boundary, no whole hour
        'from=2026-11-20T21:30:00Z&to=2026-11-21T10:45:00Z&type=BVN_LOOKUP',
        `from=2026-11-20T21:30:00Z&to=2026-11-21T10:45:00Z&apiKeyId=${second}`,
        `from=2026-11-20T22:30:00Z&to=2026-11-21T23:00:00Z&type=NIN_LOOKUP,BVN_LOOKUP&apiKeyId=${second}`,
        'from=2026-11-20T22:30:00Z&to=2026-11-21T11:30:00Z&environment=test',
      ];
      for (const query of cases) {
        const p = params(query);
        const { from, to, environment, currency, ...figures } = await get(fx.who, `/v1/analytics/summary?${query}`);
        expect([from, to, environment, currency]).toEqual([iso(p.from!), iso(p.to!), p.environment ?? 'live', 'NGN']);
        const { types: _types, figuresOf: _figuresOf, ...expected } = handCount(fx.records, {
          from: iso(p.from!), to: iso(p.to!), environment: p.environment as 'live' | 'test' | undefined, type: p.type?.split(','), apiKeyId: p.apiKeyId,
        });
        expect({ query, ...figures }).toEqual({ query, ...expected });
      }
    });

    it('timeseries equal a hand count per bucket: Lagos and UTC days, hours, with filters', async () => {
      const fx = await newFixture(SPECS);
      const { second } = fx.keys;
      const cases: string[] = [
        'interval=day&from=2026-11-19T23:00:00Z&to=2026-11-22T23:00:00Z&groupBy=type',
        'interval=day&timezone=UTC&from=2026-11-19T00:00:00Z&to=2026-11-23T00:00:00Z&groupBy=type',
        `interval=hour&from=2026-11-20T20:00:00Z&to=2026-11-21T02:00:00Z&groupBy=type&apiKeyId=${second}`,
        'interval=hour&timezone=UTC&from=2026-11-20T21:30:00Z&to=2026-11-21T00:30:00Z&type=BVN_LOOKUP&groupBy=type',
        'interval=hour&from=2026-11-20T21:00:00Z&to=2026-11-21T12:00:00Z',
        'interval=day&from=2026-11-19T23:00:00Z&to=2026-11-22T23:00:00Z&environment=test&groupBy=type',
      ];
      for (const query of cases) {
        const p = params(query);
        const series = await get(fx.who, `/v1/analytics/timeseries?${query}`);
        const filters = { environment: p.environment as 'live' | 'test' | undefined, type: p.type?.split(','), apiKeyId: p.apiKeyId };
        const { types, figuresOf } = handCount(fx.records, { from: series.from, to: series.to, ...filters });
        const expected = series.buckets.map((b: { start: string; end: string; label: string }) => {
          const bucket = handCount(fx.records, { from: b.start, to: b.end, ...filters });
          const { volume, verified, notVerified, failed, successRate, spend } = bucket;
          const groups = types.map((type) => ({ type, ...figuresOf([]), ...(bucket.byType.find((g) => g.type === type) ?? {}) }));
          return { start: b.start, end: b.end, label: b.label, volume, verified, notVerified, failed, successRate, spend, ...(p.groupBy ? { groups } : {}) };
        });
        expect({ query, buckets: series.buckets }).toEqual({ query, buckets: expected });
        expect(series.buckets.reduce((n: number, b: { volume: number }) => n + b.volume, 0)).toBe(handCount(fx.records, { from: series.from, to: series.to, ...filters }).volume);
      }
    });

    it('reads whole hours from the rollup and the edges from the records', async () => {
      const fx = await newFixture([{ at: '2026-11-20T10:15:00.000Z' }]);
      // A rollup row with no record behind it shows which part of a range each figure came from.
      const marker = { organisation_id: fx.org.organisationId, environment: 'live' as const, hour: at('2026-11-20T12:00:00.000Z'), type: 'NIN_LOOKUP', api_key_id: fx.keys.live };
      await h().database.db.insertInto('verification_rollups').values({ ...marker, volume: 1000, verified: 1000, not_verified: 0, failed: 0, replays: 0, charged_count: 0, spend_kobo: 0 }).execute();
      try {
        const volume = async (query: string) => (await get(fx.who, `/v1/analytics/summary?${query}`)).volume;
        expect(await volume('from=2026-11-20T10:00:00Z&to=2026-11-20T13:00:00Z')).toBe(1001);
        expect(await volume('from=2026-11-20T10:30:00Z&to=2026-11-20T13:00:00Z')).toBe(1000);
        expect(await volume('from=2026-11-20T10:00:00Z&to=2026-11-20T12:59:59.999Z')).toBe(1);
        expect(await volume('from=2026-11-20T12:00:00.001Z&to=2026-11-20T13:00:00Z')).toBe(0);
        const series = await get(fx.who, '/v1/analytics/timeseries?interval=hour&timezone=UTC&from=2026-11-20T10:00:00Z&to=2026-11-20T13:00:00Z');
        expect(series.buckets.map((b: { volume: number }) => b.volume)).toEqual([1, 0, 1000]);
      } finally {
        await h().database.db.deleteFrom('verification_rollups').where('organisation_id', '=', marker.organisation_id).where('hour', '=', marker.hour).execute();
      }
      await expectRollupsMatchRecords(h(), fx.org.organisationId);
    });

    it('keeps the rollup equal to the records grouped by hour, type and key, whichever path writes them', async () => {
      const fx = await newFixture(SPECS);
      // Plain SQL, one statement for many records of many groups (as tests and bench/records.js seed).
      await sql`
        INSERT INTO verification_records
          (id, organisation_id, type, endpoint, environment, verification_status, error_code, http_status, charged, charge_amount_kobo,
           reference_id, identifier_type, identifier_ciphertext, identifier_hash, identifier_masked, api_key_id, request_id, duration_ms, created_at)
        SELECT ${fx.org.organisationId} || '_gen_' || i, ${fx.org.organisationId}, (ARRAY['NIN_LOOKUP', 'BVN_LOOKUP'])[1 + i % 2], '/v1/x', 'live',
               CASE WHEN i % 5 < 3 THEN 'VERIFIED' WHEN i % 5 = 3 THEN 'NOT_VERIFIED' END, CASE WHEN i % 5 = 4 THEN 'PROVIDER_UNAVAILABLE' END,
               200, i % 5 < 4, CASE WHEN i % 5 < 4 THEN 100 * i ELSE 0 END, NULL, 'NIN', '\\x00'::bytea, '\\x00'::bytea, '*',
               (ARRAY[${fx.keys.live}, ${fx.keys.second}])[1 + i % 3 % 2], 'req_gen_' || i, 1,
               timestamptz '2026-11-20T00:00:00Z' + i * interval '7 minutes 13.000001 seconds'
          FROM generate_series(1, 400) AS i`.execute(h().database.db);
      await expectRollupsMatchRecords(h(), fx.org.organisationId);
      // Every record counted once, rolled up or not yet: whole hours only, then with edges.
      const everything = async (range: string) =>
        (await get(fx.who, `/v1/analytics/summary?${range}`)).volume + (await get(fx.who, `/v1/analytics/summary?environment=test&${range}`)).volume;
      expect(await everything('from=2026-11-19T00:00:00Z&to=2026-11-23T00:00:00Z')).toBe(SPECS.length + 400);
      expect(await everything('from=2026-11-19T00:00:00.5Z&to=2026-11-22T23:59:59.5Z')).toBe(SPECS.length + 400);

      // The API: live calls settle through verification_settle, test calls through the record writer.
      await fund(h().services, fx.org.organisationId, 1000);
      for (const [instant, key, nin, headers] of [
        ['2026-11-22T08:59:59.000Z', fx.org.liveKey, '11111111111', {}],
        ['2026-11-22T09:00:00.000Z', fx.org.liveKey, '11111111111', { 'idempotency-key': 'rollup-replay-1' }],
        ['2026-11-22T09:30:00.000Z', fx.org.liveKey, '11111111111', { 'idempotency-key': 'rollup-replay-1' }],
        ['2026-11-22T09:31:00.000Z', fx.org.liveKey, FAULT_NINS.unavailable, {}],
        ['2026-11-22T09:32:00.000Z', fx.org.testKey, '11111111111', {}],
        ['2026-11-22T10:00:00.000Z', fx.org.testKey, '00000000000', {}],
      ] as const) {
        rollupClock.set(instant);
        expect((await lookup(h().app, key, ninBody(nin), headers)).statusCode).toBeLessThan(600);
      }
      rollupClock.set('2026-11-22T09:00:00.000Z');
      await expectRollupsMatchRecords(h(), fx.org.organisationId);
      const live = await get(fx.who, '/v1/analytics/summary?from=2026-11-22T08:30:00Z&to=2026-11-22T11:00:00Z');
      expect([live.volume, live.replays, live.failed]).toEqual([4, 1, 1]);
    });

    it('counts nothing of a transaction that rolls back, and concurrent batches on the same hours add up exactly', async () => {
      const fx = await newFixture(SPECS);
      // Every record of the fixture rolled up first: otherwise a watermark held back by another open
      // transaction moves on during the test, and the rows differ for that reason alone.
      const before = await expectRollupsMatchRecords(h(), fx.org.organisationId, { all: true });
      const day = '/v1/analytics/summary?from=2026-11-20T21:30:00Z&to=2026-11-21T23:30:00Z';
      const summaryBefore = await get(fx.who, day);
      const extra = rowsOf(fx.org, fx.keys, SPECS.filter((s) => !s.replay), null).map((r) => r.row);
      const rolledBack = new Error('rolled back on purpose');
      await expect(
        h().database.db.transaction().execute(async (trx) => {
          await trx.insertInto('verification_records').values(extra).execute();
          // Inside the transaction the records already count (not rolled up yet: read beside the rollups).
          const inside = await sql<{ n: string }>`
            SELECT count(*) AS n FROM verification_records
             WHERE id = ANY(${extra.map((r) => r.id)}::text[]) AND created_xid >= (SELECT watermark FROM verification_rollup_watermark WHERE id = 1)`.execute(trx);
          expect(Number(inside.rows[0]!.n)).toBe(extra.length);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      expect(await expectRollupsMatchRecords(h(), fx.org.organisationId)).toEqual(before);
      expect(await get(fx.who, day)).toEqual(summaryBefore);

      // Concurrent statements upserting overlapping groups in different orders: no deadlock, nothing lost.
      const hours = ['2026-11-20T21:', '2026-11-20T22:', '2026-11-20T23:', '2026-11-21T00:'];
      const batches = Array.from({ length: 8 }, (_, b) => {
        const specs: Spec[] = [];
        for (let i = 0; i < 24; i++) {
          const n = (b * 7 + i * 5) % 24;
          specs.push({ at: `${hours[n % 4]}${String(10 + (n % 50)).padStart(2, '0')}:00.000Z`, type: n % 3 === 0 ? 'BVN_LOOKUP' : 'NIN_LOOKUP', key: n % 2 === 0 ? 'live' : 'second', status: n % 5 === 0 ? null : 'VERIFIED' });
        }
        return b % 2 === 0 ? specs : specs.reverse();
      });
      const written = batches.map((specs) => rowsOf(fx.org, fx.keys, specs, null));
      await Promise.all(written.map((batch) => h().database.db.insertInto('verification_records').values(batch.map((r) => r.row)).execute()));
      fx.records.push(...written.flat().map((r) => r.rec));
      await expectRollupsMatchRecords(h(), fx.org.organisationId);
      const after = await get(fx.who, day);
      const { types: _t, figuresOf: _f, ...expected } = handCount(fx.records, { from: '2026-11-20T21:30:00.000Z', to: '2026-11-21T23:30:00.000Z' });
      expect(after).toMatchObject(expected);
      expect(after.volume - summaryBefore.volume).toBe(written.flat().filter((r) => r.rec.micros >= micros('2026-11-20T21:30:00.000Z')).length);

      // Compactions (two at once, beside more inserts) add records to the rollup: nothing counted twice or lost.
      const more = rowsOf(fx.org, fx.keys, SPECS.filter((s) => !s.replay), null);
      const analytics = h().services.analytics;
      await Promise.all([analytics.compact(), analytics.compact(), h().database.db.insertInto('verification_records').values(more.map((r) => r.row)).execute(), analytics.compact()]);
      fx.records.push(...more.map((r) => r.rec));
      await expectRollupsMatchRecords(h(), fx.org.organisationId);
      const compacted = await get(fx.who, day);
      const { types: _t2, figuresOf: _f2, ...expectedAfter } = handCount(fx.records, { from: '2026-11-20T21:30:00.000Z', to: '2026-11-21T23:30:00.000Z' });
      expect(compacted).toMatchObject(expectedAfter);
    });

    it('counts a record at once, before the job has rolled it up, and once only after', async () => {
      const fx = await newFixture([{ at: '2026-11-20T10:15:00.000Z' }]);
      await h().services.analytics.compact();
      const whole = '/v1/analytics/summary?from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z';
      const series = '/v1/analytics/timeseries?interval=day&timezone=UTC&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z';
      expect((await get(fx.who, whole)).volume).toBe(1);
      const late = rowsOf(fx.org, fx.keys, [{ at: '2026-11-20T11:00:00.000Z' }, { at: '2026-11-20T11:30:00.000Z', status: null }], null);
      await h().database.db.insertInto('verification_records').values(late.map((r) => r.row)).execute();
      // Not rolled up yet: read from the records beside the rollups.
      expect((await get(fx.who, whole)).volume).toBe(3);
      expect((await get(fx.who, series)).buckets.map((b: { volume: number; failed: number }) => [b.volume, b.failed])).toEqual([[3, 1]]);
      await h().services.analytics.compact();
      expect((await get(fx.who, whole)).volume).toBe(3);
      expect((await get(fx.who, series)).buckets.map((b: { volume: number; failed: number }) => [b.volume, b.failed])).toEqual([[3, 1]]);
      await expectRollupsMatchRecords(h(), fx.org.organisationId);
    });

    it('splits a range into the whole UTC hours inside it and the partial hours at its edges', () => {
      const t = (s: string) => Date.parse(s);
      expect(splitHours(t('2026-11-20T21:30:00Z'), t('2026-11-21T10:45:00Z'))).toEqual({
        hours: [t('2026-11-20T22:00:00Z'), t('2026-11-21T10:00:00Z')],
        edges: [[t('2026-11-20T21:30:00Z'), t('2026-11-20T22:00:00Z')], [t('2026-11-21T10:00:00Z'), t('2026-11-21T10:45:00Z')]],
      });
      expect(splitHours(t('2026-11-20T23:00:00Z'), t('2026-11-21T23:00:00Z'))).toEqual({ hours: [t('2026-11-20T23:00:00Z'), t('2026-11-21T23:00:00Z')], edges: [] });
      expect(splitHours(t('2026-11-20T22:15:00Z'), t('2026-11-20T22:45:00Z'))).toEqual({ hours: null, edges: [[t('2026-11-20T22:15:00Z'), t('2026-11-20T22:45:00Z')]] });
      expect(splitHours(t('2026-11-20T22:15:00Z'), t('2026-11-20T23:45:00Z'))).toEqual({ hours: null, edges: [[t('2026-11-20T22:15:00Z'), t('2026-11-20T23:45:00Z')]] });
      expect(splitHours(t('1969-12-31T22:30:00Z'), t('1970-01-01T01:00:00Z')).hours).toEqual([t('1969-12-31T23:00:00Z'), t('1970-01-01T01:00:00Z')]);
    });
  },
  { clock: rollupClock },
);
