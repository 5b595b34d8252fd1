-- The settlement of verifications (src/verifications/settlement.ts): for a batch of concurrent
-- requests, in one call and one transaction, each verification's answer is kept against its
-- Idempotency-Key (fenced by the claim's token), its hold captured or released through the ledger
-- (ledger_apply, keyed by the verification id), and its record and retained payload written. The
-- holds and releases of other requests in flight ride in the same batch as plain ledger moves.
--
-- Applied on every migrate with CREATE OR REPLACE (src/migrate.ts): change it here, with a diff.
--
-- A live request's start rides in the same batches: the claim of its new Idempotency-Key and the hold
-- of its price, decided together in one call (src/verifications/verify.ts begin()).
--
-- p_items: a JSON array, one item per request, in submission order (what is bulky goes beside it, below):
--   {"move": <a ledger move, see ledger_apply>, "settlement": null}                 a hold or a release
-- A hold, with or without a claim, may carry "epoch": the revocation counter (cache_epoch) its request
-- trusted without reading it (src/verifications/pipeline.ts). If the counter is not that value now, the
-- item is 'stale' and does nothing (no claim, no hold): its request starts again from its key.
--   {"move": <a hold>, "claim": {"organisationId", "environment", "keyHashHex", "fingerprintHex",
--                                "leaseExpiresAt", "createdAt"}, "settlement": null}
--        the claim of a new Idempotency-Key (fencing token 1) and its request's hold: 'conflict' when
--        the key is already there (or claimed by an earlier item of the batch), and then no hold; when
--        the hold is 'insufficient', the claim is taken back in the same transaction (a 402 keeps no key)
--   {"move": null (a test key) | <a capture (billable) or a release (not billable)>,
--    "settlement": {"record": {verification_records row, by column name},
--                   "payload": null | {"audit": <bytes>, "redacted": <bytes>},
--                   "event": null | {"id"} (its verification.completed event, written with the record),
--                   "answer": null | {"organisationId", "environment", "keyHashHex", "token", "status",
--                                     "body": <bytes>, "facts", "expiresAt"}}}
-- p_bodies: the events' bodies, one field per item in order, joined by U+001E (a body is JSON text, in
-- which a control character is always escaped); an empty field is an item without an event.
-- p_bytes: the sealed bytes of the batch end to end; <bytes> is {"at": offset from 0, "length"}.
-- Inside the JSON, a body was escaped a second time and the bytes went as hex: parsing p_items was
-- the largest single cost of a call (perf, live lookups at load).
-- A settlement whose claim was taken over ("answer" whose token is no longer current) keeps nothing:
-- no answer, no record, its hold released ('fenced'). A capture the balance cannot cover keeps nothing
-- either, and its stored answer is taken back ('insufficient'). Otherwise the record is written ('ok',
-- or 'alert' when the capture crossed the low-balance threshold).
-- Returns one outcome per item, in order.
--
-- Every batch of a wallet waits for the one before it (the wallet's row lock, held to the commit), so the
-- work done under that lock is what bounds one organisation's live throughput and the latency a batch adds
-- at load: the claims, records, payloads and events (new rows nobody waits for) are written first, and
-- only the stored answers and the money run under the lock.
CREATE OR REPLACE FUNCTION verification_settle(p_now timestamptz, p_items jsonb, p_bodies text, p_bytes bytea) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
  n         int := jsonb_array_length(p_items);
  kept      int[] := '{}';
  a         jsonb;
  moves     jsonb[] := '{}';
  at        int[] := '{}';
  moved     text[];
  outcomes  text[] := array_fill('ok'::text, ARRAY[n]);
  recs      int[] := '{}';
  unstore   int[] := '{}';
  dropped   int[] := '{}';
  item      jsonb;
  st        jsonb;
  bodies    text[] := string_to_array(p_bodies, E'\x1e', '');
  mv        jsonb;
  answering boolean;
  claimed   int[] := '{}';
  lost      int[] := '{}';
  stale     int[] := '{}';
  skipped   int[] := '{}';
  counter   bigint;
  k         int;
  has_epoch   boolean := false;
  has_claim   boolean := false;
  has_payload boolean := false;
  has_event   boolean := false;
  has_answer  boolean := false;
  ignored     text;
BEGIN
  -- What the batch holds, in one pass of PL/pgSQL expressions: each SQL statement below costs a plan lookup
  -- and an executor's start and end however few rows it touches (most of a lone call's cost, profiled), so a
  -- statement with nothing to do is not run.
  FOR i IN 0 .. n - 1 LOOP
    item := p_items->i;
    st := item->'settlement';
    IF jsonb_typeof(st) = 'object' THEN
      recs := recs || i;
      has_payload := has_payload OR jsonb_typeof(st->'payload') = 'object';
      has_event := has_event OR jsonb_typeof(st->'event') = 'object';
      has_answer := has_answer OR jsonb_typeof(st->'answer') = 'object';
    END IF;
    has_epoch := has_epoch OR item ? 'epoch';
    has_claim := has_claim OR jsonb_typeof(item->'claim') = 'object';
  END LOOP;

  -- A batch that settles nothing (claims, holds, releases: the starts of requests, or what a failure gives
  -- back) commits without waiting for its WAL to reach the disk. Nothing it decides is a final answer:
  -- a request it started is answered after its settlement, whose synchronous commit flushes this batch's
  -- WAL too (the log is written in order); a 402 or 'conflict' it answers keeps nothing. Should PostgreSQL
  -- crash before that flush, the claims and holds are lost together, before anyone was charged or answered.
  IF cardinality(recs) = 0 THEN
    ignored := set_config('synchronous_commit', 'off', true);
  END IF;

  -- The starts of provisional requests: a key or a setting they trusted may have been revoked or changed
  -- since (the counter moved), so they do nothing and are told 'stale'. Read before anything is written,
  -- in this statement's snapshot: a change committed before it is seen.
  IF has_epoch THEN
    SELECT value INTO counter FROM cache_epoch WHERE id = 1;
    FOR i IN 0 .. n - 1 LOOP
      item := p_items->i;
      CONTINUE WHEN NOT item ? 'epoch' OR (item->>'epoch')::bigint IS NOT DISTINCT FROM counter;
      stale := stale || i;
      outcomes[i + 1] := 'stale';
    END LOOP;
  END IF;

  -- The claims of new Idempotency-Keys, one row per key: the first item naming a key may win it; a key
  -- already there (or named again later in the batch) is that item's 'conflict', and its hold is not made.
  -- Before the wallets are locked: a claim never waits for money, so a lease is taken over (by the
  -- single-key path after a 'conflict') even while a wallet is busy, as a lone claim would be. No batch
  -- locks a wallet before its claims, and the rows a claim inserts are new keys no settlement touches.
  IF has_claim THEN
    WITH wanted AS (
      SELECT DISTINCT ON (c->>'organisationId', c->>'environment', c->>'keyHashHex') i, c
      FROM (SELECT (t.ord - 1)::int AS i, t.e->'claim' AS c FROM jsonb_array_elements(p_items) WITH ORDINALITY AS t(e, ord)
            WHERE jsonb_typeof(t.e->'claim') = 'object' AND NOT (t.ord - 1)::int = ANY(stale)) w
      ORDER BY c->>'organisationId', c->>'environment', c->>'keyHashHex', i
    ), won AS (
      INSERT INTO idempotency_requests (organisation_id, environment, key_hash, fingerprint, state, fencing_token, lease_expires_at, created_at)
        SELECT c->>'organisationId', c->>'environment', decode(c->>'keyHashHex', 'hex'), decode(c->>'fingerprintHex', 'hex'), 'IN_FLIGHT', 1,
               (c->>'leaseExpiresAt')::timestamptz, (c->>'createdAt')::timestamptz
        FROM wanted
        ON CONFLICT (organisation_id, environment, key_hash) DO NOTHING
        RETURNING organisation_id, environment, key_hash
    )
    SELECT coalesce(array_agg(w.i), '{}') INTO claimed
      FROM wanted w JOIN won ON won.organisation_id = w.c->>'organisationId' AND won.environment = w.c->>'environment'
                            AND won.key_hash = decode(w.c->>'keyHashHex', 'hex');
    FOR i IN 0 .. n - 1 LOOP
      CONTINUE WHEN jsonb_typeof(p_items->i->'claim') IS DISTINCT FROM 'object' OR i = ANY(claimed) OR i = ANY(stale);
      lost := lost || i;
      outcomes[i + 1] := 'conflict';
    END LOOP;
  END IF;
  -- Neither a lost claim's hold nor a stale item's is made.
  skipped := lost || stale;

  -- The records of the settlements, their retained payloads and verification.completed events, before any
  -- wallet is locked: these are new rows no other transaction waits for, so only the money below runs under
  -- the wallet's lock, and a batch waiting for a busy wallet holds nothing anyone else needs. A settlement that
  -- ends fenced or refused (402) below has them taken back before the commit (rare).
  IF cardinality(recs) > 0 THEN
    -- created_xid is this transaction's id (what its column default gives every other insert: 0013).
    INSERT INTO verification_records
      SELECT r.* FROM unnest(recs) AS v(i),
        LATERAL jsonb_populate_record(NULL::verification_records, p_items->v.i->'settlement'->'record' || jsonb_build_object('created_xid', pg_current_xact_id()::text)) r;
    -- What an answer keeps durably beside its record (CAC Advance: the audit payload and the redacted copy).
    IF has_payload THEN
      INSERT INTO verification_payloads (verification_id, audit_ciphertext, redacted_ciphertext, created_at)
        SELECT s->'record'->>'id',
               substring(p_bytes FROM (s->'payload'->'audit'->>'at')::int + 1 FOR (s->'payload'->'audit'->>'length')::int),
               substring(p_bytes FROM (s->'payload'->'redacted'->>'at')::int + 1 FOR (s->'payload'->'redacted'->>'length')::int), p_now
        FROM unnest(recs) AS v(i), LATERAL (SELECT p_items->v.i->'settlement' AS s) x
        WHERE jsonb_typeof(s->'payload') = 'object';
    END IF;
    -- The verification.completed events of the settled verifications (DESIGN.md §11.2), in this transaction,
    -- from the same items, so an event exists exactly when its record does. Their ids and bodies (the record
    -- view, the exact bytes deliveries send) are made in TypeScript (settlement.ts).
    IF has_event THEN
      INSERT INTO events (id, organisation_id, type, environment, body, created_at)
        SELECT s->'event'->>'id', s->'record'->>'organisation_id', 'verification.completed', s->'record'->>'environment',
               bodies[v.i + 1], (s->'record'->>'created_at')::timestamptz
        FROM unnest(recs) AS v(i), LATERAL (SELECT p_items->v.i->'settlement' AS s) x
        WHERE jsonb_typeof(s->'event') = 'object';
    END IF;
  END IF;

  -- Wallets now, in the order every money batch uses (ledger_apply locks them again, already held); not
  -- those of the holds a lost claim or a stale start will not make. FOR NO KEY UPDATE: the foreign-key checks of other
  -- transactions' inserts (holds, journal entries) need not wait for it. Only before answers to store (below): without
  -- any, ledger_apply's own lock of the same wallets, in the same order, comes first.
  IF has_answer THEN
    PERFORM 1 FROM wallets
      WHERE organisation_id IN (SELECT t.e->'move'->>'organisationId' FROM jsonb_array_elements(p_items) WITH ORDINALITY AS t(e, ord)
                                WHERE jsonb_typeof(t.e->'move') = 'object' AND NOT (t.ord - 1)::int = ANY(skipped))
      ORDER BY organisation_id FOR NO KEY UPDATE;
  END IF;

  -- The answers to keep against their Idempotency-Keys, fenced by the claims' tokens. After the wallets
  -- are locked, not before: a batch waiting for a busy wallet then holds no key's row, so another server
  -- takes a lapsed key over at once (test/faults/sigstop.test.ts).
  -- One statement per key, on the primary key: as one join, the planner walked every in-flight key (the
  -- lease index) once per answer. `state <> 'STORED'` rather than `= 'IN_FLIGHT'` (the same rows: a CHECK
  -- allows only the two) so the partial lease index never looks like a match for it.
  FOR i IN 0 .. n - 1 LOOP
    a := p_items->i->'settlement'->'answer';
    CONTINUE WHEN jsonb_typeof(a) IS DISTINCT FROM 'object';
    UPDATE idempotency_requests
      SET state = 'STORED', response_status = (a->>'status')::smallint,
          response_ciphertext = substring(p_bytes FROM (a->'body'->>'at')::int + 1 FOR (a->'body'->>'length')::int),
          facts = a->'facts', expires_at = (a->>'expiresAt')::timestamptz
      WHERE organisation_id = a->>'organisationId' AND environment = a->>'environment' AND key_hash = decode(a->>'keyHashHex', 'hex')
        AND fencing_token = (a->>'token')::bigint AND state <> 'STORED';
    IF FOUND THEN kept := kept || i; END IF;
  END LOOP;

  -- The money, through the ledger (test keys move none): a fenced settlement only gives its hold back.
  FOR i IN 0 .. n - 1 LOOP
    item := p_items->i;
    mv := item->'move';
    CONTINUE WHEN jsonb_typeof(mv) IS DISTINCT FROM 'object';
    CONTINUE WHEN i = ANY(skipped);
    answering := coalesce(jsonb_typeof(item->'settlement'->'answer') = 'object', false);
    IF answering AND NOT i = ANY(kept) THEN
      mv := jsonb_build_object('kind', 'release', 'organisationId', mv->'organisationId', 'amountKobo', mv->'amountKobo', 'holdId', mv->'holdId');
    END IF;
    moves := moves || mv;
    at := at || i;
  END LOOP;
  IF cardinality(at) > 0 THEN
    moved := ledger_apply(p_now, to_jsonb(moves));
    FOR j IN 1 .. cardinality(at) LOOP
      outcomes[at[j] + 1] := moved[j];
    END LOOP;
  END IF;

  -- A fenced settlement keeps nothing, nor does a capture the balance could not cover (its stored answer is
  -- taken back below): their records, payloads and events written above go again.
  FOR i IN 0 .. n - 1 LOOP
    item := p_items->i;
    CONTINUE WHEN jsonb_typeof(item->'settlement') IS DISTINCT FROM 'object';
    answering := coalesce(jsonb_typeof(item->'settlement'->'answer') = 'object', false);
    IF answering AND NOT i = ANY(kept) THEN
      outcomes[i + 1] := 'fenced';
      dropped := dropped || i;
    ELSIF outcomes[i + 1] = 'insufficient' THEN
      IF answering THEN unstore := unstore || i; END IF;
      dropped := dropped || i;
    END IF;
  END LOOP;
  FOREACH k IN ARRAY dropped LOOP
    item := p_items->k->'settlement';
    DELETE FROM events WHERE id = item->'event'->>'id';
    DELETE FROM verification_payloads WHERE verification_id = item->'record'->>'id';
    DELETE FROM verification_records WHERE id = item->'record'->>'id';
  END LOOP;
  -- A claim whose hold the balance could not cover is taken back: the 402 keeps no key, a retry runs again.
  -- And a capture the balance could not cover takes its stored answer back. Rare, and like the stored
  -- answers above, one statement per key on the primary key.
  FOREACH k IN ARRAY claimed LOOP
    CONTINUE WHEN outcomes[k + 1] IS DISTINCT FROM 'insufficient';
    a := p_items->k->'claim';
    DELETE FROM idempotency_requests
      WHERE organisation_id = a->>'organisationId' AND environment = a->>'environment' AND key_hash = decode(a->>'keyHashHex', 'hex')
        AND fencing_token = 1 AND state <> 'STORED';
  END LOOP;
  FOREACH k IN ARRAY unstore LOOP
    a := p_items->k->'settlement'->'answer';
    UPDATE idempotency_requests
      SET state = 'IN_FLIGHT', response_status = NULL, response_ciphertext = NULL, facts = NULL, expires_at = NULL
      WHERE organisation_id = a->>'organisationId' AND environment = a->>'environment' AND key_hash = decode(a->>'keyHashHex', 'hex')
        AND fencing_token = (a->>'token')::bigint;
  END LOOP;
  RETURN outcomes;
END;
$$;
