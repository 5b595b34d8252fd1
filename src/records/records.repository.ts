import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { DataCipher } from '../platform/crypto.js';
import { maskIdentifier } from '../platform/crypto.js';
import { createGroupCommitter } from '../platform/group-commit.js';
import type { DB, KeyType, VerificationRecordsTable } from '../platform/schema.js';
import { olderThan, type Position } from '../platform/paging.js';
import { applyRecordFilters, type RecordFilters } from './filters.js';
import { RECORD_VIEW_SELECT } from './view.js';

export type IdentifierType = VerificationRecordsTable['identifier_type'];

/** A record about to be written (DESIGN.md §10.1); the identifier is still in clear here. */
export interface NewVerificationRecord {
  id: string;
  organisationId: string;
  type: string;
  endpoint: string;
  environment: KeyType;
  verificationStatus: 'VERIFIED' | 'NOT_VERIFIED' | null;
  errorCode: string | null;
  httpStatus: number;
  charged: boolean;
  chargeAmountKobo: number;
  referenceId: string | null;
  identifierType: IdentifierType;
  /** Normalised identifier in clear: encrypted, hashed and masked before it is stored. */
  identifier: string;
  purpose: string | null;
  requestReason: string | null;
  apiKeyId: string;
  requestId: string;
  durationMs: number;
  replayOf: string | null;
  /** Enhanced phone lookup: the path that answered. */
  resolvedBy?: 'RESOLUTION_PROVIDER' | 'REGISTER_PHONE_LOOKUP' | null;
  createdAt: Date;
}

/** What an answer keeps durably beside its record, in clear until sealed. */
export interface RetainedPayload {
  audit: unknown;
  redacted: unknown;
}
export interface SealedPayload {
  audit: Buffer;
  redacted: Buffer;
}

/** The purpose under which identifiers are hashed for look-ups; one per identifier type. */
export const identifierHashPurpose = (type: IdentifierType) => `identifier:${type}`;

export function toRecordRow(cipher: DataCipher, r: NewVerificationRecord): Insertable<VerificationRecordsTable> {
  return {
    id: r.id,
    organisation_id: r.organisationId,
    type: r.type,
    endpoint: r.endpoint,
    environment: r.environment,
    verification_status: r.verificationStatus,
    error_code: r.errorCode,
    http_status: r.httpStatus,
    charged: r.charged,
    charge_amount_kobo: r.chargeAmountKobo,
    reference_id: r.referenceId,
    identifier_type: r.identifierType,
    identifier_ciphertext: cipher.encrypt(r.identifier),
    identifier_hash: cipher.keyedHash(identifierHashPurpose(r.identifierType), r.identifier),
    identifier_masked: maskIdentifier(r.identifier),
    purpose: r.purpose,
    request_reason: r.requestReason,
    api_key_id: r.apiKeyId,
    request_id: r.requestId,
    duration_ms: Math.max(0, Math.round(r.durationMs)),
    replay_of: r.replayOf,
    resolved_by: r.resolvedBy ?? null,
    created_at: r.createdAt,
  };
}

const RECORD_COLUMNS = [
  'id', 'organisation_id', 'type', 'endpoint', 'environment', 'verification_status', 'error_code', 'http_status',
  'charged', 'charge_amount_kobo', 'reference_id', 'identifier_type', 'identifier_ciphertext', 'identifier_hash',
  'identifier_masked', 'purpose', 'request_reason', 'api_key_id', 'request_id', 'duration_ms', 'replay_of', 'resolved_by', 'created_at',
] as const satisfies ReadonlyArray<keyof VerificationRecordsTable>;

const insertTexts = new Map<number, string>();

/**
 * One multi-row INSERT for a batch. The text is built once per batch size and the statement bypasses
 * the query builder: on the hottest write of the service its parsing cost more than the rest of the
 * record (measured with the benchmark's CPU profile).
 */
