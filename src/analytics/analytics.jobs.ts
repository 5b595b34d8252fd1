import type { PeriodicJob } from '../jobs/jobs.js';
import type { AnalyticsService } from './analytics.service.js';

/**
 * The counters the trigger on verification_records appends are moved into the hourly rollups every
 * few seconds, so a reader adds a few recent deltas to the rollup rather than many (migration 0013).
 * The figures are exact whether this runs or not; only their speed depends on it.
 */
export function analyticsJobs(analytics: Pick<AnalyticsService, 'compact'>): PeriodicJob[] {
  return [
    {
      name: 'compact-analytics-rollups',
      everyMs: 5_000,
      failureMessage: 'could not compact the analytics rollups',
      run: async () => {
        // A backlog (a seeding, a stopped process) is moved in bounded statements, one after the other.
        while ((await analytics.compact()) === 20_000);
      },
    },
  ];
}
