import { describe, expect, it } from 'vitest';
import { ManualClock, OWNER_PASSWORD, createOrg, describeEachBackend, ownerEmailOf, signIn } from '../helpers/harness.js';

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
      });
    });
  },
  { clock },
);