export function insertRecordsQuery(rows: ReadonlyArray<Insertable<VerificationRecordsTable>>): CompiledQuery {
  let text = insertTexts.get(rows.length);
  if (text === undefined) {
    const width = RECORD_COLUMNS.length;
    const tuples = rows.map((_, r) => `(${RECORD_COLUMNS.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
    text = `INSERT INTO verification_records (${RECORD_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
    if (insertTexts.size < 1_000) insertTexts.set(rows.length, text);
  }
  const params: unknown[] = [];
  for (const row of rows) for (const column of RECORD_COLUMNS) params.push(row[column] ?? null);
  return CompiledQuery.raw(text, params);
}

/** An event row written in the same statement as its record (the events capability builds it: src/events/). */
export interface RecordEvent {
  id: string;
  type: string;
  body: string;
}

const EVENT_COLUMNS = 6;

/**
 * The records of a batch and their events in one statement (a data-modifying CTE): both are written,
 * or neither. The event's organisation, environment and instant are its record's.
 */
export function insertRecordsWithEventsQuery(items: ReadonlyArray<{ row: Insertable<VerificationRecordsTable>; event: RecordEvent | null }>): CompiledQuery {
  const records = insertRecordsQuery(items.map((i) => i.row));
  const events = items.filter((i) => i.event !== null);
  if (events.length === 0) return records;
  const offset = records.parameters.length;
  const tuples = events.map((_, r) => `(${Array.from({ length: EVENT_COLUMNS }, (_, c) => `$${offset + r * EVENT_COLUMNS + c + 1}`).join(', ')})`);
  const text = `WITH recorded AS (${records.sql}) INSERT INTO events (id, organisation_id, type, environment, body, created_at) VALUES ${tuples.join(', ')}`;
  const params: unknown[] = [...records.parameters];
  for (const { row, event } of events) params.push(event!.id, row.organisation_id, event!.type, row.environment, event!.body, row.created_at);
  return CompiledQuery.raw(text, params);
}

/**
 * Verification records: the rows as stored, and their plain writer through group commit (the records
 * of concurrent requests go in one multi-row INSERT, each caller answered once its own row is
 * durable). A record written with money, an answer or a payload goes through the settlement
 * (src/verifications/settlement.ts) instead.
 */
export function createRecordWriter(deps: { db: Kysely<DB>; cipher: DataCipher; concurrency?: number }) {
  const committer = createGroupCommitter<{ row: Insertable<VerificationRecordsTable>; event: RecordEvent | null }>({
    concurrency: deps.concurrency ?? 1,
    flush: async (items) => {
      await deps.db.executeQuery(insertRecordsWithEventsQuery(items));
    },
  });
  return {
    /** Writes a stored row (and its event, in the same statement) through group commit; resolves once it is committed. */
    write: (row: Insertable<VerificationRecordsTable>, event: RecordEvent | null = null): Promise<void> => committer.submit({ row, event }),
    /** The encrypted payload an answer keeps durably beside its record (CAC Advance: audit and redacted copies). */
    sealPayload: (payload: RetainedPayload): SealedPayload => ({
      audit: deps.cipher.encrypt(JSON.stringify(payload.audit)),
      redacted: deps.cipher.encrypt(JSON.stringify(payload.redacted)),
    }),
    /** The row as stored (identifier encrypted, hashed and masked). */
    toRow: (record: NewVerificationRecord) => toRecordRow(deps.cipher, record),
    /** One record as stored (identifier encrypted), or undefined. */
    findRow: (id: string) => deps.db.selectFrom('verification_records').selectAll().where('id', '=', id).executeTakeFirst(),
    drain: () => committer.drain(),
  };
}

export type RecordWriter = ReturnType<typeof createRecordWriter>;

/** One page of an organisation's records, newest first by (created_at, id), `limit + 1` rows to tell if more follow. */
export function recordsPage(db: Kysely<DB>, organisationId: string, filters: RecordFilters, limit: number, after: Position | null) {
  let q = applyRecordFilters(db.selectFrom('verification_records').select(RECORD_VIEW_SELECT).where('organisation_id', '=', organisationId), filters);
  if (after) q = q.where(olderThan(after));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
}

/** One record of an organisation, of either environment, or undefined (another organisation's too). */
export function findRecord(db: Kysely<DB>, organisationId: string, id: string) {
  return db.selectFrom('verification_records').select(RECORD_VIEW_SELECT).where('id', '=', id).where('organisation_id', '=', organisationId).executeTakeFirst();
}
