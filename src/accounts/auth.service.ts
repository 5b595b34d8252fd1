import { randomBytes, randomInt } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { sql, type Kysely } from 'kysely';
import type { NotificationService } from '../notifications/notifications.service.js';
import { EpochCache, publishOrFail, type CacheEpoch } from '../platform/cache-epoch.js';
import type { Clock } from '../platform/clock.js';
import { constantTimeEqual, sha256, type DataCipher } from '../platform/crypto.js';
import { AppError, notFound, unauthenticated } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import type { WindowLimiter } from '../platform/rate-limit.js';
import type { DB, Role, SessionRevokedReason } from '../platform/schema.js';
import type { AuthenticatedUser } from '../http/guards.js';
import { normaliseEmail } from './accounts.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { writeEvent } from '../events/events.service.js';
import { purgeInBatches, type PurgeOptions } from '../platform/purge.js';

export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;
export const REFRESH_REUSE_GRACE_MS = 10_000;
const LOGIN_WINDOW_MS = 15 * 60_000;
/** Refresh-token rows of a session are kept this long after it ended, then purged (purgeEndedRefreshTokens). */
const DAY_MS = 24 * 60 * 60_000;

export type { AuthenticatedUser };

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  sessionId: string;
}

export interface SessionView {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Even a token signed with our secret is refused unless it is one we could have issued: it lives at
 * most ACCESS_TOKEN_TTL_SECONDS (a far-future exp is not honoured) and is no older than that. An iat
 * a few seconds ahead is tolerated, for processes whose clocks differ slightly; exp gets no slack.
 * (jose's maxTokenAge would apply its clock tolerance to exp as well, hence this check.)
 */
export const ISSUED_AT_SKEW_SECONDS = 5;
function tokenAgeProblem(iat: number, exp: number, nowSeconds: number): 'invalid' | 'expired' | null {
  if (exp - iat > ACCESS_TOKEN_TTL_SECONDS || iat > nowSeconds + ISSUED_AT_SKEW_SECONDS) return 'invalid';
  return nowSeconds - iat > ACCESS_TOKEN_TTL_SECONDS ? 'expired' : null;
}

const opaque = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;
const WRONG_CREDENTIALS = 'The email or password is incorrect';
const BAD_CODE = 'The sign-in code is incorrect or has expired';

/**
 * One batch of the refresh-token purge (purgeEndedRefreshTokens): up to `limit` sessions that ended
 * before `before` and were not purged yet, in the order they ended (sessions_unpurged_end_idx, which
 * holds only those), their tokens deleted (refresh_tokens_session_idx) and each marked purged at `now`.
 * `= ANY (ARRAY(...))`, not `IN (SELECT ...)`: the planner reckons a CTE of `LIMIT n` at n rows and
 * joined it by hashing a sequential scan of both tables; over an array it walks their indexes. Its plan
 * is tested (test/e2e/refresh-token-purge.test.ts).
 */
export function refreshTokenPurgeBatch(before: Date, now: Date, limit: number) {
  return sql<{ sessions: number; tokens: number }>`
    WITH due AS (
      SELECT id FROM sessions
      WHERE refresh_tokens_purged_at IS NULL AND least(revoked_at, expires_at) < ${before}
      ORDER BY least(revoked_at, expires_at)
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), gone AS (
      DELETE FROM refresh_tokens WHERE session_id = ANY (ARRAY(SELECT id FROM due)) RETURNING 1
    ), marked AS (
      UPDATE sessions SET refresh_tokens_purged_at = ${now} WHERE id = ANY (ARRAY(SELECT id FROM due)) RETURNING 1
    )
    SELECT (SELECT count(*) FROM marked)::int AS sessions, (SELECT count(*) FROM gone)::int AS tokens`;
}

/**
 * Sign-in with a password and a one-time code, JWT access tokens bound to a session, rotating
 * refresh tokens with reuse detection, and sessions that can be revoked at once (DESIGN.md §9).
 */
export function createAuthService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  cipher: DataCipher;
  epoch: CacheEpoch;
  limiter: WindowLimiter;
  notifications: NotificationService;
  jwtSecret: string;
  loginLimitPerEmail: number;
  loginLimitPerAddress: number;
}) {
  const { db, clock, ids, cipher, epoch, limiter, notifications } = deps;
  const jwtKey = new TextEncoder().encode(deps.jwtSecret);
  // Unknown emails are checked against this hash, so they take as long as a wrong password.
  const dummyHash = hashPassword(randomBytes(24).toString('base64'));
  const sessionCache = new EpochCache<AuthenticatedUser | null>(50_000, 60_000);
  const otpHash = (challengeId: string, otp: string) => cipher.keyedHash('login-otp', `${challengeId}:${otp}`);

  async function limit(kind: string, email: string | null, ip: string | null) {
    const checks: Array<Promise<{ allowed: boolean; retryAfterSeconds: number }>> = [];
    if (email) checks.push(limiter.hit(`${kind}:email:${email}`, deps.loginLimitPerEmail, LOGIN_WINDOW_MS));
    if (ip) checks.push(limiter.hit(`${kind}:ip:${ip}`, deps.loginLimitPerAddress, LOGIN_WINDOW_MS));
    const results = await Promise.all(checks);
    const refused = results.filter((r) => !r.allowed);
    if (refused.length > 0) {
      const retryAfter = Math.max(...refused.map((r) => r.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', 'Too many sign-in attempts; try again later', { headers: { 'retry-after': String(retryAfter) } });
    }
  }

  async function issueAccessToken(userId: string, sessionId: string): Promise<string> {
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer('idv')
      .setAudience('idv-api')
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ACCESS_TOKEN_TTL_SECONDS)
      .sign(jwtKey);
  }

  async function revokeSessions(trx: Kysely<DB>, where: { sessionId?: string; userId?: string }, reason: SessionRevokedReason) {
    let q = trx.updateTable('sessions').set({ revoked_at: clock.now(), revoked_reason: reason }).where('revoked_at', 'is', null);
    if (where.sessionId) q = q.where('id', '=', where.sessionId);
    if (where.userId) q = q.where('user_id', '=', where.userId);
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) await epoch.bump(trx);
    return Number(res.numUpdatedRows);
  }

  async function loadUser(sessionId: string, userId: string): Promise<AuthenticatedUser | null> {
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id as session_id', 's.revoked_at', 's.expires_at', 'u.id', 'u.email', 'u.organisation_id', 'u.role', 'u.is_platform_admin', 'u.status'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    if (!row || row.id !== userId || row.revoked_at !== null || row.status !== 'ACTIVE') return null;
    if (row.expires_at.getTime() <= clock.now().getTime()) return null;
    return {
      id: row.id,
      email: row.email,
      organisationId: row.organisation_id,
      role: row.role,
      isPlatformAdmin: row.is_platform_admin,
      sessionId: row.session_id,
    };
  }

  async function createSession(trx: Kysely<DB>, userId: string, client: ClientInfo): Promise<TokenPair> {
    const now = clock.now();
    const sessionId = ids.next('ses');
    const refreshToken = opaque('rt');
    await trx
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: userId,
        expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
        created_at: now,
        last_used_at: now,
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 512) ?? null,
      })
      .execute();
    await trx.insertInto('refresh_tokens').values({ token_hash: sha256(refreshToken), session_id: sessionId, parent_hash: null, issued_at: now }).execute();
    return { accessToken: await issueAccessToken(userId, sessionId), refreshToken, tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS, sessionId };
  }

  // The token that replaces a refresh token is derived from it (HMAC under a key of its own), so an
  // honest retry gets the very same successor back and nothing secret is stored to make that possible.
  const successorOf = (refreshToken: string) => `rt_${cipher.keyedHash('refresh-token-successor', refreshToken).toString('base64url')}`;

  type RefreshOutcome = { kind: 'pair'; userId: string; sessionId: string; refreshToken: string } | { kind: 'invalid' } | { kind: 'reused' };

  /** One refresh, under the session's row lock: rotate the current token, replay a retry, or end the session. */
  async function exchange(trx: Kysely<DB>, refreshToken: string, client: ClientInfo): Promise<RefreshOutcome> {
    const hash = sha256(refreshToken);
    const now = clock.now();
    const found = await trx.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', hash).executeTakeFirst();
    if (!found) return { kind: 'invalid' };
    // Every refresh of a session queues here: concurrent uses of one token cannot fork the session.
    const session = await trx
      .selectFrom('sessions')
      .select(['id', 'user_id', 'revoked_at', 'expires_at'])
      .where('id', '=', found.session_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (session.revoked_at !== null || session.expires_at.getTime() <= now.getTime()) return { kind: 'invalid' };
    const token = await trx.selectFrom('refresh_tokens').select(['rotated_at']).where('token_hash', '=', hash).executeTakeFirstOrThrow();
    const successor = successorOf(refreshToken);
    const touch = () => trx.updateTable('sessions').set({ last_used_at: now, ip: client.ip }).where('id', '=', session.id).execute();

    if (token.rotated_at === null) {
      await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('token_hash', '=', hash).execute();
      await trx.insertInto('refresh_tokens').values({ token_hash: sha256(successor), session_id: session.id, parent_hash: hash, issued_at: now }).execute();
      await touch();
      return { kind: 'pair', userId: session.user_id, sessionId: session.id, refreshToken: successor };
    }
    // Already exchanged. Within the grace after that first exchange, and while its successor is still
    // the session's current token, it is the client retrying a refresh whose answer it lost: the same
    // successor again, never a new one. Anything else (too late, or a token two or more generations
    // old) means the token leaked.
    if (now.getTime() - token.rotated_at.getTime() <= REFRESH_REUSE_GRACE_MS) {
      const child = await trx
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('parent_hash', '=', hash)
        .where('token_hash', '=', sha256(successor))
        .where('rotated_at', 'is', null)
        .executeTakeFirst();
      if (child) {
        await touch();
        return { kind: 'pair', userId: session.user_id, sessionId: session.id, refreshToken: successor };
      }
    }
    await revokeSessions(trx, { sessionId: session.id }, 'REFRESH_REUSE');
    return { kind: 'reused' };
  }

  return {
    /**
     * Deletes the refresh-token rows of sessions that ended (revoked, or expired) more than a day ago,
     * in batches (platform/purge.ts). A live session keeps its whole chain: an old token
     * presented again must still be recognised as reuse. An ended session answers every token 401
     * with or without its rows, so they only cost space. Returns the rows deleted.
     */
    async purgeEndedRefreshTokens(options?: PurgeOptions): Promise<number> {
      const now = clock.now();
      const before = new Date(now.getTime() - DAY_MS);
      let tokens = 0;
      // A batch: up to `limit` ended sessions not yet purged, in the order they ended (an index that holds
      // only those, migrations/0025), their tokens deleted and each marked purged, so no batch reads a
      // session twice. A short batch is the last. SKIP LOCKED: two processes' runs take different sessions.
      await purgeInBatches(async (limit) => {
        const { rows } = await refreshTokenPurgeBatch(before, now, limit).execute(db);
        tokens += rows[0]!.tokens;
        return rows[0]!.sessions;
      }, options);
      return tokens;
    },

    /** Checks the password and sends a one-time code; a new login closes any older code. */
    async login(input: { email: string; password: string }, client: ClientInfo) {
      const email = normaliseEmail(input.email);
      await limit('login', email ?? input.email.trim().toLowerCase().slice(0, 254), client.ip);
      const user = email
        ? await db
            .selectFrom('users')
            .select(['id', 'email', 'password_hash', 'organisation_id', 'status'])
            .where('email', '=', email)
            // One address, several rows (invitations, removed members), at most one ACTIVE: that one signs in.
            .where('status', '=', 'ACTIVE')
            .executeTakeFirst()
        : undefined;
      const usable = user && user.status === 'ACTIVE' && user.password_hash !== null;
      const passwordOk = await verifyPassword(usable ? user.password_hash! : await dummyHash, input.password);
      if (!usable || !passwordOk) throw unauthenticated(WRONG_CREDENTIALS);

      const now = clock.now();
      const loginToken = opaque('lgn');
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const challengeId = ids.next('lgn');
      const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('login_challenges')
          .set({ closed_at: now, closed_reason: 'SUPERSEDED' })
          .where('user_id', '=', user.id)
          .where('closed_at', 'is', null)
          .execute();
        await trx
          .insertInto('login_challenges')
          .values({
            id: challengeId,
            user_id: user.id,
            token_hash: sha256(loginToken),
            otp_hash: otpHash(challengeId, otp),
            expires_at: expiresAt,
            ip: client.ip,
            user_agent: client.userAgent?.slice(0, 512) ?? null,
            created_at: now,
          })
          .execute();
        await notifications.enqueueEmail(trx, {
          organisationId: user.organisation_id,
          to: user.email,
          templateName: 'login-otp',
          variables: { otp, expiresInMinutes: String(OTP_TTL_MS / 60_000) },
        });
      });
      notifications.kick();
      return { otpRequired: true as const, loginToken, expiresAt: expiresAt.toISOString() };
    },

    /** Exchanges the login token and its code for a session; five wrong codes kill the login token. */
    async confirmLogin(input: { loginToken: string; otp: string }, client: ClientInfo): Promise<TokenPair> {
      const challenge = await db
        .selectFrom('login_challenges as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.user_id', 'c.expires_at', 'c.closed_at', 'u.email', 'u.organisation_id', 'u.status'])
        .where('c.token_hash', '=', sha256(input.loginToken))
        .executeTakeFirst();
      await limit('confirm', challenge?.email ?? null, client.ip);
      const now = clock.now();
      if (!challenge || challenge.closed_at !== null || challenge.expires_at.getTime() <= now.getTime() || challenge.status !== 'ACTIVE') {
        throw unauthenticated(BAD_CODE);
      }
      // Count the attempt first, atomically: concurrent guesses cannot exceed the limit.
      const counted = await db
        .updateTable('login_challenges')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', challenge.id)
        .where('closed_at', 'is', null)
        .where('attempts', '<', OTP_MAX_ATTEMPTS)
        .returning(['attempts', 'otp_hash'])
        .executeTakeFirst();
      if (!counted) throw unauthenticated(BAD_CODE);
      const right = constantTimeEqual(Buffer.from(counted.otp_hash), otpHash(challenge.id, input.otp));
      if (!right) {
        if (counted.attempts >= OTP_MAX_ATTEMPTS) {
          await db
            .updateTable('login_challenges')
            .set({ closed_at: now, closed_reason: 'EXHAUSTED' })
            .where('id', '=', challenge.id)
            .where('closed_at', 'is', null)
            .execute();
        }
        throw unauthenticated(BAD_CODE);
      }
      const pair = await db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable('login_challenges')
          .set({ closed_at: now, closed_reason: 'CONFIRMED' })
          .where('id', '=', challenge.id)
          .where('closed_at', 'is', null)
          .executeTakeFirst();
        // A code used twice at once: only the first confirmation gets a session.
        if (Number(closed.numUpdatedRows) !== 1) throw unauthenticated(BAD_CODE);
        const tokens = await createSession(trx, challenge.user_id, client);
        // Its auth.new_session event (DESIGN.md §11.2), in this transaction; platform admins belong to no organisation and raise none.
        if (challenge.organisation_id !== null) {
          const session = await trx.selectFrom('sessions').select(['created_at', 'ip', 'user_agent']).where('id', '=', tokens.sessionId).executeTakeFirstOrThrow();
          const createdAt = new Date(session.created_at);
          await writeEvent(trx, ids, {
            organisationId: challenge.organisation_id,
            type: 'auth.new_session',
            environment: 'live',
            createdAt,
            data: { sessionId: tokens.sessionId, userId: challenge.user_id, userAgent: session.user_agent, ip: session.ip, createdAt: createdAt.toISOString() },
          });
        }
        await notifications.enqueueEmail(trx, {
          organisationId: challenge.organisation_id,
          to: challenge.email,
          templateName: 'new-sign-in',
          variables: { signedInAt: now.toISOString(), userAgent: client.userAgent ?? 'unknown client', ip: client.ip ?? 'unknown address' },
        });
        return tokens;
      });
      notifications.kick();
      return pair;
    },

    /**
     * Rotates the refresh token. A retry with the token just replaced, within 10 s of its first
     * exchange, gets the same new refresh token (the client lost our answer); any other use of an
     * exchanged token means it leaked, and the session ends (DESIGN.md §9).
     */
    async refresh(refreshToken: string, client: ClientInfo): Promise<TokenPair> {
      const outcome = await db.transaction().execute((trx) => exchange(trx, refreshToken, client));
      if (outcome.kind === 'invalid') throw unauthenticated('The refresh token is invalid or has expired');
      if (outcome.kind === 'reused') {
        await epoch.publish();
        throw unauthenticated('The refresh token was already used; the session has been ended');
      }
      const accessToken = await issueAccessToken(outcome.userId, outcome.sessionId);
      return { accessToken, refreshToken: outcome.refreshToken, tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS, sessionId: outcome.sessionId };
    },

    /** Verifies an access token and its session; a revoked session is refused at once on every process. */
    async authenticate(authorization: string | undefined): Promise<AuthenticatedUser> {
      if (!authorization) throw unauthenticated('A bearer token is required in the Authorization header');
      const m = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization);
      if (!m) throw unauthenticated('The Authorization header must be "Bearer <access token>"');
      let userId = '';
      let sessionId = '';
      let age: 'invalid' | 'expired' | null;
      try {
        const { payload } = await jwtVerify(m[1]!, jwtKey, {
          issuer: 'idv',
          audience: 'idv-api',
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !payload.sub || !payload.sid) throw new Error('claims');
        age = tokenAgeProblem(payload.iat!, payload.exp!, Math.floor(clock.now().getTime() / 1000));
        userId = payload.sub;
        sessionId = payload.sid;
      } catch (err) {
        age = err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
      if (age) throw unauthenticated(age === 'expired' ? 'The access token has expired; refresh it' : 'The access token is invalid');
      const current = await epoch.read();
      const nowMs = clock.now().getTime();
      let user = sessionCache.get(sessionId, current, nowMs);
      if (user === undefined) {
        user = await loadUser(sessionId, userId);
        sessionCache.set(sessionId, user, current, nowMs);
      }
      if (!user || user.id !== userId) throw unauthenticated('The session has ended; sign in again');
      return user;
    },

    /** Ends the caller's session. */
    async logout(user: AuthenticatedUser): Promise<void> {
      await db.transaction().execute((trx) => revokeSessions(trx, { sessionId: user.sessionId }, 'LOGOUT'));
      await publishOrFail(epoch);
    },

    /** The caller's active sessions, newest first. */
    async listSessions(user: AuthenticatedUser): Promise<SessionView[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_used_at', 'user_agent', 'ip'])
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', clock.now())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.created_at.toISOString(),
        lastUsedAt: r.last_used_at.toISOString(),
        userAgent: r.user_agent,
        ip: r.ip,
        current: r.id === user.sessionId,
      }));
    },

    /** Revokes one of the caller's own sessions; anyone else's is 404, as if it did not exist. */
    async revokeSession(user: AuthenticatedUser, sessionId: string): Promise<void> {
      const changed = await db.transaction().execute(async (trx) => {
        const own = await trx
          .selectFrom('sessions')
          .select('id')
          .where('id', '=', sessionId)
          .where('user_id', '=', user.id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (!own) return false;
        await revokeSessions(trx, { sessionId }, 'REVOKED');
        return true;
      });
      if (!changed) throw notFound('Session not found');
      await publishOrFail(epoch);
    },

    /** Ends every session of a user (a removed member), inside the caller's transaction. */
    revokeAllSessions: (trx: Kysely<DB>, userId: string, reason: SessionRevokedReason) => revokeSessions(trx, { userId }, reason),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
