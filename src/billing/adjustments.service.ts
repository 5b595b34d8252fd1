import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NotificationService } from '../notifications/notifications.service.js';
import type { Clock } from '../platform/clock.js';
import { sha256 } from '../platform/crypto.js';
import { isUniqueViolation } from '../platform/db.js';
import { AppError, forbidden, notFound, validationError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import { koboToNaira } from '../platform/money.js';
import type { DB } from '../platform/schema.js';
import { findEntryByOperation, walletExists, type Entry } from './wallet.repository.js';
import type { WalletService } from './wallet.service.js';

export const APPROVAL_TTL_MS = 15 * 60_000;

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
 * The single sanctioned manual mutation of a wallet (SPEC.md §4.3): the audited admin adjustment, and
 * the second platform admin's approval it needs above the threshold (DESIGN.md §7).
 */
export function createAdjustmentService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  wallet: WalletService;
  notifications: NotificationService;
  approvalThresholdKobo: number;
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

  return {
    /** A second platform admin's approval of one large adjustment (POST /v1/admin/adjustment-approvals). */
    async issueApproval(input: { organisationId: string; amountKobo: number; reason: string; issuedBy: string }) {
      if (!(await walletExists(db, input.organisationId))) throw notFound('Organisation not found');
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
        const prior = await findEntryByOperation(db, operationId);
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
          const entry = await deps.wallet.move(trx, {
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
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
