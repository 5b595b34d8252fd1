import type { PeriodicJob, QueuedJob } from '../jobs/jobs.js';
import { EXPORT_JOB_KIND, type ExportService } from './exports.service.js';

/** The exports' background work: the queued job that writes a file, and the sweepers. */
export function exportJobs(exports: Pick<ExportService, 'run' | 'expire' | 'purge'>): { queued: QueuedJob<{ exportId: string }>[]; periodic: PeriodicJob[] } {
  return {
    queued: [
      {
        kind: EXPORT_JOB_KIND,
        // The run records its own failures on the export; only a database that cannot be reached throws.
        retryDelayMs: () => 5_000,
        run: (payload, context) => exports.run(payload.exportId, context),
      },
    ],
    periodic: [
      // Files past expiresAt are deleted (COMPLETED → EXPIRED); exports whose job the queue gave up on fail.
      { name: 'expire-exports', everyMs: 60_000, failureMessage: 'could not expire export files', run: () => exports.expire() },
      // Export rows 90 days after their request.
      { name: 'purge-exports', everyMs: 3_600_000, failureMessage: 'could not delete old exports', run: () => exports.purge() },
    ],
  };
}
