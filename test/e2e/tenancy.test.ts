import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OWNER_PASSWORD,
  addMember,
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


// Well-formed ids that name nothing.
const UNKNOWN = { key: 'key_01jzzzzzzzzzzzzzzzzzzzzzzz', member: 'usr_01jzzzzzzzzzzzzzzzzzzzzzzz', session: 'ses_01jzzzzzzzzzzzzzzzzzzzzzzz' };

/**
 * DESIGN.md §9: an id of another organisation is 404 NOT_FOUND exactly as an id that does not exist.
 * The two answers may differ only in the path they echo and their timestamp.
 */
function expectSameNotFound(foreign: LightMyRequestResponse, unknown: LightMyRequestResponse) {
  expect(unknown.statusCode).toBe(404);
  expect(foreign.statusCode).toBe(404);
  const a = foreign.json();
  const b = unknown.json();
  expect(b).toMatchObject({ success: false, statusCode: 404, code: 'NOT_FOUND' });
  expect({ code: a.code, message: a.message, statusCode: a.statusCode, success: a.success }).toEqual({
    code: b.code,
    message: b.message,
    statusCode: b.statusCode,
    success: b.success,
  });
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
}

interface Tenant {
  org: TestOrg;
  owner: SignedIn;
  admin: { id: string; email: string; password: string; session: SignedIn };
}

