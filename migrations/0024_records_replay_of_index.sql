-- The replays' reference to their original record (replay_of, a foreign key to the same table), indexed.
-- Deleting a record makes PostgreSQL look for records that refer to it, and without an index on the
-- referring column that is a scan of every record. verification_settle deletes the record it has just
-- written when its settlement ends fenced or refused (402), under the wallet's lock: 180 ms at a million
-- records (issue 15's scale audit), so one such settlement stalled every live lookup of its
-- organisation for that long, and longer as the table grows; 0.5 ms with this index. Only replays
-- (replay_of set) pay for an entry.
CREATE INDEX verification_records_replay_of_idx ON verification_records (replay_of) WHERE replay_of IS NOT NULL;
