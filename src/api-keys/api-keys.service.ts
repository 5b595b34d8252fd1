import type { Kysely } from 'kysely';
import type { CacheEpoch } from '../platform/cache-epoch.js';
import { EpochCache, publishOrFail } from '../platform/cache-epoch.js';
import type { Clock } from '../platform/clock.js';
import { randomBase62, sha256 } from '../platform/crypto.js';
import { notFound, unauthenticated, validationError, type FieldError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import type { DB, KeyType } from '../platform/schema.js';
import { createApiKeysRepository, type ApiKeyRow } from './api-keys.repository.js';
import { writeEvent } from '../events/events.service.js';

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
const SECRET_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{32,128}$/;
const SECRET_RANDOM_LENGTH = 40;

/** What a request authenticated by an API key carries through the pipeline. */
export interface AuthenticatedKey {
  id: string;
  organisationId: string;
  type: KeyType;
  rateLimitPerMinute: number;
}

/** The listing view of DESIGN.md §9: metadata only, never the secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  type: KeyType;
  prefix: string;
  last4: string;
  rateLimit: number;
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreateApiKeyInput {
  organisationId: string;
  name: string;
  type: KeyType;
  rateLimit?: number | undefined;
  expiresInDays?: number | undefined;
  createdBy?: string | null;
}

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    prefix: row.prefix,
    last4: row.last4,
    rateLimit: row.rate_limit ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
  };
}

/** Checks the field limits of DESIGN.md §9, for HTTP and the CLI alike. */
export function validateCreateApiKey(input: CreateApiKeyInput): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof input.name !== 'string' || input.name.trim().length < 1 || input.name.length > 100) {
    errors.push({ field: 'name', message: 'must be 1 to 100 characters' });
  }
  if (input.type !== 'test' && input.type !== 'live') errors.push({ field: 'type', message: 'must be one of: test, live' });
  if (input.rateLimit !== undefined && (!Number.isInteger(input.rateLimit) || input.rateLimit < 1 || input.rateLimit > 1_000_000)) {
    errors.push({ field: 'rateLimit', message: 'must be a whole number from 1 to 1000000' });
  }
  if (
    input.expiresInDays !== undefined &&
    (!Number.isInteger(input.expiresInDays) || input.expiresInDays < 1 || input.expiresInDays > 3650)
  ) {
    errors.push({ field: 'expiresInDays', message: 'must be a whole number from 1 to 3650' });
  }
  return errors;
}

interface CachedKey {
  key: AuthenticatedKey;
  expiresAtMs: number | null;
  revoked: boolean;
}

/** What the key service needs of notifications: an email to the organisation's OWNERs and ADMINs. */
export interface KeyNotifier {
  notifyOrgAdmins(trx: Kysely<DB>, organisationId: string, templateName: string, variables: Record<string, string>): Promise<unknown>;
  kick(): void;
}

const keyVariables = (row: ApiKeyRow) => ({ keyName: row.name, keyType: row.type, last4: row.last4 });

