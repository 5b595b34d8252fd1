import type { PeriodicJob } from '../jobs/jobs.js';
import type { WebhookService } from './webhooks.service.js';

/** The webhooks' background work (DESIGN.md §11.4): fan-out of new events, and the delivery worker, on every process. */
export function webhookJobs(webhooks: Pick<WebhookService, 'fanOut' | 'deliverDue'>): PeriodicJob[] {
  return [
    // Events committed since the last run become one delivery per matching ENABLED endpoint. Ten times a
    // second while it finds events; when it finds none, less often, down to once a second (DESIGN.md §11.4:
    // workers poll at least every second), so an idle process asks the database once a second, not ten times.
    { name: 'webhook-fan-out', everyMs: 100, idleEveryMs: 1_000, failureMessage: 'could not fan out events to webhook endpoints', run: () => webhooks.fanOut() },
    // Due deliveries are claimed under a lease (SKIP LOCKED) and sent; each attempt runs on its own, so a slow endpoint stalls no other.
    { name: 'webhook-deliveries', everyMs: 500, failureMessage: 'could not claim webhook deliveries', run: () => webhooks.deliverDue() },
  ];
}
