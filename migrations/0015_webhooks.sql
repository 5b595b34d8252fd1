-- Webhook endpoints and their deliveries (DESIGN.md §11.3–§11.4). Events (0014) are fanned out to
-- deliveries by a periodic job on every process; workers claim due deliveries with SKIP LOCKED.
CREATE TABLE webhook_endpoints (
  id                           text PRIMARY KEY,
  organisation_id              text NOT NULL REFERENCES organisations (id),
  url                          text NOT NULL,
  description                  text NULL,
  event_types                  text[] NOT NULL,
  environment                  text NOT NULL CHECK (environment IN ('live', 'test')),
  status                       text NOT NULL CHECK (status IN ('ENABLED', 'DISABLED')),
  disabled_reason              text NULL CHECK (disabled_reason IN ('MANUAL', 'GONE', 'FAILING')),
  failing_since                timestamptz NULL,
  last_success_at              timestamptz NULL,
  -- AES-256-GCM under DATA_ENCRYPTION_KEY (signing needs the secret in clear); at most two.
  secret_ciphertext            bytea NOT NULL,
  previous_secret_ciphertext   bytea NULL,
  previous_secret_expires_at   timestamptz NULL,
  created_at                   timestamptz NOT NULL,
  updated_at                   timestamptz NOT NULL
);
CREATE UNIQUE INDEX webhook_endpoints_url_idx ON webhook_endpoints (organisation_id, environment, url);
CREATE INDEX webhook_endpoints_org_idx ON webhook_endpoints (organisation_id, created_at DESC, id DESC);

CREATE TABLE webhook_deliveries (
  id                    text PRIMARY KEY,
  organisation_id       text NOT NULL,
  event_id              text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  event_type            text NOT NULL,
  endpoint_id           text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  status                text NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  attempt_count         integer NOT NULL DEFAULT 0,
  -- Scheduled attempts made (the retry schedule counts these; manual ones do not).
  scheduled_attempts    integer NOT NULL DEFAULT 0,
  next_attempt_at       timestamptz NULL,
  -- A manual attempt asked for (redeliver, recover) and not yet made.
  manual_requested_at   timestamptz NULL,
  last_attempt_at       timestamptz NULL,
  last_response_status  integer NULL,
  lease_owner           text NULL,
  lease_expires_at      timestamptz NULL,
  created_at            timestamptz NOT NULL,
  UNIQUE (event_id, endpoint_id)
);
-- The claim: the endpoints with pending deliveries (a skip scan), then each one's oldest due.
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_manual_idx ON webhook_deliveries (manual_requested_at) WHERE manual_requested_at IS NOT NULL;
-- Deliveries under a lease: the claim's count of requests in flight per endpoint.
CREATE INDEX webhook_deliveries_leased_idx ON webhook_deliveries (endpoint_id) WHERE lease_owner IS NOT NULL;
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);

CREATE TABLE webhook_attempts (
  id               text PRIMARY KEY,
  delivery_id      text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  number           integer NOT NULL,
  trigger          text NOT NULL CHECK (trigger IN ('SCHEDULED', 'MANUAL')),
  started_at       timestamptz NOT NULL,
  duration_ms      integer NOT NULL,
  response_status  integer NULL,
  response_body    text NULL,
  error            text NULL CHECK (error IN ('TIMEOUT', 'CONNECTION_ERROR', 'TLS_ERROR', 'DNS_ERROR', 'BLOCKED_ADDRESS')),
  succeeded        boolean NOT NULL,
  UNIQUE (delivery_id, number)
);
