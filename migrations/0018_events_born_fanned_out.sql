-- An event no endpoint can receive is written fanned out (issue 15: fewer writes per live call).
--
-- Fan-out (src/webhooks/webhooks.service.ts fanOutBatch) takes the events not yet fanned out with
-- FOR UPDATE SKIP LOCKED, writes their deliveries and marks them fanned_out: a row lock and a new row
-- version (four index entries) per event, in a transaction of its own, for every event, although most
-- organisations have no endpoint for most of their events (a sandbox record's event, an organisation
-- without webhooks). Now an event is written already fanned out when, as its transaction sees the
-- endpoints at its INSERT, no ENABLED endpoint of its organisation and environment subscribes to its
-- type: there is nothing to fan out, and the fan-out never touches it. Whatever marks an event at
-- insert (the test-event trigger, with its own deliveries) stays marked.
--
-- What a receiver gets is unchanged but for an endpoint created, enabled or resubscribed while the
-- event's transaction was in flight: it now receives events raised after the change, as DESIGN.md §11.3
-- says of every endpoint change ("changes apply to events raised afterwards"), and POST
-- /v1/webhooks/endpoints/{id}/recover resends anything earlier. One trigger, so every path that writes
-- events (verification_settle, the records' writer, ledger_apply, writeEvent) follows the same rule.
CREATE FUNCTION events_born_fanned_out() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.fanned_out AND NOT EXISTS (
    SELECT 1 FROM webhook_endpoints ep
    WHERE ep.organisation_id = NEW.organisation_id AND ep.environment = NEW.environment AND ep.status = 'ENABLED'
      AND (NEW.type = ANY (ep.event_types) OR '*' = ANY (ep.event_types))
  ) THEN
    NEW.fanned_out := true;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER events_born_fanned_out BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_born_fanned_out();
