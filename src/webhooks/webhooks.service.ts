import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { organisationManagers } from '../accounts/accounts.service.js';
import type { NotificationService } from '../notifications/notifications.service.js';
import type { Clock } from '../platform/clock.js';
import type { DataCipher } from '../platform/crypto.js';
import { conflict, notFound, validationError, type FieldError } from '../platform/errors.js';
import { createGroupCommitter } from '../platform/group-commit.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import { loopLoad } from '../platform/loop-load.js';
import type { DB } from '../platform/schema.js';
import { decodeCursor, olderThan, pageLimit, toPage } from '../platform/paging.js';
import { parseDateTime } from '../records/filters.js';
import { isBlockedAddress, isIpLiteral } from './address-guard.js';
import { EVENT_TYPE_NAMES, writeEvent, type EventType } from '../events/events.service.js';
import { sampleEventData } from './trigger.js';
import { sendWebhook, signatureHeader, USER_AGENT, type AttemptOutcome, type SendOptions } from './sender.js';

/** The event types of DESIGN.md §11.2 (the events capability raises them). */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPE_NAMES;
export const MAX_ENDPOINTS_PER_ORG = 20;
export const MAX_URL_LENGTH = 2048;
/** Requests in flight at once per endpoint (DESIGN.md §11.4). */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 5;
/** The first key of the advisory locks that serialise claims per endpoint (the second: the endpoint id's hash). */
const ENDPOINT_LOCK_SPACE = 0x77686b;
/** The shortest time between two claims of a process; while its event loop is at least BUSY_LOAD busy, PUMP_BUSY_MS. */
const PUMP_MIN_MS = 20;
const PUMP_BUSY_MS = 100;
const BUSY_LOAD = 0.7;
/** Manual attempts a claim reads at most, before keeping 5 per endpoint. */
const CLAIM_SCAN = 2_000;
/** Attempts kept per delivery. */
export const KEPT_ATTEMPTS = 50;
const DELIVERY_WINDOW_MS = 24 * 3600 * 1000;
/** Events are kept 30 days: recover looks no further back. */
const RECOVER_WINDOW_MS = 30 * 24 * 3600 * 1000;
export const RECOVER_MAX = 10_000;
export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;

export interface DeliveryListQuery {
  status?: string;
  eventType?: string;
  from?: string;
  to?: string;
  limit?: string;
  cursor?: string;
}

// ---------------------------------------------------------------- tables (migrations 0014, 0015)

interface EndpointsTable {
  id: string;
  organisation_id: string;
  url: string;
  description: string | null;
  event_types: string[];
  environment: 'live' | 'test';
  status: 'ENABLED' | 'DISABLED';
  disabled_reason: 'MANUAL' | 'GONE' | 'FAILING' | null;
  failing_since: Date | null;
  last_success_at: Date | null;
  secret_ciphertext: Uint8Array;
  previous_secret_ciphertext: Uint8Array | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
interface DeliveriesTable {
  id: string;
  organisation_id: string;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attempt_count: number;
  scheduled_attempts: number;
  next_attempt_at: Date | null;
  manual_requested_at: Date | null;
  last_attempt_at: Date | null;
  last_response_status: number | null;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  created_at: Date;
}
interface AttemptsTable {
  id: string;
  delivery_id: string;
  number: number;
  trigger: 'SCHEDULED' | 'MANUAL';
  started_at: Date;
  duration_ms: number;
  response_status: number | null;
  response_body: string | null;
  error: AttemptOutcome['error'];
  succeeded: boolean;
}
interface EventsRow {
  id: string;
  organisation_id: string;
  type: string;
  environment: 'live' | 'test';
  body: string;
  created_at: Date;
  fanned_out: boolean;
}
export type WebhookDB = Omit<DB, 'events'> & {
  webhook_endpoints: EndpointsTable;
  webhook_deliveries: DeliveriesTable;
  webhook_attempts: AttemptsTable;
  events: EventsRow;
};

// ---------------------------------------------------------------- views

export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  environment: 'live' | 'test';
  status: 'ENABLED' | 'DISABLED';
  disabledReason: EndpointsTable['disabled_reason'];
  failingSince: string | null;
  lastSuccessAt: string | null;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  status: DeliveriesTable['status'];
  attemptCount: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastResponseStatus: number | null;
  createdAt: string;
}
export interface AttemptView {
  id: string;
  number: number;
  trigger: AttemptsTable['trigger'];
  startedAt: string;
  durationMs: number;
  responseStatus: number | null;
  responseBody: string | null;
  error: AttemptOutcome['error'];
  succeeded: boolean;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type EndpointRow = Omit<EndpointsTable, 'event_types'> & { event_types: unknown };

function eventTypesOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw as string[];
  if (typeof raw === 'string') return raw.replace(/^\{|\}$/g, '').split(',').filter((s) => s !== '');
  return [];
}

function endpointView(row: EndpointRow, now: Date): EndpointView {
  const overlap = row.previous_secret_expires_at !== null && new Date(row.previous_secret_expires_at).getTime() > now.getTime();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: eventTypesOf(row.event_types),
    environment: row.environment,
    status: row.status,
    disabledReason: row.disabled_reason,
    failingSince: iso(row.failing_since),
    lastSuccessAt: iso(row.last_success_at),
    previousSecretExpiresAt: overlap ? iso(row.previous_secret_expires_at) : null,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/**
 * The oldest event not yet fanned out, if any: what every process asks, ten times a second while events
 * come (once a second when none did lately: webhooks.jobs.ts). Ordered by
 * created_at so that it is always the partial index's first entry (events_fan_out_idx, which holds only
 * such events): unordered, a planner that guessed many waiting rows read the whole table to find none.
 */
export function eventAwaitingFanOut(db: Kysely<WebhookDB>) {
  return db.selectFrom('events').select('id').where('fanned_out', '=', false).orderBy('created_at').limit(1);
}

export function deliveryView(row: DeliveriesTable): DeliveryView {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    endpointId: row.endpoint_id,
    status: row.status,
    attemptCount: row.attempt_count,
    // A waiting manual attempt (redeliver, recover) is the next one; else a PENDING delivery's schedule.
    nextAttemptAt: row.manual_requested_at !== null ? iso(row.manual_requested_at) : row.status === 'PENDING' ? iso(row.next_attempt_at) : null,
    lastAttemptAt: iso(row.last_attempt_at),
    lastResponseStatus: row.last_response_status,
    createdAt: iso(row.created_at)!,
  };
}

