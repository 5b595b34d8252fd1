import type { PeriodicJob } from '../jobs/jobs.js';
import type { WalletService } from './wallet.service.js';

/** The wallet's background work: expired holds released, low-balance crossings turned into emails. */
export function billingJobs(wallet: Pick<WalletService, 'releaseExpiredHolds' | 'processAlerts'>): PeriodicJob[] {
  return [
    // Holds of verifications that never settled (a crashed process) are released after their expiry.
    { name: 'release-expired-holds', everyMs: 5_000, failureMessage: 'could not release expired holds', run: () => wallet.releaseExpiredHolds() },
    // Crossings a batch recorded but whose process died before it sent the email.
    { name: 'low-balance-alerts', everyMs: 5_000, failureMessage: 'could not send low-balance alerts', run: () => wallet.processAlerts() },
  ];
}
