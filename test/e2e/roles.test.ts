import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../../src/catalogue/catalogue.js';
import type { AccessLevel, Role } from '../../src/platform/schema.js';
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

type Method = 'GET' | 'POST' | 'DELETE';
type Who = { headers: { authorization: string } } | null;

const ROLES = ['OWNER', 'ADMIN', 'DEVELOPER', 'VIEWER'] as const satisfies readonly Role[];

/** DESIGN.md §9, the role table, line by line (the lines that have account routes today). */
const TABLE = {
  read: { label: 'read organisation, members, keys, levels, sessions, services', roles: ['OWNER', 'ADMIN', 'DEVELOPER', 'VIEWER'] },
  keys: { label: 'create and revoke API keys', roles: ['OWNER', 'ADMIN', 'DEVELOPER'] },
  level: { label: 'switch access level', roles: ['OWNER', 'ADMIN'] },
  members: { label: 'invite and remove members', roles: ['OWNER', 'ADMIN'] },
  owners: { label: 'change roles (make an OWNER), remove an OWNER', roles: ['OWNER'] },
} as const satisfies Record<string, { label: string; roles: readonly Role[] }>;


const tag = () => randomBytes(5).toString('hex');

function expectForbidden(res: LightMyRequestResponse, path: string) {
  expect(res.statusCode).toBe(403);
  const body = res.json();
  expect(body).toMatchObject({ success: false, statusCode: 403, code: 'FORBIDDEN', path });
  expect(typeof body.message).toBe('string');
  expect(body.errors).toBeUndefined();
  expect(body.data).toBeUndefined();
}

interface Member {
  id: string;
  email: string;
  session: SignedIn;
}

/** One organisation with a member of each role, all signed in; shared by the matrix. */
interface World {
  h: Harness;
  org: TestOrg;
  as: Record<Role, Member>;
}

/** One attempt of an action by one role: the answer, and what must then be true. */
interface Attempt {
  res: LightMyRequestResponse;
  path: string;
  /** The effect took place (allowed roles). */
  done(): Promise<void>;
  /** Nothing took place (refused roles). */
  untouched(): Promise<void>;
}

interface Action {
  line: keyof typeof TABLE;
  route: string;
  okStatus: number;
  attempt(w: World, role: Role): Promise<Attempt>;
}

const nothing = async () => {
  throw new Error('every role may read: there is no refusal to check');
};

const memberIds = async (w: World) => (await w.h.services.members.list(w.org.organisationId)).map((m) => m.id);
const levelOf = async (w: World) => (await w.h.services.members.organisation(w.org.organisationId)).accessLevel;

/** A read: every role gets 200 and this organisation's data. */
const read = (route: string, url: string, check: (data: any, w: World, role: Role) => void | Promise<void>): Action => ({
  line: 'read',
  route,
  okStatus: 200,
  async attempt(w, role) {
    const res = await send(w.h, 'GET', url, w.as[role].session);
    return { res, path: url, done: async () => check(res.json().data, w, role), untouched: nothing };
  },
});

