-- Hourly rollups of the verification records, for analytics (DESIGN.md §10.3).
--
-- A 30-day summary or timeseries over a million records cost 150–450 ms even as an index-only scan of
-- verification_records_analytics_idx (0011): every record of the range was read. Here the counters of
-- each (organisation, environment, UTC hour, type, key) are kept in one row, so the whole hours of a
-- range are a primary-key range scan of at most 24 rows per hour, type and key (src/analytics/).
--
-- Why hourly: Lagos is UTC+01:00 all year, so every bucket analytics answers (a UTC or Lagos day, an
-- hour) is a union of whole UTC hours; only the partial hours at the edges of a summary's arbitrary
-- from/to are read from the records themselves.
--
-- Why a statement trigger: the figures must stay exact at the moment of the request (§10.3: every
-- committed record counts, nothing lags). The counters are written by the same transaction as the
-- records, whichever path inserts them (verification_settle, the record writer's multi-row INSERT, SQL
-- seeding), so they commit or roll back with them. FOR EACH STATEMENT with the transition table makes
-- it one row per settlement batch and group, not one per record. Records are immutable (UPDATE
-- refused, 0001) and never deleted, so INSERT is the only change to follow.
--
-- Why deltas: the trigger only appends to verification_rollup_deltas, so concurrent batches of one
-- organisation never wait on each other (an upsert of the current hour's row would queue every batch
-- behind the one before it until its commit). A periodic job (src/analytics/analytics.jobs.ts) moves
-- the deltas into verification_rollups in one statement (delete and upsert commit together); readers
-- add both tables, so a delta counts exactly once whether or not it has been moved yet.

-- Derived data, checked against nothing: no foreign keys (their checks would cost every settlement).
CREATE TABLE verification_rollups (
  organisation_id  text NOT NULL,
  environment      text NOT NULL,
  -- date_trunc('hour', created_at) in UTC.
  hour             timestamptz NOT NULL,
  type             text NOT NULL,
  api_key_id       text NOT NULL,
  volume           bigint NOT NULL,
  verified         bigint NOT NULL,
  not_verified     bigint NOT NULL,
  -- No verdict (verification_status null).
  failed           bigint NOT NULL,
  replays          bigint NOT NULL,
  charged_count    bigint NOT NULL,
  -- charge_amount_kobo summed over charged records.
  spend_kobo       bigint NOT NULL,
  PRIMARY KEY (organisation_id, environment, hour, type, api_key_id)
)
-- The current hour's rows are updated by each compaction; the counters are in no index, so room left
-- on the page lets each update be HOT (no index write, old versions pruned in place).
WITH (fillfactor = 70);

-- What the trigger appends: the counters of one statement's records, per group; no key, no lock.
CREATE TABLE verification_rollup_deltas (
  organisation_id  text NOT NULL,
  environment      text NOT NULL,
  hour             timestamptz NOT NULL,
  type             text NOT NULL,
  api_key_id       text NOT NULL,
  volume           bigint NOT NULL,
  verified         bigint NOT NULL,
  not_verified     bigint NOT NULL,
  failed           bigint NOT NULL,
  replays          bigint NOT NULL,
  charged_count    bigint NOT NULL,
  spend_kobo       bigint NOT NULL
);
CREATE INDEX verification_rollup_deltas_range_idx ON verification_rollup_deltas (organisation_id, environment, hour);

CREATE FUNCTION verification_rollups_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO verification_rollup_deltas
      (organisation_id, environment, hour, type, api_key_id, volume, verified, not_verified, failed, replays, charged_count, spend_kobo)
    SELECT organisation_id, environment, date_trunc('hour', created_at, 'UTC'), type, api_key_id,
           count(*),
           count(*) FILTER (WHERE verification_status = 'VERIFIED'),
           count(*) FILTER (WHERE verification_status = 'NOT_VERIFIED'),
           count(*) FILTER (WHERE verification_status IS NULL),
           count(replay_of),
           count(*) FILTER (WHERE charged),
           coalesce(sum(charge_amount_kobo) FILTER (WHERE charged), 0)
      FROM new_rows
      GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$;

-- Created before the backfill: CREATE TRIGGER locks verification_records against writes (SHARE ROW
-- EXCLUSIVE) until this migration commits, after waiting for the inserts in progress. So the backfill
-- below sees every record committed before, and every later insert goes through the trigger: none is
-- missed or counted twice.
CREATE TRIGGER verification_records_rollup
  AFTER INSERT ON verification_records
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verification_rollups_add();

INSERT INTO verification_rollups
    (organisation_id, environment, hour, type, api_key_id, volume, verified, not_verified, failed, replays, charged_count, spend_kobo)
  SELECT organisation_id, environment, date_trunc('hour', created_at, 'UTC'), type, api_key_id,
         count(*),
         count(*) FILTER (WHERE verification_status = 'VERIFIED'),
         count(*) FILTER (WHERE verification_status = 'NOT_VERIFIED'),
         count(*) FILTER (WHERE verification_status IS NULL),
         count(replay_of),
         count(*) FILTER (WHERE charged),
         coalesce(sum(charge_amount_kobo) FILTER (WHERE charged), 0)
    FROM verification_records
    GROUP BY 1, 2, 3, 4, 5;
