import { createRequire } from 'node:module';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import type { DataCipher } from '../platform/crypto.js';
import { constantTimeEqual } from '../platform/crypto.js';
import { AppError } from '../platform/errors.js';
import { createGroupCommitter } from '../platform/group-commit.js';
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

export interface StoredAnswer {
  status: number;
  /** The response body exactly as first sent. */
  body: string;
  chargeAmountKobo: number;
  verificationId: string | null;
}

export type Claim = { kind: 'claimed'; scope: IdempotencyScope; token: number } | ({ kind: 'replay' } & StoredAnswer);

/** A settlement from a process whose lease was taken over: its result must not be kept. */
export class FencedError extends Error {
  constructor() {
    super('The idempotency lease was taken over by another attempt');
    this.name = 'FencedError';
  }
}

export function isValidIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY.test(value);
}

const inProgress = () =>
  new AppError('REQUEST_IN_PROGRESS', 'A request with this Idempotency-Key is still in progress; retry shortly', { headers: { 'retry-after': '1' } });

/**
 * The idempotency state machine of SPEC.md §3 / DESIGN.md §6: claim under a lease with a fencing
 * token, store a billable answer (encrypted) for 24 hours, clear a non-billable one so a retry runs
 * again, 409 for the same key with another request, 202 while the first attempt is in flight.
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
    scope(organisationId: string, environment: KeyType, key: string): IdempotencyScope {
      return { organisationId, environment, keyHash: cipher.keyedHash('idempotency-key', key) };
    },

    /** HMAC of method, path and the RFC 8785 canonical body: the request, never stored in clear. */
    fingerprint(method: string, path: string, body: unknown): Buffer {
      return cipher.keyedHash('idempotency-fingerprint', `${method} ${path}\n${canonicalize(body ?? null) ?? 'null'}`);
    },

    /** Claims the key, or answers 409 / 202, or returns the stored answer to replay. */
    async claim(scope: IdempotencyScope, fingerprint: Buffer): Promise<Claim> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = clock.now();
        const lease = new Date(now.getTime() + deps.leaseMs);
        // A new key is claimed by one multi-row insert shared with the claims of concurrent requests.
        if (await fresh.submit({ scope, fingerprint, lease, now })) return { kind: 'claimed', scope, token: 1 };

        const row = await db.selectFrom('idempotency_requests').selectAll().where(where(scope)).executeTakeFirst();
        if (!row) continue; // purged meanwhile: claim again
        const storedLive = row.state === 'STORED' && row.expires_at !== null && row.expires_at.getTime() > now.getTime();
        const leaseLive = row.state === 'IN_FLIGHT' && row.lease_expires_at.getTime() > now.getTime();
        if ((storedLive || leaseLive) && !constantTimeEqual(Buffer.from(row.fingerprint), fingerprint)) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
        }
        if (storedLive) {
          return {
            kind: 'replay',
            status: row.response_status!,
            body: cipher.decrypt(row.response_ciphertext!).toString('utf8'),
            chargeAmountKobo: row.charge_amount_kobo ?? 0,
            verificationId: row.verification_id,
          };
        }
        if (leaseLive) throw inProgress();
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
            charge_amount_kobo: null,
            verification_id: null,
            expires_at: null,
            created_at: now,
          })
          .where(where(scope))
          .where('fencing_token', '=', row.fencing_token)
          .returning('fencing_token')
          .executeTakeFirst();
        if (taken) return { kind: 'claimed', scope, token: taken.fencing_token };
        throw inProgress();
      }
      throw inProgress();
    },

    /** Keeps a billable answer for 24 hours, in the settlement's transaction; a stale token is fenced out. */
    async store(trx: Kysely<DB>, claim: { scope: IdempotencyScope; token: number }, answer: StoredAnswer): Promise<void> {
      const now = clock.now();
      const res = await trx
        .updateTable('idempotency_requests')
        .set({
          state: 'STORED',
          response_status: answer.status,
          response_ciphertext: cipher.encrypt(answer.body),
          charge_amount_kobo: answer.chargeAmountKobo,
          verification_id: answer.verificationId,
          expires_at: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
        })
        .where(where(claim.scope))
        .where('fencing_token', '=', claim.token)
        .where('state', '=', 'IN_FLIGHT')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new FencedError();
    },

    /** Stores the answer and writes its record in one transaction (test keys: no money moves). */
    async storeWith(writeRecord: (trx: Kysely<DB>) => Promise<void>, claim: { scope: IdempotencyScope; token: number }, answer: StoredAnswer) {
      await db.transaction().execute(async (trx) => {
        await writeRecord(trx);
        await this.store(trx, claim, answer);
      });
    },

    /** Forgets a claim whose outcome was not billable, so a retry runs again. */
    async clear(claim: { scope: IdempotencyScope; token: number }): Promise<void> {
      await db
        .deleteFrom('idempotency_requests')
        .where(where(claim.scope))
        .where('fencing_token', '=', claim.token)
        .where('state', '=', 'IN_FLIGHT')
        .execute();
    },

    /** Deletes answers past their window and leases abandoned long ago (a sweeper). */
    async purgeExpired(only?: { organisationId: string }): Promise<number> {
      const now = clock.now();
      let q = db.deleteFrom('idempotency_requests');
      // One organisation's only: tests that move their own clock must not purge other suites' answers.
      if (only) q = q.where('organisation_id', '=', only.organisationId);
      const res = await q
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'STORED'), eb('expires_at', '<', now)]),
            eb.and([eb('state', '=', 'IN_FLIGHT'), eb('lease_expires_at', '<', new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS))]),
          ]),
        )
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
