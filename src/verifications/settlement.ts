import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { createLedgerBatcher, ledgerMoves, type Hold, type LedgerMove } from '../billing/wallet-batch.js';
import type { Clock } from '../platform/clock.js';
import type { IdGenerator } from '../platform/ids.js';
import type { DB, VerificationRecordsTable } from '../platform/schema.js';
import { FencedError, type HeldClaim, type IdempotencyService, type NewClaimRow, type SealedAnswer } from '../idempotency/idempotency.service.js';
import { joinEventBodies, type RecordWriter, type SealedPayload } from '../records/records.repository.js';
import { recordView, type RecordViewRow } from '../records/view.js';
import { buildEvent } from '../events/events.service.js';
import { StaleEpochError } from '../platform/cache-epoch.js';
import { preparedSql } from '../platform/postgres.js';

/** A batch's one statement, prepared once per connection (preparedSql). */
const SETTLE_SQL = preparedSql('SELECT verification_settle($1, $2::jsonb, $3, $4) AS outcomes');

export type { Hold } from '../billing/wallet-batch.js';

/** What a verification keeps beside its stored answer: a replay writes its record from the original and bills the same amount. */
export interface VerificationFacts {
  verificationId: string | null;
  chargeAmountKobo: number;
}

/** The facts of a stored answer, as the idempotency store hands them back (opaque JSON there). */
export function readFacts(facts: unknown): VerificationFacts {
  const f = (facts ?? {}) as { verificationId?: unknown; chargeAmountKobo?: unknown };
  return {
    verificationId: typeof f.verificationId === 'string' ? f.verificationId : null,
    chargeAmountKobo: typeof f.chargeAmountKobo === 'number' && Number.isSafeInteger(f.chargeAmountKobo) ? f.chargeAmountKobo : 0,
  };
}

/** A verification's end: its record, the capture or release of its hold, its stored answer. */
export interface Settlement {
  /** The live price set aside (null on test keys and free checks: no money moves). */
  hold: Hold | null;
  /** Found or not found after the registry answered: the hold is captured; else released. */
  billable: boolean;
  /** The journal entry's description. */
  description: string;
  /** The verification record, as stored (identifier already encrypted). */
  record: Insertable<VerificationRecordsTable>;
  /** What the answer keeps durably beside its record (encrypted), written with it. */
  payload?: SealedPayload | null;
  /** The answer kept against the Idempotency-Key, fenced by the claim's token. */
  answer?: { claim: HeldClaim; status: number; body: string; facts: VerificationFacts } | null;
}

/** One request's part of a batch: a ledger move, and for a settlement what is written beside it. */
export interface Item {
  move: LedgerMove | null;
  /** A new Idempotency-Key claimed with this item's hold, in the same transaction. */
  claim?: NewClaimRow;
  /** A provisional request's revocation counter: the item is 'stale' (nothing done) unless it is still the database's. */
  epoch?: number;
  settlement: {
    record: Record<string, unknown>;
    payload: SealedPayload | null;
    answer: SealedAnswer | null;
    /** Its verification.completed event (DESIGN.md §11.2), written exactly when the record is. */
    event: { id: string; body: string };
  } | null;
}

