-- Hourly rollups of the verification records, for analytics (DESIGN.md §10.3).
--
-- A 30-day summary or timeseries over a million records cost 150–450 ms even as an index-only scan of
-- verification_records_analytics_idx (0011): every record of the range was read. Here the counters of
-- each (organisation, environment, UTC hour, type, key) are kept in one row, so the whole hours of a
-- range are a primary-key range scan (src/analytics/).
--
-- Why hourly: Lagos is UTC+01:00 all year, so every bucket analytics answers (a UTC or Lagos day, an
-- hour) is a union of whole UTC hours; only the partial hours at the edges of a summary's arbitrary
-- from/to are read from the records themselves.
--
-- Why a watermark of transaction ids, not a trigger: the figures must be exact at the moment of the
-- request (§10.3), and the settlement path must not pay for them (a statement trigger writing counters
-- with every record insert cost the sandbox lookup 15–25 % of its throughput, measured). So each
-- record carries the id of the transaction that wrote it (created_xid, cheap: a default and an
-- append-only index), and a job (src/analytics/analytics.jobs.ts) adds to the rollups every record
-- whose transaction id lies in [watermark, xmin), then moves the watermark to xmin, in one
-- transaction. xmin is its snapshot's oldest transaction still running: every transaction below it has
-- ended, so each of its records is either committed and visible, or never will be — none arrives late.
-- A reader adds, in one statement (one snapshot), the rollups and the records at or above the
-- watermark it sees: each committed record is counted exactly once, whenever the job last ran.

ALTER TABLE verification_records ADD COLUMN created_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
-- The records not rolled up yet, for the readers and the job: the newest few seconds.
CREATE INDEX verification_records_created_xid_idx ON verification_records (created_xid);

-- Derived data, checked against nothing: no foreign keys (their checks would cost every compaction).
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

-- One row: every record whose created_xid is below it is in verification_rollups. It starts at 0, so
-- the records existing now are rolled up by the job's first run (and counted from the records until).
CREATE TABLE verification_rollup_watermark (
  id         smallint PRIMARY KEY CHECK (id = 1),
  watermark  xid8 NOT NULL
);
INSERT INTO verification_rollup_watermark (id, watermark) VALUES (1, '0');
