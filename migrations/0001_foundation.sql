-- Foundation: organisations, users and platform admins, API keys, the service catalogue and what each
-- organisation is provisioned with, the cache epoch behind key revocation, and verification records.

CREATE TABLE organisations (
  id                text PRIMARY KEY,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  access_level      text NOT NULL DEFAULT 'BASIC' CHECK (access_level IN ('BASIC', 'STANDARD', 'PREMIUM')),
  -- Per-organisation overrides of the process-wide guards (DESIGN.md §8); null means the default.
  concurrency_limit integer NULL CHECK (concurrency_limit > 0),
  velocity_limit    integer NULL CHECK (velocity_limit > 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- Members of an organisation and platform admins (staff, who belong to none) share one table so that
-- sign-in is one path; the CHECK keeps the two kinds apart.
CREATE TABLE users (
  id                text PRIMARY KEY,
  organisation_id   text NULL REFERENCES organisations (id),
  email             text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash     text NULL,
  role              text NULL CHECK (role IN ('OWNER', 'ADMIN', 'DEVELOPER', 'VIEWER')),
  is_platform_admin boolean NOT NULL DEFAULT false,
  status            text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INVITED', 'REMOVED')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (is_platform_admin AND organisation_id IS NULL AND role IS NULL)
    OR (NOT is_platform_admin AND organisation_id IS NOT NULL AND role IS NOT NULL)
  ),
  CHECK (status <> 'ACTIVE' OR password_hash IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_organisation_idx ON users (organisation_id) WHERE organisation_id IS NOT NULL;

-- API keys: only the SHA-256 of the secret is kept; prefix and last4 let a person recognise a key.
CREATE TABLE api_keys (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  type            text NOT NULL CHECK (type IN ('test', 'live')),
  secret_hash     bytea NOT NULL,
  prefix          text NOT NULL,
  last4           text NOT NULL,
  rate_limit      integer NULL CHECK (rate_limit BETWEEN 1 AND 1000000),
  expires_at      timestamptz NULL,
  created_by      text NULL REFERENCES users (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_used_at    timestamptz NULL,
  revoked_at      timestamptz NULL,
  revoked_by      text NULL REFERENCES users (id)
);
CREATE UNIQUE INDEX api_keys_secret_hash_key ON api_keys (secret_hash);
CREATE INDEX api_keys_organisation_idx ON api_keys (organisation_id, created_at DESC);

-- The platform catalogue. Rows are kept in step with src/catalogue/catalogue.ts by the migrator, so
-- the code is the one source of names, endpoints and default prices; the table gives foreign keys.
CREATE TABLE services (
  code                        text PRIMARY KEY,
  name                        text NOT NULL,
  sort_order                  integer NOT NULL,
  default_price_basic_kobo    bigint NOT NULL CHECK (default_price_basic_kobo >= 0),
  default_price_standard_kobo bigint NOT NULL CHECK (default_price_standard_kobo >= 0),
  default_price_premium_kobo  bigint NOT NULL CHECK (default_price_premium_kobo >= 0)
);

-- What a platform admin provisioned for an organisation, with its prices per access level.
CREATE TABLE organisation_services (
  organisation_id     text NOT NULL REFERENCES organisations (id),
  service_code        text NOT NULL REFERENCES services (code),
  status              text NOT NULL CHECK (status IN ('ACTIVE', 'SUSPENDED')),
  price_basic_kobo    bigint NOT NULL CHECK (price_basic_kobo >= 0),
  price_standard_kobo bigint NOT NULL CHECK (price_standard_kobo >= 0),
  price_premium_kobo  bigint NOT NULL CHECK (price_premium_kobo >= 0),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, service_code)
);

-- One shared counter, bumped in the transaction of every change that cached keys or organisation
-- settings depend on (revocation, provisioning, access level). Every process compares it before
-- trusting its cache, so a revocation takes effect on the next request everywhere (DESIGN.md §1).
CREATE TABLE cache_epoch (
  id    smallint PRIMARY KEY CHECK (id = 1),
  value bigint NOT NULL
);
INSERT INTO cache_epoch (id, value) VALUES (1, 0);

-- Verification records (DESIGN.md §10.1): immutable, no registry field, no identifier in clear.
CREATE TABLE verification_records (
  id                    text PRIMARY KEY,
  organisation_id       text NOT NULL REFERENCES organisations (id),
  type                  text NOT NULL REFERENCES services (code),
  endpoint              text NOT NULL,
  environment           text NOT NULL CHECK (environment IN ('live', 'test')),
  verification_status   text NULL CHECK (verification_status IN ('VERIFIED', 'NOT_VERIFIED')),
  error_code            text NULL,
  http_status           smallint NOT NULL,
  charged               boolean NOT NULL,
  charge_amount_kobo    bigint NOT NULL CHECK (charge_amount_kobo >= 0),
  reference_id          text NULL,
  identifier_type       text NOT NULL CHECK (identifier_type IN ('NIN', 'BVN', 'TIN', 'PHONE', 'RC_NUMBER')),
  identifier_ciphertext bytea NOT NULL,
  identifier_hash       bytea NOT NULL,
  identifier_masked     text NOT NULL,
  purpose               text NULL,
  request_reason        text NULL,
  api_key_id            text NOT NULL REFERENCES api_keys (id),
  request_id            text NOT NULL,
  duration_ms           integer NOT NULL CHECK (duration_ms >= 0),
  replay_of             text NULL REFERENCES verification_records (id),
  created_at            timestamptz NOT NULL,
  CHECK ((verification_status IS NULL) <> (error_code IS NULL)),
  CHECK (charged OR charge_amount_kobo = 0)
);
CREATE INDEX verification_records_list_idx
  ON verification_records (organisation_id, environment, created_at DESC, id DESC);
CREATE INDEX verification_records_identifier_idx ON verification_records (organisation_id, identifier_hash);

CREATE FUNCTION verification_records_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'verification records are immutable';
END;
$$;
CREATE TRIGGER verification_records_no_update
  BEFORE UPDATE ON verification_records
  FOR EACH ROW EXECUTE FUNCTION verification_records_immutable();
