import { Type, type Static } from '@sinclair/typebox';
import { sql, type SelectQueryBuilder } from 'kysely';
import { validationError, type FieldError } from '../platform/errors.js';
import type { DB, KeyType } from '../platform/schema.js';
import { StrictObject, StringEnum, withMessage } from '../platform/typebox.js';

/**
 * The record filters of DESIGN.md §10 (Lists, 10.1): the same names and rules in a query string
 * (comma-separated values) and in a JSON body (arrays), one normalised form, one WHERE builder.
 *
 * The valid service codes come in as an argument (pass `SERVICE_CODES` of catalogue/catalogue.ts):
 * records may not import the catalogue, which imports verifications, which write records (folder cycle).
 */

export const RECORD_STATUSES = ['VERIFIED', 'NOT_VERIFIED', 'FAILED'] as const;
export type RecordStatusFilter = (typeof RECORD_STATUSES)[number];
export const ENVIRONMENTS = ['live', 'test'] as const;

/** Filters after validation: arrays de-duplicated and checked, times as instants, `environment` defaulted. */
export interface RecordFilters {
  /** Service codes; absent = every type. */
  type?: string[];
  /** FAILED = no verdict (verificationStatus null). */
  status?: RecordStatusFilter[];
  environment: KeyType;
  apiKeyId?: string;
  /** Inclusive, on createdAt. */
  from?: Date;
  /** Exclusive, on createdAt. */
  to?: Date;
}

const API_KEY_ID = '^key_[A-Za-z0-9_-]{1,100}$';
const API_KEY_ID_RE = new RegExp(API_KEY_ID);
// A date-time with a zone: Z or ±hh:mm. A bare date (or a time without a zone) is refused.
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/;
const DATE_TIME_MESSAGE = 'must be an ISO 8601 date-time with Z or an offset, e.g. 2026-11-01T00:00:00Z';

/** An ISO 8601 date-time with `Z` or an offset as an instant, or null (bare dates, impossible days, 24:00). */
export function parseDateTime(value: string): Date | null {
  const m = DATE_TIME_RE.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (m[8] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateTimeQuery = (description: string) =>
  Type.Optional(Type.String({ maxLength: 40, pattern: DATE_TIME, description, examples: ['2026-11-01T00:00:00Z'], ...withMessage(DATE_TIME_MESSAGE) }));

/** The filter parameters of a query string (types and statuses comma-separated). Spread into a route's StrictObject. */
export const RecordFilterQueryProperties = {
  type: Type.Optional(
    Type.String({ minLength: 1, maxLength: 1000, description: 'Service codes (GET /v1/services), comma-separated', examples: ['NIN_LOOKUP,BVN_LOOKUP'] }),
  ),
  status: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'VERIFIED, NOT_VERIFIED, FAILED (no verdict), comma-separated', examples: ['VERIFIED,FAILED'] }),
  ),
  environment: Type.Optional(StringEnum(ENVIRONMENTS, { description: 'live (default) or test' })),
  apiKeyId: Type.Optional(Type.String({ pattern: API_KEY_ID, maxLength: 104, description: 'The key that made the call (`key_…`)', ...withMessage('must be an API key id (key_…)') })),
  from: dateTimeQuery('Inclusive, on createdAt: ISO 8601 with Z or an offset'),
  to: dateTimeQuery('Exclusive, on createdAt: ISO 8601 with Z or an offset'),
};

export const RecordFilterQuery = StrictObject(RecordFilterQueryProperties);
export type RecordFilterQueryInput = { [K in keyof typeof RecordFilterQueryProperties]?: string | undefined };

