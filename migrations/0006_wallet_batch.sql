-- Group commit of the money path (src/billing/wallet-batch.ts): the holds, settlements and releases of
-- concurrent requests are applied by one function call, so a batch costs one round trip and the hot
-- wallet row is locked only while the function runs and the batch commits.

-- Low-balance crossings found by a batch, turned into emails after it commits (by the process that ran
-- it, or by the sweeper after a crash): the batch itself cannot render email.
CREATE TABLE wallet_alerts (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES wallets (organisation_id),
  kind            text NOT NULL CHECK (kind IN ('LOW_BALANCE')),
  balance_kobo    bigint NOT NULL,
  threshold_kobo  bigint NOT NULL,
  created_at      timestamptz NOT NULL,
  processed_at    timestamptz NULL
);
CREATE INDEX wallet_alerts_pending_idx ON wallet_alerts (id) WHERE processed_at IS NULL;

-- Applies a batch of wallet operations in order, each exactly as it would run alone:
--   {"k":"h","o":org,"a":kobo,"h":newHoldId,"x":expiresAt}                       place a hold (or 'insufficient')
--   {"k":"r","o":org,"a":kobo,"h":holdId}                                           release a hold
--   {"k":"s","o":org,"a":kobo,"h":holdId,"b":billable,"v":verificationId,"d":description,"t":ledgerId,
--    "rec":{verification_records row},"st":null|{"env","kh":hex,"tok","status","ct":hex,"charge"}}
--     settle: store the answer (fenced by the claim's token: 'fenced', nothing kept, hold released), then
--     capture the hold (or, if the sweeper released it, charge the available balance, else
--     'insufficient', nothing kept and the stored answer taken back), journal it, and write the
--     record; release the hold instead when not billable.
-- Releases and settlements are decided first, in order, then the new holds, in order, against what is
-- left: a batch can only give a hold more room than the same operations one by one, never less money.
-- Every decision is taken on the locked balances held in variables; the writes are then a handful of
-- set-based statements, whatever the batch's size.
-- Returns one outcome per operation, in order: 'ok', 'insufficient', 'fenced', or 'alert' (ok, and this
-- capture took the balance below the low-balance threshold: a wallet_alerts row was written).
CREATE FUNCTION wallet_apply_batch(p_now timestamptz, p_ops jsonb) RETURNS text[]
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
