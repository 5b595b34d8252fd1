import type { PeriodicJob } from '../jobs/jobs.js';
import type { WebhookService } from './webhooks.service.js';

/** The webhooks' background work (DESIGN.md §11.4): fan-out of new events, and the delivery worker, on every process. */
export function webhookJobs(webhooks: Pick<WebhookService, 'fanOut' | 'deliverDue'>): PeriodicJob[] {
  return [
    // Events committed since the last run become one delivery per matching ENABLED endpoint. An event that waits
    // for it notifies idv_fan_out at its commit (migrations/0020_fan_out_notifies.sql): a process that hears it
    // fans out at once and polls once a second (DESIGN.md §11.4); one that does not polls ten times a second.
    {
      name: 'webhook-fan-out',
      everyMs: 100,
      wake: { channel: 'idv_fan_out', heardEveryMs: 1_000 },
      failureMessage: 'could not fan out events to webhook endpoints',
      run: () => webhooks.fanOut(),
    },
    // Due deliveries are claimed under a lease (SKIP LOCKED) and sent; each attempt runs on its own, so a slow endpoint stalls no other.
    { name: 'webhook-deliveries', everyMs: 500, failureMessage: 'could not claim webhook deliveries', run: () => webhooks.deliverDue() },
  ];
}