const ACTIONS: Action[] = [
  read('GET /v1/organisation', '/v1/organisation', (data, w) => {
    expect(data).toMatchObject({ id: w.org.organisationId, name: expect.stringMatching(/^Test Org /), accessLevel: expect.any(String) });
  }),
  read('GET /v1/organisation/members', '/v1/organisation/members', (data, w) => {
    for (const role of ROLES) {
      expect(data).toContainEqual(expect.objectContaining({ id: w.as[role].id, email: w.as[role].email, role, status: 'ACTIVE' }));
    }
  }),
  read('GET /v1/api-keys', '/v1/api-keys', (data, w) => {
    const ids = data.map((k: { id: string }) => k.id);
    expect(ids).toEqual(expect.arrayContaining([w.org.testKeyId, w.org.liveKeyId]));
    for (const k of data) expect(k).not.toHaveProperty('secret');
  }),
  read('GET /v1/access-levels', '/v1/access-levels', async (data, w) => {
    expect(data.map((l: { level: string }) => l.level)).toEqual(['BASIC', 'STANDARD', 'PREMIUM']);
    expect(data.filter((l: { current: boolean }) => l.current).map((l: { level: string }) => l.level)).toEqual([await levelOf(w)]);
  }),
  read('GET /v1/auth/sessions', '/v1/auth/sessions', (data, w, role) => {
    expect(data).toContainEqual(expect.objectContaining({ id: w.as[role].session.sessionId, current: true }));
  }),
  read('GET /v1/auth/me', '/v1/auth/me', (data, w, role) => {
    expect(data.user).toMatchObject({ id: w.as[role].id, email: w.as[role].email, role, isPlatformAdmin: false, organisationId: w.org.organisationId });
    expect(data.organisation).toMatchObject({ id: w.org.organisationId });
  }),
  read('GET /v1/services', '/v1/services', (data) => {
    expect(data.map((s: { code: string }) => s.code)).toEqual(SERVICES.map((s) => s.code));
  }),
  read('GET /v1/lists/verification-types', '/v1/lists/verification-types', (data) => {
    expect(data).toContainEqual(expect.objectContaining({ type: 'NIN', endpoints: expect.arrayContaining(['/v1/nin/raw/lookup']) }));
  }),

  {
    line: 'keys',
    route: 'POST /v1/api-keys',
    okStatus: 201,
    async attempt(w, role) {
      const before = await w.h.services.apiKeys.list(w.org.organisationId);
      const name = `made by ${role} ${tag()}`;
      const res = await send(w.h, 'POST', '/v1/api-keys', w.as[role].session, { name, type: 'test' });
      return {
        res,
        path: '/v1/api-keys',
        async done() {
          const { id, secret } = res.json().data;
          expect((await w.h.services.apiKeys.list(w.org.organisationId)).map((k) => k.id)).toContain(id);
          expect((await lookup(w.h.app, secret)).statusCode).toBe(200);
        },
        async untouched() {
          const after = await w.h.services.apiKeys.list(w.org.organisationId);
          expect(after).toEqual(before);
          expect(after.map((k) => k.name)).not.toContain(name);
        },
      };
    },
  },
  {
    line: 'keys',
    route: 'DELETE /v1/api-keys/{id}',
    okStatus: 200,
    async attempt(w, role) {
      const { key, secret } = await w.h.services.apiKeys.create({ organisationId: w.org.organisationId, type: 'test', name: `to revoke ${tag()}` });
      const path = `/v1/api-keys/${key.id}`;
      const res = await send(w.h, 'DELETE', path, w.as[role].session);
      return {
        res,
        path,
        async done() {
          expect(res.json().data).toMatchObject({ id: key.id, revokedAt: expect.any(String) });
          expect((await lookup(w.h.app, secret)).statusCode).toBe(401);
        },
        async untouched() {
          const listed = (await w.h.services.apiKeys.list(w.org.organisationId)).find((k) => k.id === key.id);
          expect(listed?.revokedAt).toBeNull();
          expect((await lookup(w.h.app, secret)).statusCode).toBe(200);
        },
      };
    },
  },
  {
    line: 'level',
    route: 'POST /v1/access-levels/subscribe',
    okStatus: 200,
    async attempt(w, role) {
      const before = await levelOf(w);
      const target: AccessLevel = before === 'PREMIUM' ? 'STANDARD' : 'PREMIUM';
      const res = await send(w.h, 'POST', '/v1/access-levels/subscribe', w.as[role].session, { accessLevel: target });
      return {
        res,
        path: '/v1/access-levels/subscribe',
        async done() {
          expect(res.json().data).toEqual({ accessLevel: target });
          expect(await levelOf(w)).toBe(target);
        },
        async untouched() {
          expect(await levelOf(w)).toBe(before);
        },
      };
    },
  },
  {
    line: 'members',
    route: 'POST /v1/organisation/members',
    okStatus: 201,
    async attempt(w, role) {
      const email = `invited-by-${role.toLowerCase()}-${tag()}@example.com`;
      const res = await send(w.h, 'POST', '/v1/organisation/members', w.as[role].session, { email, role: 'DEVELOPER' });
      const outbox = () => w.h.services.notifications.outbox({ to: email, limit: 10 });
      return {
        res,
        path: '/v1/organisation/members',
        async done() {
          expect(res.json().data).toMatchObject({ email, role: 'DEVELOPER', status: 'INVITED' });
          const listed = await w.h.services.members.list(w.org.organisationId);
          expect(listed).toContainEqual(expect.objectContaining({ id: res.json().data.id, email, status: 'INVITED' }));
          expect((await outbox()).items.map((i) => i.subject)).toEqual([expect.stringMatching(/^Join .* on idv$/)]);
        },
        async untouched() {
          expect((await w.h.services.members.list(w.org.organisationId)).map((m) => m.email)).not.toContain(email);
          expect((await outbox()).items).toEqual([]);
        },
      };
    },
  },
  {
    line: 'members',
    route: 'DELETE /v1/organisation/members/{id} (a DEVELOPER)',
    okStatus: 200,
    async attempt(w, role) {
      const target = await addMember(w.h.services, w.org, 'DEVELOPER');
      const path = `/v1/organisation/members/${target.id}`;
      const res = await send(w.h, 'DELETE', path, w.as[role].session);
      return {
        res,
        path,
        async done() {
          expect(res.json().data).toEqual({ id: target.id, removed: true });
          expect(await memberIds(w)).not.toContain(target.id);
        },
        async untouched() {
          expect(await memberIds(w)).toContain(target.id);
          const session = await signIn(w.h.app, target.email, target.password);
          expect((await send(w.h, 'GET', '/v1/auth/me', session)).statusCode).toBe(200);
        },
      };
    },
  },
  {
    line: 'owners',
    route: 'POST /v1/organisation/members with role OWNER',
    okStatus: 201,
    async attempt(w, role) {
      const email = `owner-by-${role.toLowerCase()}-${tag()}@example.com`;
      const res = await send(w.h, 'POST', '/v1/organisation/members', w.as[role].session, { email, role: 'OWNER' });
      return {
        res,
        path: '/v1/organisation/members',
        async done() {
          expect(res.json().data).toMatchObject({ email, role: 'OWNER', status: 'INVITED' });
          expect(await w.h.services.members.list(w.org.organisationId)).toContainEqual(expect.objectContaining({ email, role: 'OWNER' }));
        },
        async untouched() {
          expect((await w.h.services.members.list(w.org.organisationId)).map((m) => m.email)).not.toContain(email);
          expect((await w.h.services.notifications.outbox({ to: email, limit: 10 })).items).toEqual([]);
        },
      };
    },
  },
  {
    line: 'owners',
    route: 'DELETE /v1/organisation/members/{id} (an OWNER, not the last)',
    okStatus: 200,
    async attempt(w, role) {
      const target = await addMember(w.h.services, w.org, 'OWNER');
      const path = `/v1/organisation/members/${target.id}`;
      const res = await send(w.h, 'DELETE', path, w.as[role].session);
      return {
        res,
        path,
        async done() {
          expect(res.json().data).toEqual({ id: target.id, removed: true });
          expect(await memberIds(w)).not.toContain(target.id);
        },
        async untouched() {
          expect(await w.h.services.members.list(w.org.organisationId)).toContainEqual(
            expect.objectContaining({ id: target.id, role: 'OWNER', status: 'ACTIVE' }),
          );
        },
      };
    },
  },
];

