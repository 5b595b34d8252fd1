-- The ledger's batch (billing; src/billing/wallet-batch.ts): holds, captures and releases of concurrent
-- requests applied in one call, so a batch costs one round trip and the hot wallet row is locked only
-- while the function runs and its transaction commits. It knows wallets, holds, the journal and the
-- low-balance crossings, and nothing of what caused a movement beyond its cause and cause id.
--
-- Applied on every migrate with CREATE OR REPLACE (src/migrate.ts): change it here, with a diff.
--
-- p_moves: a JSON array of moves, each exactly as it would run alone:
--   {"kind":"hold","organisationId","amountKobo","holdId","expiresAt"}       place a hold (or 'insufficient')
--   {"kind":"release","organisationId","amountKobo","holdId"}                 give a hold back
--   {"kind":"capture","organisationId","amountKobo","holdId","entryId","cause","causeId","operationId","description","eventId"}
--     capture the hold (or, if the sweeper released it, charge the available balance, else
--     'insufficient' and nothing moves) and journal the debit, referenced by its cause id.
-- Releases and captures are decided first, in order, then the new holds, in order, against what is
-- left: a batch can only give a hold more room than the same moves one by one, never less money.
-- Every decision is taken on the locked balances held in variables; the writes are then a handful of
-- set-based statements, whatever the batch's size.
-- Returns one outcome per move, in order: 'ok', 'insufficient', or 'alert' (ok, and this capture took
-- the balance below the low-balance threshold: a wallet_alerts row was written, and with the move's
-- "eventId" its wallet.low_balance event of DESIGN.md §11.2, body built here in the shape of
-- src/events/events.service.ts eventBody: compact JSON, naira as JSON numbers, createdAt with milliseconds).
--
-- Its statements keep one plan each (plan_cache_mode = force_generic_plan). PostgreSQL plans a statement
-- of a function for its parameters' values five times, then keeps a generic plan only if it looks no
-- dearer; the wallets' UPDATE below (a join with unnest of three arrays) never looked so, and was planned
-- anew on every call. Replayed lone starts and settlements (one connection, three ABBA rounds,
-- 2026-11-29): 1,080-1,220 → 960-1,020 µs of PostgreSQL's CPU a pair; batches of eight unchanged within
-- the noise. Every other statement here was already on its generic plan.
CREATE OR REPLACE FUNCTION ledger_apply(p_now timestamptz, p_moves jsonb) RETURNS text[]
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  n          int := jsonb_array_length(p_moves);
  orgs       text[];
  bals       bigint[];
  helds      bigint[];
  thrs       bigint[];
  was_held   boolean;
  outcomes   text[] := array_fill(NULL::text, ARRAY[n]);
  new_holds  int[] := '{}';
  entries    int[] := '{}';
  afters     bigint[] := '{}';
  mv         jsonb;
  w          int;
  amount     bigint;
  hid        text;