/** The same filters in a JSON body (export requests): arrays of 1–10 unique values. */
export const RecordFiltersBody = StrictObject(
  {
    type: Type.Optional(Type.Array(Type.String({ maxLength: 64, description: 'A service code (GET /v1/services)', examples: ['NIN_LOOKUP'] }), { minItems: 1, maxItems: 10, uniqueItems: true })),
    status: Type.Optional(Type.Array(StringEnum(RECORD_STATUSES), { minItems: 1, maxItems: 10, uniqueItems: true })),
    environment: Type.Optional(StringEnum(ENVIRONMENTS, { description: 'live (default) or test' })),
    apiKeyId: Type.Optional(Type.String({ pattern: API_KEY_ID, maxLength: 104, ...withMessage('must be an API key id (key_…)') })),
    from: Type.Optional(Type.String({ maxLength: 40, pattern: DATE_TIME, description: 'Inclusive', ...withMessage(DATE_TIME_MESSAGE) })),
    to: Type.Optional(Type.String({ maxLength: 40, pattern: DATE_TIME, description: 'Exclusive', ...withMessage(DATE_TIME_MESSAGE) })),
  },
  { description: 'The filters of GET /v1/verifications, with type and status as arrays' },
);
export type RecordFiltersBodyInput = Static<typeof RecordFiltersBody>;

const fail = (errors: FieldError[]) => validationError(errors, errors.length === 1 ? `${errors[0]!.field} ${errors[0]!.message}` : 'The filters are invalid');

function splitList(raw: string): string[] {
  return raw.split(',').map((v) => v.trim());
}

function checkTimes(from: string | undefined, to: string | undefined, name: (f: string) => string, errors: FieldError[]): { from?: Date; to?: Date } {
  const out: { from?: Date; to?: Date } = {};
  for (const [key, raw] of [['from', from], ['to', to]] as const) {
    if (raw === undefined) continue;
    const date = parseDateTime(raw);
    if (date === null) errors.push({ field: name(key), message: DATE_TIME_MESSAGE });
    else out[key] = date;
  }
  if (out.from && out.to && out.from.getTime() >= out.to.getTime()) errors.push({ field: name('from'), message: 'must be before to' });
  return out;
}

/**
 * The record filters of a query string, validated (400 naming the parameter) and normalised. Run it
 * after the route's schema (RecordFilterQueryProperties), which already refused unknown parameters.
 */
export function parseRecordFilterQuery(query: RecordFilterQueryInput, serviceCodes: readonly string[]): RecordFilters {
  const errors: FieldError[] = [];
  const filters: RecordFilters = { environment: query.environment === 'test' ? 'test' : 'live' };
  if (query.environment !== undefined && query.environment !== 'live' && query.environment !== 'test') {
    errors.push({ field: 'environment', message: 'must be live or test' });
  }
  if (query.type !== undefined) {
    const values = splitList(query.type);
    const bad = values.find((v) => !serviceCodes.includes(v));
    if (bad !== undefined) errors.push({ field: 'type', message: `must be service codes, comma-separated (${serviceCodes.join(', ')})` });
    else if (new Set(values).size !== values.length) errors.push({ field: 'type', message: 'must not repeat a value' });
    else filters.type = values;
  }
  if (query.status !== undefined) {
    const values = splitList(query.status);
    if (values.some((v) => !(RECORD_STATUSES as readonly string[]).includes(v))) errors.push({ field: 'status', message: 'must be VERIFIED, NOT_VERIFIED or FAILED, comma-separated' });
    else if (new Set(values).size !== values.length) errors.push({ field: 'status', message: 'must not repeat a value' });
    else filters.status = values as RecordStatusFilter[];
  }
  if (query.apiKeyId !== undefined) {
    if (!API_KEY_ID_RE.test(query.apiKeyId)) errors.push({ field: 'apiKeyId', message: 'must be an API key id (key_…)' });
    else filters.apiKeyId = query.apiKeyId;
  }
  Object.assign(filters, checkTimes(query.from, query.to, (f) => f, errors));
  if (errors.length > 0) throw fail(errors);
  return filters;
}

