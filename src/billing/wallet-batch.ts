import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import type { DataCipher } from '../platform/crypto.js';
import { AppError } from '../platform/errors.js';
import { createGroupCommitter, type ItemOutcome } from '../platform/group-commit.js';
import type { IdGenerator } from '../platform/ids.js';
import type { DB, VerificationRecordsTable } from '../platform/schema.js';
import type { SealedPayload } from '../records/records.repository.js';
import { FencedError, type IdempotencyScope, type StoredAnswer } from '../idempotency/idempotency.service.js';

export interface Hold {
  id: string;
  organisationId: string;
  amountKobo: number;
}

/** A live verification's end: its record, the capture or release of its hold, and its stored answer. */
export interface Settlement {
  hold: Hold;
  billable: boolean;
  verificationId: string;
  description: string;
  /** The verification record, as stored (identifier already encrypted). */
  record: Insertable<VerificationRecordsTable>;
  /** The billable answer kept against the Idempotency-Key, fenced by the claim's token. */
  store: { claim: { scope: IdempotencyScope; token: number }; answer: StoredAnswer } | null;
  /** What the answer keeps durably beside its record (encrypted), written with it. */
  payload?: SealedPayload | null;
}

export type WalletOp =
  | { kind: 'hold'; organisationId: string; amountKobo: number; ttlMs: number }
  | ({ kind: 'settle' } & Settlement)
  | { kind: 'release'; hold: Hold };

export interface WalletBatchDeps {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  cipher: DataCipher;
  /** Turns the low-balance crossings a batch recorded into emails (after it committed). */
  processAlerts(): Promise<void>;
  logger: { warn(obj: unknown, msg: string): void };
  /** Batches in flight at once: a second one waits on the wallet row lock inside the database while the first commits. */
  concurrency?: number;
}

export const insufficientForHold = () =>
  new AppError('INSUFFICIENT_BALANCE', 'The available wallet balance does not cover the price of this check');
const insufficientForCapture = () =>
  new AppError('INSUFFICIENT_BALANCE', 'The available wallet balance no longer covers the price of this check');

/** A row as JSON for jsonb_populate_record: bytea as PostgreSQL's hex text, dates as ISO strings. */
function recordJson(row: Insertable<VerificationRecordsTable>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = Buffer.isBuffer(v) ? `\\x${v.toString('hex')}` : v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/**
 * Group commit of the money path (DESIGN.md §7). Holds, settlements and releases submitted by
 * concurrent requests are applied by one call of `wallet_apply_batch` (migration 0006): one round
 * trip and one commit per batch, the hot wallet row locked only for the function's run. Inside it each
 * operation runs in submission order exactly as it would alone, so every guarantee of the single
 * operations holds: no hold beyond the available balance (402 for that request only), the record, the
 * capture, its journal entry and the stored answer in one transaction, a fenced settlement keeps
 * nothing.
 */
export function createWalletBatcher(deps: WalletBatchDeps) {
  const { db, clock, ids, cipher } = deps;

  async function flush(ops: WalletOp[]): Promise<ItemOutcome<Hold | undefined>[]> {
    const now = clock.now();
    const holds: Array<Hold | undefined> = [];
    const payload = ops.map((op, i) => {
      if (op.kind === 'hold') {
        const hold = { id: ids.next('hld'), organisationId: op.organisationId, amountKobo: op.amountKobo };
        holds[i] = hold;
        return { k: 'h', o: op.organisationId, a: op.amountKobo, h: hold.id, x: new Date(now.getTime() + op.ttlMs).toISOString() };
      }
      if (op.kind === 'release') return { k: 'r', o: op.hold.organisationId, a: op.hold.amountKobo, h: op.hold.id };
      const st = op.store && {
        env: op.store.claim.scope.environment,
        kh: op.store.claim.scope.keyHash.toString('hex'),
        tok: op.store.claim.token,
        status: op.store.answer.status,
        ct: cipher.encrypt(op.store.answer.body).toString('hex'),
        charge: op.store.answer.chargeAmountKobo,
      };
      return {
        k: 's',
        o: op.hold.organisationId,
        a: op.hold.amountKobo,
        h: op.hold.id,
        b: op.billable,
        v: op.verificationId,
        d: op.description,
        t: ids.next('txn'),
        rec: recordJson(op.record),
        st,
        pl: op.payload ? { a: op.payload.audit.toString('hex'), r: op.payload.redacted.toString('hex') } : null,
      };
    });
    const res = await db.executeQuery<{ outcomes: string[] }>(
      CompiledQuery.raw('SELECT wallet_apply_batch($1, $2::jsonb) AS outcomes', [now, JSON.stringify(payload)]),
    );
    const outcomes = res.rows[0]!.outcomes;
    if (outcomes.includes('alert')) {
      // Rare (once per crossing), so the batch's callers wait for it: the email is queued when they hear back.
      // The batch has committed either way; a failure here is left to the sweeper.
      await deps.processAlerts().catch((err: unknown) => deps.logger.warn({ err }, 'could not send low-balance alerts'));
    }
    return outcomes.map((o, i): ItemOutcome<Hold | undefined> => {
      if (o === 'insufficient') return { error: ops[i]!.kind === 'hold' ? insufficientForHold() : insufficientForCapture() };
      if (o === 'fenced') return { error: new FencedError() };
      return { value: holds[i] };
    });
  }

  const committer = createGroupCommitter<WalletOp, Hold | undefined>({ flush, concurrency: deps.concurrency ?? 2 });
  return {
    placeHold: async (organisationId: string, amountKobo: number, ttlMs: number) =>
      (await committer.submit({ kind: 'hold', organisationId, amountKobo, ttlMs }))!,
    settle: async (s: Settlement) => {
      await committer.submit({ kind: 'settle', ...s });
    },
    release: async (hold: Hold) => {
      await committer.submit({ kind: 'release', hold });
    },
    drain: () => committer.drain(),
  };
}

export type WalletBatcher = ReturnType<typeof createWalletBatcher>;
