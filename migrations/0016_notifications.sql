-- Notification templates of organisations, and the message log (DESIGN.md §11.1).
CREATE TABLE notification_templates (
  organisation_id text NOT NULL REFERENCES organisations (id),
  name            text NOT NULL,
  channel         text NOT NULL CHECK (channel IN ('email', 'sms', 'webhook')),
  subject         text NULL,
  body            text NOT NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  PRIMARY KEY (organisation_id, name)
);

-- The message log of an organisation, newest first (GET /v1/notifications/messages).
CREATE INDEX notifications_log_idx ON notifications (organisation_id, created_at DESC, id DESC) WHERE organisation_id IS NOT NULL;
-- The purge of messages older than 30 days.
CREATE INDEX notifications_created_idx ON notifications (created_at);
