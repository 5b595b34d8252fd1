import { expect, it } from 'vitest';
import { EVENT_TYPES, writeEvent, type EventType } from '../../src/events/events.service.js';
import {
  OWNER_PASSWORD,
  addMember,
  createOrg,
  describeEachBackend,
  ownerEmailOf,
  signIn,
  type SignedIn,
  type TestOrg,
} from '../helpers/harness.js';

describeEachBackend('events: list, read, event types, retention (DESIGN.md §11.2)', (h) => {
  const owner = async (org: TestOrg): Promise<SignedIn> => signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
  const get = (who: SignedIn, url: string) => h().app.inject({ method: 'GET', url, headers: who.headers });
  const page = async (who: SignedIn, query: string) => {
    const res = await get(who, `/v1/events${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Array<Record<string, unknown>>; nextCursor: string | null };
  };
  const write = (org: TestOrg, type: EventType, createdAt: Date, environment: 'live' | 'test' = 'live', data: unknown = { n: 1 }) =>
    writeEvent(h().database.db, h().services.ids, { organisationId: org.organisationId, type, environment, data, createdAt });

  it('lists the six event types in the table order', async () => {
    const org = await createOrg(h().services);
    const who = await owner(org);
    const res = await get(who, '/v1/webhooks/event-types');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(EVENT_TYPES.map((t) => ({ type: t.type, description: t.description })));
    expect(res.json().data.map((t: { type: string }) => t.type)).toEqual([
      'verification.completed', 'wallet.low_balance', 'wallet.funded', 'api_key.created', 'api_key.revoked', 'auth.new_session',
    ]);
    expect((await get(who, '/v1/webhooks/event-types?x=1')).statusCode).toBe(400);
  });

  it('shows a stored event exactly as its body, through the list and by id; another organisation gets 404; a VIEWER can read', async () => {
    const org = await createOrg(h().services);
    const other = await createOrg(h().services);
    const at = new Date(Date.now() - 60_000);
    const written = await write(org, 'wallet.funded', at, 'live', { transactionId: 'txn_x', amount: 10.5 });
    const body = JSON.parse(written.body);
    expect(body).toEqual({ id: written.id, type: 'wallet.funded', createdAt: at.toISOString(), environment: 'live', data: { transactionId: 'txn_x', amount: 10.5 } });
    expect(written.id).toMatch(/^evt_[0-9a-z]{26}$/);
    const viewer = await addMember(h().services, org, 'VIEWER');
    const who = await signIn(h().app, viewer.email, viewer.password);
    const one = await get(who, `/v1/events/${written.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(JSON.stringify(one.json().data)).toBe(written.body);
    const listed = await page(who, '?type=wallet.funded');
    expect(listed.items.map((e) => JSON.stringify(e))).toContain(written.body);
    const stranger = await owner(other);
    const cross = await get(stranger, `/v1/events/${written.id}`);
    expect(cross.statusCode).toBe(404);
    const missing = await get(stranger, '/v1/events/evt_00000000000000000000000000');
    expect(missing.statusCode).toBe(404);
    expect(cross.json().code).toBe(missing.json().code);
    expect((await page(stranger, '?type=wallet.funded')).items.map((e) => e.id)).not.toContain(written.id);
    expect((await h().app.inject({ method: 'GET', url: `/v1/events/${written.id}` })).statusCode).toBe(401);
  });

  it('filters by type, environment and time, and pages newest first without gaps or repeats', async () => {
    const org = await createOrg(h().services);
    const who = await owner(org);
    const base = Date.now() - 3_600_000;
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push((await write(org, i % 2 === 0 ? 'wallet.low_balance' : 'api_key.revoked', new Date(base + Math.floor(i / 2) * 1000))).id);
    const testOne = (await write(org, 'verification.completed', new Date(base), 'test')).id;
    // Newest first by (createdAt, id), every one exactly once over the pages.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p = await page(who, `?type=wallet.low_balance,api_key.revoked&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.items.map((e) => e.id as string));
      cursor = p.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    const rows = await h().database.db.selectFrom('events').select(['id', 'created_at']).where('id', 'in', made).execute();
    const expected = rows
      .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(25);
    // Type.
    const low = await page(who, '?type=wallet.low_balance&limit=100');
    expect(low.items).toHaveLength(13);
    expect(low.items.every((e) => e.type === 'wallet.low_balance')).toBe(true);
    // Environment: test only with environment=test; live by default.
    expect((await page(who, '?environment=test')).items.map((e) => e.id)).toEqual([testOne]);
    expect((await page(who, '?limit=100&type=verification.completed')).items).toEqual([]);
    // from inclusive, to exclusive.
    const from = new Date(base + 2000).toISOString();
    const to = new Date(base + 4000).toISOString();
    const window = await page(who, `?type=wallet.low_balance,api_key.revoked&from=${from}&to=${to}`);
    expect(window.items).toHaveLength(4);
    expect(window.items.every((e) => (e.createdAt as string) >= from && (e.createdAt as string) < to)).toBe(true);
  });

  it('refuses every bad query with 400 naming the parameter', async () => {
    const org = await createOrg(h().services);
    const who = await owner(org);
    const cases: Array<[string, string]> = [
      ['?type=wallet.nope', 'type'],
      ['?type=*', 'type'],
      ['?type=wallet.funded,wallet.funded', 'type'],
      ['?environment=prod', 'environment'],
      ['?from=2026-11-01', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', 'from'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?cursor=notacursor', 'cursor'],
      ['?colour=red', 'colour'],
      ['?type=wallet.funded%00', 'type'],
    ];
    for (const [query, field] of cases) {
      const res = await get(who, `/v1/events${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json().errors ?? []), query).toContain(field);
    }
    const nul = await get(who, '/v1/events/evt_1%00');
    expect(nul.statusCode).toBe(400);
  });

  it('keeps events 30 days: older ones are 404 and the retention job deletes them', async () => {
    const org = await createOrg(h().services);
    const who = await owner(org);
    const now = Date.now();
    const old = await write(org, 'wallet.funded', new Date(now - 31 * 24 * 3_600_000));
    const older = await write(org, 'wallet.funded', new Date(now - 40 * 24 * 3_600_000));
    const oldest = await write(org, 'wallet.funded', new Date(now - 60 * 24 * 3_600_000));
    const young = await write(org, 'wallet.funded', new Date(now - 29 * 24 * 3_600_000));
    expect((await get(who, `/v1/events/${old.id}`)).statusCode).toBe(404);
    expect((await get(who, `/v1/events/${young.id}`)).statusCode).toBe(200);
    expect((await page(who, '?type=wallet.funded&limit=100')).items.map((e) => e.id)).not.toContain(old.id);
    // One event a batch: all three old ones go in one run.
    const deleted = await h().services.events.purge(new Date(now), { batch: 1 });
    expect(deleted).toBeGreaterThanOrEqual(3);
    const left = await h().database.db.selectFrom('events').select('id').where('id', 'in', [old.id, older.id, oldest.id, young.id]).execute();
    expect(left.map((r) => r.id)).toEqual([young.id]);
    // Two days later, the young one goes too.
    await h().services.events.purge(new Date(now + 2 * 24 * 3_600_000));
    expect(await h().database.db.selectFrom('events').select('id').where('id', '=', young.id).executeTakeFirst()).toBeUndefined();
    expect((await get(who, `/v1/events/${young.id}`)).statusCode).toBe(404);
  });
});
