-- Wallet funding through a Paystack-style gateway: a payment is initialised here, completed at the
-- gateway, and credited exactly once (verify and webhook race freely; credited_at decides).
CREATE TABLE payments (
  id                text PRIMARY KEY,
  organisation_id   text NOT NULL REFERENCES organisations (id),
  reference         text NOT NULL,
  amount_kobo       bigint NOT NULL CHECK (amount_kobo >= 10000),
  currency          text NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
  status            text NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'ABANDONED')),
  access_code       text NOT NULL,
  authorization_url text NOT NULL,
  callback_url      text NULL,
  initialized_by    text NULL REFERENCES users (id),
  credited_at       timestamptz NULL,
  review_reason     text NULL,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE UNIQUE INDEX payments_reference_key ON payments (reference);
CREATE INDEX payments_organisation_idx ON payments (organisation_id, created_at DESC);
