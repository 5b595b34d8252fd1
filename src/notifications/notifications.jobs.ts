import type { PeriodicJob } from '../jobs/jobs.js';
import type { NotificationService } from './notifications.service.js';

/**
 * Email delivery polls every second for due messages (retries, and messages of crashed processes); a
 * message is also sent right after its transaction commits (kick()). The outbox needs no delivery.
 */
export function notificationJobs(notifications: Pick<NotificationService, 'emailDelivery' | 'runOnce'>): PeriodicJob[] {
  if (notifications.emailDelivery !== 'SMTP') return [];
  return [{ name: 'email-delivery', everyMs: 1_000, failureMessage: 'notification dispatcher failed', run: () => notifications.runOnce() }];
}
