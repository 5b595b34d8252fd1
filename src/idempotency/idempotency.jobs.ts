import type { PeriodicJob } from '../jobs/jobs.js';
import type { IdempotencyService } from './idempotency.service.js';

/** Stored answers past their 24 hours, and long-abandoned leases, are deleted. */
export function idempotencyJobs(idempotency: Pick<IdempotencyService, 'purgeExpired'>): PeriodicJob[] {
  return [{ name: 'purge-idempotency', everyMs: 60_000, failureMessage: 'could not purge idempotency entries', run: () => idempotency.purgeExpired() }];
}
