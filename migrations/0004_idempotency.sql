-- Idempotency of requests (SPEC.md §3, DESIGN.md §6). One row per organisation, key type and
-- Idempotency-Key: in flight under a lease with a fencing token, or stored (the answer, encrypted)
-- for 24 hours. Request bodies are never stored, only their keyed fingerprint.
CREATE TABLE idempotency_requests (
  organisation_id      text NOT NULL REFERENCES organisations (id),
  environment          text NOT NULL CHECK (environment IN ('live', 'test')),
  key_hash             bytea NOT NULL,
  fingerprint          bytea NOT NULL,
  state                text NOT NULL CHECK (state IN ('IN_FLIGHT', 'STORED')),
  fencing_token        bigint NOT NULL,
  lease_expires_at     timestamptz NOT NULL,
  response_status      smallint NULL,
  response_ciphertext  bytea NULL,
  charge_amount_kobo   bigint NULL,
  verification_id      text NULL,
  created_at           timestamptz NOT NULL,
  expires_at           timestamptz NULL,
  PRIMARY KEY (organisation_id, environment, key_hash),
  CHECK (state = 'IN_FLIGHT' OR (response_status IS NOT NULL AND response_ciphertext IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX idempotency_requests_expiry_idx ON idempotency_requests (expires_at) WHERE state = 'STORED';
CREATE INDEX idempotency_requests_lease_idx ON idempotency_requests (lease_expires_at) WHERE state = 'IN_FLIGHT';
