import type { PeriodicJob } from '../jobs/jobs.js';
import type { EventsService } from './events.service.js';

/** The events' background work: retention (events older than 30 days are deleted, with their deliveries). */
export function eventJobs(events: Pick<EventsService, 'purge'>): PeriodicJob[] {
  return [{ name: 'purge-events', everyMs: 3_600_000, failureMessage: 'could not delete old events', run: () => events.purge() }];
}
