import type { PeriodicJob } from '../jobs/jobs.js';
import type { ApiKeyService } from './api-keys.service.js';

/** Keys' last-used times are buffered in memory and written in one statement every few seconds. */
export function apiKeyJobs(apiKeys: Pick<ApiKeyService, 'flushLastUsed'>): PeriodicJob[] {
  return [{ name: 'flush-key-last-used', everyMs: 5_000, failureMessage: 'could not record key last-used times', run: () => apiKeys.flushLastUsed() }];
}
