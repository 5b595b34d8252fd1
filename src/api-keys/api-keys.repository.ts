import { sql, type Kysely } from 'kysely';
import type { DB, KeyType } from '../platform/schema.js';

export interface ApiKeyRow {
  id: string;
  organisation_id: string;
  name: string;
  type: KeyType;
  prefix: string;
  last4: string;
  rate_limit: number | null;
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = [
  'id', 'organisation_id', 'name', 'type', 'prefix', 'last4', 'rate_limit', 'expires_at', 'created_at',
  'last_used_at', 'revoked_at',
] as const;

/** SQL for API keys only; rules live in the service. */
export function createApiKeysRepository(db: Kysely<DB>) {
  return {
    async insert(
      trx: Kysely<DB>,
      row: {
        id: string; organisationId: string; name: string; type: KeyType; secretHash: Buffer; prefix: string;
        last4: string; rateLimit: number | null; expiresAt: Date | null; createdBy: string | null; createdAt: Date;
      },
    ): Promise<ApiKeyRow> {
      return trx
        .insertInto('api_keys')
        .values({
          id: row.id,
          organisation_id: row.organisationId,
          name: row.name,
          type: row.type,
          secret_hash: row.secretHash,
          prefix: row.prefix,
          last4: row.last4,
          rate_limit: row.rateLimit,
          expires_at: row.expiresAt,
          created_by: row.createdBy,
          created_at: row.createdAt,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async findByHash(secretHash: Buffer): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').select(COLUMNS).where('secret_hash', '=', secretHash).executeTakeFirst();
    },

    async listForOrganisation(organisationId: string): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .select(COLUMNS)
        .where('organisation_id', '=', organisationId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Marks a key revoked; the organisation is part of the match so no key of another tenant is touched. */
    async revoke(trx: Kysely<DB>, organisationId: string, keyId: string, at: Date, by: string | null) {
      return trx
        .updateTable('api_keys')
        .set({ revoked_at: sql`coalesce(revoked_at, ${at})`, revoked_by: sql`coalesce(revoked_by, ${by})` })
        .where('id', '=', keyId)
        .where('organisation_id', '=', organisationId)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    /** One statement for a whole batch of last-used times; a time never moves backwards. */
    async touchLastUsed(entries: Array<[string, Date]>): Promise<void> {
      if (entries.length === 0) return;
      const values = sql.join(entries.map(([id, at]) => sql`(${id}::text, ${at.toISOString()}::timestamptz)`));
      await sql`
        UPDATE api_keys AS k SET last_used_at = v.at
        FROM (VALUES ${values}) AS v (id, at)
        WHERE k.id = v.id AND (k.last_used_at IS NULL OR k.last_used_at < v.at)
      `.execute(db);
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
