import { Type } from '@sinclair/typebox';
import { sql, type Selectable } from 'kysely';
import { koboToNaira } from '../platform/money.js';
import type { VerificationRecordsTable } from '../platform/schema.js';
import { StringEnum } from '../platform/typebox.js';

/**
 * The record view of DESIGN.md §10.1: what the records API, the exports and events show of a stored
 * record. Every field of the table is always present; `resolvedBy` (an addition to the table) is
 * present only on the records that have it: enhanced phone lookups, naming the path that answered.
 */
export interface RecordView {
  id: string;
  type: string;
  endpoint: string;
  environment: 'live' | 'test';
  verificationStatus: 'VERIFIED' | 'NOT_VERIFIED' | null;
  errorCode: string | null;
  httpStatus: number;
  charged: boolean;
  /** Naira; 0 when not charged. */
  chargeAmount: number;
  referenceId: string | null;
  identifierType: 'NIN' | 'BVN' | 'TIN' | 'PHONE' | 'RC_NUMBER';
  /** Normalised and masked: every character but the last four is `*`. */
  identifier: string;
  purpose: string | null;
  requestReason: string | null;
  apiKeyId: string;
  requestId: string;
  durationMs: number;
  replayOf: string | null;
  createdAt: string;
  resolvedBy?: 'RESOLUTION_PROVIDER' | 'REGISTER_PHONE_LOOKUP';
}

/** The export columns, in the order of DESIGN.md §10.2 (resolvedBy is not a column). */
export const RECORD_COLUMNS = [
  'id', 'createdAt', 'environment', 'type', 'endpoint', 'verificationStatus', 'errorCode', 'httpStatus',
  'charged', 'chargeAmount', 'referenceId', 'identifierType', 'identifier', 'purpose', 'requestReason',
  'apiKeyId', 'requestId', 'durationMs', 'replayOf',
] as const satisfies ReadonlyArray<keyof RecordView>;

/** The columns of a stored record the view reads (never the identifier's ciphertext or hash). */
export const RECORD_VIEW_SELECT = [
  'id', 'type', 'endpoint', 'environment', 'verification_status', 'error_code', 'http_status', 'charged',
  'charge_amount_kobo', 'reference_id', 'identifier_type', 'identifier_masked', 'purpose', 'request_reason',
  'api_key_id', 'request_id', 'duration_ms', 'replay_of', 'resolved_by', 'created_at',
] as const satisfies ReadonlyArray<keyof VerificationRecordsTable>;

export type RecordViewRow = Pick<Selectable<VerificationRecordsTable>, (typeof RECORD_VIEW_SELECT)[number]>;

/** A stored record as its view: naira from kobo, the identifier as stored (masked), times in ISO UTC. */
export function recordView(row: RecordViewRow): RecordView {
  return recordViewAt(row, new Date(row.created_at).toISOString());
}

/**
 * created_at as the view prints it (ISO 8601 UTC, milliseconds), formatted by PostgreSQL: a bulk read
 * (an export's million rows) selects this instead of created_at, and skips parsing a Date per row only
 * to print it again. Records' times are whole milliseconds (the clock's), so nothing is cut. Its own
 * name, never `created_at`: ORDER BY created_at must still mean the column (and its index), not this text.
 */
export const CREATED_AT_ISO_SQL = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const CREATED_AT_ISO = sql<string>`${sql.raw(CREATED_AT_ISO_SQL)}`.as('created_iso');

/** The view of a row read with CREATED_AT_ISO in place of created_at. */
export function recordViewAt(row: Omit<RecordViewRow, 'created_at'>, createdAt: string): RecordView {
  const view: RecordView = {
    id: row.id,
    type: row.type,
    endpoint: row.endpoint,
    environment: row.environment,
    verificationStatus: row.verification_status,
    errorCode: row.error_code,
    httpStatus: Number(row.http_status),
    charged: row.charged,
    chargeAmount: koboToNaira(Number(row.charge_amount_kobo)),
    referenceId: row.reference_id,
    identifierType: row.identifier_type,
    identifier: row.identifier_masked,
    purpose: row.purpose,
    requestReason: row.request_reason,
    apiKeyId: row.api_key_id,
    requestId: row.request_id,
    durationMs: Number(row.duration_ms),
    replayOf: row.replay_of,
    createdAt,
  };
  if (row.resolved_by) view.resolvedBy = row.resolved_by;
  return view;
}

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

/** The OpenAPI component `VerificationRecord`. */
export const RecordViewSchema = Type.Object(
  {
    id: Type.String({ description: '`ver_…`: the verificationId of the answer', examples: ['ver_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
    type: Type.String({ description: 'Service code (GET /v1/services)', examples: ['NIN_LOOKUP'] }),
    endpoint: Type.String({ description: 'The path called', examples: ['/v1/nin/raw/lookup'] }),
    environment: StringEnum(['live', 'test'] as const, { description: 'The type of the API key' }),
    verificationStatus: Type.Union([StringEnum(['VERIFIED', 'NOT_VERIFIED'] as const), Type.Null()], { description: 'Null when no verdict came back' }),
    errorCode: Nullable(Type.String({ description: 'The code of a call without a verdict (PROVIDER_ERROR, PROVIDER_UNAVAILABLE, PROVIDER_TIMEOUT, PROVIDER_RATE_LIMITED, INTERNAL_ERROR)' })),
    httpStatus: Type.Integer({ description: 'The status returned to the caller', examples: [200] }),
    charged: Type.Boolean({ description: 'Always false on test keys' }),
    chargeAmount: Type.Number({ description: 'Naira; 0 when not charged', examples: [150] }),
    referenceId: Nullable(Type.String({ description: 'As in the answer; null without a verdict' })),
    identifierType: StringEnum(['NIN', 'BVN', 'TIN', 'PHONE', 'RC_NUMBER'] as const),
    identifier: Type.String({ description: 'Normalised (phone in E.164) and masked but for the last four characters', examples: ['*******1111'] }),
    purpose: Nullable(Type.String({ description: 'CAC only' })),
    requestReason: Nullable(Type.String({ description: 'NIN lookup, NIN face match and enhanced phone lookup only' })),
    apiKeyId: Type.String({ description: 'The `key_…` that made the call' }),
    requestId: Type.String({ description: "The call's X-Request-Id" }),
    durationMs: Type.Integer({ description: "From the request's arrival to its settlement" }),
    replayOf: Nullable(Type.String({ description: 'For a replay, the `ver_…` of the original' })),
    createdAt: Type.String({ format: 'date-time', description: 'The settlement instant, ISO 8601 UTC with milliseconds' }),
    resolvedBy: Type.Optional(
      StringEnum(['RESOLUTION_PROVIDER', 'REGISTER_PHONE_LOOKUP'] as const, { description: 'Enhanced phone lookup only (an addition to DESIGN.md §10.1): the path that answered; absent on other records' }),
    ),
  },
  { title: 'VerificationRecord', description: 'One verification call that reached the provider stage (DESIGN.md §10.1). No name, clear identifier, image or registry field is ever part of it.' },
);
