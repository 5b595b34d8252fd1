import { beforeAll, describe, expect, it } from 'vitest';
import {
  OWNER_PASSWORD,
  createOrg,
  describeEachBackend,
  lookup,
  ownerEmailOf,
  signIn,
  type Harness,
  type SignedIn,
  type TestOrg,
  send,
} from '../helpers/harness.js';


/** The listing fields of DESIGN.md §9: metadata only. */
const VIEW_FIELDS = ['id', 'name', 'type', 'prefix', 'last4', 'rateLimit', 'expiresAt', 'createdAt', 'lastUsedAt', 'revokedAt'].sort();
const DAY_MS = 86_400_000;

describeEachBackend('API keys over HTTP', (h) => {
  let org: TestOrg | undefined;
  let owner: SignedIn | undefined;
  const create = (payload: unknown) => send(h(), 'POST', '/v1/api-keys', owner!, payload);
  const list = async () => {
    const res = await send(h(), 'GET', '/v1/api-keys', owner!);
    expect(res.statusCode).toBe(200);
    return res;
  };

  beforeAll(async () => {
    org = await createOrg(h().services);
    owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
  });

  describe('POST /v1/api-keys', () => {
    it('creates a test key: 201, the secret once, and the key works for a NIN lookup', async () => {
      const res = await create({ name: 'onboarding backend', type: 'test' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, statusCode: 201, path: '/v1/api-keys' });
      const key = body.data;
      expect(Object.keys(key).sort()).toEqual([...VIEW_FIELDS, 'secret'].sort());
      expect(key).toMatchObject({
        id: expect.stringMatching(/^key_/),
        name: 'onboarding backend',
        type: 'test',
        rateLimit: 600,
        expiresAt: null,
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(key.secret).toMatch(/^sk_test_[A-Za-z0-9]{32,}$/);
      expect(key.secret.startsWith(key.prefix)).toBe(true);
      expect(key.prefix.startsWith('sk_test_')).toBe(true);
      expect(key.last4).toBe(key.secret.slice(-4));
      expect(Math.abs(Date.parse(key.createdAt) - Date.now())).toBeLessThan(60_000);

      const verified = await lookup(h().app, key.secret);
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data).toMatchObject({ verificationStatus: 'VERIFIED', record: { nin: '11111111111' } });
      const [record] = await h()
        .database.db.selectFrom('verification_records')
        .select(['api_key_id', 'organisation_id'])
        .where('id', '=', verified.json().data.verificationId)
        .execute();
      expect(record).toEqual({ api_key_id: key.id, organisation_id: org!.organisationId });
    });

    it('creates a live key: the secret starts sk_live_ and authenticates', async () => {
      const res = await create({ name: 'production', type: 'live' });
      expect(res.statusCode).toBe(201);
      const key = res.json().data;
      expect(key.type).toBe('live');
      expect(key.secret).toMatch(/^sk_live_[A-Za-z0-9]{32,}$/);
      expect(key.prefix.startsWith('sk_live_')).toBe(true);
      const services = await h().app.inject({ method: 'GET', url: '/v1/services', headers: { 'x-api-key': key.secret } });
      expect(services.statusCode).toBe(200);
    });

    it('every secret is new: two keys never share one', async () => {
      const a = (await create({ name: 'a', type: 'test' })).json().data;
      const b = (await create({ name: 'a', type: 'test' })).json().data;
      expect(a.id).not.toBe(b.id);
      expect(a.secret).not.toBe(b.secret);
    });

    it('takes a rate limit and an expiry in days', async () => {
      const res = await create({ name: 'limited', type: 'test', rateLimit: 120, expiresInDays: 30 });
      expect(res.statusCode).toBe(201);
      const key = res.json().data;
      expect(key.rateLimit).toBe(120);
      expect(Date.parse(key.expiresAt) - Date.parse(key.createdAt)).toBe(30 * DAY_MS);
      expect((await lookup(h().app, key.secret)).statusCode).toBe(200);
    });

    const accepted: Array<[string, Record<string, unknown>]> = [
      ['a name of 1 character', { name: 'x' }],
      ['a name of 100 characters', { name: 'n'.repeat(100) }],
      ['rateLimit 1', { rateLimit: 1 }],
      ['rateLimit 1000000', { rateLimit: 1_000_000 }],
      ['expiresInDays 1', { expiresInDays: 1 }],
      ['expiresInDays 3650', { expiresInDays: 3650 }],
    ];
    for (const [label, fields] of accepted) {
      it(`accepts the limit: ${label}`, async () => {
        const res = await create({ name: 'edge', type: 'test', ...fields });
        expect(res.statusCode, res.body).toBe(201);
        const key = res.json().data;
        if ('name' in fields) expect(key.name).toBe(fields.name);
        if ('rateLimit' in fields) expect(key.rateLimit).toBe(fields.rateLimit);
        if ('expiresInDays' in fields) expect(Date.parse(key.expiresAt) - Date.parse(key.createdAt)).toBe((fields.expiresInDays as number) * DAY_MS);
      });
    }

    const refused: Array<[string, unknown, string]> = [
      ['an empty name', { name: '', type: 'test' }, 'name'],
      ['a name of 101 characters', { name: 'n'.repeat(101), type: 'test' }, 'name'],
      ['no name', { type: 'test' }, 'name'],
      ['a name that is not a string', { name: 7, type: 'test' }, 'name'],
      ["type 'prod'", { name: 'k', type: 'prod' }, 'type'],
      ["type 'TEST'", { name: 'k', type: 'TEST' }, 'type'],
      ['no type', { name: 'k' }, 'type'],
      ['rateLimit 0', { name: 'k', type: 'test', rateLimit: 0 }, 'rateLimit'],
      ['rateLimit 1000001', { name: 'k', type: 'test', rateLimit: 1_000_001 }, 'rateLimit'],
      ['rateLimit "10" (no coercion)', { name: 'k', type: 'test', rateLimit: '10' }, 'rateLimit'],
      ['rateLimit 1.5', { name: 'k', type: 'test', rateLimit: 1.5 }, 'rateLimit'],
      ['expiresInDays 0', { name: 'k', type: 'test', expiresInDays: 0 }, 'expiresInDays'],
      ['expiresInDays 3651', { name: 'k', type: 'test', expiresInDays: 3651 }, 'expiresInDays'],
      ['expiresInDays null', { name: 'k', type: 'test', expiresInDays: null }, 'expiresInDays'],
      ['an unknown field', { name: 'k', type: 'test', scopes: ['nin'] }, 'scopes'],
    ];
    for (const [label, payload, field] of refused) {
      it(`refuses ${label}: 400 on ${field}, and creates no key`, async () => {
        const before = await h().services.apiKeys.list(org!.organisationId);
        const res = await create(payload);
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR', path: '/v1/api-keys' });
        expect(body.errors).toContainEqual({ field, message: expect.any(String) });
        expect(body.data).toBeUndefined();
        expect(await h().services.apiKeys.list(org!.organisationId)).toEqual(before);
      });
    }

    it('reports every bad field at once', async () => {
      const res = await create({ name: '', type: 'prod', rateLimit: 0, expiresInDays: 3651, extra: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['expiresInDays', 'extra', 'name', 'rateLimit', 'type']);
    });
  });

  describe('GET /v1/api-keys', () => {
    it('lists metadata only: the listing fields, never a secret', async () => {
      const created = (await create({ name: 'to be listed', type: 'test', rateLimit: 42 })).json().data;
      const res = await list();
      const keys = res.json().data as Array<Record<string, unknown>>;
      for (const k of keys) {
        expect(Object.keys(k).sort()).toEqual(VIEW_FIELDS);
        expect(k).not.toHaveProperty('secret');
      }
      const { secret, ...metadata } = created;
      expect(keys).toContainEqual(metadata);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain(secret.slice(12, -4));
      expect(res.body).not.toContain(org!.testKey);
      expect(res.body).not.toContain(org!.liveKey);
    });

    it('lists every key of the organisation, newest first, including revoked ones', async () => {
      const fresh = (await create({ name: 'newest', type: 'live' })).json().data;
      await send(h(), 'DELETE', `/v1/api-keys/${org!.liveKeyId}`, owner!);
      const keys = (await list()).json().data as Array<{ id: string; createdAt: string; revokedAt: string | null }>;
      const ids = keys.map((k) => k.id);
      expect(ids[0]).toBe(fresh.id);
      expect(ids).toEqual(expect.arrayContaining([org!.testKeyId, org!.liveKeyId]));
      expect(keys.find((k) => k.id === org!.liveKeyId)?.revokedAt).toEqual(expect.any(String));
      const times = keys.map((k) => Date.parse(k.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const rows = await h().database.db.selectFrom('api_keys').select('id').where('organisation_id', '=', org!.organisationId).execute();
      expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
    });
  });

  describe('DELETE /v1/api-keys/{id}', () => {
    it('revokes: revokedAt set, 401 on the key’s next request, and revoking again is the same 200', async () => {
      const key = (await create({ name: 'short-lived', type: 'test' })).json().data;
      expect((await lookup(h().app, key.secret)).statusCode).toBe(200);

      const res = await send(h(), 'DELETE', `/v1/api-keys/${key.id}`, owner!);
      expect(res.statusCode).toBe(200);
      const revoked = res.json().data;
      const { secret: _secret, ...metadata } = key;
      expect(revoked).toEqual({ ...metadata, lastUsedAt: revoked.lastUsedAt, revokedAt: expect.any(String) });
      expect(Object.keys(revoked).sort()).toEqual(VIEW_FIELDS);
      expect(Date.parse(revoked.revokedAt)).toBeGreaterThanOrEqual(Date.parse(key.createdAt));

      const refused = await lookup(h().app, key.secret);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect((await h().database.db.selectFrom('verification_records').select('id').where('api_key_id', '=', key.id).execute()).length).toBe(1);

      const again = await send(h(), 'DELETE', `/v1/api-keys/${key.id}`, owner!);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.revokedAt).toBe(revoked.revokedAt);
      expect(again.json().data).toEqual(revoked);
      expect((await list()).json().data).toContainEqual(expect.objectContaining({ id: key.id, revokedAt: revoked.revokedAt }));
      expect((await lookup(h().app, key.secret)).statusCode).toBe(401);
    });

    it('revoking one key leaves the others working', async () => {
      const a = (await create({ name: 'a', type: 'test' })).json().data;
      const b = (await create({ name: 'b', type: 'test' })).json().data;
      expect((await send(h(), 'DELETE', `/v1/api-keys/${a.id}`, owner!)).statusCode).toBe(200);
      expect((await lookup(h().app, a.secret)).statusCode).toBe(401);
      expect((await lookup(h().app, b.secret)).statusCode).toBe(200);
    });

    it('an unknown id is 404 NOT_FOUND', async () => {
      const res = await send(h(), 'DELETE', '/v1/api-keys/key_01jzzzzzzzzzzzzzzzzzzzzzzz', owner!);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, statusCode: 404, code: 'NOT_FOUND', path: '/v1/api-keys/key_01jzzzzzzzzzzzzzzzzzzzzzzz' });
    });
  });
});
