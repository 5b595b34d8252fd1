-- One CHECK constraint per table a live verification writes, instead of one per rule (issue 15).
--
-- PostgreSQL prepares a table's CHECK constraints again for every statement that inserts into or updates
-- it: each constraint's stored expression is read back from text and simplified before the first row is
-- checked. A lone live request's two database calls run 13 such statements, over 33 constraints; in the
-- profile of a lone start and settlement that preparation was 8 % of PostgreSQL's time, more than the row
-- writes themselves. Replayed on one connection (the real items of a live lookup, 3 interleaved pairs of
-- runs), the same rules as one constraint per table cost 6-16 % less CPU a start-and-settlement pair
-- (medians: 2,178 against 1,970 µs).
--
-- Every rule stands, word for word, joined by AND: a row the separate constraints refused is refused (a
-- rule that is false makes the conjunction false; one that is unknown passes, as before). What changes
-- is the name a violation reports: <table>_rules for every rule of the table. The code never branches on
-- a constraint's name.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE contype = 'c'
      AND conrelid IN ('verification_records'::regclass, 'ledger_entries'::regclass, 'wallets'::regclass,
                       'idempotency_requests'::regclass, 'holds'::regclass, 'events'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.tbl, c.conname);
  END LOOP;
END;
$$;

ALTER TABLE verification_records ADD CONSTRAINT verification_records_rules CHECK (
  environment IN ('live', 'test')
  AND verification_status IN ('VERIFIED', 'NOT_VERIFIED')
  AND charge_amount_kobo >= 0
  AND identifier_type IN ('NIN', 'BVN', 'TIN', 'PHONE', 'RC_NUMBER')
  AND resolved_by IN ('RESOLUTION_PROVIDER', 'REGISTER_PHONE_LOOKUP')
  AND duration_ms >= 0
  -- A verdict or an error code, never both, never neither.
  AND (verification_status IS NULL) <> (error_code IS NULL)
  AND (charged OR charge_amount_kobo = 0)
) NOT VALID;

-- The wallet: never overdrawn, never more held than the balance.
ALTER TABLE wallets ADD CONSTRAINT wallets_rules CHECK (
  low_balance_threshold_kobo >= 0
  AND currency = 'NGN'
  AND balance_kobo >= 0
  AND held_kobo >= 0 AND held_kobo <= balance_kobo
) NOT VALID;

ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_rules CHECK (
  type IN ('DEPOSIT', 'DEBIT', 'ADJUSTMENT')
  AND amount_kobo <> 0
  AND balance_after_kobo >= 0
  AND cause IN ('VERIFICATION', 'PAYMENT', 'ADJUSTMENT')
  AND ((type = 'DEBIT') = (amount_kobo < 0) OR type = 'ADJUSTMENT')
  AND (cause <> 'ADJUSTMENT' OR (reason IS NOT NULL AND adjusted_by IS NOT NULL))
) NOT VALID;

ALTER TABLE holds ADD CONSTRAINT holds_rules CHECK (
  amount_kobo > 0
  AND status IN ('HELD', 'CAPTURED', 'RELEASED')
) NOT VALID;

ALTER TABLE idempotency_requests ADD CONSTRAINT idempotency_requests_rules CHECK (
  environment IN ('live', 'test')
  AND state IN ('IN_FLIGHT', 'STORED')
  AND (state = 'IN_FLIGHT' OR (response_status IS NOT NULL AND response_ciphertext IS NOT NULL AND expires_at IS NOT NULL))
) NOT VALID;

ALTER TABLE events ADD CONSTRAINT events_rules CHECK (environment IN ('live', 'test')) NOT VALID;

-- The rows already there kept every rule (each was checked as it was written); validated all the same.
ALTER TABLE verification_records VALIDATE CONSTRAINT verification_records_rules;
ALTER TABLE wallets VALIDATE CONSTRAINT wallets_rules;
ALTER TABLE ledger_entries VALIDATE CONSTRAINT ledger_entries_rules;
ALTER TABLE holds VALIDATE CONSTRAINT holds_rules;
ALTER TABLE idempotency_requests VALIDATE CONSTRAINT idempotency_requests_rules;
ALTER TABLE events VALIDATE CONSTRAINT events_rules;
