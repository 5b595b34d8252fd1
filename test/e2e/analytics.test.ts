import { expect, it } from 'vitest';
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