describeEachBackend('the role table of DESIGN.md §9', (h) => {
  let world: World | undefined;
  const w = () => world!;

  beforeAll(async () => {
    const org = await createOrg(h().services);
    const ownerEmail = await ownerEmailOf(h().services, org);
    const as = {} as Record<Role, Member>;
    as.OWNER = { id: org.ownerId, email: ownerEmail, session: await signIn(h().app, ownerEmail, OWNER_PASSWORD) };
    for (const role of ['ADMIN', 'DEVELOPER', 'VIEWER'] as const) {
      const m = await addMember(h().services, org, role);
      as[role] = { id: m.id, email: m.email, session: await signIn(h().app, m.email, m.password) };
    }
    world = { h: h(), org, as };
  });

  for (const [line, { label, roles }] of Object.entries(TABLE) as Array<[keyof typeof TABLE, (typeof TABLE)[keyof typeof TABLE]]>) {
    describe(label, () => {
      for (const action of ACTIONS.filter((a) => a.line === line)) {
        for (const role of ROLES) {
          const allowed = (roles as readonly Role[]).includes(role);
          it(`${action.route}: ${role} ${allowed ? 'yes' : 'no (403 FORBIDDEN, nothing changes)'}`, async () => {
            const attempt = await action.attempt(w(), role);
            if (allowed) {
              expect(attempt.res.statusCode, attempt.res.body).toBe(action.okStatus);
              expect(attempt.res.json()).toMatchObject({ success: true, statusCode: action.okStatus, path: attempt.path });
              await attempt.done();
            } else {
              expectForbidden(attempt.res, attempt.path);
              await attempt.untouched();
            }
          });
        }
      }
    });
  }

  describe('ending one’s own session', () => {
    for (const role of ROLES) {
      it(`DELETE /v1/auth/sessions/{own id}: ${role} yes, and that session's token stops at once`, async () => {
        const other = await signIn(h().app, w().as[role].email, OWNER_PASSWORD);
        const res = await send(h(), 'DELETE', `/v1/auth/sessions/${other.sessionId}`, w().as[role].session);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({ id: other.sessionId, revoked: true });
        expect((await send(h(), 'GET', '/v1/auth/me', other)).statusCode).toBe(401);
        expect((await send(h(), 'GET', '/v1/auth/me', w().as[role].session)).statusCode).toBe(200);
      });
    }
  });

  describe('the last OWNER', () => {
    it('cannot be removed (409 CONFLICT), and stays an ACTIVE OWNER who can act', async () => {
      const org = await createOrg(h().services);
      const email = await ownerEmailOf(h().services, org);
      const owner = await signIn(h().app, email, OWNER_PASSWORD);
      const admin = await addMember(h().services, org, 'ADMIN');
      const path = `/v1/organisation/members/${org.ownerId}`;

      const res = await send(h(), 'DELETE', path, owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, statusCode: 409, code: 'CONFLICT', path });

      const members = await h().services.members.list(org.organisationId);
      expect(members).toContainEqual(expect.objectContaining({ id: org.ownerId, role: 'OWNER', status: 'ACTIVE' }));
      expect(members.map((m) => m.id)).toContain(admin.id);
      expect((await send(h(), 'GET', '/v1/auth/me', owner)).statusCode).toBe(200);
    });

    it('an invitation to a second OWNER not yet accepted does not count: still 409', async () => {
      const org = await createOrg(h().services);
      const owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const invite = await send(h(), 'POST', '/v1/organisation/members', owner, { email: `pending-owner-${tag()}@example.com`, role: 'OWNER' });
      expect(invite.statusCode).toBe(201);
      const res = await send(h(), 'DELETE', `/v1/organisation/members/${org.ownerId}`, owner);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
      expect(await h().services.members.list(org.organisationId)).toContainEqual(expect.objectContaining({ id: org.ownerId, status: 'ACTIVE' }));
    });

    it('with two owners one can be removed (its sessions end), and then the other is the last', async () => {
      const org = await createOrg(h().services);
      const first = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const second = await addMember(h().services, org, 'OWNER');
      const secondSession = await signIn(h().app, second.email, second.password);

      // The second owner removes the first.
      const res = await send(h(), 'DELETE', `/v1/organisation/members/${org.ownerId}`, secondSession);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: org.ownerId, removed: true });
      expect((await h().services.members.list(org.organisationId)).map((m) => m.id)).toEqual([second.id]);
      expect((await send(h(), 'GET', '/v1/auth/me', first)).statusCode).toBe(401);

      // Now the second owner is the last one, and cannot remove themselves.
      const last = await send(h(), 'DELETE', `/v1/organisation/members/${second.id}`, secondSession);
      expect(last.statusCode).toBe(409);
      expect(last.json().code).toBe('CONFLICT');
      expect((await send(h(), 'GET', '/v1/auth/me', secondSession)).statusCode).toBe(200);
    });
    it('two owners removing each other at once: one wins, the other is refused, one OWNER remains', async () => {
      const org = await createOrg(h().services);
      const first = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const second = await addMember(h().services, org, 'OWNER');
      const secondSession = await signIn(h().app, second.email, second.password);
      const answers = await Promise.all([
        send(h(), 'DELETE', `/v1/organisation/members/${second.id}`, first),
        send(h(), 'DELETE', `/v1/organisation/members/${org.ownerId}`, secondSession),
      ]);
      // The loser is refused either as the last OWNER (409) or because its own session just ended (401).
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const owners = (await h().services.members.list(org.organisationId)).filter((m) => m.role === 'OWNER' && m.status === 'ACTIVE');
      expect(owners).toHaveLength(1);
    });
  });

  describe('the role check comes before the body is read', () => {
    const longId = 'k'.repeat(65);
    const cases: Array<{ role: Role; method: Method; url: string; payload: unknown; contentType?: string; ownerGets: number; what: string }> = [
      { role: 'VIEWER', method: 'POST', url: '/v1/api-keys', payload: { name: '', type: 'prod', rateLimit: '10', scopes: ['all'] }, ownerGets: 400, what: 'an invalid body' },
      { role: 'VIEWER', method: 'POST', url: '/v1/api-keys', payload: '{"name": ', contentType: 'application/json', ownerGets: 400, what: 'malformed JSON' },
      { role: 'VIEWER', method: 'POST', url: '/v1/api-keys', payload: 'name=x', contentType: 'text/plain', ownerGets: 415, what: 'a body that is not JSON' },
      { role: 'VIEWER', method: 'DELETE', url: `/v1/api-keys/${longId}`, payload: undefined, ownerGets: 400, what: 'an invalid id' },
      { role: 'DEVELOPER', method: 'POST', url: '/v1/access-levels/subscribe', payload: { accessLevel: 'GOLD' }, ownerGets: 400, what: 'an invalid level' },
      { role: 'DEVELOPER', method: 'POST', url: '/v1/organisation/members', payload: {}, ownerGets: 400, what: 'an empty body' },
      { role: 'VIEWER', method: 'DELETE', url: `/v1/organisation/members/${longId}`, payload: undefined, ownerGets: 400, what: 'an invalid id' },
    ];
    for (const c of cases) {
      it(`${c.role} sending ${c.what} to ${c.method} ${c.url.slice(0, 40)} gets 403, where an OWNER gets ${c.ownerGets}`, async () => {
        const keysBefore = await h().services.apiKeys.list(w().org.organisationId);
        const inject = (who: Member) =>
          h().app.inject({
            method: c.method,
            url: c.url,
            headers: { ...who.session.headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
            ...(c.payload === undefined ? {} : { payload: c.payload as object }),
          });
        const refused = await inject(w().as[c.role]);
        expectForbidden(refused, c.url);
        const owner = await inject(w().as.OWNER);
        expect(owner.statusCode).toBe(c.ownerGets);
        expect(await h().services.apiKeys.list(w().org.organisationId)).toEqual(keysBefore);
      });
    }

    it('without a bearer token the answer is 401, before any role or body check', async () => {
      const res = await h().app.inject({ method: 'POST', url: '/v1/api-keys', payload: { name: '' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    });
  });

  describe('a platform admin', () => {
    let admin: SignedIn | undefined;
    let adminId = '';
    beforeAll(async () => {
      const email = `staff-${tag()}@example.com`;
      adminId = (await h().services.accounts.createPlatformAdmin({ email, password: OWNER_PASSWORD })).userId;
      admin = await signIn(h().app, email, OWNER_PASSWORD);
    });

    it('is signed in, as staff of no organisation', async () => {
      const res = await send(h(), 'GET', '/v1/auth/me', admin!);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        user: expect.objectContaining({ id: adminId, role: null, isPlatformAdmin: true, organisationId: null }),
        organisation: null,
      });
    });

    const routes: Array<[Method, string, (x: World) => string, ((current: AccessLevel) => unknown)?]> = [
      ['GET', '/v1/organisation', () => '/v1/organisation'],
      ['GET', '/v1/organisation/members', () => '/v1/organisation/members'],
      ['POST', '/v1/organisation/members', () => '/v1/organisation/members', () => ({ email: `by-staff-${tag()}@example.com`, role: 'ADMIN' })],
      ['DELETE', '/v1/organisation/members/{a member}', (x) => `/v1/organisation/members/${x.as.VIEWER.id}`],
      ['GET', '/v1/api-keys', () => '/v1/api-keys'],
      ['POST', '/v1/api-keys', () => '/v1/api-keys', () => ({ name: 'by staff', type: 'test' })],
      ['DELETE', '/v1/api-keys/{a key}', (x) => `/v1/api-keys/${x.org.testKeyId}`],
      ['GET', '/v1/access-levels', () => '/v1/access-levels'],
      ['POST', '/v1/access-levels/subscribe', () => '/v1/access-levels/subscribe', (current) => ({ accessLevel: current === 'PREMIUM' ? 'BASIC' : 'PREMIUM' })],
      ['GET', '/v1/services', () => '/v1/services'],
      ['GET', '/v1/lists/verification-types', () => '/v1/lists/verification-types'],
    ];
    for (const [method, label, url, payload] of routes) {
      it(`gets 403 FORBIDDEN on ${method} ${label}, and nothing changes`, async () => {
        const keysBefore = await h().services.apiKeys.list(w().org.organisationId);
        const membersBefore = await h().services.members.list(w().org.organisationId);
        const levelBefore = await levelOf(w());
        const path = url(w());
        expectForbidden(await send(h(), method, path, admin!, payload?.(levelBefore)), path);
        expect(await h().services.apiKeys.list(w().org.organisationId)).toEqual(keysBefore);
        expect(await h().services.members.list(w().org.organisationId)).toEqual(membersBefore);
        expect(await levelOf(w())).toBe(levelBefore);
        expect((await lookup(h().app, w().org.testKey)).statusCode).toBe(200);
      });
    }
  });
});