/**
 * The filters of a JSON body (already checked against RecordFiltersBody), normalised; errors name
 * `${prefix}.from` and so on (`filters.from`). Values the schema has not seen are checked again here.
 */
export function parseRecordFiltersBody(body: RecordFiltersBodyInput | undefined, serviceCodes: readonly string[], prefix = 'filters'): RecordFilters {
  const name = (f: string) => (prefix ? `${prefix}.${f}` : f);
  const errors: FieldError[] = [];
  const filters: RecordFilters = { environment: 'live' };
  if (body === undefined) return filters;
  if (body.environment !== undefined) {
    if (body.environment !== 'live' && body.environment !== 'test') errors.push({ field: name('environment'), message: 'must be live or test' });
    else filters.environment = body.environment;
  }
  if (body.type !== undefined) {
    const i = body.type.findIndex((v) => !serviceCodes.includes(v));
    if (i >= 0) errors.push({ field: name(`type.${i}`), message: `must be a service code (${serviceCodes.join(', ')})` });
    else if (body.type.length === 0 || body.type.length > 10 || new Set(body.type).size !== body.type.length) errors.push({ field: name('type'), message: 'must hold 1 to 10 unique values' });
    else filters.type = [...body.type];
  }
  if (body.status !== undefined) {
    const i = body.status.findIndex((v) => !(RECORD_STATUSES as readonly string[]).includes(v));
    if (i >= 0) errors.push({ field: name(`status.${i}`), message: 'must be VERIFIED, NOT_VERIFIED or FAILED' });
    else if (body.status.length === 0 || body.status.length > 10 || new Set(body.status).size !== body.status.length) errors.push({ field: name('status'), message: 'must hold 1 to 10 unique values' });
    else filters.status = [...body.status];
  }
  if (body.apiKeyId !== undefined) {
    if (!API_KEY_ID_RE.test(body.apiKeyId)) errors.push({ field: name('apiKeyId'), message: 'must be an API key id (key_…)' });
    else filters.apiKeyId = body.apiKeyId;
  }
  Object.assign(filters, checkTimes(body.from, body.to, name, errors));
  if (errors.length > 0) throw fail(errors);
  return filters;
}

/**
 * Adds the WHERE clauses of the filters to a query on `verification_records` (the organisation is the
 * caller's clause). `environment` is always applied: live and test never mix in one answer.
 */
export function applyRecordFilters<O>(
  qb: SelectQueryBuilder<DB, 'verification_records', O>,
  filters: RecordFilters,
): SelectQueryBuilder<DB, 'verification_records', O> {
  let q = qb.where('verification_records.environment', '=', filters.environment);
  if (filters.type) q = q.where('verification_records.type', 'in', filters.type);
  if (filters.status) {
    const verdicts = filters.status.filter((s): s is 'VERIFIED' | 'NOT_VERIFIED' => s !== 'FAILED');
    const failed = filters.status.includes('FAILED');
    q = q.where((eb) => {
      const parts = [];
      if (verdicts.length > 0) parts.push(eb('verification_records.verification_status', 'in', verdicts));
      if (failed) parts.push(eb('verification_records.verification_status', 'is', null));
      return eb.or(parts);
    });
    // Without VERIFIED the filter asks for the rarer outcomes. Said again in the words of the partial index
    // that holds only those (verification_records_unverified_idx, migrations/0023), so the planner can prove
    // the index holds every row asked for and walk it, rather than every record of the organisation.
    if (!filters.status.includes('VERIFIED')) q = q.where(sql<boolean>`${sql.ref('verification_records.verification_status')} IS DISTINCT FROM 'VERIFIED'`);
  }
  if (filters.apiKeyId) q = q.where('verification_records.api_key_id', '=', filters.apiKeyId);
  if (filters.from) q = q.where('verification_records.created_at', '>=', filters.from);
  if (filters.to) q = q.where('verification_records.created_at', '<', filters.to);
  return q;
}