BEGIN
  -- Wallets first, in one order everywhere (no deadlock between batches of several processes), then holds.
  -- FOR NO KEY UPDATE: the foreign-key checks of other transactions' inserts need not wait for it.
  -- `= ANY (ARRAY(...))`, not `IN (SELECT ...)`: the planner reckons a jsonb array's elements at 100 rows,
  -- and for that many it read every wallet (a sequential scan and a hash join, on every batch); over an
  -- array it walks the primary key, already in the lock order.
  SELECT array_agg(organisation_id), array_agg(balance_kobo), array_agg(held_kobo), array_agg(low_balance_threshold_kobo)
    INTO orgs, bals, helds, thrs
    FROM (SELECT organisation_id, balance_kobo, held_kobo, low_balance_threshold_kobo FROM wallets
          WHERE organisation_id = ANY (ARRAY(SELECT e->>'organisationId' FROM jsonb_array_elements(p_moves) e))
          ORDER BY organisation_id FOR NO KEY UPDATE) locked;

  -- Releases and captures, in order.
  FOR i IN 0 .. n - 1 LOOP
    mv := p_moves->i;
    CONTINUE WHEN mv->>'kind' = 'hold';
    w := array_position(orgs, mv->>'organisationId');
    IF w IS NULL THEN RAISE EXCEPTION 'wallet % not found', mv->>'organisationId'; END IF;
    amount := (mv->>'amountKobo')::bigint;
    hid := mv->>'holdId';

    IF mv->>'kind' NOT IN ('release', 'capture') THEN RAISE EXCEPTION 'unknown ledger move %', mv->>'kind'; END IF;
    -- The hold settled in the statement that finds it still held (a second move of the same hold, or one the
    -- sweeper released, finds it settled). Under the wallet's lock, which the sweeper takes first too. On the
    -- primary key whatever the statistics say: `status <> …` never matches the partial expiry index.
    UPDATE holds SET status = CASE WHEN mv->>'kind' = 'capture' THEN 'CAPTURED' ELSE 'RELEASED' END, settled_at = p_now
      WHERE id = hid AND status <> 'CAPTURED' AND status <> 'RELEASED';
    was_held := FOUND;

    IF mv->>'kind' = 'release' THEN
      IF was_held THEN helds[w] := helds[w] - amount; END IF;
      outcomes[i + 1] := 'ok';
      CONTINUE;
    END IF;

    IF was_held THEN
      bals[w] := bals[w] - amount;
      helds[w] := helds[w] - amount;
    ELSIF bals[w] - helds[w] >= amount THEN
      -- The hold expired and the sweeper released it: the price comes from the available balance.
      bals[w] := bals[w] - amount;
    ELSE
      outcomes[i + 1] := 'insufficient';
      CONTINUE;
    END IF;
    entries := entries || i;
    afters := afters || bals[w];
    IF thrs[w] > 0 AND bals[w] + amount >= thrs[w] AND bals[w] < thrs[w] THEN
      INSERT INTO wallet_alerts (organisation_id, kind, balance_kobo, threshold_kobo, created_at)
        VALUES (mv->>'organisationId', 'LOW_BALANCE', bals[w], thrs[w], p_now);
      IF mv->>'eventId' IS NOT NULL THEN
        INSERT INTO events (id, organisation_id, type, environment, body, created_at)
          VALUES (mv->>'eventId', mv->>'organisationId', 'wallet.low_balance', 'live',
                  '{"id":' || to_json(mv->>'eventId')::text || ',"type":"wallet.low_balance","createdAt":"'
                    || to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","environment":"live","data":{"balance":'
                    || trim_scale(bals[w]::numeric / 100)::text || ',"availableBalance":' || trim_scale((bals[w] - helds[w])::numeric / 100)::text
                    || ',"threshold":' || trim_scale(thrs[w]::numeric / 100)::text || ',"currency":"NGN"}}',
                  p_now);
      END IF;
      outcomes[i + 1] := 'alert';
    ELSE
      outcomes[i + 1] := 'ok';
    END IF;
  END LOOP;

  -- New holds, in order, against what is available after the captures and releases.
  FOR i IN 0 .. n - 1 LOOP
    mv := p_moves->i;
    CONTINUE WHEN mv->>'kind' <> 'hold';
    w := array_position(orgs, mv->>'organisationId');
    IF w IS NULL THEN RAISE EXCEPTION 'wallet % not found', mv->>'organisationId'; END IF;
    amount := (mv->>'amountKobo')::bigint;
    IF bals[w] - helds[w] >= amount THEN
      helds[w] := helds[w] + amount;
      new_holds := new_holds || i;
      outcomes[i + 1] := 'ok';
    ELSE
      outcomes[i + 1] := 'insufficient';
    END IF;
  END LOOP;

  -- The writes (the settled holds are already written above).
  IF cardinality(new_holds) > 0 THEN
    INSERT INTO holds (id, organisation_id, amount_kobo, status, expires_at, created_at)
      SELECT e->>'holdId', e->>'organisationId', (e->>'amountKobo')::bigint, 'HELD', (e->>'expiresAt')::timestamptz, p_now
      FROM unnest(new_holds) AS v(i), LATERAL (SELECT p_moves->v.i AS e) x;
  END IF;
  UPDATE wallets SET balance_kobo = v.balance, held_kobo = v.held, updated_at = p_now
    FROM unnest(orgs, bals, helds) AS v(org, balance, held)
    WHERE wallets.organisation_id = v.org AND (wallets.balance_kobo <> v.balance OR wallets.held_kobo <> v.held);
  IF cardinality(entries) > 0 THEN
    INSERT INTO ledger_entries (id, organisation_id, type, amount_kobo, balance_after_kobo, cause, operation_id, reference, description, created_at)
      SELECT e->>'entryId', e->>'organisationId', 'DEBIT', -(e->>'amountKobo')::bigint, v.after, e->>'cause', e->>'operationId',
             e->>'causeId', e->>'description', p_now
      FROM unnest(entries, afters) AS v(i, after), LATERAL (SELECT p_moves->v.i AS e) x;
  END IF;
  RETURN outcomes;
END;
$$;
