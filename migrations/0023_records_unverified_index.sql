-- The records that are not VERIFIED (NOT_VERIFIED, and FAILED: no verdict), for the lists, exports and
-- export estimates filtered by those statuses (DESIGN.md §10.1). The list walked the organisation's
-- records newest first (verification_records_analytics_idx) and checked each one's status: a page of a
-- status one record in a thousand has read 50,000 records (26 ms for a million records, issue 15's scale
-- audit), and more as an organisation grows. The filter says `verification_status IS DISTINCT FROM
-- 'VERIFIED'` beside its own clause (src/records/filters.ts) so the planner can use this index: 0.3 ms.
-- Only those records pay for an entry, and a live lookup that verifies (most of them) writes none.
CREATE INDEX verification_records_unverified_idx ON verification_records (organisation_id, environment, created_at, id)
  WHERE verification_status IS DISTINCT FROM 'VERIFIED';