export function createApiKeyService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  epoch: CacheEpoch;
  /** Emails OWNERs and ADMINs (api-key-created, api-key-revoked) in the transaction of the change (DESIGN.md §11.1). */
  notifications?: KeyNotifier;
  /** Longest a cached key is trusted even if the epoch never moved. */
  cacheMaxAgeMs?: number;
}) {
  const { db, clock, ids, epoch } = deps;
  const repo = createApiKeysRepository(db);
  const cache = new EpochCache<CachedKey | null>(50_000, deps.cacheMaxAgeMs ?? 60_000);
  // Last-used times are buffered and written in one statement per flush, off the request path.
  const lastUsed = new Map<string, Date>();

  async function load(secretHash: Buffer): Promise<CachedKey | null> {
    const row = await repo.findByHash(secretHash);
    if (!row) return null;
    return {
      key: {
        id: row.id,
        organisationId: row.organisation_id,
        type: row.type,
        rateLimitPerMinute: row.rate_limit ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
      },
      expiresAtMs: row.expires_at ? row.expires_at.getTime() : null,
      revoked: row.revoked_at !== null,
    };
  }

  return {
    /** Creates a key; the secret is returned here and never again. */
    async create(input: CreateApiKeyInput): Promise<{ key: ApiKeyView; secret: string }> {
      const errors = validateCreateApiKey(input);
      if (errors.length > 0) throw validationError(errors);
      const org = await db.selectFrom('organisations').select('id').where('id', '=', input.organisationId).executeTakeFirst();
      if (!org) throw notFound('Organisation not found');
      const secret = `sk_${input.type}_${randomBase62(SECRET_RANDOM_LENGTH)}`;
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insert(trx, {
          id: ids.next('key'),
          organisationId: input.organisationId,
          name: input.name.trim(),
          type: input.type,
          secretHash: sha256(secret),
          prefix: secret.slice(0, 12),
          last4: secret.slice(-4),
          rateLimit: input.rateLimit ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
          expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null,
          createdBy: input.createdBy ?? null,
          createdAt: now,
        });
        // Its api_key.created event (DESIGN.md §11.2), in this transaction: the listing view plus createdBy (null from the CLI).
        await writeEvent(trx, ids, { organisationId: input.organisationId, type: 'api_key.created', environment: 'live', createdAt: now, data: { ...toApiKeyView(inserted), createdBy: input.createdBy ?? null } });
        await deps.notifications?.notifyOrgAdmins(trx, input.organisationId, 'api-key-created', keyVariables(inserted));
        return inserted;
      });
      deps.notifications?.kick();
      return { key: toApiKeyView(row), secret };
    },

    /** The organisation's keys, newest first, metadata only. */
    async list(organisationId: string): Promise<ApiKeyView[]> {
      return (await repo.listForOrganisation(organisationId)).map(toApiKeyView);
    },

    /** Revokes a key of this organisation; refused on every process from the next request on. */
    async revoke(organisationId: string, keyId: string, by: string | null = null): Promise<ApiKeyView> {
      const row = await db.transaction().execute(async (trx) => {
        const at = clock.now();
        const revoked = await repo.revoke(trx, organisationId, keyId, at, by);
        if (revoked) await epoch.bump(trx);
        // Only the revocation that happened now is told (a repeated revoke changes nothing).
        if (revoked && revoked.revoked_at?.getTime() === at.getTime()) {
          // Its api_key.revoked event (DESIGN.md §11.2), in this transaction: the listing view plus revokedBy.
          await writeEvent(trx, ids, { organisationId, type: 'api_key.revoked', environment: 'live', createdAt: at, data: { ...toApiKeyView(revoked), revokedBy: by } });
          await deps.notifications?.notifyOrgAdmins(trx, organisationId, 'api-key-revoked', keyVariables(revoked));
        }
        return revoked;
      });
      if (!row) throw notFound('API key not found');
      deps.notifications?.kick();
      await publishOrFail(epoch);
      return toApiKeyView(row);
    },

    /**
     * Resolves an x-api-key header to its key, or throws 401 for every way it can be wrong. Also
     * returns the cache epoch it read, so later cache checks of the same request need no second read.
     *
     * `provisional`: for a live verification, whose start (one database call) checks the counter
     * itself. A live key cached under the value this process last read is taken without reading the
     * counter (`provisional: true` in the answer): the caller must not act on it (answer, refuse, call
     * out, write) before that check, or before `epoch.read()` says the value still holds
     * (src/verifications/pipeline.ts). Anything else, a refusal above all, reads the counter first.
     */
    async authenticate(
      secret: string | undefined,
      options: { provisional?: boolean } = {},
    ): Promise<{ key: AuthenticatedKey; epoch: number | null; provisional: boolean }> {
      if (secret === undefined || secret === '') throw unauthenticated('The x-api-key header is missing');
      if (!SECRET_PATTERN.test(secret)) throw unauthenticated('The API key is malformed');
      const hash = sha256(secret);
      const cacheKey = hash.toString('base64');
      const nowMs = clock.now().getTime();
      const peeked = options.provisional ? epoch.peek() : null;
      if (peeked !== null) {
        const cached = cache.get(cacheKey, peeked, nowMs);
        // Its last use is told by touch() once the counter is confirmed: a key revoked meanwhile was not used.
        if (cached && cached.key.type === 'live' && !cached.revoked && (cached.expiresAtMs === null || cached.expiresAtMs > nowMs)) {
          return { key: cached.key, epoch: peeked, provisional: true };
        }
      }
      const current = await epoch.read();
      let entry = cache.get(cacheKey, current, nowMs);
      if (entry === undefined) {
        entry = await load(hash);
        cache.set(cacheKey, entry, current, nowMs);
      }
      if (entry === null) throw unauthenticated('The API key is not recognised');
      if (entry.revoked) throw unauthenticated('The API key has been revoked');
      if (entry.expiresAtMs !== null && entry.expiresAtMs <= nowMs) throw unauthenticated('The API key has expired');
      lastUsed.set(entry.key.id, new Date(nowMs));
      return { key: entry.key, epoch: current, provisional: false };
    },

    /** A provisionally authenticated key's use, once confirmed (buffered with the others' last-used times). */
    touch(keyId: string): void {
      lastUsed.set(keyId, clock.now());
    },

    /** Whether the revocation counter still reads `observed` (a provisional request's confirmation); false when it cannot be read. */
    async epochIs(observed: number): Promise<boolean> {
      return (await epoch.read()) === observed;
    },

    /** Writes buffered last-used times; called on a timer and at shutdown. */
    async flushLastUsed(): Promise<void> {
      if (lastUsed.size === 0) return;
      const entries = [...lastUsed.entries()];
      lastUsed.clear();
      try {
        await repo.touchLastUsed(entries);
      } catch (err) {
        // Keep them for the next flush; a newer time wins if one arrived meanwhile.
        for (const [id, at] of entries) if (!lastUsed.has(id)) lastUsed.set(id, at);
        throw err;
      }
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
