-- Accounts: sign-in challenges (password, then a one-time code), sessions with rotating refresh
-- tokens, member invitations, and notification messages (the email channel and its outbox).

-- A sign-in in progress: the password was right, the code is awaited. Only hashes are stored.
CREATE TABLE login_challenges (
  id             text PRIMARY KEY,
  user_id        text NOT NULL REFERENCES users (id),
  token_hash     bytea NOT NULL,
  otp_hash       bytea NOT NULL,
  attempts       integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at     timestamptz NOT NULL,
  -- Set when the code was used, exhausted, or replaced by a newer sign-in.
  closed_at      timestamptz NULL,
  closed_reason  text NULL CHECK (closed_reason IN ('CONFIRMED', 'EXHAUSTED', 'SUPERSEDED')),
  ip             text NULL,
  user_agent     text NULL,
  created_at     timestamptz NOT NULL
);
CREATE UNIQUE INDEX login_challenges_token_key ON login_challenges (token_hash);
CREATE INDEX login_challenges_open_idx ON login_challenges (user_id) WHERE closed_at IS NULL;

-- A signed-in device. The refresh token rotates on every use; the one it replaced is kept for the
-- reuse check (a replay of it past the grace period revokes the session).
CREATE TABLE sessions (
  id                   text PRIMARY KEY,
  user_id              text NOT NULL REFERENCES users (id),
  refresh_hash         bytea NOT NULL,
  previous_refresh_hash bytea NULL,
  rotated_at           timestamptz NULL,
  expires_at           timestamptz NOT NULL,
  created_at           timestamptz NOT NULL,
  last_used_at         timestamptz NOT NULL,
  revoked_at           timestamptz NULL,
  revoked_reason       text NULL CHECK (revoked_reason IN ('LOGOUT', 'REVOKED', 'REFRESH_REUSE', 'MEMBER_REMOVED')),
  ip                   text NULL,
  user_agent           text NULL
);
CREATE UNIQUE INDEX sessions_refresh_key ON sessions (refresh_hash);
CREATE INDEX sessions_previous_refresh_idx ON sessions (previous_refresh_hash) WHERE previous_refresh_hash IS NOT NULL;
CREATE INDEX sessions_user_idx ON sessions (user_id, created_at DESC);

-- An invited member sets a password with this token (hash only).
ALTER TABLE users ADD COLUMN invite_token_hash bytea NULL;
ALTER TABLE users ADD COLUMN invite_expires_at timestamptz NULL;
ALTER TABLE users ADD COLUMN invited_by text NULL REFERENCES users (id);
CREATE UNIQUE INDEX users_invite_token_key ON users (invite_token_hash) WHERE invite_token_hash IS NOT NULL;

-- Messages to people (DESIGN.md §11.1). The body is encrypted; it is kept while QUEUED and, for
-- messages delivered to the outbox (no SMTP server configured), for the outbox's 30 days.
CREATE TABLE notifications (
  id              text PRIMARY KEY,
  organisation_id text NULL REFERENCES organisations (id),
  channel         text NOT NULL CHECK (channel IN ('email', 'sms', 'webhook')),
  recipient       text NOT NULL,
  template_name   text NOT NULL,
  subject         text NULL,
  body_ciphertext bytea NULL,
  delivery        text NOT NULL CHECK (delivery IN ('SMTP', 'OUTBOX', 'SMS_GATEWAY', 'HTTPS')),
  status          text NOT NULL CHECK (status IN ('QUEUED', 'SENT', 'FAILED')),
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text NULL,
  next_attempt_at timestamptz NULL,
  created_at      timestamptz NOT NULL,
  sent_at         timestamptz NULL
);
CREATE INDEX notifications_outbox_idx ON notifications (created_at DESC, id DESC) WHERE delivery = 'OUTBOX';
CREATE INDEX notifications_due_idx ON notifications (next_attempt_at) WHERE status = 'QUEUED';
CREATE INDEX notifications_organisation_idx ON notifications (organisation_id, created_at DESC) WHERE organisation_id IS NOT NULL;
