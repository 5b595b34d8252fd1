import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ManualClock,
  OWNER_PASSWORD,
  backends,
  createHarness,
  createOrg,
  describeEachBackend,
  latestOutbox,
  lookup,
  otpFrom,
  ownerEmailOf,
  redisUrl,
  signIn,
  TEST_JWT_SECRET,
  type Harness,
} from '../helpers/harness.js';
import { sha256 } from '../../src/platform/crypto.js';

const clock = new ManualClock('2026-11-22T09:00:00.000Z');

describeEachBackend(
  'sign-in, tokens and sessions',
  (h) => {
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      h().app.inject({ method: 'POST', url, payload: payload as object, headers });
    const me = (token: string) => h().app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    const newOwner = async () => {
      const org = await createOrg(h().services);
      return { org, email: await ownerEmailOf(h().services, org) };
    };
    const login = async (email: string, password = OWNER_PASSWORD) => {
      const res = await post('/v1/auth/login', { email, password });
      expect(res.statusCode, res.body).toBe(200);
      const otp = otpFrom((await latestOutbox(h().app, email, /sign-in code/)).body);
      return { loginToken: res.json().data.loginToken as string, otp, body: res.json() };
    };

    it('signs in with password and emailed code, and the token opens the account', async () => {
      const { org, email } = await newOwner();
      const started = await login(email);
      expect(started.body.data).toEqual({ otpRequired: true, loginToken: expect.stringMatching(/^lgn_/), expiresAt: new Date(clock.now().getTime() + 600_000).toISOString() });
      const mail = await latestOutbox(h().app, email, /sign-in code/);
      expect(mail).toMatchObject({ subject: 'Your idv sign-in code', to: email });
      expect(mail.body).toContain('expires in 10 minutes');

      const confirm = await post('/v1/auth/confirm-login', { loginToken: started.loginToken, otp: started.otp }, { 'user-agent': 'vitest/1' });
      expect(confirm.statusCode).toBe(200);
      const tokens = confirm.json().data;
      expect(tokens).toEqual({ accessToken: expect.any(String), refreshToken: expect.stringMatching(/^rt_/), tokenType: 'Bearer', expiresIn: 900, sessionId: expect.stringMatching(/^ses_/) });

      const who = await me(tokens.accessToken);
      expect(who.statusCode).toBe(200);
      expect(who.json().data).toMatchObject({ user: { id: org.ownerId, email, role: 'OWNER', isPlatformAdmin: false }, organisation: { id: org.organisationId } });
      const notice = await latestOutbox(h().app, email, /New sign-in/);
      expect(notice.body).toContain('vitest/1');

      // Only hashes are stored: neither the code nor the tokens appear in their rows.
      const challenge = await h().database.db.selectFrom('login_challenges').selectAll().where('user_id', '=', org.ownerId).executeTakeFirstOrThrow();
      const session = await h().database.db.selectFrom('sessions').selectAll().where('id', '=', tokens.sessionId).executeTakeFirstOrThrow();
      const refreshRows = await h().database.db.selectFrom('refresh_tokens').selectAll().where('session_id', '=', tokens.sessionId).execute();
      expect(refreshRows).toHaveLength(1);
      const stored = JSON.stringify(challenge) + JSON.stringify(session) + JSON.stringify(refreshRows);
      for (const secret of [started.otp, started.loginToken, tokens.refreshToken]) expect(stored).not.toContain(secret);
      expect(challenge).toMatchObject({ closed_reason: 'CONFIRMED', attempts: 1 });
    });

    it('answers an unknown email and a wrong password with the same 401', async () => {
      const { email } = await newOwner();
      const wrong = await post('/v1/auth/login', { email, password: 'not the password at all' });
      const unknown = await post('/v1/auth/login', { email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'not the password at all' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'The email or password is incorrect' });
      }
      expect(wrong.json().message).toBe(unknown.json().message);
    });

    it('refuses a wrong code, and after five attempts even the right one', async () => {
      const { email } = await newOwner();
      const { loginToken, otp } = await login(email);
      const wrongOtp = otp === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 5; i++) {
        const res = await post('/v1/auth/confirm-login', { loginToken, otp: wrongOtp });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('The sign-in code is incorrect or has expired');
      }
      const sixth = await post('/v1/auth/confirm-login', { loginToken, otp });
      expect(sixth.statusCode).toBe(401);
      const row = await h().database.db.selectFrom('login_challenges').select(['attempts', 'closed_reason']).where('token_hash', '=', (await import('../../src/platform/crypto.js')).sha256(loginToken)).executeTakeFirstOrThrow();
      expect(row).toEqual({ attempts: 5, closed_reason: 'EXHAUSTED' });
    });

    it('refuses an expired code (10 minutes)', async () => {
      const { email } = await newOwner();
      const { loginToken, otp } = await login(email);
      clock.advance(600_000);
      const res = await post('/v1/auth/confirm-login', { loginToken, otp });
      expect(res.statusCode).toBe(401);
      clock.set('2026-11-22T09:00:00.000Z');
    });

    it('refuses a login token used twice', async () => {
      const { email } = await newOwner();
      const { loginToken, otp } = await login(email);
      expect((await post('/v1/auth/confirm-login', { loginToken, otp })).statusCode).toBe(200);
      const again = await post('/v1/auth/confirm-login', { loginToken, otp });
      expect(again.statusCode).toBe(401);
    });

    it('a new login invalidates the older code', async () => {
      const { email } = await newOwner();
      const first = await login(email);
      const second = await login(email);
      expect((await post('/v1/auth/confirm-login', { loginToken: first.loginToken, otp: first.otp })).statusCode).toBe(401);
      expect((await post('/v1/auth/confirm-login', { loginToken: second.loginToken, otp: second.otp })).statusCode).toBe(200);
    });

    it('validates the bodies: a code is six digits, fields are strings, unknown fields are refused', async () => {
      const bad = await post('/v1/auth/confirm-login', { loginToken: 'x', otp: '12345' });
      expect(bad.json().errors).toEqual([{ field: 'otp', message: 'must be the 6-digit code from the email' }]);
      const typed = await post('/v1/auth/login', { email: 5, password: 'x', remember: true });
      expect(typed.statusCode).toBe(400);
      expect(typed.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'remember']);
    });

    it('rotates the refresh token; a replay within 10 s is tolerated, a later one ends the session', async () => {
      const { email } = await newOwner();
      const s = await signIn(h().app, email, OWNER_PASSWORD);
      const r1 = await post('/v1/auth/refresh', { refreshToken: s.refreshToken });
      expect(r1.statusCode).toBe(200);
      const t1 = r1.json().data;
      expect(t1.refreshToken).not.toBe(s.refreshToken);
      expect(t1.sessionId).toBe(s.sessionId);
      expect((await me(t1.accessToken)).statusCode).toBe(200);

      // The client lost the answer and retries with the old token within the grace period.
      clock.advance(5_000);
      const retry = await post('/v1/auth/refresh', { refreshToken: s.refreshToken });
      expect(retry.statusCode).toBe(200);
      const t2 = retry.json().data;
      // The same new refresh token again, not a further rotation.
      expect(t2.refreshToken).toBe(t1.refreshToken);

      // The newest token keeps working.
      const r3 = await post('/v1/auth/refresh', { refreshToken: t2.refreshToken });
      expect(r3.statusCode).toBe(200);
      const t3 = r3.json().data;

      // Past the grace period, the replaced token comes back: it leaked; the session ends.
      clock.advance(11_000);
      const replay = await post('/v1/auth/refresh', { refreshToken: t2.refreshToken });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toMatch(/already used/);
      expect((await me(t3.accessToken)).statusCode).toBe(401);
      expect((await post('/v1/auth/refresh', { refreshToken: t3.refreshToken })).statusCode).toBe(401);
      const row = await h().database.db.selectFrom('sessions').select(['revoked_reason']).where('id', '=', s.sessionId).executeTakeFirstOrThrow();
      expect(row.revoked_reason).toBe('REFRESH_REUSE');
      clock.set('2026-11-22T09:00:00.000Z');
    });

    describe('refresh-token reuse (DESIGN.md §9: 10 s grace from the first exchange)', () => {
      const refresh = (refreshToken: string) => post('/v1/auth/refresh', { refreshToken });
      const signedIn = async () => signIn(h().app, (await newOwner()).email, OWNER_PASSWORD);
      const sessionRow = (id: string) => h().database.db.selectFrom('sessions').select(['revoked_at', 'revoked_reason']).where('id', '=', id).executeTakeFirstOrThrow();
      const tokenRows = (sessionId: string) =>
        h().database.db.selectFrom('refresh_tokens').select(['token_hash', 'parent_hash', 'rotated_at']).where('session_id', '=', sessionId).execute();
      const expectReuse = (res: Awaited<ReturnType<typeof refresh>>) => {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, statusCode: 401, code: 'UNAUTHENTICATED', path: '/v1/auth/refresh' });
      };

      it('a replaced token replayed every 8 s for 40 s never yields a new token, and ends the session 10 s after its first exchange', async () => {
        const s = await signedIn();
        const rotated = await refresh(s.refreshToken);
        expect(rotated.statusCode).toBe(200);
        const current = rotated.json().data;
        const received = new Set<string>();
        const statuses: number[] = [];
        for (let i = 1; i <= 5; i++) {
          clock.advance(8_000);
          const res = await refresh(s.refreshToken);
          statuses.push(res.statusCode);
          if (res.statusCode === 200) received.add(res.json().data.refreshToken);
          else expectReuse(res);
        }
        // 8 s: inside the grace, the same successor; 16 s: past it, the session ends; after that, nothing.
        expect(statuses).toEqual([200, 401, 401, 401, 401]);
        expect([...received]).toEqual([current.refreshToken]);
        expect(await sessionRow(s.sessionId)).toMatchObject({ revoked_reason: 'REFRESH_REUSE', revoked_at: new Date(Date.parse('2026-11-22T09:00:16.000Z')) });
        expect((await tokenRows(s.sessionId)).length).toBe(2);
        expectReuse(await refresh(current.refreshToken));
        expect((await me(current.accessToken)).statusCode).toBe(401);
        clock.set('2026-11-22T09:00:00.000Z');
      });

      it('the holder of the newest token keeps working while the replaced one is retried inside the grace', async () => {
        const s = await signedIn();
        const t1 = (await refresh(s.refreshToken)).json().data;
        clock.advance(3_000);
        const retried = await refresh(s.refreshToken);
        expect(retried.statusCode).toBe(200);
        expect(retried.json().data.refreshToken).toBe(t1.refreshToken);
        clock.advance(1_000);
        const r2 = await refresh(t1.refreshToken);
        expect(r2.statusCode, r2.body).toBe(200);
        const t2 = r2.json().data;
        expect(t2.refreshToken).not.toBe(t1.refreshToken);
        expect((await me(t2.accessToken)).statusCode).toBe(200);
        clock.advance(1_000);
        const r3 = await refresh(t2.refreshToken);
        expect(r3.statusCode).toBe(200);
        expect((await me(r3.json().data.accessToken)).statusCode).toBe(200);
        expect(await sessionRow(s.sessionId)).toEqual({ revoked_at: null, revoked_reason: null });
        clock.set('2026-11-22T09:00:00.000Z');
      });

      it('a token two generations old ends the session, even inside the grace', async () => {
        const s = await signedIn();
        const t1 = (await refresh(s.refreshToken)).json().data;
        clock.advance(1_000);
        const t2 = (await refresh(t1.refreshToken)).json().data;
        clock.advance(1_000);
        const grandparent = await refresh(s.refreshToken);
        expectReuse(grandparent);
        expect(grandparent.json().message).toMatch(/already used/);
        expect((await sessionRow(s.sessionId)).revoked_reason).toBe('REFRESH_REUSE');
        expectReuse(await refresh(t2.refreshToken));
        expect((await me(t2.accessToken)).statusCode).toBe(401);
        clock.set('2026-11-22T09:00:00.000Z');
      });

      it('an honest retry inside the grace gets the same refresh token and a working access token, and rotates nothing', async () => {
        const s = await signedIn();
        const t1 = (await refresh(s.refreshToken)).json().data;
        clock.advance(9_000);
        const retry = await refresh(s.refreshToken);
        expect(retry.statusCode).toBe(200);
        const again = retry.json().data;
        expect(again).toEqual({ accessToken: expect.any(String), refreshToken: t1.refreshToken, tokenType: 'Bearer', expiresIn: 900, sessionId: s.sessionId });
        expect((await me(again.accessToken)).statusCode).toBe(200);
        const rows = await tokenRows(s.sessionId);
        expect(rows).toHaveLength(2);
        expect(rows.filter((r) => r.rotated_at === null).map((r) => Buffer.from(r.token_hash).toString('hex'))).toEqual([sha256(t1.refreshToken).toString('hex')]);
        // The first exchange's time stands: the retry did not move the grace window.
        expect(rows.find((r) => r.rotated_at !== null)!.rotated_at).toEqual(new Date(Date.parse('2026-11-22T09:00:00.000Z')));
        expect((await refresh(t1.refreshToken)).statusCode).toBe(200);
        clock.set('2026-11-22T09:00:00.000Z');
      });

      it('concurrent refreshes with one token, and concurrent retries, do not fork the session', async () => {
        const s = await signedIn();
        const first = await Promise.all([1, 2, 3, 4].map(() => refresh(s.refreshToken)));
        expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
        const issued = new Set(first.map((r) => r.json().data.refreshToken as string));
        expect(issued.size).toBe(1);
        const [t1] = [...issued];
        expect(t1).not.toBe(s.refreshToken);
        clock.advance(2_000);
        const retries = await Promise.all([1, 2, 3].map(() => refresh(s.refreshToken)));
        expect(retries.map((r) => r.json().data.refreshToken)).toEqual([t1, t1, t1]);
        const rows = await tokenRows(s.sessionId);
        expect(rows).toHaveLength(2);
        expect(rows.filter((r) => r.rotated_at === null)).toHaveLength(1);
        expect((await refresh(t1!)).statusCode).toBe(200);
        expect(await sessionRow(s.sessionId)).toEqual({ revoked_at: null, revoked_reason: null });
        clock.set('2026-11-22T09:00:00.000Z');
      });
    });

    it('refuses an access token signed with the real secret unless its claims are those we issue', async () => {
      const { org, email } = await newOwner();
      const s = await signIn(h().app, email, OWNER_PASSWORD);
      const key = new TextEncoder().encode(TEST_JWT_SECRET);
      const now = Math.floor(clock.now().getTime() / 1000);
      const full: Record<string, unknown> = { sub: org.ownerId, sid: s.sessionId, iss: 'idv', aud: 'idv-api', iat: now, exp: now + 900 };
      const forge = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
      const without = (name: string) => Object.fromEntries(Object.entries(full).filter(([k]) => k !== name));

      // The forger's token, complete, is accepted: each refusal below is the claim's doing.
      expect((await me(await forge(full))).statusCode).toBe(200);
      expect((await me(await forge({ ...full, iat: now + 2, exp: now + 902 }))).statusCode).toBe(200);

      const cases: Array<[string, Record<string, unknown>]> = [
        ['no exp', without('exp')],
        ['no iat', without('iat')],
        ['no sub', without('sub')],
        ['no sid', without('sid')],
        ['a numeric sid', { ...full, sid: 7 }],
        ['an empty sub', { ...full, sub: '' }],
        ['a far-future exp', { ...full, exp: now + 10 * 365 * 86_400 }],
        ['an exp one second past the lifetime', { ...full, exp: now + 901 }],
        ['an iat an hour old (exp still ahead)', { ...full, iat: now - 3_600 }],
        ['an iat in the future', { ...full, iat: now + 60, exp: now + 960 }],
      ];
      for (const [label, claims] of cases) {
        const res = await me(await forge(claims));
        expect(res.statusCode, label).toBe(401);
        expect(res.json(), label).toEqual({
          success: false,
          statusCode: 401,
          code: 'UNAUTHENTICATED',
          message: 'The access token is invalid',
          timestamp: expect.any(String),
          path: '/v1/auth/me',
        });
      }
      // Too old by iat alone, as long as exp is honest: expired.
      clock.advance(901_000);
      const old = await me(await forge(full));
      expect(old.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'The access token has expired; refresh it' });
      clock.set('2026-11-22T09:00:00.000Z');
    });

    it('refuses an unknown refresh token', async () => {
      const res = await post('/v1/auth/refresh', { refreshToken: 'rt_nothing' });
      expect(res.statusCode).toBe(401);
    });

    it('access tokens last 15 minutes', async () => {
      const { email } = await newOwner();
      const s = await signIn(h().app, email, OWNER_PASSWORD);
      clock.advance(899_000);
      expect((await me(s.accessToken)).statusCode).toBe(200);
      clock.advance(2_000);
      const expired = await me(s.accessToken);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toMatch(/expired/);
      clock.set('2026-11-22T09:00:00.000Z');
    });

    it('refuses a malformed or forged bearer token', async () => {
      for (const authorization of ['Bearer nope', 'Basic abc', `Bearer ${'a'.repeat(20)}.${'b'.repeat(20)}.${'c'.repeat(20)}`]) {
        const res = await h().app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization } });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
      }
      expect((await h().app.inject({ method: 'GET', url: '/v1/auth/me' })).statusCode).toBe(401);
    });

    it('logout and session revocation refuse the access token at once', async () => {
      const { email } = await newOwner();
      const laptop = await signIn(h().app, email, OWNER_PASSWORD, { 'user-agent': 'laptop' });
      const phone = await signIn(h().app, email, OWNER_PASSWORD, { 'user-agent': 'phone' });
      const list = await h().app.inject({ method: 'GET', url: '/v1/auth/sessions', headers: laptop.headers });
      const sessions = list.json().data as Array<{ id: string; current: boolean; userAgent: string }>;
      expect(sessions.map((x) => x.id).sort()).toEqual([laptop.sessionId, phone.sessionId].sort());
      expect(sessions.find((x) => x.id === laptop.sessionId)).toMatchObject({ current: true, userAgent: 'laptop' });
      expect(sessions.find((x) => x.id === phone.sessionId)).toMatchObject({ current: false, userAgent: 'phone' });

      expect((await me(phone.accessToken)).statusCode).toBe(200);
      const del = await h().app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${phone.sessionId}`, headers: laptop.headers });
      expect(del.statusCode).toBe(200);
      expect((await me(phone.accessToken)).statusCode).toBe(401);
      expect((await post('/v1/auth/refresh', { refreshToken: phone.refreshToken })).statusCode).toBe(401);

      expect((await post('/v1/auth/logout', undefined, laptop.headers)).statusCode).toBe(200);
      expect((await me(laptop.accessToken)).statusCode).toBe(401);
    });

    it('never logs a password, a code or a token', async () => {
      const { email } = await newOwner();
      const before = h().logs.lines.length;
      const { loginToken, otp } = await login(email);
      await post('/v1/auth/confirm-login', { loginToken, otp: otp === '999999' ? '000000' : '999999' });
      const res = await post('/v1/auth/confirm-login', { loginToken, otp });
      const tokens = res.json().data;
      await post('/v1/auth/refresh', { refreshToken: tokens.refreshToken });
      await post('/v1/auth/login', { email, password: 'a wrong password here' });
      const logs = h().logs.lines.slice(before).join('');
      expect(logs).toContain('request completed');
      for (const secret of [OWNER_PASSWORD, 'a wrong password here', otp, loginToken, tokens.refreshToken, tokens.accessToken]) {
        expect(logs).not.toContain(secret);
      }
    });
  },
  { clock },
);

describeEachBackend(
  'sign-in rate limits',
  (h) => {
    it('limits logins per email with 429 and Retry-After, and per client address', async () => {
      const org = await createOrg(h().services);
      const email = await ownerEmailOf(h().services, org);
      const attempt = (address: string, who = email) =>
        h().app.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress: address, payload: { email: who, password: 'wrong password 123' } });
      expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      expect((await attempt('10.0.0.2')).statusCode).toBe(401);
      const limited = await attempt('10.0.0.3');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
      // Even the right password is refused while limited: guessing gains nothing.
      const right = await h().app.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress: '10.0.0.4', payload: { email, password: OWNER_PASSWORD } });
      expect(right.statusCode).toBe(429);

      // Per address: three different emails from one address.
      const from = '10.9.9.9';
      expect((await attempt(from, 'a@example.com')).statusCode).toBe(401);
      expect((await attempt(from, 'b@example.com')).statusCode).toBe(401);
      expect((await attempt(from, 'c@example.com')).statusCode).toBe(401);
      expect((await attempt(from, 'd@example.com')).statusCode).toBe(429);
    });
  },
  { settings: { loginLimitPerEmail: 2, loginLimitPerAddress: 3 } },
);

/** Two app instances sharing storage (and Redis when configured) stand for two server processes. */
for (const backend of backends()) {
  if (backend.name !== 'postgres') continue;
  describe(`keys and sessions revoked over HTTP on one process are refused by another [postgres${redisUrl() ? ' + redis' : ''}]`, () => {
    let a: Harness;
    let b: Harness;
    const clients: Redis[] = [];
    beforeAll(async () => {
      const prefix = `idv-test:${randomBytes(4).toString('hex')}:`;
      const mk = () => {
        if (!redisUrl()) return null;
        const r = new Redis(redisUrl()!, { maxRetriesPerRequest: 1 });
        clients.push(r);
        return r;
      };
      a = await createHarness(backend, { redis: mk(), redisKeyPrefix: prefix });
      b = await createHarness(backend, { redis: mk(), redisKeyPrefix: prefix });
    });
    afterAll(async () => {
      await a.app.close();
      await b.app.close();
      await a.database.close();
      await b.database.close();
      for (const c of clients) c.disconnect();
    });

    it('DELETE /v1/api-keys/{id} on A: the key is refused on B at its next request', async () => {
      const org = await createOrg(a.services);
      const owner = await signIn(a.app, await ownerEmailOf(a.services, org), OWNER_PASSWORD);
      const created = await a.app.inject({ method: 'POST', url: '/v1/api-keys', headers: owner.headers, payload: { name: 'integration', type: 'test' } });
      const { id, secret } = created.json().data;
      expect((await lookup(b.app, secret)).statusCode).toBe(200);
      const revoked = await a.app.inject({ method: 'DELETE', url: `/v1/api-keys/${id}`, headers: owner.headers });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().data.revokedAt).not.toBeNull();
      const res = await lookup(b.app, secret);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/revoked/);
    });

    it('a session revoked on A is refused on B at once', async () => {
      const org = await createOrg(a.services);
      const email = await ownerEmailOf(a.services, org);
      const one = await signIn(a.app, email, OWNER_PASSWORD);
      const two = await signIn(a.app, email, OWNER_PASSWORD);
      expect((await b.app.inject({ method: 'GET', url: '/v1/auth/me', headers: two.headers })).statusCode).toBe(200);
      await a.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${two.sessionId}`, headers: one.headers });
      expect((await b.app.inject({ method: 'GET', url: '/v1/auth/me', headers: two.headers })).statusCode).toBe(401);
    });
  });
}
