-- Events (DESIGN.md §11.2): one row per change worth telling a receiver about, written in the
-- transaction of that change. `body` is the event object as compact JSON, the exact bytes every
-- delivery sends (built by src/events/events.service.ts writeEvent, or in SQL with the same shape).
-- Kept 30 days (the purge-events job); deliveries (0015) go with their event (ON DELETE CASCADE).
CREATE TABLE events (
  id               text PRIMARY KEY,
  organisation_id  text NOT NULL REFERENCES organisations (id),
  type             text NOT NULL,
  environment      text NOT NULL CHECK (environment IN ('live', 'test')),
  body             text NOT NULL,
  created_at       timestamptz NOT NULL,
  fanned_out       boolean NOT NULL DEFAULT false
);
CREATE INDEX events_list_idx ON events (organisation_id, created_at DESC, id DESC);
CREATE INDEX events_fan_out_idx ON events (created_at) WHERE NOT fanned_out;
-- The retention sweep.
CREATE INDEX events_created_idx ON events (created_at);
