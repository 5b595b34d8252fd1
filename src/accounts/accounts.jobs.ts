import type { PeriodicJob } from '../jobs/jobs.js';
import type { AuthService } from './auth.service.js';

/** Refresh-token rows of sessions that ended more than a day ago are deleted, a batch an hour per process. */
export function accountJobs(auth: Pick<AuthService, 'purgeEndedRefreshTokens'>): PeriodicJob[] {
  return [{ name: 'purge-ended-refresh-tokens', everyMs: 3_600_000, failureMessage: 'could not purge the refresh tokens of ended sessions', run: () => auth.purgeEndedRefreshTokens() }];
}
