-- The platform admin's list of organisations (GET /v1/admin/organisations, DESIGN.md §9): newest first,
-- paged on (created_at, id). Without an index PostgreSQL read and sorted every organisation for each
-- page: 4.7 ms at 20,000 (issue 15's scale audit), growing with the platform. With it a page is an
-- index walk of its rows. Organisations are created rarely, so the index costs nothing on a hot path.
CREATE INDEX organisations_newest_first_idx ON organisations (created_at DESC, id DESC);
