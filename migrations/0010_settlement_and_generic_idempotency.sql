-- Issue 10: one settlement unit, one idempotency mechanism.
--
-- The idempotency store becomes generic: a stored status and body, and "facts", an opaque JSON the
-- owner of the route keeps beside its answer (a verification: its id and the amount charged, which a
-- replay bills again). The verification-specific columns move into it.
ALTER TABLE idempotency_requests ADD COLUMN facts jsonb NULL;
UPDATE idempotency_requests
  SET facts = jsonb_build_object('verificationId', verification_id, 'chargeAmountKobo', coalesce(charge_amount_kobo, 0))
  WHERE state = 'STORED';
ALTER TABLE idempotency_requests DROP COLUMN charge_amount_kobo, DROP COLUMN verification_id;

-- The money batch is split into the ledger's (migrations/functions/ledger_apply.sql) and the
-- verifications' settlement that calls it (migrations/functions/verification_settle.sql). Stored
-- functions now live one per file and are re-applied on every migrate; the copy 0006 made and 0007
-- repeated goes.
DROP FUNCTION IF EXISTS wallet_apply_batch(timestamptz, jsonb);