function attemptView(row: AttemptsTable): AttemptView {
  return {
    id: row.id,
    number: row.number,
    trigger: row.trigger,
    startedAt: iso(row.started_at)!,
    durationMs: row.duration_ms,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    error: row.error,
    succeeded: row.succeeded,
  };
}

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

// ---------------------------------------------------------------- the service

export interface WebhookServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  cipher: DataCipher;
  logger: Logger;
  notifications: NotificationService;
  retryScheduleSeconds: number[];
  timeoutMs: number;
  disableAfterHours: number;
  allowPrivate: boolean;
  /** Tests replace DNS resolution (the guard's tests). */
  resolve?: SendOptions['resolve'];
  /** Deliveries claimed per worker run. */
  batchSize?: number;
  /** Attempts in flight at once in this process: an attempt is a socket waiting, so room for endpoints that hang (5 each) and the healthy ones. */
  concurrency?: number;
}

export interface CreateEndpointInput {
  url: string;
  eventTypes: string[];
  description?: string | null;
  environment?: 'live' | 'test';
}
export interface PatchEndpointInput {
  url?: string;
  description?: string | null;
  eventTypes?: string[];
  status?: 'ENABLED' | 'DISABLED';
}

/**
 * Webhook endpoints (DESIGN.md §11.3) and the delivery of events to them (§11.4): the fan-out of
 * new events into deliveries, the worker that claims due deliveries under a lease (SKIP LOCKED, on
 * every process) and sends them signed, their outcomes, retries and the disabling of endpoints.
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const { clock, ids, cipher, logger, notifications } = deps;
  const db = deps.db as unknown as Kysely<WebhookDB>;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = deps.timeoutMs + 30_000;
  const batchSize = deps.batchSize ?? 50;
  const concurrency = deps.concurrency ?? 512;
  /** Attempts running in this process, and how many per endpoint. */
  const running = new Set<Promise<void>>();
  const perEndpoint = new Map<string, number>();
  let closed = false;

  const endpointColumns = [
    'id', 'organisation_id', 'url', 'description', 'environment', 'status', 'disabled_reason', 'failing_since', 'last_success_at',
    'secret_ciphertext', 'previous_secret_ciphertext', 'previous_secret_expires_at', 'created_at', 'updated_at',
  ] as const;
  const selectEndpoints = (trx: Kysely<WebhookDB> = db) =>
    trx.selectFrom('webhook_endpoints').select([...endpointColumns, sql<string[]>`to_jsonb(event_types)`.as('event_types')]);
  const textArray = (values: string[]) => sql<string[]>`ARRAY[${sql.join(values.map((v) => sql`${v}::text`))}]::text[]`;

  function validateUrl(raw: string, field = 'url'): string {
    const bad = (message: string) => validationError([{ field, message }], `${field} ${message}`);
    if (raw.length > MAX_URL_LENGTH) throw bad(`must be at most ${MAX_URL_LENGTH} characters`);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw bad('must be an absolute https:// URL');
    }
    const schemes = deps.allowPrivate ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(url.protocol)) throw bad(deps.allowPrivate ? 'must be an https:// or http:// URL' : 'must be an https:// URL');
    if (url.username !== '' || url.password !== '') throw bad('must not contain user information');
    if (raw.includes('#')) throw bad('must not contain a fragment');
    if (url.hostname === '') throw bad('must name a host');
    if (!deps.allowPrivate && isIpLiteral(url.hostname) && isBlockedAddress(url.hostname)) {
      throw bad('must not be a loopback, private, link-local or metadata address');
    }
    return raw;
  }

  function validateEventTypes(types: string[]): string[] {
    if (types.includes('*') && types.length > 1) throw validationError([{ field: 'eventTypes', message: 'must be ["*"] alone or a list of event types' }], 'eventTypes is invalid');
    return types;
  }

  async function findEndpoint(organisationId: string, id: string, trx: Kysely<WebhookDB> = db): Promise<EndpointRow> {
    const row = await selectEndpoints(trx).where('id', '=', id).where('organisation_id', '=', organisationId).executeTakeFirst();
    if (!row) throw notFound('No webhook endpoint with this id');
    return row as EndpointRow;
  }

  async function assertUrlFree(trx: Kysely<WebhookDB>, organisationId: string, environment: string, url: string, exceptId: string | null) {
    let q = trx.selectFrom('webhook_endpoints').select('id').where('organisation_id', '=', organisationId).where('environment', '=', environment as 'live').where('url', '=', url);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw conflict(`An endpoint with this url already exists for the ${environment} environment`);
  }

  const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

  /** Disables an endpoint (GONE, FAILING: emails OWNERs and ADMINs); its PENDING deliveries become FAILED. */
  async function disable(trx: Kysely<WebhookDB>, endpoint: Pick<EndpointRow, 'id' | 'organisation_id' | 'url'>, reason: 'MANUAL' | 'GONE' | 'FAILING', now: Date) {
    await trx.updateTable('webhook_endpoints').set({ status: 'DISABLED', disabled_reason: reason, updated_at: now }).where('id', '=', endpoint.id).execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'FAILED', next_attempt_at: null })
      .where('endpoint_id', '=', endpoint.id)
      .where('status', '=', 'PENDING')
      .execute();
    if (reason !== 'MANUAL') {
      const { organisationName, emails } = await organisationManagers(trx as unknown as Kysely<DB>, endpoint.organisation_id);
      const why = reason === 'GONE' ? 'it answered 410 Gone' : 'its deliveries kept failing';
      for (const to of emails) {
        await notifications.enqueueEmail(trx as unknown as Kysely<DB>, {
          organisationId: endpoint.organisation_id,
          to,
          templateName: 'webhook-endpoint-disabled',
          variables: { organisationName, url: endpoint.url, reason: why },
        });
      }
    }
  }

  // ---------------------------------------------------------------- fan-out

  /** Events taken per fan-out transaction. */
  const FAN_OUT_BATCH = 500;
  /** Deliveries per INSERT statement. */
  const INSERT_ROWS = 2_000;

  /**
   * Turns up to FAN_OUT_BATCH events not yet fanned out into deliveries, in one transaction of four
   * statements. Whether there is any is asked first, on its own (one round trip on the partial index,
   * no transaction): every process asks up to ten times a second, and almost always the answer is no.
   */
  async function fanOutBatch(): Promise<{ events: number; deliveries: number }> {
    const waiting = await eventAwaitingFanOut(db).executeTakeFirst();
    if (!waiting) return { events: 0, deliveries: 0 };
    return db.transaction().execute(async (trx) => {
      const events = await trx
        .selectFrom('events')
        .select(['id', 'organisation_id', 'type', 'environment', 'created_at'])
        .where('fanned_out', '=', false)
        .orderBy('created_at')
        .limit(FAN_OUT_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (events.length === 0) return { events: 0, deliveries: 0 };
      const eventIds = events.map((e) => e.id);
      // Every (event, endpoint) pair at once: an ENABLED endpoint of the event's organisation and
      // environment, subscribed to its type, that existed when the event happened.
      const { rows: pairs } = await sql<{ event_id: string; endpoint_id: string }>`
        SELECT ev.id AS event_id, ep.id AS endpoint_id
        FROM events ev
        JOIN webhook_endpoints ep
          ON ep.organisation_id = ev.organisation_id
         AND ep.environment = ev.environment
         AND ep.status = 'ENABLED'
         AND ep.created_at <= ev.created_at
         AND (ev.type = ANY (ep.event_types) OR '*' = ANY (ep.event_types))
        WHERE ev.id IN (${sql.join(eventIds)})
        ORDER BY ev.created_at, ev.id, ep.id`.execute(trx);
      const byId = new Map(events.map((e) => [e.id, e]));
      // In slices: a statement carries at most 65,535 parameters (15 a row).
      for (let i = 0; i < pairs.length; i += INSERT_ROWS) {
        await trx
          .insertInto('webhook_deliveries')
          .values(
            pairs.slice(i, i + INSERT_ROWS).map((p) => {
              const event = byId.get(p.event_id)!;
              return {
                id: ids.next('dlv'),
                organisation_id: event.organisation_id,
                event_id: event.id,
                event_type: event.type,
                endpoint_id: p.endpoint_id,
                status: 'PENDING' as const,
                attempt_count: 0,
                scheduled_attempts: 0,
                manual_requested_at: null,
                last_attempt_at: null,
                last_response_status: null,
                lease_owner: null,
                lease_expires_at: null,
                // The event's own time: the same whichever process fans it out.
                next_attempt_at: event.created_at,
                created_at: event.created_at,
              };
            }),
          )
          .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
          .execute();
      }
      await trx.updateTable('events').set({ fanned_out: true }).where('id', 'in', eventIds).execute();
      return { events: events.length, deliveries: pairs.length };
    });
  }

  /** Fans out every event committed so far, batch after batch, and starts delivering at once. Returns the events handled. */
  async function fanOut(): Promise<number> {
    let handled = 0;
    for (;;) {
      const { events, deliveries } = await fanOutBatch();
      handled += events;
      if (deliveries > 0) kick();
      if (events < FAN_OUT_BATCH || closed) return handled;
    }
  }

  // ---------------------------------------------------------------- the worker

  /** The wait after the n-th failed scheduled attempt (1-based), shortened by 0–10 %; null: no more attempts. */
  function retryWaitMs(n: number): number | null {
    const seconds = deps.retryScheduleSeconds[n - 1];
    if (seconds === undefined) return null;
    return Math.round(seconds * 1000 * (1 - Math.random() * 0.1));
  }

  interface Claimed {
    delivery: DeliveriesTable;
    manual: boolean;
  }

  /** Claims due deliveries under a lease (SKIP LOCKED), at most 5 in flight per endpoint across processes (the endpoint row is the lock). */
  async function claim(max: number): Promise<Claimed[]> {
    if (max <= 0) return [];
    const now = clock.now();
    // Candidates, read without locking and outside the claim's transaction (every process looks twice
    // a second, and mostly finds none: then no transaction is begun): due, unleased (or the lease
    // lapsed), of an ENABLED endpoint with room (one with its 5 in flight in any process waits), at most
    // 5 per endpoint, so one endpoint's backlog never hides the deliveries of others. Manual attempts
    // first (someone is waiting), then the schedule. What changes before the claim below is checked
    // again there, under its locks.
    const busyEndpoints = sql`
      SELECT endpoint_id FROM webhook_deliveries
      WHERE lease_owner IS NOT NULL AND lease_expires_at > ${now}
      GROUP BY endpoint_id HAVING count(*) >= ${MAX_IN_FLIGHT_PER_ENDPOINT}`;
    const free = sql`(d.lease_expires_at IS NULL OR d.lease_expires_at < ${now})
      AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.status = 'ENABLED')
      AND d.endpoint_id NOT IN (${busyEndpoints})`;
    const want = max * 4;
    // Manual attempts (redeliver, recover: rare) in the order asked, at most 5 per endpoint.
    const pickManual = async (limit: number) => {
      const { rows } = await sql<{ id: string; endpoint_id: string }>`
        SELECT id, endpoint_id FROM (
          SELECT id, endpoint_id, asked_at, row_number() OVER (PARTITION BY endpoint_id ORDER BY asked_at) AS nth
          FROM (SELECT d.id, d.endpoint_id, d.manual_requested_at AS asked_at FROM webhook_deliveries d
                WHERE d.manual_requested_at IS NOT NULL AND ${free} ORDER BY d.manual_requested_at LIMIT ${CLAIM_SCAN}) AS scanned
        ) AS ranked
        WHERE nth <= ${MAX_IN_FLIGHT_PER_ENDPOINT}
        ORDER BY asked_at LIMIT ${limit}`.execute(db);
      return rows;
    };
    const manual = await pickManual(want);
    // The schedule: each endpoint with pending deliveries, found by skipping through the pending index
    // one endpoint at a time (as many probes as such endpoints, whatever their backlogs), then its
    // oldest due ones; the oldest due across endpoints first.
    const scheduledLimit = want - manual.length;
    const scheduled =
      scheduledLimit <= 0
        ? []
        : (
            await sql<{ id: string; endpoint_id: string }>`
              WITH RECURSIVE pending (endpoint_id) AS (
                (SELECT endpoint_id FROM webhook_deliveries WHERE status = 'PENDING' ORDER BY endpoint_id LIMIT 1)
                UNION ALL
                SELECT (SELECT d.endpoint_id FROM webhook_deliveries d
                        WHERE d.status = 'PENDING' AND d.endpoint_id > p.endpoint_id ORDER BY d.endpoint_id LIMIT 1)
                FROM pending p WHERE p.endpoint_id IS NOT NULL
              )
              SELECT c.id, c.endpoint_id FROM pending p
              JOIN webhook_endpoints e ON e.id = p.endpoint_id AND e.status = 'ENABLED'
              CROSS JOIN LATERAL (
                SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
                WHERE d.endpoint_id = p.endpoint_id AND d.status = 'PENDING' AND d.next_attempt_at <= ${now}
                  AND d.manual_requested_at IS NULL AND (d.lease_expires_at IS NULL OR d.lease_expires_at < ${now})
                ORDER BY d.next_attempt_at LIMIT ${MAX_IN_FLIGHT_PER_ENDPOINT}
              ) AS c
              WHERE p.endpoint_id NOT IN (${busyEndpoints})
              ORDER BY c.next_attempt_at LIMIT ${scheduledLimit}`.execute(db)
          ).rows;
    const candidates = [...manual, ...scheduled];
    if (candidates.length === 0) return [];

    return db.transaction().execute(async (trx) => {
      // A claim per endpoint at a time across processes, so the count below stays true until this
      // commits: a transaction-scoped advisory lock per endpoint, one another claim holds being skipped
      // this round (never waited for). Not the endpoint's row: recording outcomes updates it all the time.
      const { rows: lockedEndpoints } = await sql<{ id: string }>`
        SELECT id FROM (SELECT DISTINCT unnest(${textArray(candidates.map((c) => c.endpoint_id))}) AS id ORDER BY 1) AS wanted
        WHERE pg_try_advisory_xact_lock(${ENDPOINT_LOCK_SPACE}, hashtext(id))`.execute(trx);
      const endpointIds = lockedEndpoints.map((e) => e.id);
      // Every endpoint held by another claim: the next look takes them.
      if (endpointIds.length === 0) return [];
      const busyRows = await trx
        .selectFrom('webhook_deliveries')
        .select(['endpoint_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('endpoint_id', 'in', endpointIds)
        .where('lease_owner', 'is not', null)
        .where('lease_expires_at', '>', now)
        .groupBy('endpoint_id')
        .execute();
      const busy = new Map(busyRows.map((r) => [r.endpoint_id, Number(r.n)]));
      const chosen: string[] = [];
      const claimable = new Set(endpointIds);
      for (const c of candidates) {
        if (chosen.length >= max) break;
        if (!claimable.has(c.endpoint_id)) continue;
        const n = Math.max(busy.get(c.endpoint_id) ?? 0, perEndpoint.get(c.endpoint_id) ?? 0);
        if (n >= MAX_IN_FLIGHT_PER_ENDPOINT) continue;
        busy.set(c.endpoint_id, n + 1);
        chosen.push(c.id);
      }
      if (chosen.length === 0) return [];
      // Only the chosen rows are locked, and taken only if still free and due (a recording or a
      // redelivery may hold one: it is skipped, never waited for).
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const { rows } = await sql<DeliveriesTable>`
        UPDATE webhook_deliveries SET lease_owner = ${owner}, lease_expires_at = ${leaseUntil}
        WHERE id IN (
          SELECT d.id FROM webhook_deliveries d
          WHERE d.id IN (${sql.join(chosen)})
            AND (d.lease_expires_at IS NULL OR d.lease_expires_at < ${now})
            AND (d.manual_requested_at IS NOT NULL OR (d.status = 'PENDING' AND d.next_attempt_at <= ${now}))
          FOR UPDATE SKIP LOCKED)
        RETURNING *`.execute(trx);
      const order = new Map(chosen.map((id, i) => [id, i]));
      return rows
        .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
        .map((delivery) => ({ delivery, manual: delivery.manual_requested_at !== null }));
    });
  }


  interface Target {
    url: string;
    secrets: string[];
  }

  /** The bodies of the claimed deliveries' events and their endpoints' urls and secrets: two queries for the whole claim. */
  async function loadTargets(claimed: Claimed[], now: Date): Promise<{ bodies: Map<string, string>; targets: Map<string, Target> }> {
    const eventIds = [...new Set(claimed.map((c) => c.delivery.event_id))];
    const endpointIds = [...new Set(claimed.map((c) => c.delivery.endpoint_id))];
    const [events, endpoints] = await Promise.all([
      db.selectFrom('events').select(['id', 'body']).where('id', 'in', eventIds).execute(),
      db
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'secret_ciphertext', 'previous_secret_ciphertext', 'previous_secret_expires_at'])
        .where('id', 'in', endpointIds)
        .execute(),
    ]);
    const targets = new Map<string, Target>();
    for (const e of endpoints) {
      // One endpoint whose secret this process cannot read (written under another DATA_ENCRYPTION_KEY, or
      // damaged) must not hold back the deliveries of every other endpoint in the claim: its deliveries are
      // not attempted here (nothing unsigned is ever sent), their leases lapse and a process that can read
      // the secret takes them; the error names the endpoint, never the ciphertext.
      try {
        const secrets = [cipher.decrypt(e.secret_ciphertext).toString('utf8')];
        // The previous secret signs too until its overlap ends (DESIGN.md §11.3).
        if (e.previous_secret_ciphertext && e.previous_secret_expires_at && new Date(e.previous_secret_expires_at).getTime() > now.getTime()) {
          secrets.push(cipher.decrypt(e.previous_secret_ciphertext).toString('utf8'));
        }
        targets.set(e.id, { url: e.url, secrets });
      } catch {
        logger.error({ endpointId: e.id }, 'the signing secret of a webhook endpoint cannot be decrypted with this DATA_ENCRYPTION_KEY; its deliveries wait for a process that can');
      }
    }
    return { bodies: new Map(events.map((e) => [e.id, e.body])), targets };
  }

  async function attempt({ delivery, manual }: Claimed, body: string | undefined, target: Target | undefined): Promise<void> {
    // Deleted since the claim (the delivery went with it: ON DELETE CASCADE), or a secret this process cannot
    // read (loadTargets): nothing is sent, and the lease lapses.
    if (body === undefined || target === undefined) return;
    const startedAt = clock.now();
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const outcome = await sendWebhook({
      url: target.url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(target.secrets, delivery.event_id, timestamp, body),
      },
      timeoutMs: deps.timeoutMs,
      allowPrivate: deps.allowPrivate,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    });
    await record({ delivery, manual, startedAt, outcome });
  }

  // ---------------------------------------------------------------- recording outcomes

  interface Outcome {
    delivery: DeliveriesTable;
    manual: boolean;
    startedAt: Date;
    outcome: AttemptOutcome;
  }
  /**
   * Stores an attempt's outcome. Outcomes are group-committed (platform/group-commit.ts): one transaction
   * for all that finished by the next turn of the event loop or while the previous one was being written,
   * so no waiting when idle and few commits when busy. A batch that fails is stored again one outcome at a
   * time; an outcome that still cannot be stored leaves its lease to lapse, and the delivery is sent again
   * (at least once; the same webhook-id).
   */
  const recorder = createGroupCommitter<Outcome>({ flush: (batch) => retryTransient(() => recordBatch(batch)), maxBatch: 500 });
  function record(o: Outcome): Promise<void> {
    return recorder.submit(o);
  }

  /** Runs fn again (up to 3 times in all) when PostgreSQL aborted it for a deadlock or a serialization failure. */
  async function retryTransient<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
      }
    }
  }

  /**
   * Stores attempts and their consequences for the deliveries and their endpoints, fenced by this
   * process's leases: a delivery taken over after its lease lapsed is not touched. Endpoints are
   * locked first, in id order, then the deliveries: every writer that waits takes them in that order.
   */
  async function recordBatch(batch: Outcome[]): Promise<void> {
    const now = clock.now();
    let disabledAny = false;
    await db.transaction().execute(async (trx) => {
      const endpointIds = [...new Set(batch.map((b) => b.delivery.endpoint_id))].sort();
      const endpoints = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'organisation_id', 'url', 'status', 'failing_since', 'last_success_at'])
        .where('id', 'in', endpointIds)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
      const rows = await trx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', 'in', batch.map((b) => b.delivery.id))
        .where('lease_owner', '=', owner)
        .orderBy('id')
        .forUpdate()
        .execute();
      const current = new Map(rows.map((r) => [r.id, r]));

      const attempts: AttemptsTable[] = [];
      const updates: Array<Record<string, unknown>> = [];
      const trims: Array<{ id: string; below: number }> = [];
      const endpointState = new Map(endpoints.map((e) => [e.id, { ...e, touched: false, gone: false }]));
      for (const { delivery, manual, startedAt, outcome } of batch) {
        const d = current.get(delivery.id);
        if (!d) continue; // deleted, or taken over after the lease lapsed
        current.delete(delivery.id);
        const number = d.attempt_count + 1;
        attempts.push({
          id: ids.next('att'),
          delivery_id: d.id,
          number,
          trigger: manual ? 'MANUAL' : 'SCHEDULED',
          started_at: startedAt,
          duration_ms: outcome.durationMs,
          response_status: outcome.responseStatus,
          response_body: outcome.responseBody,
          error: outcome.error,
          succeeded: outcome.succeeded,
        });
        if (number > KEPT_ATTEMPTS) trims.push({ id: d.id, below: number - KEPT_ATTEMPTS });

        let status = d.status;
        let nextAttemptAt = d.next_attempt_at;
        let scheduled = d.scheduled_attempts;
        if (outcome.succeeded) {
          status = 'SUCCEEDED';
          nextAttemptAt = null;
        } else if (manual && d.status === 'PENDING' && d.next_attempt_at === null) {
          // A recovered delivery has no schedule: its one manual attempt settles it.
          status = 'FAILED';
        } else if (!manual && d.status === 'PENDING') {
          scheduled += 1;
          const wait = retryWaitMs(scheduled);
          if (wait === null) {
            status = 'FAILED';
            nextAttemptAt = null;
          } else {
            let waitMs = wait;
            if (outcome.retryAfterSeconds !== null) waitMs = Math.max(waitMs, outcome.retryAfterSeconds * 1000);
            const windowEnd = new Date(d.created_at).getTime() + DELIVERY_WINDOW_MS;
            nextAttemptAt = new Date(Math.max(now.getTime() + wait, Math.min(now.getTime() + waitMs, windowEnd)));
          }
        }
        updates.push({
          id: d.id,
          status,
          next_attempt_at: nextAttemptAt === null ? null : new Date(nextAttemptAt).toISOString(),
          scheduled_attempts: scheduled,
          attempt_count: number,
          last_attempt_at: startedAt.toISOString(),
          last_response_status: outcome.responseStatus,
          manual_requested_at: manual || d.manual_requested_at === null ? null : new Date(d.manual_requested_at).toISOString(),
        });

        // The endpoint's health, in the order the attempts finished.
        const ep = endpointState.get(d.endpoint_id);
        if (!ep) continue;
        ep.touched = true;
        if (outcome.succeeded) {
          ep.last_success_at = now;
          ep.failing_since = null;
        } else if (ep.status === 'ENABLED') {
          ep.failing_since ??= startedAt;
          if (outcome.responseStatus === 410) ep.gone = true;
        }
      }
      if (attempts.length === 0) return;

      await trx.insertInto('webhook_attempts').values(attempts).execute();
      for (const t of trims) await trx.deleteFrom('webhook_attempts').where('delivery_id', '=', t.id).where('number', '<=', t.below).execute();
      await sql`
        UPDATE webhook_deliveries d
        SET status = v.status, next_attempt_at = v.next_attempt_at, scheduled_attempts = v.scheduled_attempts,
            attempt_count = v.attempt_count, last_attempt_at = v.last_attempt_at, last_response_status = v.last_response_status,
            manual_requested_at = v.manual_requested_at, lease_owner = NULL, lease_expires_at = NULL
        FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(
          id text, status text, next_attempt_at timestamptz, scheduled_attempts integer, attempt_count integer,
          last_attempt_at timestamptz, last_response_status integer, manual_requested_at timestamptz)
        WHERE d.id = v.id`.execute(trx);

      const health = [...endpointState.values()].filter((e) => e.touched);
      await sql`
        UPDATE webhook_endpoints e
        SET last_success_at = v.last_success_at, failing_since = v.failing_since
        FROM jsonb_to_recordset(${JSON.stringify(
          health.map((e) => ({
            id: e.id,
            last_success_at: e.last_success_at === null ? null : new Date(e.last_success_at).toISOString(),
            failing_since: e.failing_since === null ? null : new Date(e.failing_since).toISOString(),
          })),
        )}::jsonb) AS v(id text, last_success_at timestamptz, failing_since timestamptz)
        WHERE e.id = v.id`.execute(trx);
      for (const ep of health) {
        if (ep.status !== 'ENABLED' || ep.failing_since === null) continue;
        const failingFor = now.getTime() - new Date(ep.failing_since).getTime();
        if (ep.gone) await disable(trx, ep, 'GONE', now);
        else if (failingFor >= deps.disableAfterHours * 3600_000) await disable(trx, ep, 'FAILING', now);
        else continue;
        disabledAny = true;
      }
    });
    // The disable emails were queued in that transaction.
    if (disabledAny) notifications.kick();
  }

  // ---------------------------------------------------------------- the pump

  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let lastClaimAt = -Infinity;

  /**
   * Claims what is due while this process has room and starts each attempt without waiting for it.
   * Calls made while a pass runs share it, and make it look once more before it ends.
   */
  function pump(): Promise<void> {
    pumpAgain = true;
    if (pumping) return pumping;
    pumping = (async () => {
      try {
        // Let the attempts that ended in the same turn release their room first.
        await new Promise((resolve) => setImmediate(resolve));
        while (pumpAgain && !closed) {
          // At most one claim per PUMP_MIN_MS (PUMP_BUSY_MS while the event loop is busy with requests):
          // what ends meanwhile is claimed for together, in fewer, larger claims and recordings, so
          // deliveries take less from requests and catch up when they ease; when idle, no wait.
          const wait = lastClaimAt + (loopLoad() >= BUSY_LOAD ? PUMP_BUSY_MS : PUMP_MIN_MS) - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          lastClaimAt = performance.now();
          pumpAgain = false;
          const room = Math.min(batchSize, concurrency - running.size);
          // No room: the attempts that end make some, and look again.
          if (room <= 0) break;
          const claimed = await claim(room);
          if (claimed.length > 0) await start(claimed);
          if (claimed.length === room) pumpAgain = true;
        }
      } finally {
        pumping = null;
      }
    })();
    return pumping;
  }

  /** A pump started from elsewhere (an event fanned out, a redelivery asked for): its failure is the next periodic run's to report. */
  function kick(): void {
    void pump().catch((err: unknown) => logger.warn({ err }, 'could not claim webhook deliveries'));
  }

  async function start(claimed: Claimed[]): Promise<void> {
    for (const c of claimed) {
      const endpointId = c.delivery.endpoint_id;
      perEndpoint.set(endpointId, (perEndpoint.get(endpointId) ?? 0) + 1);
    }
    let loaded: Awaited<ReturnType<typeof loadTargets>>;
    try {
      loaded = await loadTargets(claimed, clock.now());
    } catch (err) {
      // The leases lapse and the deliveries are claimed again.
      for (const c of claimed) release(c.delivery.endpoint_id);
      throw err;
    }
    for (const c of claimed) {
      const run: Promise<void> = attempt(c, loaded.bodies.get(c.delivery.event_id), loaded.targets.get(c.delivery.endpoint_id))
        .catch((err: unknown) => logger.warn({ err, deliveryId: c.delivery.id }, 'webhook attempt could not be recorded'))
        .finally(() => {
          running.delete(run);
          release(c.delivery.endpoint_id);
          // Room again, here and at the endpoint: look for more (the attempts of one recording share one look).
          kick();
        });
      running.add(run);
    }
  }

  function release(endpointId: string): void {
    const n = (perEndpoint.get(endpointId) ?? 1) - 1;
    if (n <= 0) perEndpoint.delete(endpointId);
    else perEndpoint.set(endpointId, n);
  }

  /** One worker run (the periodic job, tests): claims and starts what is due. Returns when the attempts have started. */
  async function deliverDue(): Promise<void> {
    if (closed) return;
    await pump();
  }

  return {
    async create(organisationId: string, input: CreateEndpointInput): Promise<EndpointView & { secret: string }> {
      const url = validateUrl(input.url);
      const eventTypes = validateEventTypes(input.eventTypes);
      const environment = input.environment ?? 'live';
      const now = clock.now();
      const secret = newSecret();
      const id = ids.next('whk');
      try {
        await db.transaction().execute(async (trx) => {
          // One at a time per organisation, so the limit holds under concurrent creates.
          await trx.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().executeTakeFirst();
          const { n } = await trx
            .selectFrom('webhook_endpoints')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('organisation_id', '=', organisationId)
            .executeTakeFirstOrThrow();
          if (Number(n) >= MAX_ENDPOINTS_PER_ORG) throw conflict(`An organisation may have at most ${MAX_ENDPOINTS_PER_ORG} webhook endpoints`);
          await assertUrlFree(trx, organisationId, environment, url, null);
          await trx
            .insertInto('webhook_endpoints')
            .values({
              id,
              organisation_id: organisationId,
              url,
              description: input.description ?? null,
              event_types: textArray(eventTypes),
              environment,
              status: 'ENABLED',
              disabled_reason: null,
              failing_since: null,
              last_success_at: null,
              secret_ciphertext: cipher.encrypt(secret),
              previous_secret_ciphertext: null,
              previous_secret_expires_at: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`An endpoint with this url already exists for the ${environment} environment`);
        throw err;
      }
      return { ...endpointView(await findEndpoint(organisationId, id), now), secret };
    },

    async list(organisationId: string): Promise<EndpointView[]> {
      const rows = await selectEndpoints().where('organisation_id', '=', organisationId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const now = clock.now();
      return rows.map((r) => endpointView(r as EndpointRow, now));
    },

    async get(organisationId: string, id: string): Promise<EndpointView> {
      return endpointView(await findEndpoint(organisationId, id), clock.now());
    },

    async update(organisationId: string, id: string, input: PatchEndpointInput): Promise<EndpointView> {
      const url = input.url === undefined ? undefined : validateUrl(input.url);
      const eventTypes = input.eventTypes === undefined ? undefined : validateEventTypes(input.eventTypes);
      const now = clock.now();
      try {
        await db.transaction().execute(async (trx) => {
          const row = await findEndpoint(organisationId, id, trx);
          if (url !== undefined) await assertUrlFree(trx, organisationId, row.environment, url, id);
          await trx
            .updateTable('webhook_endpoints')
            .set({
              ...(url === undefined ? {} : { url }),
              ...(input.description === undefined ? {} : { description: input.description }),
              ...(eventTypes === undefined ? {} : { event_types: textArray(eventTypes) }),
              ...(input.status === 'ENABLED' ? { status: 'ENABLED' as const, disabled_reason: null, failing_since: null } : {}),
              updated_at: now,
            })
            .where('id', '=', id)
            .execute();
          if (input.status === 'DISABLED' && row.status === 'ENABLED') await disable(trx, row, 'MANUAL', now);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('An endpoint with this url already exists for this environment');
        throw err;
      }
      return endpointView(await findEndpoint(organisationId, id), now);
    },

    async remove(organisationId: string, id: string): Promise<{ id: string; deleted: true }> {
      await findEndpoint(organisationId, id);
      await db.transaction().execute(async (trx) => {
        // The endpoint first, then its deliveries: the order every writer that waits takes them in.
        await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', id).forNoKeyUpdate().execute();
        await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
        await trx.deleteFrom('webhook_endpoints').where('id', '=', id).where('organisation_id', '=', organisationId).execute();
      });
      return { id, deleted: true };
    },

    async rotateSecret(organisationId: string, id: string, overlapSeconds = 86_400): Promise<EndpointView & { secret: string }> {
      const now = clock.now();
      const secret = newSecret();
      await db.transaction().execute(async (trx) => {
        const row = await findEndpoint(organisationId, id, trx);
        await trx
          .updateTable('webhook_endpoints')
          .set({
            secret_ciphertext: cipher.encrypt(secret),
            // At most two: the current one becomes the previous; an older previous is dropped now.
            previous_secret_ciphertext: overlapSeconds > 0 ? row.secret_ciphertext : null,
            previous_secret_expires_at: overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
      });
      return { ...endpointView(await findEndpoint(organisationId, id), now), secret };
    },

    fanOut,
    deliverDue,

    /** Waits for the attempts this process started (the server's shutdown, tests). */
    async close(): Promise<void> {
      closed = true;
      await Promise.allSettled([...running]);
    },

    /** Waits for the attempts in flight now (tests). */
    async settle(): Promise<void> {
      await Promise.allSettled([...running]);
    },

    /** An endpoint's deliveries, newest first, filtered and paged (DESIGN.md §10 "Lists"). */
    async listDeliveries(organisationId: string, endpointId: string, query: DeliveryListQuery): Promise<{ items: DeliveryView[]; nextCursor: string | null }> {
      const errors: FieldError[] = [];
      const list = (name: 'status' | 'eventType', allowed: readonly string[]) => {
        const raw = query[name];
        if (raw === undefined) return undefined;
        const values = raw.split(',').map((v) => v.trim());
        if (values.some((v) => !allowed.includes(v))) errors.push({ field: name, message: `must be comma-separated values of ${allowed.join(', ')}` });
        else if (new Set(values).size !== values.length) errors.push({ field: name, message: 'must not repeat a value' });
        else return values;
        return undefined;
      };
      const statuses = list('status', DELIVERY_STATUSES);
      const types = list('eventType', WEBHOOK_EVENT_TYPES);
      const times: { from?: Date; to?: Date } = {};
      for (const key of ['from', 'to'] as const) {
        if (query[key] === undefined) continue;
        const d = parseDateTime(query[key]!);
        if (d === null) errors.push({ field: key, message: 'must be an ISO 8601 date-time with Z or an offset, e.g. 2026-11-01T00:00:00Z' });
        else times[key] = d;
      }
      if (times.from && times.to && times.from.getTime() >= times.to.getTime()) errors.push({ field: 'from', message: 'must be before to' });
      const position = decodeCursor(query.cursor);
      if (errors.length > 0) throw validationError(errors, errors.length === 1 ? `${errors[0]!.field} ${errors[0]!.message}` : 'The query parameters are invalid');
      await findEndpoint(organisationId, endpointId);
      const limit = pageLimit(query.limit);
      let q = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).where('organisation_id', '=', organisationId);
      if (statuses) q = q.where('status', 'in', statuses as DeliveriesTable['status'][]);
      if (types) q = q.where('event_type', 'in', types);
      if (times.from) q = q.where('created_at', '>=', times.from);
      if (times.to) q = q.where('created_at', '<', times.to);
      if (position) q = q.where(olderThan(position));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
      const page = toPage(rows, limit, (r) => ({ createdAt: new Date(r.created_at), id: r.id }));
      return { items: page.items.map(deliveryView), nextCursor: page.nextCursor };
    },

    /** One MANUAL attempt now, whatever the status; a PENDING delivery keeps its schedule; one waiting manual attempt at most. */
    async redeliver(organisationId: string, deliveryId: string): Promise<DeliveryView> {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const d = await trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('organisation_id', '=', organisationId).forUpdate().executeTakeFirst();
        if (!d) throw notFound('No delivery with this id');
        const ep = await trx.selectFrom('webhook_endpoints').select('status').where('id', '=', d.endpoint_id).executeTakeFirstOrThrow();
        if (ep.status !== 'ENABLED') throw conflict('The endpoint of this delivery is DISABLED: re-enable it with PATCH first');
        if (d.manual_requested_at !== null) return d;
        return trx.updateTable('webhook_deliveries').set({ manual_requested_at: now }).where('id', '=', deliveryId).returningAll().executeTakeFirstOrThrow();
      });
      kick();
      return deliveryView(row);
    },

    /**
     * One MANUAL attempt, oldest first, for every event in [since, until) raised after the endpoint was
     * created, matching it, with no SUCCEEDED delivery to it; at most 10,000 per call (nextSince: where to go on).
     */
    async recover(organisationId: string, endpointId: string, input: { since: string; until?: string }): Promise<{ queued: number; nextSince: string | null }> {
      const now = clock.now();
      const errors: FieldError[] = [];
      const since = parseDateTime(input.since);
      const until = input.until === undefined ? undefined : parseDateTime(input.until);
      if (since === null) errors.push({ field: 'since', message: 'must be an ISO 8601 date-time with Z or an offset' });
      else if (since.getTime() < now.getTime() - RECOVER_WINDOW_MS) errors.push({ field: 'since', message: 'must be within the last 30 days (events are kept 30 days)' });
      if (until === null) errors.push({ field: 'until', message: 'must be an ISO 8601 date-time with Z or an offset' });
      else if (until && since && since.getTime() >= until.getTime()) errors.push({ field: 'since', message: 'must be before until' });
      if (errors.length > 0) throw validationError(errors, `${errors[0]!.field} ${errors[0]!.message}`);
      const result = await db.transaction().execute(async (trx) => {
        const ep = await findEndpoint(organisationId, endpointId, trx);
        if (ep.status !== 'ENABLED') throw conflict('This endpoint is DISABLED: re-enable it with PATCH first');
        const types = eventTypesOf(ep.event_types);
        const from = new Date(Math.max(since!.getTime(), new Date(ep.created_at).getTime()));
        let q = trx
          .selectFrom('events as e')
          .select(['e.id', 'e.type', 'e.created_at'])
          .where('e.organisation_id', '=', organisationId)
          .where('e.environment', '=', ep.environment)
          .where('e.created_at', '>=', from)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id').where('d.endpoint_id', '=', endpointId).where('d.status', '=', 'SUCCEEDED'))));
        if (until) q = q.where('e.created_at', '<', until);
        if (!types.includes('*')) q = q.where('e.type', 'in', types);
        const events = await q.orderBy('e.created_at').orderBy('e.id').limit(RECOVER_MAX + 1).execute();
        const take = events.slice(0, RECOVER_MAX);
        for (const e of take) {
          const inserted = await trx
            .insertInto('webhook_deliveries')
            .values({
              id: ids.next('dlv'),
              organisation_id: organisationId,
              event_id: e.id,
              event_type: e.type,
              endpoint_id: endpointId,
              status: 'PENDING',
              attempt_count: 0,
              scheduled_attempts: 0,
              next_attempt_at: null,
              manual_requested_at: now,
              last_attempt_at: null,
              last_response_status: null,
              lease_owner: null,
              lease_expires_at: null,
              created_at: e.created_at,
            })
            .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) {
            await trx
              .updateTable('webhook_deliveries')
              .set({ manual_requested_at: sql<Date>`coalesce(manual_requested_at, ${now})` })
              .where('event_id', '=', e.id)
              .where('endpoint_id', '=', endpointId)
              .execute();
          }
        }
        const next = events.length > RECOVER_MAX ? events[RECOVER_MAX]! : null;
        return { queued: take.length, nextSince: next ? new Date(next.created_at).toISOString() : null };
      });
      kick();
      return result;
    },

    /**
     * A test event of `type` with sample data (environment test), delivered at once to every ENABLED test
     * endpoint subscribed to it, or with `endpointId` to that endpoint alone (DISABLED: 409).
     */
    async trigger(organisationId: string, input: { type: EventType; endpointId?: string }): Promise<{ event: Record<string, unknown>; deliveries: DeliveryView[] }> {
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        let targets: string[];
        if (input.endpointId !== undefined) {
          const ep = await findEndpoint(organisationId, input.endpointId, trx);
          if (ep.status !== 'ENABLED') throw conflict('This endpoint is DISABLED: re-enable it with PATCH first');
          targets = [ep.id];
        } else {
          const rows = await trx
            .selectFrom('webhook_endpoints')
            .select('id')
            .where('organisation_id', '=', organisationId)
            .where('environment', '=', 'test')
            .where('status', '=', 'ENABLED')
            .where(sql<boolean>`(${input.type} = ANY(event_types) OR '*' = ANY(event_types))`)
            .execute();
          targets = rows.map((r) => r.id);
        }
        const written = await writeEvent(trx as unknown as Kysely<DB>, ids, {
          organisationId,
          type: input.type,
          environment: 'test',
          data: sampleEventData(input.type, ids, now),
          createdAt: now,
        });
        const deliveries: DeliveriesTable[] = targets.map((endpointId) => ({
          id: ids.next('dlv'),
          organisation_id: organisationId,
          event_id: written.id,
          event_type: input.type,
          endpoint_id: endpointId,
          status: 'PENDING',
          attempt_count: 0,
          scheduled_attempts: 0,
          next_attempt_at: now,
          manual_requested_at: null,
          last_attempt_at: null,
          last_response_status: null,
          lease_owner: null,
          lease_expires_at: null,
          created_at: now,
        }));
        if (deliveries.length > 0) await trx.insertInto('webhook_deliveries').values(deliveries).execute();
        // Its deliveries exist: fan-out has nothing to add.
        await trx.updateTable('events').set({ fanned_out: true }).where('id', '=', written.id).execute();
        return { event: JSON.parse(written.body) as Record<string, unknown>, deliveries: deliveries.map(deliveryView) };
      });
      kick();
      return result;
    },

    async deliveriesOfEvent(organisationId: string, eventId: string): Promise<DeliveryView[]> {
      const event = await db.selectFrom('events').select('id').where('id', '=', eventId).where('organisation_id', '=', organisationId).executeTakeFirst();
      if (!event) throw notFound('No event with this id');
      const rows = await db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(deliveryView);
    },

    async delivery(organisationId: string, id: string): Promise<DeliveryView & { attempts: AttemptView[] }> {
      const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('organisation_id', '=', organisationId).executeTakeFirst();
      if (!row) throw notFound('No delivery with this id');
      const attempts = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', id).orderBy('number').execute();
      return { ...deliveryView(row), attempts: attempts.map(attemptView) };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
