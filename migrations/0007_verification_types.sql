-- Every verification type (issue 5).
--
-- The enhanced phone lookup says which path answered: the resolution provider then the register's NIN
-- lookup, or the register's own phone lookup (DESIGN.md §4).
ALTER TABLE verification_records ADD COLUMN resolved_by text NULL
  CHECK (resolved_by IN ('RESOLUTION_PROVIDER', 'REGISTER_PHONE_LOOKUP'));

-- What an answer keeps durably beside its record, encrypted: for CAC Advance (SPEC.md §8) the raw
-- provider payload for audit with the directors stripped, and the redacted copy (directors' dates of
-- birth, email, address, gender and nationality dropped, identity and phone numbers masked). The full
-- answer lives only in the idempotency store, 24 hours.
CREATE TABLE verification_payloads (
  verification_id     text PRIMARY KEY REFERENCES verification_records (id),
  audit_ciphertext    bytea NOT NULL,
  redacted_ciphertext bytea NOT NULL,
  created_at          timestamptz NOT NULL
);
CREATE TRIGGER verification_payloads_no_update
  BEFORE UPDATE ON verification_payloads
  FOR EACH ROW EXECUTE FUNCTION verification_records_immutable();

-- The money batch also writes an answer's payload, in the same statement as its record ("pl" on a
-- settlement: {"a": audit hex, "r": redacted hex}); otherwise unchanged from 0006.
CREATE OR REPLACE FUNCTION wallet_apply_batch(p_now timestamptz, p_ops jsonb) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
  n          int := jsonb_array_length(p_ops);
  orgs       text[];
  bals       bigint[];
  helds      bigint[];
  thrs       bigint[];
  held_ids   text[];
  kept       int[];
  outcomes   text[] := array_fill(NULL::text, ARRAY[n]);
  hs_ids     text[] := '{}';
  hs_status  text[] := '{}';
  new_holds  int[] := '{}';
  entries    int[] := '{}';
  afters     bigint[] := '{}';
  recs       int[] := '{}';
  unstore    int[] := '{}';
  op         jsonb;
  w          int;
  amount     bigint;
  hid        text;
  storing    boolean;
