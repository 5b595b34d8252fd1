-- The refresh-token purge (src/accounts/auth.service.ts purgeEndedRefreshTokens) through indexes.
--
-- It chose a batch of ended sessions that still had tokens, then deleted their tokens. Sessions are never
-- deleted, and refresh_tokens had no index on session_id beyond the current token's: each batch read every
-- token twice (the EXISTS and the DELETE) and every ended session ever. At 300,000 sessions and 400,000
-- tokens a batch of 1,000 sessions took 215 ms; with only an index on session_id, 470 ms (the batch then
-- walked the 200,000 sessions already purged, probing each). Both grow with every sign-in, and a run
-- stops after 5 s: past a few million sessions the purge could no longer keep up with the sessions ending.
--
-- Now a session whose tokens were purged is marked, the sessions still to purge are found in the order
-- they ended through a partial index that holds only the unmarked ones, and their tokens through an index
-- on session_id. A batch reads what it deletes, however many sessions came before it.
ALTER TABLE sessions ADD COLUMN refresh_tokens_purged_at timestamptz NULL;
CREATE INDEX sessions_unpurged_end_idx ON sessions ((least(revoked_at, expires_at))) WHERE refresh_tokens_purged_at IS NULL;
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
