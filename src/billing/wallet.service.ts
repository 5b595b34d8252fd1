import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { organisationManagers } from '../accounts/accounts.service.js';
import type { NotificationService } from '../notifications/notifications.service.js';
import type { Clock } from '../platform/clock.js';
import type { DataCipher } from '../platform/crypto.js';
import { sha256 } from '../platform/crypto.js';
import { isUniqueViolation } from '../platform/db.js';
import { AppError, forbidden, notFound, validationError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import { koboToNaira } from '../platform/money.js';
import { decodeCursor, olderThan, toPage } from '../platform/paging.js';
import type { DB, LedgerEntriesTable } from '../platform/schema.js';
export type { Hold } from './wallet-batch.js';

export const APPROVAL_TTL_MS = 15 * 60_000;

export interface BalanceView {
  balance: number;
  availableBalance: number;
  currency: 'NGN';
  lowBalanceThreshold: number;
}

/** SPEC.md §2.9. */
export interface AdjustmentResult {
  transactionId: string;
  reference: string;
  operationId: string;
  amount: number;
  direction: 'CREDIT' | 'DEBIT';
  currency: 'NGN';
  status: 'SUCCESS';
  newBalance: number;
  organisationId: string;
  adjustedAt: string;
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

/** Creates the (empty) wallet of a new organisation, in its creation transaction. */
export async function openWallet(trx: Kysely<DB>, organisationId: string, now: Date): Promise<void> {
  await trx.insertInto('wallets').values({ organisation_id: organisationId, updated_at: now }).execute();
}

/** ₦1,249.50, as amounts read in the service's email (DESIGN.md §11.1). */
export function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const whole = Math.floor(abs / 100).toLocaleString('en-NG');
  return `${sign}₦${whole}.${String(abs % 100).padStart(2, '0')}`;
}

interface Movement {
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

type Entry = Pick<LedgerEntriesTable, 'id' | 'organisation_id' | 'amount_kobo' | 'balance_after_kobo' | 'operation_id' | 'reference' | 'reason'> & {
  created_at: Date;
};

const adjustmentResult = (e: Entry): AdjustmentResult => ({
  transactionId: e.id,
  reference: e.reference,
  operationId: e.operation_id,
  amount: koboToNaira(e.amount_kobo),
  direction: e.amount_kobo < 0 ? 'DEBIT' : 'CREDIT',
  currency: 'NGN',
  status: 'SUCCESS',
  newBalance: koboToNaira(e.balance_after_kobo),
  organisationId: e.organisation_id,
  adjustedAt: e.created_at.toISOString(),
});

/** What an admin adjustment asks for (HTTP or CLI). */
export interface AdjustmentInput {
  organisationId: string;
  amountKobo: number;
  reason: string;
  adminId: string;
  reference?: string | undefined;
  /** The approval token another admin obtained (HTTP). */
  secondApprover?: string | undefined;
  /** The approving admin named at the console (CLI). */
  approverId?: string | undefined;
}

/**
 * The wallet: balance, holds and the journal (DESIGN.md §7). A balance changes only here, in one
 * statement that cannot overdraw, beside the journal entry that explains it.
 */
export function createWalletService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  notifications: NotificationService;
  approvalThresholdKobo: number;
  cipher: DataCipher;
  logger: { warn(obj: unknown, msg: string): void };
}) {
  const { db, clock, ids, notifications } = deps;

  function checkAdjustment(input: AdjustmentInput): { reason: string; needsApproval: boolean } {
    const reason = input.reason.trim();
    const errors = [];
    if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo === 0) errors.push({ field: 'amount', message: 'must be a non-zero amount in naira' });
    if (reason.length < 1 || reason.length > 500) errors.push({ field: 'reason', message: 'must be 1 to 500 characters' });
    const needsApproval = Math.abs(input.amountKobo) > deps.approvalThresholdKobo;
    if (needsApproval && !input.secondApprover && !input.approverId) {
      errors.push({ field: 'secondApprover', message: `is required above ${koboToNaira(deps.approvalThresholdKobo)} naira` });
    }
    if (errors.length > 0) throw validationError(errors);
    return { reason, needsApproval };
  }

  /**
   * Moves money in the caller's transaction and journals it. A debit the available balance (balance
   * minus holds) cannot cover is refused with 402 and changes nothing. Raises the low-balance alert
   * when this movement crosses the threshold downwards.
   */
  async function move(trx: Kysely<DB>, m: Movement): Promise<Entry> {
    const now = clock.now();
    const wallet = await trx
      .updateTable('wallets')
      .set({ balance_kobo: sql`balance_kobo + ${m.amountKobo}`, updated_at: now })
      .where('organisation_id', '=', m.organisationId)
      .where(sql<boolean>`balance_kobo - held_kobo + ${m.amountKobo} >= 0`)
      .returning(['balance_kobo', 'low_balance_threshold_kobo'])
      .executeTakeFirst();
    if (!wallet) {
      const exists = await trx.selectFrom('wallets').select('organisation_id').where('organisation_id', '=', m.organisationId).executeTakeFirst();
      if (!exists) throw notFound('Organisation not found');
      throw new AppError('INSUFFICIENT_BALANCE', 'The available wallet balance does not cover this debit');
    }
    return journal(trx, wallet, m);
  }

  /** Writes the journal entry of a movement just applied, and raises the low-balance alert on a downward crossing. */
  async function journal(
    trx: Kysely<DB>,
    wallet: { balance_kobo: number; low_balance_threshold_kobo: number },
    m: Movement,
  ): Promise<Entry> {
    const now = clock.now();
    const entry = await trx
      .insertInto('ledger_entries')
      .values({
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
      })
      .returning(['id', 'organisation_id', 'amount_kobo', 'balance_after_kobo', 'operation_id', 'reference', 'reason', 'created_at'])
      .executeTakeFirstOrThrow();
    const threshold = wallet.low_balance_threshold_kobo;
    const before = wallet.balance_kobo - m.amountKobo;
    if (threshold > 0 && before >= threshold && wallet.balance_kobo < threshold) {
      await raiseLowBalance(trx, m.organisationId, wallet.balance_kobo, threshold);
    }
    return entry;
  }

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

  /**
   * Emails the low-balance crossings the money batches recorded (wallet_alerts), each once: run after
   * a batch that recorded one, and by the sweeper for those a crashed process left.
   */
  async function processAlerts(): Promise<void> {
    const sent = await db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('wallet_alerts')
        .select(['id', 'organisation_id', 'balance_kobo', 'threshold_kobo'])
        .where('processed_at', 'is', null)
        .orderBy('id')
        .limit(100)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const a of pending) await raiseLowBalance(trx, a.organisation_id, Number(a.balance_kobo), Number(a.threshold_kobo));
      if (pending.length > 0) {
        await trx.updateTable('wallet_alerts').set({ processed_at: clock.now() }).where('id', 'in', pending.map((a) => a.id)).execute();
      }
      return pending.length;
    });
    if (sent > 0) notifications.kick();
  }

  const service = {
    move,

    /**
     * Emails the low-balance crossings the ledger batches recorded (holds, captures and releases go
     * through the narrow ledger API of wallet-batch.ts, batched by the capability that causes them).
     */
    processAlerts,

    /** Releases holds whose verification never settled (a crashed process); run by a sweeper. */
    async releaseExpiredHolds(): Promise<number> {
      const now = clock.now();
      const orgs = await db
        .selectFrom('holds')
        .select('organisation_id')
        .distinct()
        .where('status', '=', 'HELD')
        .where('expires_at', '<=', now)
        .limit(100)
        .execute();
      if (orgs.length === 0) return 0;
      // Wallets locked before holds, the order every money batch uses (no deadlock).
      return db.transaction().execute(async (trx) => {
        const ids = orgs.map((o) => o.organisation_id).sort();
        await sql`SELECT 1 FROM wallets WHERE organisation_id = ANY(${ids}::text[]) ORDER BY organisation_id FOR UPDATE`.execute(trx);
        const released = await trx
          .updateTable('holds')
          .set({ status: 'RELEASED', settled_at: now })
          .where('status', '=', 'HELD')
          .where('expires_at', '<=', now)
          .where('organisation_id', 'in', ids)
          .returning(['organisation_id', 'amount_kobo'])
          .execute();
        const byOrg = new Map<string, number>();
        for (const h of released) byOrg.set(h.organisation_id, (byOrg.get(h.organisation_id) ?? 0) + Number(h.amount_kobo));
        for (const [org, amount] of byOrg) {
          await trx.updateTable('wallets').set({ held_kobo: sql`held_kobo - ${amount}`, updated_at: now }).where('organisation_id', '=', org).execute();
        }
        return released.length;
      });
    },

    async balance(organisationId: string): Promise<BalanceView> {
      const w = await db
        .selectFrom('wallets')
        .select(['balance_kobo', 'held_kobo', 'low_balance_threshold_kobo'])
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
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
      const res = await db
        .updateTable('wallets')
        .set({ low_balance_threshold_kobo: thresholdKobo, updated_at: clock.now() })
        .where('organisation_id', '=', organisationId)
        .returning('low_balance_threshold_kobo')
        .executeTakeFirst();
      if (!res) throw notFound('Organisation not found');
      return { threshold: koboToNaira(res.low_balance_threshold_kobo), currency: 'NGN' };
    },

    /** The journal, newest first (GET /v1/payments/transactions). */
    async transactions(organisationId: string, query: { limit: number; cursor?: string | undefined }) {
      const after = decodeCursor(query.cursor);
      let q = db
        .selectFrom('ledger_entries')
        .select(['id', 'type', 'amount_kobo', 'balance_after_kobo', 'reference', 'description', 'created_at'])
        .where('organisation_id', '=', organisationId);
      if (after) q = q.where(olderThan(after));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute();
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

    /** A second platform admin's approval of one large adjustment (POST /v1/admin/adjustment-approvals). */
    async issueApproval(input: { organisationId: string; amountKobo: number; reason: string; issuedBy: string }) {
      const org = await db.selectFrom('organisations').select('id').where('id', '=', input.organisationId).executeTakeFirst();
      if (!org) throw notFound('Organisation not found');
      const token = `apv_${randomBytes(32).toString('base64url')}`;
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + APPROVAL_TTL_MS);
      const id = ids.next('apr');
      await db
        .insertInto('adjustment_approvals')
        .values({
          id,
          token_hash: sha256(token),
          organisation_id: input.organisationId,
          amount_kobo: input.amountKobo,
          reason: input.reason,
          issued_by: input.issuedBy,
          expires_at: expiresAt,
          created_at: now,
        })
        .execute();
      return { id, secondApprover: token, expiresAt: expiresAt.toISOString() };
    },

    /** The 400s of an adjustment, before anything else (the route checks them before its idempotency claim). */
    checkAdjustment,

    /**
     * The admin wallet adjustment (SPEC.md §4.3, §2.9): signed amount, mandatory reason, a second
     * approver above the threshold. The HTTP route's replays are the idempotency store's; here the
     * journal's unique operation `adj:<reference>` makes sure a reference moves money once: a
     * reference already journalled returns its first result, and with other values is 409.
     * `inTransaction` runs in the adjustment's transaction with its result (the route keeps its answer there).
     */
    async adjust(
      input: AdjustmentInput,
      options: { inTransaction?: ((trx: Kysely<DB>, result: AdjustmentResult) => Promise<void>) | null } = {},
    ): Promise<{ result: AdjustmentResult; replayed: boolean }> {
      const { reason, needsApproval } = checkAdjustment(input);
      const reference = input.reference ?? ids.next('adj');
      const operationId = `adj:${reference}`;
      const replay = async (): Promise<{ result: AdjustmentResult; replayed: boolean } | null> => {
        const prior = await db
          .selectFrom('ledger_entries')
          .select(['id', 'organisation_id', 'amount_kobo', 'balance_after_kobo', 'operation_id', 'reference', 'reason', 'created_at'])
          .where('operation_id', '=', operationId)
          .executeTakeFirst();
        if (!prior) return null;
        if (prior.organisation_id !== input.organisationId || prior.amount_kobo !== input.amountKobo || prior.reason !== reason) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different adjustment');
        }
        return { result: adjustmentResult(prior), replayed: true };
      };
      try {
        const entry = await db.transaction().execute(async (trx) => {
          const admin = await trx.selectFrom('users').select(['is_platform_admin', 'status']).where('id', '=', input.adminId).executeTakeFirst();
          if (!admin || !admin.is_platform_admin || admin.status !== 'ACTIVE') throw forbidden('Only a platform admin can adjust a wallet');
          let approvedBy: string | null = null;
          if (needsApproval && input.approverId) {
            const approver = await trx.selectFrom('users').select(['id', 'is_platform_admin', 'status']).where('id', '=', input.approverId).executeTakeFirst();
            if (!approver || !approver.is_platform_admin || approver.status !== 'ACTIVE' || approver.id === input.adminId) {
              throw forbidden('The approver must be another platform admin');
            }
            approvedBy = approver.id;
          } else if (needsApproval) {
            const approval = await trx
              .updateTable('adjustment_approvals')
              .set({ used_at: clock.now() })
              .where('token_hash', '=', sha256(input.secondApprover!))
              .where('used_at', 'is', null)
              .where('expires_at', '>', clock.now())
              .where('organisation_id', '=', input.organisationId)
              .where('amount_kobo', '=', input.amountKobo)
              .where('reason', '=', reason)
              .where('issued_by', '<>', input.adminId)
              .returning('issued_by')
              .executeTakeFirst();
            if (!approval) throw forbidden('The second approval is invalid: expired, used, issued by you, or for other values');
            approvedBy = approval.issued_by;
          }
          const entry = await move(trx, {
            organisationId: input.organisationId,
            amountKobo: input.amountKobo,
            type: 'ADJUSTMENT',
            cause: 'ADJUSTMENT',
            operationId,
            reference,
            description: `Adjustment: ${reason}`,
            reason,
            adjustedBy: input.adminId,
            approvedBy,
          });
          await options.inTransaction?.(trx, adjustmentResult(entry));
          return entry;
        });
        notifications.kick();
        return { result: adjustmentResult(entry), replayed: false };
      } catch (err) {
        // A reference the journal already holds (no claim in front, or the key past its 24 hours): the unique operation decides.
        if (isUniqueViolation(err)) {
          const winner = await replay();
          if (winner) return winner;
        }
        throw err;
      }
    },
  };
  return service;
}

export type WalletService = ReturnType<typeof createWalletService>;
