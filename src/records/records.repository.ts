import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { DataCipher } from '../platform/crypto.js';
import { maskIdentifier } from '../platform/crypto.js';
import { createGroupCommitter } from '../platform/group-commit.js';
import { preparedSql } from '../platform/postgres.js';
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

/** The stored columns a record is written with, and their types (migrations/0001_foundation.sql and after). */
export const RECORD_COLUMN_TYPES = {
  id: 'text', organisation_id: 'text', type: 'text', endpoint: 'text', environment: 'text', verification_status: 'text',
  error_code: 'text', http_status: 'smallint', charged: 'boolean', charge_amount_kobo: 'bigint', reference_id: 'text',
  identifier_type: 'text', identifier_ciphertext: 'bytea', identifier_hash: 'bytea', identifier_masked: 'text', purpose: 'text',
  request_reason: 'text', api_key_id: 'text', request_id: 'text', duration_ms: 'integer', replay_of: 'text', resolved_by: 'text',
  created_at: 'timestamptz',
} as const satisfies { [K in Exclude<keyof VerificationRecordsTable, 'created_xid'>]-?: string };
const RECORD_COLUMNS = Object.keys(RECORD_COLUMN_TYPES) as Array<keyof typeof RECORD_COLUMN_TYPES>;

/** An event row written in the same statement as its record (the events capability builds it: src/events/). */
export interface RecordEvent {
  id: string;
  type: string;
  body: string;
}

/**
 * The records of a batch and their events, in one statement whatever the batch's size: one array per
 * column, unnested into rows (a data-modifying CTE writes the records, the statement their events, so
 * both are written or neither). One text for every batch, so it is prepared once per connection
 * (preparedSql): a multi-row VALUES list was parsed and planned anew for each batch, 40 % of
 * PostgreSQL's time for a batch of eight. An event's organisation, environment and instant are its record's.
 *
 * The events' bodies go as one text, joined by EVENT_BODY_SEPARATOR and split by string_to_array, not as
 * a text[]: pg escapes each element of an array (every quote of a ~650-byte JSON body), 3 µs a body and
 * the largest part of the statement's parameters; a join costs nothing. The instants go as ISO text for
 * the same reason (pg formats a Date in an array in local time, 0.8 µs each).
 */
const INSERT_RECORDS_SQL = preparedSql(
  `WITH input AS (SELECT * FROM unnest(${[
    ...RECORD_COLUMNS.map((c, i) => `$${i + 1}::${RECORD_COLUMN_TYPES[c]}[]`),
    ...['event_id', 'event_type'].map((_, i) => `$${RECORD_COLUMNS.length + i + 1}::text[]`),
    `string_to_array($${RECORD_COLUMNS.length + 3}::text, E'\\x1e', '')`,
  ].join(', ')}) AS t(${RECORD_COLUMNS.join(', ')}, event_id, event_type, event_body)), ` +
    `recorded AS (INSERT INTO verification_records (${RECORD_COLUMNS.join(', ')}) SELECT ${RECORD_COLUMNS.join(', ')} FROM input) ` +
    `INSERT INTO events (id, organisation_id, type, environment, body, created_at) ` +
    `SELECT event_id, organisation_id, event_type, environment, event_body, created_at FROM input WHERE event_id IS NOT NULL`,
);

/**
 * Between two event bodies in a statement's one text of bodies. A body is JSON.stringify's output, in
 * which a control character is always escaped: it never holds this one. An empty field is a row
 * without an event (NULL).
 */
const EVENT_BODY_SEPARATOR = '\x1e';

/**
 * The event bodies of a batch as one text, one field per row in order (split in SQL by
 * `string_to_array(text, E'\x1e', '')`): this statement's, and the settlement's
 * (migrations/functions/verification_settle.sql). A body that is empty or holds the separator is
 * refused before anything is written.
 */
export function joinEventBodies(events: ReadonlyArray<{ id: string; body: string } | null>): string {
  const bodies = new Array<string>(events.length);
  events.forEach((event, i) => {
    if (event && (event.body.length === 0 || event.body.includes(EVENT_BODY_SEPARATOR))) throw new Error(`event ${event.id}: a body must be non-empty JSON text`);
    bodies[i] = event?.body ?? '';
  });
  return bodies.join(EVENT_BODY_SEPARATOR);
}

export function insertRecordsWithEventsQuery(items: ReadonlyArray<{ row: Insertable<VerificationRecordsTable>; event: RecordEvent | null }>): CompiledQuery {
  const columns: unknown[][] = Array.from({ length: RECORD_COLUMNS.length + 2 }, () => new Array<unknown>(items.length));
  items.forEach(({ row, event }, r) => {
    RECORD_COLUMNS.forEach((c, i) => {
      const value = row[c];
      columns[i]![r] = value instanceof Date ? value.toISOString() : (value ?? null);
    });
    columns[RECORD_COLUMNS.length]![r] = event?.id ?? null;
    columns[RECORD_COLUMNS.length + 1]![r] = event?.type ?? null;
  });
  return CompiledQuery.raw(INSERT_RECORDS_SQL, [...columns, joinEventBodies(items.map((item) => item.event))]);
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

/** The query of recordsPage (its plans are tested: test/e2e/records-plans.test.ts). */
export function recordsPageQuery(db: Kysely<DB>, organisationId: string, filters: RecordFilters, limit: number, after: Position | null) {
  let q = applyRecordFilters(db.selectFrom('verification_records').select(RECORD_VIEW_SELECT).where('organisation_id', '=', organisationId), filters);
  if (after) q = q.where(olderThan(after));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1);
}

/** One page of an organisation's records, newest first by (created_at, id), `limit + 1` rows to tell if more follow. */
export function recordsPage(db: Kysely<DB>, organisationId: string, filters: RecordFilters, limit: number, after: Position | null) {
  return recordsPageQuery(db, organisationId, filters, limit, after).execute();
}

/** One record of an organisation, of either environment, or undefined (another organisation's too). */
export function findRecord(db: Kysely<DB>, organisationId: string, id: string) {
  return db.selectFrom('verification_records').select(RECORD_VIEW_SELECT).where('id', '=', id).where('organisation_id', '=', organisationId).executeTakeFirst();
}
