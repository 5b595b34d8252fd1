-- Durable background jobs (src/jobs/): enqueued in the transaction of the change that causes them,
-- claimed by any process with FOR UPDATE SKIP LOCKED under a lease the worker renews while it runs;
-- a RUNNING job whose lease expired (its process died) is taken over by the next claim. A job that
-- fails is retried later until its attempts run out, then FAILED. last_error never holds personal data.
CREATE TABLE jobs (
  id               text PRIMARY KEY,
  kind             text NOT NULL,
  payload          jsonb NOT NULL DEFAULT '{}'::jsonb,
  state            text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts     integer NOT NULL CHECK (max_attempts >= 1),
  run_after        timestamptz NOT NULL,
  lease_owner      text NULL,
  lease_expires_at timestamptz NULL,
  last_error       text NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  -- A lease exactly while RUNNING: a finished or waiting job is nobody's.
  CONSTRAINT jobs_lease_while_running CHECK ((state = 'RUNNING') = (lease_owner IS NOT NULL AND lease_expires_at IS NOT NULL))
);
-- What a claim looks for: queued jobs that are due, and running ones whose lease may have expired.
CREATE INDEX jobs_due_idx ON jobs (run_after) WHERE state = 'QUEUED';
CREATE INDEX jobs_lease_idx ON jobs (lease_expires_at) WHERE state = 'RUNNING';
