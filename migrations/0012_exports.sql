-- Exports of verification records (DESIGN.md §10.2): a durable job per request, its file stored in
-- the database in chunks (no disk is shared between processes), so any process serves any download.
CREATE TABLE exports (
  id               text PRIMARY KEY,
  organisation_id  text NOT NULL REFERENCES organisations (id),
  requested_by     text NOT NULL,
  format           text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  -- Normalised at the request: { type, status, environment, apiKeyId, from, to }, absent ones null.
  filters          jsonb NOT NULL,
  status           text NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'EXPIRED')),
  row_count        integer NOT NULL CHECK (row_count >= 0),
  processed_rows   integer NOT NULL DEFAULT 0 CHECK (processed_rows >= 0),
  progress         smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  file_name        text NULL,
  file_size        bigint NULL,
  error_code       text NULL,
  error_message    text NULL,
  -- The run that owns the file being written: every write of a run is fenced by it, so a run that was
  -- taken over can no longer touch the row or its chunks. NULL while RUNNING: handed back by a stopping process.
  run_id           text NULL,
  takeovers        integer NOT NULL DEFAULT 0,
  -- The queued job (jobs.id) that writes it.
  job_id           text NULL,
  created_at       timestamptz NOT NULL,
  started_at       timestamptz NULL,
  completed_at     timestamptz NULL,
  expires_at       timestamptz NULL
);
-- The list, newest first; the per-organisation limit on active jobs; the sweepers.
CREATE INDEX exports_list_idx ON exports (organisation_id, created_at DESC, id DESC);
CREATE INDEX exports_active_idx ON exports (organisation_id) WHERE status IN ('PENDING', 'RUNNING');
CREATE INDEX exports_expiry_idx ON exports (expires_at) WHERE status = 'COMPLETED';
CREATE INDEX exports_created_idx ON exports (created_at);

-- The file, in order, in chunks of about 1 MiB, per run (a takeover's chunks never mix with the dead run's).
CREATE TABLE export_chunks (
  export_id  text NOT NULL REFERENCES exports (id) ON DELETE CASCADE,
  run_id     text NOT NULL,
  seq        integer NOT NULL CHECK (seq >= 0),
  bytes      bytea NOT NULL,
  PRIMARY KEY (export_id, run_id, seq)
);
