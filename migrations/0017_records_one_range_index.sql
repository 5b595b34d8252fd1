-- One range index on verification records instead of two (issue 15: fewer index writes per live call).
--
-- verification_records_list_idx (0001: organisation, environment, created_at DESC, id DESC) and
-- verification_records_analytics_idx (0011: organisation, environment, created_at, INCLUDE the
-- aggregates' columns) lead with the same three columns, and every record paid for both. The list, the
-- exports and their cursors now walk the analytics index backwards: newest first by created_at, ties
-- on the same instant put in id order by an incremental sort of that instant's few rows, and the
-- cursor's (created_at, id) bound is an index condition on created_at. Measured with 300,000 records
-- (bench/records.js): first page and a page ~100,000 deep, two filters, within the 10 ms goal.
DROP INDEX verification_records_list_idx;
