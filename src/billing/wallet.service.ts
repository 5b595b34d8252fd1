import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { NotificationService } from '../notifications/notifications.service.js';
import type { Clock } from '../platform/clock.js';
import { sha256 } from '../platform/crypto.js';
import { isUniqueViolation } from '../platform/db.js';
import { AppError, forbidden, notFound, validationError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import { koboToNaira } from '../platform/money.js';
import { decodeCursor, olderThan, toPage } from '../platform/paging.js';
import type { DB, LedgerEntriesTable } from '../platform/schema.js';

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

export interface Hold {
  id: string;
  organisationId: string;
  amountKobo: number;
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
}) {
  const { db, clock, ids, notifications } = deps;

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
    const org = await trx.selectFrom('organisations').select('name').where('id', '=', organisationId).executeTakeFirstOrThrow();
    const recipients = await trx
      .selectFrom('users')
      .select('email')
      .where('organisation_id', '=', organisationId)
      .where('status', '=', 'ACTIVE')
      .where('role', 'in', ['OWNER', 'ADMIN'])
      .execute();
    for (const r of recipients) {
      await notifications.enqueueEmail(trx, {
        organisationId,
        to: r.email,
        templateName: 'low-balance',
        variables: { organisationName: org.name, balance: formatNaira(balanceKobo), threshold: formatNaira(thresholdKobo) },
      });
    }
  }

  const service = {
    move,

    /**
     * Sets the price of a live verification aside before the provider is called: 402 when the
     * available balance cannot cover it, so no unpaid answer is ever fetched.
     */
    async placeHold(organisationId: string, amountKobo: number, ttlMs: number): Promise<Hold> {
      const now = clock.now();
      const id = ids.next('hld');
      // One statement: the hot wallet row is locked only for its own duration, not a transaction's.
      const placed = await sql<{ id: string }>`
        WITH w AS (
          UPDATE wallets SET held_kobo = held_kobo + ${amountKobo}, updated_at = ${now}
          WHERE organisation_id = ${organisationId} AND balance_kobo - held_kobo >= ${amountKobo}
          RETURNING organisation_id
        )
        INSERT INTO holds (id, organisation_id, amount_kobo, status, expires_at, created_at)
        SELECT ${id}, organisation_id, ${amountKobo}, 'HELD', ${new Date(now.getTime() + ttlMs)}, ${now} FROM w
        RETURNING id
      `.execute(db);
      if (placed.rows.length !== 1) {
        throw new AppError('INSUFFICIENT_BALANCE', 'The available wallet balance does not cover the price of this check');
      }
      return { id, organisationId, amountKobo };
    },

    /**
     * Settles a live verification in one transaction: its record, and the capture (billable) or the
     * release of its hold. A hold the sweeper already released is charged from the available balance
     * instead; if that cannot pay, nothing is written and the answer is withheld (402).
     */
    async settle(input: { hold: Hold; billable: boolean; verificationId: string; description: string; writeRecord: (trx: Kysely<DB>) => Promise<void> }): Promise<void> {
      const { hold } = input;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await input.writeRecord(trx);
        const mine = await trx
          .updateTable('holds')
          .set({ status: input.billable ? 'CAPTURED' : 'RELEASED', settled_at: now })
          .where('id', '=', hold.id)
          .where('status', '=', 'HELD')
          .executeTakeFirst();
        const stillHeld = Number(mine.numUpdatedRows) === 1;
        if (!input.billable) {
          if (stillHeld) {
            await trx
              .updateTable('wallets')
              .set({ held_kobo: sql`held_kobo - ${hold.amountKobo}`, updated_at: now })
              .where('organisation_id', '=', hold.organisationId)
              .execute();
          }
          return;
        }
        // The capture and its journal entry in one statement, last in the transaction: the hot wallet
        // row stays locked for as little as possible.
        const p = hold.amountKobo;
        const captured = await sql<{ balance_after_kobo: number; threshold: number }>`
          WITH w AS (
            UPDATE wallets
            SET balance_kobo = balance_kobo - ${p}, held_kobo = held_kobo - ${stillHeld ? p : 0}, updated_at = ${now}
            WHERE organisation_id = ${hold.organisationId} AND (${stillHeld} OR balance_kobo - held_kobo >= ${p})
            RETURNING balance_kobo, low_balance_threshold_kobo
          )
          INSERT INTO ledger_entries (id, organisation_id, type, amount_kobo, balance_after_kobo, cause, operation_id, reference, description, created_at)
          SELECT ${ids.next('txn')}, ${hold.organisationId}, 'DEBIT', ${-p}, balance_kobo, 'VERIFICATION', ${`ver:${input.verificationId}`},
                 ${input.verificationId}, ${input.description}, ${now}
          FROM w
          RETURNING balance_after_kobo, (SELECT low_balance_threshold_kobo FROM w) AS threshold
        `.execute(trx);
        const entry = captured.rows[0];
        if (!entry) throw new AppError('INSUFFICIENT_BALANCE', 'The available wallet balance no longer covers the price of this check');
        const threshold = Number(entry.threshold);
        const after = Number(entry.balance_after_kobo);
        if (threshold > 0 && after + p >= threshold && after < threshold) {
          await raiseLowBalance(trx, hold.organisationId, after, threshold);
        }
      });
      notifications.kick();
    },

    /** Gives a hold back at once when its verification failed before it could settle. */
    async release(hold: Hold): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const mine = await trx
          .updateTable('holds')
          .set({ status: 'RELEASED', settled_at: now })
          .where('id', '=', hold.id)
          .where('status', '=', 'HELD')
          .executeTakeFirst();
        if (Number(mine.numUpdatedRows) === 1) {
          await trx.updateTable('wallets').set({ held_kobo: sql`held_kobo - ${hold.amountKobo}`, updated_at: now }).where('organisation_id', '=', hold.organisationId).execute();
        }
      });
    },

    /** Releases holds whose verification never settled (a crashed process); run by a sweeper. */
    async releaseExpiredHolds(): Promise<number> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const expired = await trx
          .selectFrom('holds')
          .select(['id', 'organisation_id', 'amount_kobo'])
          .where('status', '=', 'HELD')
          .where('expires_at', '<=', now)
          .limit(500)
          .forUpdate()
          .skipLocked()
          .execute();
        for (const h of expired) {
          await trx.updateTable('holds').set({ status: 'RELEASED', settled_at: now }).where('id', '=', h.id).execute();
          await trx
            .updateTable('wallets')
            .set({ held_kobo: sql`held_kobo - ${h.amount_kobo}`, updated_at: now })
            .where('organisation_id', '=', h.organisation_id)
            .execute();
        }
        return expired.length;
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

    /**
     * The admin wallet adjustment (SPEC.md §4.3, §2.9): signed amount, mandatory reason, a second
     * approver above the threshold. `reference` (the Idempotency-Key) makes a retry return the first
     * result instead of moving money again; the same reference with other values is 409.
     */
    async adjust(input: {
      organisationId: string;
      amountKobo: number;
      reason: string;
      adminId: string;
      reference?: string | undefined;
      /** The approval token another admin obtained (HTTP). */
      secondApprover?: string | undefined;
      /** The approving admin named at the console (CLI). */
      approverId?: string | undefined;
    }): Promise<{ result: AdjustmentResult; replayed: boolean }> {
      const reason = input.reason.trim();
      const errors = [];
      if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo === 0) errors.push({ field: 'amount', message: 'must be a non-zero amount in naira' });
      if (reason.length < 1 || reason.length > 500) errors.push({ field: 'reason', message: 'must be 1 to 500 characters' });
      const needsApproval = Math.abs(input.amountKobo) > deps.approvalThresholdKobo;
      if (needsApproval && !input.secondApprover && !input.approverId) {
        errors.push({ field: 'secondApprover', message: `is required above ${koboToNaira(deps.approvalThresholdKobo)} naira` });
      }
      if (errors.length > 0) throw validationError(errors);

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
      const earlier = await replay();
      if (earlier) return earlier;

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
          return move(trx, {
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
        });
        notifications.kick();
        return { result: adjustmentResult(entry), replayed: false };
      } catch (err) {
        // Two requests with one reference at once: the journal's unique operation decides, the loser replays.
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