/** A row as JSON for jsonb_populate_record: bytea as PostgreSQL's hex text, dates as ISO strings. */
export function rowJson(row: Insertable<VerificationRecordsTable>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = Buffer.isBuffer(v) ? `\\x${v.toString('hex')}` : v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** Where a value lies in a statement's one bytea of sealed bytes. */
interface Placed {
  at: number;
  length: number;
}

/**
 * A batch as verification_settle takes it: the items as JSON, their events' bodies as one text
 * (joinEventBodies, as the records' own batch sends them) and their sealed bytes (stored answers,
 * retained payloads) end to end in one bytea, which node-postgres sends as binary; the JSON names each
 * by where it lies. Inside the JSON a body was escaped a second time and the bytes went as hex: about
 * 3.6 KB a live settlement to stringify here and to parse there, now about 1.6 KB.
 */
export function settleStatement(now: string, items: ReadonlyArray<Item>): CompiledQuery<{ outcomes: string[] }> {
  const bytes: Buffer[] = [];
  let at = 0;
  const place = (b: Buffer): Placed => {
    bytes.push(b);
    const placed = { at, length: b.length };
    at += b.length;
    return placed;
  };
  const json = items.map((item) => {
    const s = item.settlement;
    if (!s) return item;
    return {
      ...item,
      settlement: {
        record: s.record,
        payload: s.payload && { audit: place(s.payload.audit), redacted: place(s.payload.redacted) },
        answer: s.answer && { ...s.answer, body: place(s.answer.body) },
        event: { id: s.event.id },
      },
    };
  });
  const bodies = joinEventBodies(items.map((item) => item.settlement?.event ?? null));
  return CompiledQuery.raw(SETTLE_SQL, [now, JSON.stringify(json), bodies, Buffer.concat(bytes, at)]) as CompiledQuery<{ outcomes: string[] }>;
}

/**
 * The settlement unit of verifications (DESIGN.md §7): `settle()` writes the record, captures or
 * releases the hold through the ledger (keyed by the verification id) and stores the idempotent
 * answer, in one transaction and one round trip (migrations/functions/verification_settle.sql). The
 * holds and releases of the requests in flight are group-committed in the same batches, so the hot
 * wallet row is locked once per batch. A settlement whose claim was taken over keeps nothing
 * (FencedError); a capture the balance can no longer cover keeps nothing either (402).
 */
export function createSettlement(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  idempotency: IdempotencyService;
  records: RecordWriter;
  /** The ledger's low-balance emails, after a batch that crossed a threshold. */
  processAlerts(): Promise<void>;
  logger: { warn(obj: unknown, msg: string): void };
  concurrency?: number;
}) {
  const { ids, clock } = deps;
  /** The verification.completed event of a record: its data is the record view, exactly as GET /v1/verifications/{id} shows it. */
  const completedEvent = (row: Insertable<VerificationRecordsTable>) =>
    buildEvent(ids, {
      type: 'verification.completed',
      environment: row.environment,
      createdAt: new Date(row.created_at),
      data: recordView(row as unknown as RecordViewRow),
    });
  const batchOptions = {
    db: deps.db,
    clock,
    processAlerts: deps.processAlerts,
    logger: deps.logger,
    concurrency: deps.concurrency ?? 1,
    statement: settleStatement,
  };
  const batcher = createLedgerBatcher<Item>(batchOptions);
  // Claims with their holds, in batches of their own: a claim that finds its key already there
  // ('conflict') never shares a batch with a settlement or a takeover's hold waiting on a busy
  // wallet, so the single-key path (409, 202, replay, or taking a lapsed lease over) is never held
  // up by money. A batch of conflicts alone locks no wallet.
  const starts = createLedgerBatcher<Item>(batchOptions);

  return {
    /**
     * Sets the price of a live verification aside before the provider is called: 402 when the
     * available balance cannot cover it, so no unpaid answer is ever fetched. With `epoch` (a
     * provisional request's revocation counter), StaleEpochError and nothing held if it moved.
     */
    async hold(organisationId: string, amountKobo: number, ttlMs: number, epoch: number | null = null): Promise<Hold> {
      const { hold, move } = ledgerMoves.hold(ids, organisationId, amountKobo, new Date(clock.now().getTime() + ttlMs));
      // Without a counter to check, no "epoch" goes into the item (undefined is left out of its JSON).
      const outcome = await batcher.submit({ move, settlement: null, epoch: epoch ?? undefined });
      if (outcome === 'stale') throw new StaleEpochError();
      return hold;
    },

    /**
     * A live request's start in one round trip: the claim of its new Idempotency-Key and the hold of
     * its price, in one transaction of the batch. 'conflict': the key was already there (nothing was
     * held; the single-key path decides). 402 when the balance cannot cover the price: the claim is
     * taken back with it, so the key is free for a retry. With `epoch`, as hold(): checked first.
     */
    async claimAndHold(claim: NewClaimRow, organisationId: string, amountKobo: number, ttlMs: number, epoch: number | null = null): Promise<Hold | 'conflict'> {
      const { hold, move } = ledgerMoves.hold(ids, organisationId, amountKobo, new Date(clock.now().getTime() + ttlMs));
      const outcome = await starts.submit({ move, claim, settlement: null, epoch: epoch ?? undefined });
      if (outcome === 'stale') throw new StaleEpochError();
      return outcome === 'conflict' ? 'conflict' : hold;
    },

    /** Gives a hold back at once when its verification failed before it could settle. */
    async release(hold: Hold): Promise<void> {
      await batcher.submit({ move: ledgerMoves.release(hold), settlement: null });
    },

    /** Settles one verification (see above); resolves once all of it is durable. */
    async settle(s: Settlement): Promise<void> {
      const answer = s.answer ?? null;
      const payload = s.payload ?? null;
      const event = completedEvent(s.record);
      // A record alone (a test key, no Idempotency-Key, nothing retained) joins the records' own multi-row insert.
      if (!s.hold && !answer && !payload) return deps.records.write(s.record, { ...event, type: 'verification.completed' });
      const verificationId = String(s.record.id);
      const move = !s.hold ? null : s.billable ? ledgerMoves.captureVerification(ids, s.hold, verificationId, s.description) : ledgerMoves.release(s.hold);
      const outcome = await batcher.submit({
        move,
        settlement: {
          record: rowJson(s.record),
          payload,
          answer: answer && deps.idempotency.seal(answer.claim, { status: answer.status, body: answer.body, facts: answer.facts }),
          event,
        },
      });
      if (outcome === 'fenced') throw new FencedError();
    },

    /** Waits for the batches in flight (shutdown). */
    drain: async () => {
      await Promise.all([starts.drain(), batcher.drain()]);
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlement>;
