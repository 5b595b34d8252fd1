import type { Kysely } from 'kysely';
import { organisationManagers } from '../accounts/accounts.service.js';
import type { NotificationService } from '../notifications/notifications.service.js';
import { writeEvent } from '../events/events.service.js';
import type { Clock } from '../platform/clock.js';
import { AppError, notFound } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import { koboToNaira } from '../platform/money.js';
import { decodeCursor, toPage } from '../platform/paging.js';
import type { DB, LedgerEntriesTable } from '../platform/schema.js';
import * as repo from './wallet.repository.js';
import type { Entry } from './wallet.repository.js';
export type { Hold } from './wallet-batch.js';
export { openWallet } from './wallet.repository.js';

export interface BalanceView {
  balance: number;
  availableBalance: number;
  currency: 'NGN';
  lowBalanceThreshold: number;
}

export interface TransactionView {
  id: string;
  type: 'DEPOSIT' | 'DEBIT' | 'ADJUSTMENT';
  amount: number;
  direction: 'CREDIT' | 'DEBIT';
  balanceAfter: number;
  reference: string;
  description: string;
  createdAt: string;
}

/** ₦1,249.50, as amounts read in the service's email (DESIGN.md §11.1). */
export function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const whole = Math.floor(abs / 100).toLocaleString('en-NG');
  return `${sign}₦${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A movement of money with its cause, for the journal. */
export interface Movement {
  organisationId: string;
  amountKobo: number;
  type: LedgerEntriesTable['type'];
  cause: LedgerEntriesTable['cause'];
  operationId: string;
  reference: string;
  description: string;
  reason?: string | null;
  adjustedBy?: string | null;
  approvedBy?: string | null;
}


/**
 * The wallet (DESIGN.md §7): balances, the low-balance threshold and its alerts, the journal and the
 * sweep of expired holds. A balance changes only through `move` (beside the journal entry that
 * explains it) or the ledger batches of wallet-batch.ts.
 */
export function createWalletService(deps: { db: Kysely<DB>; clock: Clock; ids: IdGenerator; notifications: NotificationService }) {
  const { db, clock, ids, notifications } = deps;

  async function raiseLowBalance(trx: Kysely<DB>, organisationId: string, balanceKobo: number, thresholdKobo: number) {
    const { organisationName, emails } = await organisationManagers(trx, organisationId);
    for (const to of emails) {
      await notifications.enqueueEmail(trx, {
        organisationId,
        to,
        templateName: 'low-balance',
        variables: { organisationName, balance: formatNaira(balanceKobo), threshold: formatNaira(thresholdKobo) },
      });
    }
  }

  return {
    /**
     * Moves money in the caller's transaction and journals it. A debit the available balance (balance
     * minus holds) cannot cover is refused with 402 and changes nothing. Raises the low-balance alert
     * when this movement crosses the threshold downwards.
     */
    async move(trx: Kysely<DB>, m: Movement): Promise<Entry> {
      const now = clock.now();
      const wallet = await repo.applyToBalance(trx, m.organisationId, m.amountKobo, now);
      if (!wallet) {
        if (!(await repo.walletExists(trx, m.organisationId))) throw notFound('Organisation not found');
        throw new AppError('INSUFFICIENT_BALANCE', 'The available wallet balance does not cover this debit');
      }
      const entry = await repo.insertEntry(trx, {
        id: ids.next('txn'),
        organisation_id: m.organisationId,
        type: m.type,
        amount_kobo: m.amountKobo,
        balance_after_kobo: wallet.balance_kobo,
        cause: m.cause,
        operation_id: m.operationId,
        reference: m.reference,
        description: m.description,
        reason: m.reason ?? null,
        adjusted_by: m.adjustedBy ?? null,
        approved_by: m.approvedBy ?? null,
        created_at: now,
      });
      // Its events (DESIGN.md §11.2), in this transaction: a payment credited or a positive adjustment funds the wallet.
      if (m.amountKobo > 0 && (m.cause === 'PAYMENT' || m.cause === 'ADJUSTMENT')) {
        await writeEvent(trx, ids, {
          organisationId: m.organisationId,
          type: 'wallet.funded',
          environment: 'live',
          createdAt: now,
          data: {
            transactionId: entry.id,
            reference: m.reference,
            source: m.cause,
            amount: koboToNaira(m.amountKobo),
            currency: 'NGN',
            newBalance: koboToNaira(Number(wallet.balance_kobo)),
          },
        });
      }
      const threshold = wallet.low_balance_threshold_kobo;
      const before = wallet.balance_kobo - m.amountKobo;
      if (threshold > 0 && before >= threshold && wallet.balance_kobo < threshold) {
        await writeEvent(trx, ids, {
          organisationId: m.organisationId,
          type: 'wallet.low_balance',
          environment: 'live',
          createdAt: now,
          data: {
            balance: koboToNaira(Number(wallet.balance_kobo)),
            availableBalance: koboToNaira(Number(wallet.balance_kobo) - Number(wallet.held_kobo)),
            threshold: koboToNaira(Number(threshold)),
            currency: 'NGN',
          },
        });
        await raiseLowBalance(trx, m.organisationId, wallet.balance_kobo, threshold);
      }
      return entry;
    },

    /**
     * Emails the low-balance crossings the ledger batches recorded (wallet_alerts), each once: run after
     * a batch that recorded one, and by a job for those a crashed process left.
     */
    async processAlerts(): Promise<void> {
      const sent = await db.transaction().execute(async (trx) => {
        const pending = await repo.lockPendingAlerts(trx, 100);
        for (const a of pending) await raiseLowBalance(trx, a.organisation_id, Number(a.balance_kobo), Number(a.threshold_kobo));
        await repo.markAlertsProcessed(trx, pending.map((a) => a.id), clock.now());
        return pending.length;
      });
      if (sent > 0) notifications.kick();
    },

    /** Releases holds whose verification never settled (a crashed process); run by a job. */
    releaseExpiredHolds: (): Promise<number> => repo.releaseExpiredHolds(db, clock.now()),

    async balance(organisationId: string): Promise<BalanceView> {
      const w = await repo.readWallet(db, organisationId);
      if (!w) throw notFound('Organisation not found');
      return {
        balance: koboToNaira(w.balance_kobo),
        availableBalance: koboToNaira(w.balance_kobo - w.held_kobo),
        currency: 'NGN',
        lowBalanceThreshold: koboToNaira(w.low_balance_threshold_kobo),
      };
    },

    /** Sets the low-balance alert threshold (0 turns it off). */
    async setLowBalanceThreshold(organisationId: string, thresholdKobo: number): Promise<{ threshold: number; currency: 'NGN' }> {
      const res = await repo.setThreshold(db, organisationId, thresholdKobo, clock.now());
      if (!res) throw notFound('Organisation not found');
      return { threshold: koboToNaira(res.low_balance_threshold_kobo), currency: 'NGN' };
    },

    /** The journal, newest first (GET /v1/payments/transactions). */
    async transactions(organisationId: string, query: { limit: number; cursor?: string | undefined }) {
      const rows = await repo.journalPage(db, organisationId, query.limit, decodeCursor(query.cursor));
      const page = toPage(rows, query.limit, (r) => ({ createdAt: r.created_at, id: r.id }));
      return {
        items: page.items.map(
          (r): TransactionView => ({
            id: r.id,
            type: r.type,
            amount: koboToNaira(r.amount_kobo),
            direction: r.amount_kobo < 0 ? 'DEBIT' : 'CREDIT',
            balanceAfter: koboToNaira(r.balance_after_kobo),
            reference: r.reference,
            description: r.description,
            createdAt: r.created_at.toISOString(),
          }),
        ),
        nextCursor: page.nextCursor,
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
