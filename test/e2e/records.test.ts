import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertRecordsWithEventsQuery, type RecordEvent } from '../../src/records/records.repository.js';
import { FAULT_NINS } from '../../src/simulator/simulator.js';
import {
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

describeEachBackend('verification records over HTTP (DESIGN.md §10.1)', (h) => {
  const owner = async (org: TestOrg): Promise<SignedIn> => signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
  const get = (who: SignedIn, url: string) => h().app.inject({ method: 'GET', url, headers: who.headers });
  const list = async (who: SignedIn, query = '') => {
    const res = await get(who, `/v1/verifications${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Array<Record<string, unknown>>; nextCursor: string | null };
  };
  const ids = async (who: SignedIn, query: string) => (await list(who, query)).items.map((i) => i.id);

  it('shows a live call with every field of the table, the same through the list and by id', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 1000);
    const call = await lookup(h().app, org.liveKey, ninBody('11111111111'), { 'x-request-id': 'req-records-live-1' });
    expect(call.statusCode).toBe(200);
    const answer = call.json().data;
    const who = await owner(org);
    const page = await list(who);
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(1);
    const record = page.items[0]!;
    expect(record).toEqual({
      id: answer.verificationId,
      type: 'NIN_LOOKUP',
      endpoint: '/v1/nin/raw/lookup',
      environment: 'live',
      verificationStatus: 'VERIFIED',
      errorCode: null,
      httpStatus: 200,
      charged: true,
      chargeAmount: 100,
      referenceId: answer.referenceId,
      identifierType: 'NIN',
      identifier: '*******1111',
      purpose: null,
      requestReason: 'ACCOUNT_OPENING',
      apiKeyId: org.liveKeyId,
      requestId: 'req-records-live-1',
      durationMs: expect.any(Number),
      replayOf: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Number.isInteger(record.durationMs) && (record.durationMs as number) >= 0).toBe(true);
    const one = await get(who, `/v1/verifications/${answer.verificationId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(record);
    // No clear identifier anywhere in the answer.
    expect(one.body).not.toContain('11111111111');
  });

  it('records a provider failure as FAILED with its code, and a replay with replayOf; test keys are never charged', async () => {
    const org = await createOrg(h().services);
    await fund(h().services, org.organisationId, 1000);
    const failed = await lookup(h().app, org.liveKey, ninBody(FAULT_NINS.unavailable));
    expect(failed.statusCode).toBe(503);
    const first = await lookup(h().app, org.testKey, ninBody(), { 'idempotency-key': 'records-replay-1' });
    const again = await lookup(h().app, org.testKey, ninBody(), { 'idempotency-key': 'records-replay-1' });
    expect(again.body).toBe(first.body);
    const who = await owner(org);
    const live = await list(who);
    expect(live.items).toEqual([
      expect.objectContaining({ environment: 'live', verificationStatus: null, errorCode: 'PROVIDER_UNAVAILABLE', httpStatus: 503, charged: false, chargeAmount: 0, referenceId: null }),
    ]);
    expect((await list(who, '?status=FAILED')).items).toHaveLength(1);
    const test = await list(who, '?environment=test');
    const originalId = first.json().data.verificationId;
    expect(test.items.map((i) => [i.replayOf, i.charged, i.chargeAmount, i.environment])).toEqual([
      [originalId, false, 0, 'test'],
      [null, false, 0, 'test'],
    ]);
    expect(test.items[1]!.id).toBe(originalId);
    expect(test.items[0]!.id).not.toBe(originalId);
    expect(test.items[0]!.type).toBe(test.items[1]!.type);
    expect(test.items[0]!.referenceId).toBe(test.items[1]!.referenceId);
    // A record of the test environment is found by id without any environment parameter.
    expect((await get(who, `/v1/verifications/${originalId}`)).json().data.environment).toBe('test');
  });

  it('applies every filter: type, status, environment, apiKeyId, from inclusive, to exclusive', async () => {
    const org = await createOrg(h().services);
    const other = await h().services.apiKeys.create({ organisationId: org.organisationId, type: 'live', name: 'second' });
    const t = (iso: string) => new Date(iso);
    const a = await insertRecord(h(), org, { createdAt: t('2026-11-01T00:00:00.000Z') });
    const b = await insertRecord(h(), org, { createdAt: t('2026-11-02T00:00:00.000Z'), type: 'BVN_LOOKUP', endpoint: '/v1/bvn/lookup', identifierType: 'BVN', verificationStatus: 'NOT_VERIFIED', httpStatus: 404, requestReason: null });
    const c = await insertRecord(h(), org, { createdAt: t('2026-11-03T00:00:00.000Z'), verificationStatus: null, errorCode: 'PROVIDER_TIMEOUT', httpStatus: 504, charged: false, chargeAmountKobo: 0, referenceId: null, apiKeyId: other.key.id });
    const d = await insertRecord(h(), org, { createdAt: t('2026-11-04T00:00:00.000Z'), environment: 'test', apiKeyId: org.testKeyId, charged: false, chargeAmountKobo: 0 });
    const who = await owner(org);
    expect(await ids(who, '')).toEqual([c, b, a]);
    expect(await ids(who, '?environment=live')).toEqual([c, b, a]);
    expect(await ids(who, '?environment=test')).toEqual([d]);
    expect(await ids(who, '?type=BVN_LOOKUP')).toEqual([b]);
    expect(await ids(who, '?type=NIN_LOOKUP,BVN_LOOKUP')).toEqual([c, b, a]);
    expect(await ids(who, '?status=VERIFIED')).toEqual([a]);
    expect(await ids(who, '?status=NOT_VERIFIED,FAILED')).toEqual([c, b]);
    expect(await ids(who, `?apiKeyId=${other.key.id}`)).toEqual([c]);
    expect(await ids(who, '?from=2026-11-02T00:00:00Z')).toEqual([c, b]);
    expect(await ids(who, '?to=2026-11-02T00:00:00Z')).toEqual([a]);
    expect(await ids(who, `?from=${encodeURIComponent('2026-11-02T01:00:00.000+01:00')}&to=2026-11-03T00:00:00.000Z`)).toEqual([b]);
    expect(await ids(who, '?type=BVN_LOOKUP&status=VERIFIED')).toEqual([]);
    // Another organisation's key matches nothing.
    const stranger = await createOrg(h().services);
    expect(await ids(who, `?apiKeyId=${stranger.liveKeyId}`)).toEqual([]);
    expect(await ids(await owner(stranger), '')).toEqual([]);
  });

  it('pages newest first with no gap or repeat while records arrive, and never an empty last page', async () => {
    const org = await createOrg(h().services);
    const base = Date.parse('2026-10-01T00:00:00.000Z');
    const written: string[] = [];
    // Two records share each instant, so the id breaks ties.
    for (let i = 0; i < 45; i++) written.push(await insertRecord(h(), org, { createdAt: new Date(base + Math.floor(i / 2) * 1000) }));
    const who = await owner(org);
    const first = await list(who, '?limit=20');
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    // Records settled after the first page was read appear only on a new first page.
    const newer: string[] = [];
    for (let i = 0; i < 7; i++) newer.push(await insertRecord(h(), org, { createdAt: new Date(base + 3_600_000 + i) }));
    const second = await list(who, `?limit=20&cursor=${first.nextCursor}`);
    const third = await list(who, `?limit=20&cursor=${second.nextCursor}`);
    expect(second.items).toHaveLength(20);
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items, ...third.items].map((i) => i.id as string);
    const expected = written
      .map((id, i) => ({ id, at: Math.floor(i / 2) }))
      .sort((x, y) => y.at - x.at || (y.id < x.id ? -1 : 1))
      .map((x) => x.id);
    expect(seen).toEqual(expected);
    expect((await list(who, '?limit=7')).items.map((i) => i.id)).toEqual([...newer].reverse());
    // Exactly a page left: the page before the last says so (nextCursor null), never an empty page.
    const all = await list(who, '?limit=52');
    expect(all.items).toHaveLength(52);
    expect(all.nextCursor).toBeNull();
    const half = await list(who, '?limit=26');
    const rest = await list(who, `?limit=26&cursor=${half.nextCursor}`);
    expect(rest.items).toHaveLength(26);
    expect(rest.nextCursor).toBeNull();
    // The cursor is not bound to the filters: changed filters continue from the same position.
    const filtered = await list(who, `?limit=100&status=VERIFIED&cursor=${first.nextCursor}`);
    expect(filtered.items.map((i) => i.id)).toEqual(expected.slice(20));
  });

  const badQueries: Array<[string, string]> = [
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=abc', 'limit'],
    ['?limit=1.5', 'limit'],
    ['?cursor=not-a-cursor', 'cursor'],
    [`?cursor=${'A'.repeat(201)}`, 'cursor'],
    ['?type=NIN_LOOKUP,NOPE', 'type'],
    ['?type=NIN_LOOKUP,NIN_LOOKUP', 'type'],
    ['?status=PENDING', 'status'],
    ['?status=VERIFIED,VERIFIED', 'status'],
    ['?environment=prod', 'environment'],
    ['?apiKeyId=usr_123', 'apiKeyId'],
    ['?from=2026-11-01', 'from'],
    ['?to=2026-11-01T00:00:00', 'to'],
    ['?from=2026-02-30T00:00:00Z', 'from'],
    ['?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', 'from'],
    ['?from=2026-11-01T00:00:00Z&to=2026-11-01T00:00:00Z', 'from'],
    ['?colour=blue', 'colour'],
    ['?type=NIN%00LOOKUP', 'type'],
  ];
  it('answers 400 naming the parameter for each query outside its rules', async () => {
    const org = await createOrg(h().services);
    await insertRecord(h(), org, { createdAt: new Date('2026-11-01T00:00:00.000Z') });
    const who = await owner(org);
    for (const [query, field] of badQueries) {
      const res = await get(who, `/v1/verifications${query}`);
      expect([query, res.statusCode, res.json().code]).toEqual([query, 400, 'VALIDATION_ERROR']);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('answers 404 alike for another organisation\'s id and a missing one; exports paths are never ids', async () => {
    const mine = await createOrg(h().services);
    const theirs = await createOrg(h().services);
    const theirId = await insertRecord(h(), theirs, { createdAt: new Date('2026-11-01T00:00:00.000Z') });
    const who = await owner(mine);
    const cross = await get(who, `/v1/verifications/${theirId}`);
    const missing = await get(who, '/v1/verifications/ver_00000000000000000000000000');
    expect(cross.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    const strip = (b: Record<string, unknown>) => ({ ...b, timestamp: undefined, path: undefined });
    expect(strip(cross.json())).toEqual(strip(missing.json()));
    expect(cross.json().code).toBe('NOT_FOUND');
    expect(cross.body).not.toContain('REF-');
    // The owner of the record does see it.
    expect((await get(await owner(theirs), `/v1/verifications/${theirId}`)).json().data.id).toBe(theirId);
    // Never looked up as a record id (the exports routes own these paths).
    for (const path of ['exports', 'export-estimate']) expect((await get(who, `/v1/verifications/${path}`)).json().message).not.toBe(missing.json().message);
  });

  it('lets a VIEWER read, and refuses no token (401) and an API key as a token (401)', async () => {
    const org = await createOrg(h().services);
    const id = await insertRecord(h(), org, { createdAt: new Date('2026-11-01T00:00:00.000Z') });
    const viewer = await addMember(h().services, org, 'VIEWER');
    const who = await signIn(h().app, viewer.email, viewer.password);
    expect((await list(who)).items.map((i) => i.id)).toEqual([id]);
    expect((await get(who, `/v1/verifications/${id}`)).json().data.id).toBe(id);
    const anonymous = await h().app.inject({ method: 'GET', url: '/v1/verifications?limit=0' });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    const withKey = await h().app.inject({ method: 'GET', url: '/v1/verifications', headers: { authorization: `Bearer ${org.liveKey}` } });
    expect([withKey.statusCode, withKey.json().code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('one statement writes a batch of records and the events of those that have one, each body byte for byte, at its record instant', async () => {
    const org = await createOrg(h().services);
    const at = (i: number) => new Date(Date.UTC(2026, 10, 2, 3, 4, 5, 6 + i));
    const body = (i: number) => JSON.stringify({ n: i, quote: 'say "hi"', slash: 'a\\b', unicode: 'Ọ̀rẹ́ 🇳🇬', ctl: '\u0001\n\t', empty: '' });
    const rows = Array.from({ length: 5 }, (_, i) => {
      const id = h().services.ids.next('ver');
      const record = { id, organisationId: org.organisationId, type: 'NIN_LOOKUP', endpoint: '/v1/nin/raw/lookup', environment: 'live' as const, verificationStatus: 'VERIFIED' as const, errorCode: null, httpStatus: 200, charged: false, chargeAmountKobo: 0, referenceId: null, identifierType: 'NIN' as const, identifier: '11111111111', purpose: null, requestReason: 'ACCOUNT_OPENING', apiKeyId: org.liveKeyId, requestId: `req_${id}`, durationMs: 3, replayOf: null, createdAt: at(i) };
      // Records 1 and 3 have no event; the last has one: empty fields are first, between and last.
      const event: RecordEvent | null = i === 1 || i === 3 ? null : { id: h().services.ids.next('evt'), type: 'verification.completed', body: body(i) };
      return { row: h().services.records.toRow(record), event };
    });
    for (const batch of [rows.slice(0, 1), rows.slice(1, 2), rows.slice(2)]) await h().database.db.executeQuery(insertRecordsWithEventsQuery(batch));
    const stored = await h().database.db.selectFrom('verification_records').select(['id', 'created_at']).where('organisation_id', '=', org.organisationId).orderBy('created_at').execute();
    expect(stored.map((r) => [r.id, new Date(r.created_at).toISOString()])).toEqual(rows.map((r, i) => [r.row.id, at(i).toISOString()]));
    const events = await sql<{ id: string; body: string; created_at: Date; environment: string }>`
      SELECT id, body, created_at, environment FROM events WHERE organisation_id = ${org.organisationId} AND type = 'verification.completed' ORDER BY created_at`.execute(h().database.db);
    expect(events.rows.map((e) => [e.id, e.body, new Date(e.created_at).toISOString(), e.environment])).toEqual(
      rows.flatMap((r, i) => (r.event ? [[r.event.id, r.event.body, at(i).toISOString(), 'live']] : [])),
    );
    // A body is JSON text: one holding the separator (impossible for JSON.stringify) is refused before any write.
    const bad = { ...rows[0]!, row: { ...rows[0]!.row, id: h().services.ids.next('ver') }, event: { id: h().services.ids.next('evt'), type: 'verification.completed', body: 'a\x1eb' } };
    expect(() => insertRecordsWithEventsQuery([bad])).toThrow(/non-empty JSON text/);
  });
});

