import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import { notFound, validationError, type FieldError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import { decodeCursor, olderThan, toPage } from '../platform/paging.js';
import type { DB, KeyType } from '../platform/schema.js';
import { parseDateTime } from '../records/filters.js';
import { purgeInBatches, type PurgeOptions } from '../platform/purge.js';

/** The event types of DESIGN.md §11.2, in the table's order, with what raises each. */
export const EVENT_TYPES = [
  { type: 'verification.completed', description: 'A verification record is written: every outcome, replays included. data: the record view of GET /v1/verifications/{id}.' },
  { type: 'wallet.low_balance', description: 'A debit takes the balance below the low-balance threshold. data: { balance, availableBalance, threshold, currency }.' },
  { type: 'wallet.funded', description: 'A payment is credited, or a positive adjustment applied. data: { transactionId, reference, source, amount, currency, newBalance }.' },
  { type: 'api_key.created', description: 'An API key is created (over HTTP or by the CLI). data: the key listing view plus createdBy (null from the CLI).' },
  { type: 'api_key.revoked', description: 'An API key is revoked. data: the key listing view (revokedAt set) plus revokedBy.' },
  { type: 'auth.new_session', description: 'A member of the organisation completes sign-in. data: { sessionId, userId, userAgent, ip, createdAt }.' },
] as const;

export type EventType = (typeof EVENT_TYPES)[number]['type'];
export const EVENT_TYPE_NAMES: readonly EventType[] = EVENT_TYPES.map((t) => t.type);

/** Events are kept 30 days, then 404 (DESIGN.md §11.2). */
export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;

export interface NewEvent {
  organisationId: string;
  type: EventType;
  environment: KeyType;
  data: unknown;
  /** The instant of the change. */
  createdAt: Date;
}

/** The event object as compact JSON: `{ id, type, createdAt, environment, data }`, the bytes every delivery sends. */
export function eventBody(id: string, e: Omit<NewEvent, 'organisationId'>): string {
  return JSON.stringify({ id, type: e.type, createdAt: e.createdAt.toISOString(), environment: e.environment, data: e.data });
}

/** An event's id and body, made before the row is written (the settlement writes it in SQL). */
export function buildEvent(ids: IdGenerator, e: Omit<NewEvent, 'organisationId'>): { id: string; body: string } {
  const id = ids.next('evt');
  return { id, body: eventBody(id, e) };
}

/**
 * Writes one event. Call it with the transaction of the change it reports (DESIGN.md §11.2), so a
 * rolled-back change leaves no event.
 */
export async function writeEvent(db: Kysely<DB>, ids: IdGenerator, e: NewEvent): Promise<{ id: string; body: string }> {
  const { id, body } = buildEvent(ids, e);
  await db
    .insertInto('events')
    .values({ id, organisation_id: e.organisationId, type: e.type, environment: e.environment, body, created_at: e.createdAt })
    .execute();
  return { id, body };
}

export interface EventListQuery {
  type?: string | undefined;
  environment?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface EventFilters {
  type?: string[];
  environment: KeyType;
  from?: Date;
  to?: Date;
}

const DATE_TIME_MESSAGE = 'must be an ISO 8601 date-time with Z or an offset, e.g. 2026-11-01T00:00:00Z';

/** The list's filters, validated like the records' (400 naming the parameter). */
export function parseEventFilters(query: EventListQuery): EventFilters {
  const errors: FieldError[] = [];
  const filters: EventFilters = { environment: 'live' };
  if (query.environment !== undefined) {
    if (query.environment !== 'live' && query.environment !== 'test') errors.push({ field: 'environment', message: 'must be live or test' });
    else filters.environment = query.environment;
  }
  if (query.type !== undefined) {
    const values = query.type.split(',').map((v) => v.trim());
    if (values.some((v) => !(EVENT_TYPE_NAMES as readonly string[]).includes(v))) errors.push({ field: 'type', message: `must be event types, comma-separated (${EVENT_TYPE_NAMES.join(', ')})` });
    else if (new Set(values).size !== values.length) errors.push({ field: 'type', message: 'must not repeat a value' });
    else filters.type = values;
  }
  for (const key of ['from', 'to'] as const) {
    const raw = query[key];
    if (raw === undefined) continue;
    const date = parseDateTime(raw);
    if (date === null) errors.push({ field: key, message: DATE_TIME_MESSAGE });
    else filters[key] = date;
  }
  if (filters.from && filters.to && filters.from.getTime() >= filters.to.getTime()) errors.push({ field: 'from', message: 'must be before to' });
  if (errors.length > 0) throw validationError(errors, errors.length === 1 ? `${errors[0]!.field} ${errors[0]!.message}` : 'The query parameters are invalid');
  return filters;
}

/** The stored event object, as the API and every delivery show it. */
export type EventView = { id: string; type: string; createdAt: string; environment: KeyType; data: Record<string, unknown> };

/** Reading events (GET /v1/events, GET /v1/events/{id}) and their retention. */
export function createEventsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  const fresh = () => new Date(clock.now().getTime() - EVENT_RETENTION_MS);
  return {
    /** A page of the organisation's events, newest first by (createdAt, id); the cursor is decoded here (400 on `cursor`). */
    async list(organisationId: string, filters: EventFilters, page: { limit: number; cursor?: string | undefined }): Promise<{ items: EventView[]; nextCursor: string | null }> {
      const after = decodeCursor(page.cursor);
      let q = db
        .selectFrom('events')
        .select(['id', 'body', 'created_at'])
        .where('organisation_id', '=', organisationId)
        .where('environment', '=', filters.environment)
        .where('created_at', '>=', fresh());
      if (filters.type) q = q.where('type', 'in', filters.type);
      if (filters.from) q = q.where('created_at', '>=', filters.from);
      if (filters.to) q = q.where('created_at', '<', filters.to);
      if (after) q = q.where(olderThan(after));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit + 1).execute();
      const { items, nextCursor } = toPage(rows, page.limit, (r) => ({ createdAt: new Date(r.created_at), id: r.id }));
      return { items: items.map((r) => JSON.parse(r.body) as EventView), nextCursor };
    },

    /** One event of the organisation (either environment); another organisation's id, or one past retention, is 404. */
    async get(organisationId: string, id: string): Promise<EventView> {
      const row = await db
        .selectFrom('events')
        .select('body')
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .where('created_at', '>=', fresh())
        .executeTakeFirst();
      if (!row) throw notFound('No event with this id');
      return JSON.parse(row.body) as EventView;
    },

    /** Deletes events older than 30 days (their deliveries go with them: ON DELETE CASCADE), in batches (platform/purge.ts). Returns how many. */
    async purge(now: Date = clock.now(), options?: PurgeOptions): Promise<number> {
      const cutoff = new Date(now.getTime() - EVENT_RETENTION_MS);
      return purgeInBatches(async (limit) => {
        const batch = db.selectFrom('events').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(limit);
        return (await db.deleteFrom('events').where('id', 'in', batch).where('created_at', '<', cutoff).executeTakeFirst()).numDeletedRows;
      }, options);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