describeEachBackend('tenancy: another organisation’s ids are 404', (h) => {
  let mine: Tenant | undefined;
  let theirs: Tenant | undefined;
  const A = () => mine!;
  const B = () => theirs!;

  beforeAll(async () => {
    const tenant = async (): Promise<Tenant> => {
      const org = await createOrg(h().services);
      const owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const admin = await addMember(h().services, org, 'ADMIN');
      return { org, owner, admin: { ...admin, session: await signIn(h().app, admin.email, admin.password) } };
    };
    mine = await tenant();
    theirs = await tenant();
  });

  describe('DELETE /v1/api-keys/{id}', () => {
    it('another organisation’s key is 404 exactly like a key that does not exist, and keeps working', async () => {
      const foreign = await send(h(), 'DELETE', `/v1/api-keys/${B().org.testKeyId}`, A().owner);
      const unknown = await send(h(), 'DELETE', `/v1/api-keys/${UNKNOWN.key}`, A().owner);
      expectSameNotFound(foreign, unknown);

      expect((await lookup(h().app, B().org.testKey)).statusCode).toBe(200);
      const listed = (await h().services.apiKeys.list(B().org.organisationId)).find((k) => k.id === B().org.testKeyId);
      expect(listed?.revokedAt).toBeNull();
    });

    it('is 404 for every role that may revoke, and for the other organisation’s revoked keys too', async () => {
      const { key } = await h().services.apiKeys.create({ organisationId: B().org.organisationId, type: 'test', name: 'revoked in B' });
      await h().services.apiKeys.revoke(B().org.organisationId, key.id);
      const before = (await h().services.apiKeys.list(B().org.organisationId)).find((k) => k.id === key.id)!;
      for (const who of [A().owner, A().admin.session]) {
        for (const id of [B().org.liveKeyId, key.id]) {
          expectSameNotFound(await send(h(), 'DELETE', `/v1/api-keys/${id}`, who), await send(h(), 'DELETE', `/v1/api-keys/${UNKNOWN.key}`, who));
        }
      }
      // B's revoked key keeps its own revocation; B's live key is untouched.
      const after = await h().services.apiKeys.list(B().org.organisationId);
      expect(after.find((k) => k.id === key.id)).toEqual(before);
      expect(after.find((k) => k.id === B().org.liveKeyId)?.revokedAt).toBeNull();
    });

    it('the same route revokes a key of the caller’s own organisation (control)', async () => {
      const { key, secret } = await h().services.apiKeys.create({ organisationId: A().org.organisationId, type: 'test', name: 'own' });
      const res = await send(h(), 'DELETE', `/v1/api-keys/${key.id}`, A().owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: key.id, revokedAt: expect.any(String) });
      expect((await lookup(h().app, secret)).statusCode).toBe(401);
    });
  });

  describe('DELETE /v1/organisation/members/{id}', () => {
    it('another organisation’s member is 404 exactly like a member that does not exist, and can still sign in', async () => {
      const victim = await addMember(h().services, B().org, 'DEVELOPER');
      const foreign = await send(h(), 'DELETE', `/v1/organisation/members/${victim.id}`, A().owner);
      const unknown = await send(h(), 'DELETE', `/v1/organisation/members/${UNKNOWN.member}`, A().owner);
      expectSameNotFound(foreign, unknown);

      expect(await h().services.members.list(B().org.organisationId)).toContainEqual(expect.objectContaining({ id: victim.id, status: 'ACTIVE' }));
      const session = await signIn(h().app, victim.email, victim.password);
      const me = await send(h(), 'GET', '/v1/auth/me', session);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user).toMatchObject({ id: victim.id, organisationId: B().org.organisationId });
    });

    it('another organisation’s OWNER is 404 too, never 403 (ADMIN) or 409 (its last OWNER): nothing leaks', async () => {
      for (const who of [A().owner, A().admin.session]) {
        const foreign = await send(h(), 'DELETE', `/v1/organisation/members/${B().org.ownerId}`, who);
        const unknown = await send(h(), 'DELETE', `/v1/organisation/members/${UNKNOWN.member}`, who);
        expectSameNotFound(foreign, unknown);
      }
      expect((await send(h(), 'GET', '/v1/auth/me', B().owner)).statusCode).toBe(200);
      expect(await h().services.members.list(B().org.organisationId)).toContainEqual(
        expect.objectContaining({ id: B().org.ownerId, role: 'OWNER', status: 'ACTIVE' }),
      );
    });

    it('another organisation’s pending invitation is 404, and the invitation still works', async () => {
      const email = `pending-${randomBytes(5).toString('hex')}@example.com`;
      const invited = await send(h(), 'POST', '/v1/organisation/members', B().owner, { email, role: 'VIEWER' });
      expect(invited.statusCode).toBe(201);
      const id = invited.json().data.id;
      expectSameNotFound(
        await send(h(), 'DELETE', `/v1/organisation/members/${id}`, A().owner),
        await send(h(), 'DELETE', `/v1/organisation/members/${UNKNOWN.member}`, A().owner),
      );
      const row = (await h().services.notifications.outbox({ to: email, limit: 1 })).items[0]!;
      const token = decodeURIComponent(/token=(\S+)/.exec(row.body)![1]!);
      const accept = await h().app.inject({ method: 'POST', url: '/v1/auth/accept-invite', payload: { token, password: OWNER_PASSWORD } });
      expect(accept.statusCode).toBe(200);
      expect(accept.json().data).toEqual({ userId: id, email });
    });
  });

  describe('DELETE /v1/auth/sessions/{id}', () => {
    it('a session of another user of the same organisation is 404 like an unknown one, and its token still works', async () => {
      const foreign = await send(h(), 'DELETE', `/v1/auth/sessions/${A().admin.session.sessionId}`, A().owner);
      const unknown = await send(h(), 'DELETE', `/v1/auth/sessions/${UNKNOWN.session}`, A().owner);
      expectSameNotFound(foreign, unknown);

      const me = await send(h(), 'GET', '/v1/auth/me', A().admin.session);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user.id).toBe(A().admin.id);
      const sessions = await send(h(), 'GET', '/v1/auth/sessions', A().admin.session);
      expect(sessions.json().data).toContainEqual(expect.objectContaining({ id: A().admin.session.sessionId, current: true }));
    });

    it('even the OWNER cannot end an ADMIN’s session, nor an ADMIN the OWNER’s', async () => {
      expectSameNotFound(
        await send(h(), 'DELETE', `/v1/auth/sessions/${A().owner.sessionId}`, A().admin.session),
        await send(h(), 'DELETE', `/v1/auth/sessions/${UNKNOWN.session}`, A().admin.session),
      );
      expect((await send(h(), 'GET', '/v1/auth/me', A().owner)).statusCode).toBe(200);
    });

    it('a session of a user of another organisation is 404, and its token still works', async () => {
      const foreign = await send(h(), 'DELETE', `/v1/auth/sessions/${B().owner.sessionId}`, A().owner);
      const unknown = await send(h(), 'DELETE', `/v1/auth/sessions/${UNKNOWN.session}`, A().owner);
      expectSameNotFound(foreign, unknown);
      expect((await send(h(), 'GET', '/v1/auth/me', B().owner)).statusCode).toBe(200);
      // The refresh token of that session still rotates too.
      const refreshed = await h().app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: B().owner.refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().data.sessionId).toBe(B().owner.sessionId);
    });
  });

  describe('lists', () => {
    it('GET /v1/api-keys lists this organisation’s keys, every one of them, and none of another’s', async () => {
      const made = await send(h(), 'POST', '/v1/api-keys', B().owner, { name: 'made by B over HTTP', type: 'live' });
      expect(made.statusCode).toBe(201);
      const theirsIds = (await h().services.apiKeys.list(B().org.organisationId)).map((k) => k.id);
      expect(theirsIds).toContain(made.json().data.id);

      const res = await send(h(), 'GET', '/v1/api-keys', A().owner);
      expect(res.statusCode).toBe(200);
      const listed: Array<{ id: string; name: string }> = res.json().data;
      const rows = await h()
        .database.db.selectFrom('api_keys')
        .select(['id'])
        .where('organisation_id', '=', A().org.organisationId)
        .execute();
      expect(listed.map((k) => k.id).sort()).toEqual(rows.map((r) => r.id).sort());
      for (const id of theirsIds) expect(listed.map((k) => k.id)).not.toContain(id);
      expect(listed.map((k) => k.name)).not.toContain('made by B over HTTP');
      expect(res.body).not.toContain(B().org.organisationId);
    });

    it('GET /v1/organisation/members lists this organisation’s members and none of another’s', async () => {
      const res = await send(h(), 'GET', '/v1/organisation/members', A().admin.session);
      expect(res.statusCode).toBe(200);
      const listed: Array<{ id: string; email: string }> = res.json().data;
      const rows = await h()
        .database.db.selectFrom('users')
        .select(['id'])
        .where('organisation_id', '=', A().org.organisationId)
        .where('status', '<>', 'REMOVED')
        .execute();
      expect(listed.map((m) => m.id).sort()).toEqual(rows.map((r) => r.id).sort());
      expect(listed.map((m) => m.id)).toEqual(expect.arrayContaining([A().org.ownerId, A().admin.id]));

      const others = await h().services.members.list(B().org.organisationId);
      expect(others.length).toBeGreaterThanOrEqual(2);
      for (const other of others) {
        expect(listed.map((m) => m.id)).not.toContain(other.id);
        expect(res.body).not.toContain(other.email);
      }
    });
  });
});
