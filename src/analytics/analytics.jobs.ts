import type { PeriodicJob } from '../jobs/jobs.js';
import type { AnalyticsService } from './analytics.service.js';

/**
 * The records written since the last run are added to the hourly rollups every few seconds, so a
 * reader counts only a few seconds' worth of records beside the rollups (migration 0013). The figures
 * are exact whether this runs or not; only their speed depends on it.
 */
export function analyticsJobs(analytics: Pick<AnalyticsService, 'compact'>): PeriodicJob[] {
  return [
    {
      name: 'compact-analytics-rollups',
      everyMs: 5_000,
      failureMessage: 'could not compact the analytics rollups',
      run: () => analytics.compact(),
    },
  ];
}
