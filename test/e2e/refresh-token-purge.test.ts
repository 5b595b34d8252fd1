import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { refreshTokenPurgeBatch } from '../../src/accounts/auth.service.js';
import { ManualClock, OWNER_PASSWORD, createOrg, describeEachBackend, ownerEmailOf, signIn } from '../helpers/harness.js';
import { explain } from '../helpers/plan.js';

/**
 * Refresh-token rows of ended sessions are purged a day after the session ended (a periodic job of
 * accounts); a live session keeps its whole chain, so a replaced token replayed later is still reuse.
 * The clock is years before every other test's, so the purge here never reaches the sessions of the
 * file's other tests.
 */
const clock = new ManualClock('2020-01-01T00:00:00.000Z');
const DAY = 86_400_000;

describeEachBackend(
  'refresh tokens of ended sessions are purged',
  (h) => {
    const refresh = (refreshToken: string) => h().app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken } });
    const rows = async (sessionId: string) =>
      (await h().database.db.selectFrom('refresh_tokens').select('token_hash').where('session_id', '=', sessionId).execute()).length;

    describe('purgeEndedRefreshTokens', () => {
      it('deletes the chain of a session ended over a day ago, keeps live and recently ended ones, and old tokens stay refused', async () => {
        const org = await createOrg(h().services);
        const email = await ownerEmailOf(h().services, org);
        const ended = await signIn(h().app, email, OWNER_PASSWORD);
        const endedToo = await signIn(h().app, email, OWNER_PASSWORD);
        const live = await signIn(h().app, email, OWNER_PASSWORD);
        const recent = await signIn(h().app, email, OWNER_PASSWORD);
        const untouched = await signIn(h().app, email, OWNER_PASSWORD);
        // Two generations each: a replaced token and its successor.
        const endedNext = (await refresh(ended.refreshToken)).json().data;
        const liveNext = (await refresh(live.refreshToken)).json().data;
        expect([await rows(ended.sessionId), await rows(live.sessionId)]).toEqual([2, 2]);

        const logout = await h().app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${endedNext.accessToken}` } });
        expect(logout.statusCode).toBe(200);
        const logoutToo = await h().app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${endedToo.accessToken}` } });
        expect(logoutToo.statusCode).toBe(200);
        clock.advance(DAY + 1_000);
        const recentNext = (await refresh(recent.refreshToken)).json().data;
        const logoutRecent = await h().app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${recentNext.accessToken}` } });
        expect(logoutRecent.statusCode).toBe(200);

        // One session's chain a batch: both ended sessions go in one run (3 rows).
        expect(await h().services.auth.purgeEndedRefreshTokens({ batch: 1 })).toBeGreaterThanOrEqual(3);
        expect(await rows(ended.sessionId)).toBe(0);
        expect(await rows(endedToo.sessionId)).toBe(0);
        expect(await rows(recent.sessionId)).toBe(2); // ended less than a day ago: kept for now
        expect(await rows(live.sessionId)).toBe(2); // live: the whole chain, for reuse detection
        expect(await rows(untouched.sessionId)).toBe(1);
        // The purged session's tokens are refused as before.
        for (const token of [ended.refreshToken, endedNext.refreshToken]) {
          const res = await refresh(token);
          expect(res.statusCode).toBe(401);
          expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
        }
        // The live session: its replaced token replayed after the grace is still reuse, and ends it.
        expect((await refresh(live.refreshToken)).statusCode).toBe(401);
        expect((await h().database.db.selectFrom('sessions').select('revoked_reason').where('id', '=', live.sessionId).executeTakeFirstOrThrow()).revoked_reason).toBe(
          'REFRESH_REUSE',
        );
        expect((await refresh(liveNext.refreshToken)).statusCode).toBe(401);

        // A session never revoked goes a day after its expiry (30 days after sign-in), with the others.
        clock.advance(28 * DAY);
        await h().services.auth.purgeEndedRefreshTokens();
        expect(await rows(untouched.sessionId)).toBe(1); // expires at day 30: not yet a day past it
        clock.advance(3 * DAY);
        await h().services.auth.purgeEndedRefreshTokens();
        expect([await rows(recent.sessionId), await rows(live.sessionId), await rows(untouched.sessionId)]).toEqual([0, 0, 0]);

        // Each purged session is marked, once: a run with nothing new deletes nothing and marks nothing again.
        const marks = async () =>
          (await h().database.db.selectFrom('sessions').select(['id', 'refresh_tokens_purged_at']).where('id', 'in', [ended.sessionId, recent.sessionId, untouched.sessionId]).orderBy('id').execute()).map(
            (r) => r.refresh_tokens_purged_at?.toISOString() ?? null,
          );
        const before = await marks();
        expect(before.every((m) => m !== null)).toBe(true);
        expect(await h().services.auth.purgeEndedRefreshTokens({ batch: 1 })).toBe(0);
        expect(await marks()).toEqual(before);
      });

      it('a batch walks the sessions still to purge and their tokens by index, however many were purged before', async () => {
        const db = h().database.db;
        const org = await createOrg(h().services);
        const userId = org.ownerId;
        // 20,000 sessions that ended long ago and were purged, 2,000 ended and not purged yet (three tokens
        // each), 2,000 live (three tokens each): what a year of sign-ins leaves, in small.
        const base = clock.now().getTime();
        await sql`
          INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at, refresh_tokens_purged_at)
          SELECT 'ses_plan' || i, ${userId}, ${new Date(base - 40 * DAY)}::timestamptz + i * interval '1 second',
                 ${new Date(base - 70 * DAY)}::timestamptz, ${new Date(base - 40 * DAY)}::timestamptz,
                 CASE WHEN i <= 20000 THEN ${new Date(base - 10 * DAY)}::timestamptz END
          FROM generate_series(1, 22000) AS i`.execute(db);
        await sql`
          INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at)
          SELECT 'ses_live' || i, ${userId}, ${new Date(base + 20 * DAY)}::timestamptz, ${new Date(base)}::timestamptz, ${new Date(base)}::timestamptz
          FROM generate_series(1, 2000) AS i`.execute(db);
        await sql`
          INSERT INTO refresh_tokens (token_hash, session_id, issued_at, rotated_at)
          SELECT decode(md5(s.id || '-' || k), 'hex'), s.id, ${new Date(base - 50 * DAY)}::timestamptz,
                 CASE WHEN k < 3 THEN ${new Date(base - 50 * DAY)}::timestamptz END
          FROM sessions s, generate_series(1, 3) AS k
          WHERE s.id LIKE 'ses_live%' OR (s.id LIKE 'ses_plan%' AND s.refresh_tokens_purged_at IS NULL)`.execute(db);
        await sql`ANALYZE sessions`.execute(db);
        await sql`ANALYZE refresh_tokens`.execute(db);

        const now = clock.now();
        const text = await explain(db, refreshTokenPurgeBatch(new Date(now.getTime() - DAY), now, 1000).compile(db));
        expect(text).toMatch(/Index Scan using sessions_unpurged_end_idx on sessions/);
        expect(text).toMatch(/refresh_tokens_session_idx/);
        expect(text).not.toMatch(/Seq Scan/);

        // And it does what it says: the 2,000 ended sessions' 6,000 tokens go, two batches of 1,000 and a
        // short one; the live sessions keep theirs; every ended one is marked.
        const tokensOf = async (prefix: string) =>
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM refresh_tokens WHERE session_id LIKE ${prefix + '%'}`.execute(db)).rows[0]!.n;
        expect(await h().services.auth.purgeEndedRefreshTokens({ batch: 1000 })).toBeGreaterThanOrEqual(6000);
        expect([await tokensOf('ses_plan'), await tokensOf('ses_live')]).toEqual([0, 6000]);
        const unmarked = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sessions WHERE id LIKE 'ses_plan%' AND refresh_tokens_purged_at IS NULL`.execute(db);
        expect(unmarked.rows[0]!.n).toBe(0);
      });
    });
  },
  { clock },
);
