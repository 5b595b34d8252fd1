-- Reading the records (DESIGN.md §10.1, §10.3).
--
-- The list (organisation, environment, newest first, cursor on (created_at, id)) is already served by
-- verification_records_list_idx of 0001; its filters on type, status and key are checked on the rows it walks.
--
-- Analytics aggregates every record of a range for one organisation and environment. This index holds,
-- beside the range key, every column the aggregates and their filters read, so a 30-day summary or
-- timeseries is an index-only scan of that range (records are immutable, so the visibility map stays
-- set once vacuumed) instead of one heap visit per record.
CREATE INDEX verification_records_analytics_idx
  ON verification_records (organisation_id, environment, created_at)
  INCLUDE (type, verification_status, charged, charge_amount_kobo, replay_of, api_key_id);
