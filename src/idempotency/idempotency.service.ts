import { createRequire } from 'node:module';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Clock } from '../platform/clock.js';
import type { DataCipher } from '../platform/crypto.js';
import { constantTimeEqual } from '../platform/crypto.js';
import { AppError, notFound, validationError } from '../platform/errors.js';
import { createGroupCommitter } from '../platform/group-commit.js';
import { purgeInBatches, type PurgeOptions } from '../platform/purge.js';
import type { DB, KeyType } from '../platform/schema.js';

// RFC 8785 JSON canonicalisation (a CommonJS module whose typings declare an ESM default).
const canonicalize = createRequire(import.meta.url)('canonicalize') as (value: unknown) => string | undefined;

export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

export interface IdempotencyScope {
  organisationId: string;
  environment: KeyType;
  keyHash: Buffer;
}

/** An answer kept against a key: replayed byte for byte. */
export interface StoredAnswer {
  status: number;
  /** The response body exactly as first sent. */
  body: string;
  /**
   * What the route's owner keeps beside its answer (JSON), opaque here: a verification keeps its id
   * and the amount charged, which a replay bills again.
   */
  facts?: unknown;
}

/** A key held under a lease; `token` fences out an older attempt's settlement. */
export interface HeldClaim {
  scope: IdempotencyScope;
  token: number;
}

export type Claim = ({ kind: 'claimed' } & HeldClaim) | { kind: 'replay'; status: number; body: string; facts: unknown };

/** An answer as a settlement statement stores it in SQL (migrations/functions/verification_settle.sql). */
export interface SealedAnswer {
  organisationId: string;
  environment: KeyType;
  keyHashHex: string;
  token: number;
  status: number;
  /** The answer's bytes, encrypted (they travel beside the statement's JSON, not in it). */
  body: Buffer;
  facts: unknown;
  expiresAt: string;
}

/**
 * The claim of a new key as a batch statement makes it (migrations/functions/verification_settle.sql):
 * inserted IN_FLIGHT with fencing token 1, or a 'conflict' when the key is already there.
 */
export interface NewClaimRow {
  organisationId: string;
  environment: KeyType;
  keyHashHex: string;
  fingerprintHex: string;
  leaseExpiresAt: string;
  createdAt: string;
}

/** A settlement from a process whose lease was taken over: its result must not be kept. */
export class FencedError extends Error {
  constructor() {
    super('The idempotency lease was taken over by another attempt');
    this.name = 'FencedError';
  }
}

/**
 * The Idempotency-Key header (DESIGN.md §6), the one validator every idempotent route uses: absent,
 * or 1 to 255 printable ASCII characters (a repeated header is joined with commas), else 400.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!IDEMPOTENCY_KEY.test(value)) throw validationError([{ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }]);
  return value;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds a duplicate of a request in flight is told to wait (DESIGN.md §3: `Retry-After: 1`). */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/**
 * The 202 REQUEST_IN_PROGRESS of every idempotent route (a duplicate during the lease, or an attempt
 * whose lease another took over): it tells the client to send the same request again, with the same
 * key, after Retry-After, when it gets the kept answer or a fresh run.
 */
export const requestInProgress = () =>
  new AppError(
    'REQUEST_IN_PROGRESS',
    `A request with this Idempotency-Key is still in progress; retry the same request with the same Idempotency-Key after Retry-After (${IN_PROGRESS_RETRY_AFTER_SECONDS} s); this answer is not charged`,
    { headers: { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS) } },
  );

/**
 * The idempotency state machine of SPEC.md §3 / DESIGN.md §6, the same for every idempotent route:
 * claim under a lease with a fencing token, store an answer's status and body bytes (encrypted) for
 * 24 hours, clear one that is not kept so a retry runs again, 409 for the same key with another
 * request, 202 while the first attempt is in flight. What an answer means is its route's business.
 */