BEGIN
  -- Wallets first, in one order everywhere (no deadlock between batches of several processes), then holds.
  SELECT array_agg(organisation_id), array_agg(balance_kobo), array_agg(held_kobo), array_agg(low_balance_threshold_kobo)
    INTO orgs, bals, helds, thrs
    FROM (SELECT organisation_id, balance_kobo, held_kobo, low_balance_threshold_kobo FROM wallets
          WHERE organisation_id IN (SELECT e->>'o' FROM jsonb_array_elements(p_ops) e)
          ORDER BY organisation_id FOR UPDATE) locked;
  SELECT coalesce(array_agg(id), '{}') INTO held_ids
    FROM (SELECT id FROM holds
          WHERE id IN (SELECT e->>'h' FROM jsonb_array_elements(p_ops) e WHERE e->>'k' <> 'h') AND status = 'HELD'
          ORDER BY id FOR UPDATE) locked;

  -- The answers to keep against their Idempotency-Keys, fenced by the claims' tokens.
  WITH stored AS (
    UPDATE idempotency_requests r
      SET state = 'STORED', response_status = (v.e->'st'->>'status')::smallint, response_ciphertext = decode(v.e->'st'->>'ct', 'hex'),
          charge_amount_kobo = (v.e->'st'->>'charge')::bigint, verification_id = v.e->>'v', expires_at = p_now + interval '24 hours'
      FROM (SELECT (t.ord - 1)::int AS i, t.e FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t(e, ord)
            WHERE t.e->>'k' = 's' AND jsonb_typeof(t.e->'st') = 'object') v
      WHERE r.organisation_id = v.e->>'o' AND r.environment = v.e->'st'->>'env' AND r.key_hash = decode(v.e->'st'->>'kh', 'hex')
        AND r.fencing_token = (v.e->'st'->>'tok')::bigint AND r.state = 'IN_FLIGHT'
      RETURNING v.i
  )
  SELECT coalesce(array_agg(i), '{}') INTO kept FROM stored;

  -- Releases and settlements, in order.
  FOR i IN 0 .. n - 1 LOOP
    op := p_ops->i;
    CONTINUE WHEN op->>'k' = 'h';
    w := array_position(orgs, op->>'o');
    IF w IS NULL THEN RAISE EXCEPTION 'wallet % not found', op->>'o'; END IF;
    amount := (op->>'a')::bigint;
    hid := op->>'h';
    storing := op->>'k' = 's' AND jsonb_typeof(op->'st') = 'object';

    IF op->>'k' = 'r' OR (storing AND NOT i = ANY(kept)) OR NOT (op->>'b')::boolean THEN
      -- A release, a fenced settlement (it keeps nothing: its claim belongs to a newer attempt), or a
      -- settlement that is not billable (its record is kept).
      IF hid = ANY(held_ids) THEN
        held_ids := array_remove(held_ids, hid);
        helds[w] := helds[w] - amount;
        hs_ids := hs_ids || hid;
        hs_status := hs_status || 'RELEASED'::text;
      END IF;
      IF storing AND NOT i = ANY(kept) THEN
        outcomes[i + 1] := 'fenced';
      ELSE
        IF op->>'k' = 's' THEN recs := recs || i; END IF;
        outcomes[i + 1] := 'ok';
      END IF;
      CONTINUE;
    END IF;

    -- A billable settlement: capture the hold.
    IF hid = ANY(held_ids) THEN
      held_ids := array_remove(held_ids, hid);
      bals[w] := bals[w] - amount;
      helds[w] := helds[w] - amount;
      hs_ids := hs_ids || hid;
      hs_status := hs_status || 'CAPTURED'::text;
    ELSIF bals[w] - helds[w] >= amount THEN
      -- The hold expired and the sweeper released it: the price comes from the available balance.
      bals[w] := bals[w] - amount;
    ELSE
      IF storing THEN unstore := unstore || i; END IF;
      outcomes[i + 1] := 'insufficient';
      CONTINUE;
    END IF;
    entries := entries || i;
    afters := afters || bals[w];
    recs := recs || i;
    IF thrs[w] > 0 AND bals[w] + amount >= thrs[w] AND bals[w] < thrs[w] THEN
      INSERT INTO wallet_alerts (organisation_id, kind, balance_kobo, threshold_kobo, created_at)
        VALUES (op->>'o', 'LOW_BALANCE', bals[w], thrs[w], p_now);
      outcomes[i + 1] := 'alert';
    ELSE
      outcomes[i + 1] := 'ok';
    END IF;
  END LOOP;

  -- New holds, in order, against what is available after the settlements.
  FOR i IN 0 .. n - 1 LOOP
    op := p_ops->i;
    CONTINUE WHEN op->>'k' <> 'h';
    w := array_position(orgs, op->>'o');
    IF w IS NULL THEN RAISE EXCEPTION 'wallet % not found', op->>'o'; END IF;
    amount := (op->>'a')::bigint;
    IF bals[w] - helds[w] >= amount THEN
      helds[w] := helds[w] + amount;
      new_holds := new_holds || i;
      outcomes[i + 1] := 'ok';
    ELSE
      outcomes[i + 1] := 'insufficient';
    END IF;
  END LOOP;

  -- The writes.
  IF cardinality(hs_ids) > 0 THEN
    UPDATE holds SET status = v.status, settled_at = p_now FROM unnest(hs_ids, hs_status) AS v(id, status) WHERE holds.id = v.id;
  END IF;
  IF cardinality(new_holds) > 0 THEN
    INSERT INTO holds (id, organisation_id, amount_kobo, status, expires_at, created_at)
      SELECT e->>'h', e->>'o', (e->>'a')::bigint, 'HELD', (e->>'x')::timestamptz, p_now
      FROM unnest(new_holds) AS v(i), LATERAL (SELECT p_ops->v.i AS e) x;
  END IF;
  UPDATE wallets SET balance_kobo = v.balance, held_kobo = v.held, updated_at = p_now
    FROM unnest(orgs, bals, helds) AS v(org, balance, held)
    WHERE wallets.organisation_id = v.org AND (wallets.balance_kobo <> v.balance OR wallets.held_kobo <> v.held);
  IF cardinality(entries) > 0 THEN
    INSERT INTO ledger_entries (id, organisation_id, type, amount_kobo, balance_after_kobo, cause, operation_id, reference, description, created_at)
      SELECT e->>'t', e->>'o', 'DEBIT', -(e->>'a')::bigint, v.after, 'VERIFICATION', 'ver:' || (e->>'v'), e->>'v', e->>'d', p_now
      FROM unnest(entries, afters) AS v(i, after), LATERAL (SELECT p_ops->v.i AS e) x;
  END IF;
  IF cardinality(recs) > 0 THEN
    INSERT INTO verification_records
      SELECT r.* FROM unnest(recs) AS v(i), LATERAL jsonb_populate_record(NULL::verification_records, p_ops->v.i->'rec') r;
    -- What an answer keeps durably beside its record (CAC Advance: the audit payload and the redacted copy).
    INSERT INTO verification_payloads (verification_id, audit_ciphertext, redacted_ciphertext, created_at)
      SELECT p_ops->v.i->'rec'->>'id', decode(p_ops->v.i->'pl'->>'a', 'hex'), decode(p_ops->v.i->'pl'->>'r', 'hex'), p_now
      FROM unnest(recs) AS v(i)
      WHERE jsonb_typeof(p_ops->v.i->'pl') = 'object';
  END IF;
  IF cardinality(unstore) > 0 THEN
    UPDATE idempotency_requests r
      SET state = 'IN_FLIGHT', response_status = NULL, response_ciphertext = NULL, charge_amount_kobo = NULL,
          verification_id = NULL, expires_at = NULL
      FROM unnest(unstore) AS v(i), LATERAL (SELECT p_ops->v.i AS e) x
      WHERE r.organisation_id = x.e->>'o' AND r.environment = x.e->'st'->>'env' AND r.key_hash = decode(x.e->'st'->>'kh', 'hex')
        AND r.fencing_token = (x.e->'st'->>'tok')::bigint;
  END IF;
  RETURN outcomes;
END;
$$;
