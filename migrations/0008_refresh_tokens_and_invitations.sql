-- Accounts hardening: a row per refresh token, so reuse of any exchanged token is caught; and
-- invitations that neither reveal nor touch an account of another organisation.

-- Every refresh token a session was given (after supabase/auth), only its SHA-256. A token is exchanged
-- once; presenting an exchanged one again (past the grace, or two or more generations back) ends the
-- session. rotated_at is set at the first exchange and never moved: the grace counts from it.
CREATE TABLE refresh_tokens (
  token_hash  bytea PRIMARY KEY,
  session_id  text NOT NULL REFERENCES sessions (id),
  parent_hash bytea NULL REFERENCES refresh_tokens (token_hash),
  issued_at   timestamptz NOT NULL,
  rotated_at  timestamptz NULL
);
-- One successor per token and one current token per session: a session never forks.
CREATE UNIQUE INDEX refresh_tokens_parent_key ON refresh_tokens (parent_hash) WHERE parent_hash IS NOT NULL;
CREATE UNIQUE INDEX refresh_tokens_current_key ON refresh_tokens (session_id) WHERE rotated_at IS NULL;

-- Sessions signed in before this migration keep working: the replaced token (already exchanged), then
-- the current one.
INSERT INTO refresh_tokens (token_hash, session_id, parent_hash, issued_at, rotated_at)
  SELECT previous_refresh_hash, id, NULL, created_at, coalesce(rotated_at, created_at)
  FROM sessions WHERE previous_refresh_hash IS NOT NULL;
INSERT INTO refresh_tokens (token_hash, session_id, parent_hash, issued_at, rotated_at)
  SELECT refresh_hash, id, previous_refresh_hash, coalesce(rotated_at, created_at), NULL
  FROM sessions;
ALTER TABLE sessions DROP COLUMN refresh_hash, DROP COLUMN previous_refresh_hash, DROP COLUMN rotated_at;

-- An address has at most one live (ACTIVE) account. Invitations are rows of the inviting organisation,
-- so two organisations may each hold a pending invitation for one address, even one that has an
-- account elsewhere; such an invitation can only be accepted once that account is gone.
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_active_email_key ON users (email) WHERE status = 'ACTIVE';
CREATE UNIQUE INDEX users_organisation_email_key ON users (organisation_id, email) WHERE organisation_id IS NOT NULL;
CREATE INDEX users_email_idx ON users (email);