export function createIdempotencyService(deps: { db: Kysely<DB>; clock: Clock; cipher: DataCipher; leaseMs: number }) {
  const { db, clock, cipher } = deps;
  const where = (scope: IdempotencyScope) => (eb: ExpressionBuilder<DB, 'idempotency_requests'>) =>
    eb.and([eb('organisation_id', '=', scope.organisationId), eb('environment', '=', scope.environment), eb('key_hash', '=', scope.keyHash)]);

  type NewClaim = { scope: IdempotencyScope; fingerprint: Buffer; lease: Date; now: Date };
  const scopeKey = (organisationId: string, environment: string, keyHash: Uint8Array) =>
    `${organisationId}|${environment}|${Buffer.from(keyHash).toString('hex')}`;
  // Claims of keys never seen before, group-committed: one INSERT … ON CONFLICT DO NOTHING for a batch.
  // Each learns whether its row went in; one that did not (a key in use, or the same key twice in the
  // batch) takes the single-key path, exactly as after a lost race.
  const fresh = createGroupCommitter<NewClaim, boolean>({
    concurrency: 2,
    flush: async (claims) => {
      const first = new Map<string, number>();
      claims.forEach((c, i) => {
        const k = scopeKey(c.scope.organisationId, c.scope.environment, c.scope.keyHash);
        if (!first.has(k)) first.set(k, i);
      });
      const rows = [...first.values()].map((i) => claims[i]!);
      const inserted = await db
        .insertInto('idempotency_requests')
        .values(
          rows.map((c) => ({
            organisation_id: c.scope.organisationId,
            environment: c.scope.environment,
            key_hash: c.scope.keyHash,
            fingerprint: c.fingerprint,
            state: 'IN_FLIGHT' as const,
            fencing_token: 1,
            lease_expires_at: c.lease,
            created_at: c.now,
          })),
        )
        .onConflict((oc) => oc.columns(['organisation_id', 'environment', 'key_hash']).doNothing())
        .returning(['organisation_id', 'environment', 'key_hash'])
        .execute();
      const won = new Set(inserted.map((r) => scopeKey(r.organisation_id, r.environment, r.key_hash)));
      return claims.map((c, i) => {
        const k = scopeKey(c.scope.organisationId, c.scope.environment, c.scope.keyHash);
        return { value: first.get(k) === i && won.has(k) };
      });
    },
  });

  return {
    /**
     * The key's scope: organisation, key type and the key. A route other than the verifications names
     * its own namespace, so one key value used on two kinds of request never collides.
     */
    scope(organisationId: string, environment: KeyType, key: string, namespace?: string): IdempotencyScope {
      return { organisationId, environment, keyHash: cipher.keyedHash('idempotency-key', namespace === undefined ? key : `${namespace}\n${key}`) };
    },

    /** HMAC of method, path and the RFC 8785 canonical body: the request, never stored in clear. */
    fingerprint(method: string, path: string, body: unknown): Buffer {
      return cipher.keyedHash('idempotency-fingerprint', `${method} ${path}\n${canonicalize(body ?? null) ?? 'null'}`);
    },

    /**
     * Claims the key, or answers 409 / 202, or returns the stored answer to replay. With
     * `awaitInFlightMs`, a duplicate of a request in flight waits up to that long (a short local
     * operation) for its answer before it is told 202.
     */
    async claim(scope: IdempotencyScope, fingerprint: Buffer, options: { awaitInFlightMs?: number } = {}): Promise<Claim> {
      const waitUntil = Date.now() + (options.awaitInFlightMs ?? 0);
      let pause = 5;
      for (let attempt = 0, waits = 0; attempt < 3 && waits < 1_000; attempt++) {
        const now = clock.now();
        const lease = new Date(now.getTime() + deps.leaseMs);
        // A new key is claimed by one multi-row insert shared with the claims of concurrent requests.
        let inserted: boolean;
        try {
          inserted = await fresh.submit({ scope, fingerprint, lease, now });
        } catch (err) {
          // The scope's organisation does not exist (foreign key): the request's own 404.
          if ((err as { code?: unknown }).code === '23503') throw notFound('Organisation not found');
          throw err;
        }
        if (inserted) return { kind: 'claimed', scope, token: 1 };

        const row = await db.selectFrom('idempotency_requests').selectAll().where(where(scope)).executeTakeFirst();
        if (!row) continue; // purged meanwhile: claim again
        const storedLive = row.state === 'STORED' && row.expires_at !== null && row.expires_at.getTime() > now.getTime();
        const leaseLive = row.state === 'IN_FLIGHT' && row.lease_expires_at.getTime() > now.getTime();
        if ((storedLive || leaseLive) && !constantTimeEqual(Buffer.from(row.fingerprint), fingerprint)) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
        }
        if (storedLive) {
          return { kind: 'replay', status: row.response_status!, body: cipher.decrypt(row.response_ciphertext!).toString('utf8'), facts: row.facts ?? null };
        }
        if (leaseLive) {
          if (Date.now() >= waitUntil) throw requestInProgress();
          await sleep(Math.min(pause, Math.max(1, waitUntil - Date.now())));
          pause = Math.min(pause * 2, 100);
          waits++;
          attempt--; // waiting is not a lost race
          continue;
        }
        // A lease left by a crashed process, or an answer past its window: take it over with a new token.
        const taken = await db
          .updateTable('idempotency_requests')
          .set({
            state: 'IN_FLIGHT',
            fingerprint,
            fencing_token: sql`fencing_token + 1`,
            lease_expires_at: lease,
            response_status: null,
            response_ciphertext: null,
            facts: null,
            expires_at: null,
            created_at: now,
          })
          .where(where(scope))
          .where('fencing_token', '=', row.fencing_token)
          .returning('fencing_token')
          .executeTakeFirst();
        if (taken) return { kind: 'claimed', scope, token: taken.fencing_token };
        throw requestInProgress();
      }
      throw requestInProgress();
    },

    /**
     * A new key's claim for a statement that inserts it beside other work in one transaction (the
     * claim and hold of a live verification): the same row claim() inserts for a key never seen, under
     * the same lease. A 'conflict' there is settled by claim(), the single-key path.
     */
    newClaim(scope: IdempotencyScope, fingerprint: Buffer): { row: NewClaimRow; claim: HeldClaim } {
      const now = clock.now();
      return {
        row: {
          organisationId: scope.organisationId,
          environment: scope.environment,
          keyHashHex: scope.keyHash.toString('hex'),
          fingerprintHex: fingerprint.toString('hex'),
          leaseExpiresAt: new Date(now.getTime() + deps.leaseMs).toISOString(),
          createdAt: now.toISOString(),
        },
        claim: { scope, token: 1 },
      };
    },

    /** Keeps an answer for 24 hours, in the caller's transaction; a stale token is fenced out (FencedError). */
    async store(trx: Kysely<DB>, claim: HeldClaim, answer: StoredAnswer): Promise<void> {
      const now = clock.now();
      const res = await trx
        .updateTable('idempotency_requests')
        .set({
          state: 'STORED',
          response_status: answer.status,
          response_ciphertext: cipher.encrypt(answer.body),
          facts: answer.facts === undefined || answer.facts === null ? null : sql`${JSON.stringify(answer.facts)}::jsonb`,
          expires_at: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
        })
        .where(where(claim.scope))
        .where('fencing_token', '=', claim.token)
        .where('state', '=', 'IN_FLIGHT')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new FencedError();
    },

    /** Keeps an answer on its own, for an operation that had no transaction of its own to keep it in. */
    async storeNow(claim: HeldClaim, answer: StoredAnswer): Promise<void> {
      await db.transaction().execute((trx) => this.store(trx, claim, answer));
    },

    /**
     * The answer sealed (body encrypted) for a settlement statement that stores it in its own
     * transaction, fenced by the same token: the one SQL writer besides store().
     */
    seal(claim: HeldClaim, answer: StoredAnswer): SealedAnswer {
      return {
        organisationId: claim.scope.organisationId,
        environment: claim.scope.environment,
        keyHashHex: claim.scope.keyHash.toString('hex'),
        token: claim.token,
        status: answer.status,
        body: cipher.encrypt(answer.body),
        facts: answer.facts ?? null,
        expiresAt: new Date(clock.now().getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
      };
    },

    /** Forgets a claim whose outcome is not kept, so a retry runs again. */
    async clear(claim: HeldClaim): Promise<void> {
      await db
        .deleteFrom('idempotency_requests')
        .where(where(claim.scope))
        .where('fencing_token', '=', claim.token)
        .where('state', '=', 'IN_FLIGHT')
        .execute();
    },

    /**
     * Deletes answers past their window and leases abandoned long ago (a sweeper), in batches
     * (platform/purge.ts): each kind in the order of its own partial index (the states are literals, so
     * the planner matches the index's predicate in any plan), deleted by primary key with the condition
     * checked again, so a lease taken over meanwhile is kept.
     */
    async purgeExpired(only?: { organisationId: string }, options?: PurgeOptions): Promise<number> {
      const now = clock.now();
      const abandonedBefore = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS);
      type Due = (eb: ExpressionBuilder<DB, 'idempotency_requests'>) => Expression<SqlBool>;
      const batchOf = (due: Due, order: 'expires_at' | 'lease_expires_at') => {
        // One organisation's only: tests that move their own clock must not purge other tests' answers.
        const scoped: Due = (eb) => (only ? eb.and([eb('organisation_id', '=', only.organisationId), due(eb)]) : due(eb));
        return async (limit: number): Promise<bigint> => {
          const res = await db
            .deleteFrom('idempotency_requests')
            .where((eb) =>
              eb(
                eb.refTuple('organisation_id', 'environment', 'key_hash'),
                'in',
                eb
                  .selectFrom('idempotency_requests')
                  .select(['organisation_id', 'environment', 'key_hash'])
                  .where(scoped)
                  .orderBy(order)
                  .limit(limit)
                  .$asTuple('organisation_id', 'environment', 'key_hash'),
              ),
            )
            .where(scoped)
            .executeTakeFirst();
          return res.numDeletedRows;
        };
      };
      return purgeInBatches(
        [
          batchOf((eb) => eb.and([eb('state', '=', sql.lit('STORED')), eb('expires_at', '<', now)]), 'expires_at'),
          batchOf((eb) => eb.and([eb('state', '=', sql.lit('IN_FLIGHT')), eb('lease_expires_at', '<', abandonedBefore)]), 'lease_expires_at'),
        ],
        options,
      );
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
