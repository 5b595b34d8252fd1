-- An event that waits for fan-out wakes the processes listening (issue 15: no poll ten times a second).
--
-- The fan-out (src/webhooks/webhooks.service.ts) asked "is any event waiting?" ten times a second on every
-- process, although almost always none was: most of an idle server's database work. Now the trigger that
-- writes an event already fanned out when no endpoint can receive it (0018) also notifies the channel
-- idv_fan_out when one can, and each process LISTENs (src/platform/listen.ts) and fans out on the
-- notification. NOTIFY is transactional: the listeners hear it once the event's transaction commits, never
-- for one rolled back, and once per transaction however many events it wrote. The poll stays, once a second
-- (DESIGN.md §11.4), and ten times a second on a process that is not listening.
CREATE OR REPLACE FUNCTION events_born_fanned_out() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.fanned_out AND NOT EXISTS (
    SELECT 1 FROM webhook_endpoints ep
    WHERE ep.organisation_id = NEW.organisation_id AND ep.environment = NEW.environment AND ep.status = 'ENABLED'
      AND (NEW.type = ANY (ep.event_types) OR '*' = ANY (ep.event_types))
  ) THEN
    NEW.fanned_out := true;
  END IF;
  IF NOT NEW.fanned_out THEN
    PERFORM pg_notify('idv_fan_out', '');
  END IF;
  RETURN NEW;
END;
$$;
