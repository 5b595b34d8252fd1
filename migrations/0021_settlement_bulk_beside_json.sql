-- verification_settle takes a batch's bulky values beside its JSON items (migrations/functions/
-- verification_settle.sql): the events' bodies as one text, the sealed answers' and payloads' bytes as
-- one bytea. Each was a string inside the JSON (a body escaped again, bytes as hex), and parsing that
-- JSON was the largest single cost of the call. The two-argument function goes; the file creates the
-- new one on this migrate.
DROP FUNCTION IF EXISTS verification_settle(timestamptz, jsonb);
