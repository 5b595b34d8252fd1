import type { PeriodicJob } from '../jobs/jobs.js';
import type { NotificationService } from './notifications.service.js';

/**
 * Delivery (SMTP, SMS gateway) polls every second for due messages (retries, and messages of crashed
 * processes); a message is also sent right after its transaction commits (kick()). The outbox needs
 * no delivery. Messages older than 30 days are purged hourly.
 */
export function notificationJobs(notifications: Pick<NotificationService, 'hasDispatcher' | 'runOnce' | 'purgeExpired'>): PeriodicJob[] {
  const purge: PeriodicJob = { name: 'purge-notifications', everyMs: 3_600_000, failureMessage: 'notification purge failed', run: () => notifications.purgeExpired() };
  if (!notifications.hasDispatcher) return [purge];
  return [{ name: 'notification-delivery', everyMs: 1_000, failureMessage: 'notification dispatcher failed', run: () => notifications.runOnce() }, purge];
}
