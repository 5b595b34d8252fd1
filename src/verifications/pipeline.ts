import type { App } from '../platform/http-types.js';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ApiKeyService, AuthenticatedKey } from '../api-keys/api-keys.service.js';
import type { ServiceCode } from '../catalogue/catalogue.js';
import type { CatalogueService, OrganisationContext } from '../catalogue/catalogue.service.js';
import { ok } from '../platform/envelope.js';
import { AppError, validationError, type ErrorCode } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Clock } from '../platform/clock.js';
import { koboToNaira } from '../platform/money.js';
import type { AccessLevel, KeyType } from '../platform/schema.js';
import { ErrorRef, SuccessEnvelope } from '../platform/typebox.js';
import {
  SANDBOX_SCENARIOS,
  type ProviderCallContext,
  type ProviderFailureCode,
  type ProviderOutcome,
  type Providers,
  type SandboxScenario,
} from '../providers/ports.js';
import type { IdentifierType, NewVerificationRecord, RecordWriter, RetainedPayload } from '../records/records.repository.js';
import type { RateLimiter, SlotLimiter, WindowLimiter } from '../platform/rate-limit.js';
import { FencedError, readIdempotencyKey, type HeldClaim, type IdempotencyService } from '../idempotency/idempotency.service.js';
import { readFacts, type Hold, type Settlement, type SettlementService, type VerificationFacts } from './settlement.js';
import { failureBody, requestPath } from '../platform/envelope.js';

export const ONE_MIB = 1024 * 1024;

/** What a verification type declares; the pipeline does everything else (CONVENTIONS.md). */
export interface VerificationDefinition<S extends TSchema, V> {
  service: ServiceCode;
  path: string;
  summary: string;
  description: string;
  body: S;
  /** The data schema of a 200 beyond the common fields; it also filters what is serialised. */
  responseData: TSchema;
  bodyLimit?: number;
  /** What the call identifies, normalised, for the record. */
  identifier(body: Static<S>): { type: IdentifierType; value: string };
  requestReason?(body: Static<S>): string | null;
  purpose?(body: Static<S>): string | null;
  call(providers: Providers, body: Static<S>, ctx: ProviderCallContext): Promise<ProviderOutcome<V>>;
  /** Turns a found answer into the verdict and the fields the access level permits. */
  present(
    value: V,
    body: Static<S>,
    accessLevel: AccessLevel,
    outcome: { referenceId: string; path?: string | undefined },
  ): { verificationStatus: 'VERIFIED' | 'NOT_VERIFIED'; message: string; fields: Record<string, unknown> };
  notFoundMessage: string;
  /** Live keys must send an Idempotency-Key on tax and business endpoints (DESIGN.md §6). */
  idempotency?: 'optional' | 'required-live';
  /** 'unavailable': every upstream failure (error, unavailable, timeout) is 503 (DESIGN.md §3, /v1/tin/*). */
  failures?: 'as-classified' | 'unavailable';
  /** What a found answer keeps durably beside its record (CAC Advance, SPEC.md §8). */
  retain?(value: V, referenceId: string): RetainedPayload;
}

export interface PipelineDeps {
  apiKeys: ApiKeyService;
  catalogue: CatalogueService;
  records: RecordWriter;
  /** Holds, and the one settlement of a verification (record, money, stored answer). */
  settlement: SettlementService;
  idempotency: IdempotencyService;
  /** How long a hold lives before the sweeper releases it (longer than any settlement can take). */
  holdTtlMs: number;
  guards: {
    rate: RateLimiter;
    slots: SlotLimiter;
    velocity: WindowLimiter;
    /** Provider calls in flight per organisation and endpoint, unless the organisation overrides it. */
    concurrencyLimit: number;
    /** Live debits per organisation per minute, unless the organisation overrides it. */
    velocityLimit: number;
  };
  ids: IdGenerator;
  clock: Clock;
  providersFor(environment: KeyType): Providers | null;
  logger: { error(obj: unknown, msg: string): void };
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: AuthenticatedKey | null;
    /** The cache epoch read when the request was authenticated; later cache checks reuse it. */
    cacheEpoch: number | null;
  }
}

const FAILURE_STATUS: Record<ProviderFailureCode, number> = {
  PROVIDER_ERROR: 502,
  PROVIDER_UNAVAILABLE: 503,
  PROVIDER_TIMEOUT: 504,
  PROVIDER_RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
};

const FAILURE_MESSAGE: Record<ProviderFailureCode, string> = {
  PROVIDER_ERROR: 'The registry returned an error; retry with backoff',
  PROVIDER_UNAVAILABLE: 'The registry is unavailable; retry shortly',
  PROVIDER_TIMEOUT: 'The registry did not answer in time; retry with backoff',
  PROVIDER_RATE_LIMITED: 'The registry is rate limiting requests; retry after the Retry-After delay',
  INTERNAL_ERROR: 'Internal server error',
};

const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;

/** The failures that mean the upstream could not answer (the tax endpoints answer all of them 503). */
const UPSTREAM_FAILURES = new Set<ProviderFailureCode>(['PROVIDER_ERROR', 'PROVIDER_UNAVAILABLE', 'PROVIDER_TIMEOUT']);

/** Headers a verification accepts beyond x-api-key; documented here, checked by the pipeline. */
export const VerificationHeaders = Type.Object(
  {
    'x-api-key': Type.Optional(Type.String({ description: 'sk_test_… (sandbox) or sk_live_… (billed)' })),
    'x-sandbox-scenario': Type.Optional(
      Type.String({ description: `Test keys only: ${SANDBOX_SCENARIOS.join(' | ')}. Ignored on live keys.` }),
    ),
    'x-correlation-id': Type.Optional(Type.String({ description: 'Echoed on the response; 1–128 printable characters.' })),
  },
  { additionalProperties: true },
);

/** onRequest hook: the API key is checked before anything else (DESIGN.md §3 order). */
export function apiKeyAuth(apiKeys: ApiKeyService): onRequestHookHandler {
  return async (req) => {
    const header = req.headers['x-api-key'];
    // A repeated header is joined with commas, which no key contains: it is refused as malformed.
    const { key, epoch } = await apiKeys.authenticate(Array.isArray(header) ? header.join(',') : header);
    req.apiKey = key;
    req.cacheEpoch = epoch;
  };
}

function singleHeader(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** Registers one verification endpoint running the shared pipeline. */
export function registerVerification<S extends TSchema, V>(
  app: App,
  def: VerificationDefinition<S, V>,
  deps: PipelineDeps,
): void {
  const dataSchema = def.responseData;
  app.post(
    def.path,
    {
      bodyLimit: def.bodyLimit ?? ONE_MIB,
      onRequest: apiKeyAuth(deps.apiKeys),
      schema: {
        tags: ['Verifications'],
        summary: def.summary,
        description: def.description,
        security: [{ apiKey: [] }],
        headers: VerificationHeaders,
        body: def.body,
        response: { 200: SuccessEnvelope(dataSchema), '4xx': ErrorRef, '5xx': ErrorRef },
      },
    },
    async (req, reply) => runPipeline(def, deps, req, reply),
  );
}

async function runPipeline<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: PipelineDeps,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const key = req.apiKey!;
  const body = req.body as Static<S>;

  // 400, after the body schema: headers the pipeline reads.
  const correlationId = singleHeader(req, 'x-correlation-id');
  if (correlationId !== undefined && !CORRELATION_ID.test(correlationId)) {
    throw validationError([{ field: 'X-Correlation-ID', message: 'must be 1 to 128 printable ASCII characters' }]);
  }
  let scenario: SandboxScenario | undefined;
  if (key.type === 'test') {
    const raw = singleHeader(req, 'x-sandbox-scenario');
    if (raw !== undefined) {
      if (!(SANDBOX_SCENARIOS as readonly string[]).includes(raw)) {
        throw validationError([{ field: 'X-Sandbox-Scenario', message: `must be one of: ${SANDBOX_SCENARIOS.join(', ')}` }]);
      }
      scenario = raw as SandboxScenario;
    }
  }
  const idempotencyKey = readIdempotencyKey(req.headers['idempotency-key']);
  if (correlationId !== undefined) reply.header('x-correlation-id', correlationId);

  // 403: the organisation must be subscribed (provisioned and ACTIVE).
  const org = await deps.catalogue.context(key.organisationId, req.cacheEpoch);
  const subscription = org.services.get(def.service);
  if (!subscription || subscription.status !== 'ACTIVE') {
    throw new AppError('SERVICE_NOT_SUBSCRIBED', `This organisation is not subscribed to ${def.service}`);
  }

  const providers = deps.providersFor(key.type);
  if (!providers) throw new AppError('SERVICE_UNAVAILABLE', 'Live verifications are not configured on this server');

  // 422: live tax and business calls must be retry-safe.
  if (def.idempotency === 'required-live' && key.type === 'live' && idempotencyKey === undefined) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', `Live calls to ${def.path} need an Idempotency-Key header`);
  }

  // 429: the key's own allowance per minute (a bucket it may spend in one burst).
  const rate = await deps.guards.rate.take(`key:${key.id}`, key.rateLimitPerMinute);
  if (rate) {
    reply.header('ratelimit-limit', String(rate.limit));
    reply.header('ratelimit-remaining', String(rate.remaining));
    reply.header('ratelimit-reset', String(rate.resetSeconds));
    if (!rate.allowed) {
      throw new AppError('RATE_LIMITED', `This API key is limited to ${rate.limit} requests a minute`, {
        headers: { 'retry-after': String(rate.retryAfterSeconds) },
      });
    }
  }

  // 409, 202, or the stored answer replayed (and billed again on live keys).
  let claim: HeldClaim | null = null;
  if (idempotencyKey !== undefined) {
    const scope = deps.idempotency.scope(key.organisationId, key.type, idempotencyKey);
    const c = await deps.idempotency.claim(scope, deps.idempotency.fingerprint('POST', def.path, body));
    if (c.kind === 'replay') return replay(deps, req, reply, key, { status: c.status, body: c.body, facts: readFacts(c.facts) });
    claim = { scope: c.scope, token: c.token };
  }

  try {
    return await afterClaim(def, deps, req, reply, { key, body, org, correlationId, scenario, providers, claim }, subscription.pricesKobo);
  } catch (err) {
    // A non-billable end (402, 429, provider failure, 500) forgets the key so a retry runs again.
    if (claim && !(err instanceof FencedError)) {
      await deps.idempotency.clear(claim).catch((e: unknown) => deps.logger.error({ err: e }, 'could not clear an idempotency claim'));
    }
    if (err instanceof FencedError) {
      throw new AppError('REQUEST_IN_PROGRESS', 'Another attempt with this Idempotency-Key took over; retry shortly', { headers: { 'retry-after': '1' } });
    }
    throw err;
  }
}

/** What the steps after the idempotency claim share about one call. */
interface Call<S extends TSchema> {
  key: AuthenticatedKey;
  body: Static<S>;
  org: OrganisationContext;
  correlationId: string | undefined;
  scenario: SandboxScenario | undefined;
  providers: Providers;
  claim: HeldClaim | null;
}

async function afterClaim<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: PipelineDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  call: Call<S>,
  pricesKobo: Record<AccessLevel, number>,
) {
  const { key, org } = call;
  // 429: the wallet velocity guard, on live debits per organisation per minute.
  if (key.type === 'live') {
    const limit = org.velocityLimit ?? deps.guards.velocityLimit;
    const v = await deps.guards.velocity.hit(`velocity:${key.organisationId}`, limit, 60_000);
    if (!v.allowed) {
      throw new AppError('WALLET_VELOCITY_LIMITED', `This organisation is limited to ${limit} live verifications a minute`, {
        headers: { 'retry-after': String(v.retryAfterSeconds) },
      });
    }
  }

  // 402 before any provider call: a live check's price is held first, so two concurrent checks can
  // never spend the last naira twice. Test keys never touch the wallet.
  const priceKobo = key.type === 'live' ? pricesKobo[org.accessLevel] : 0;
  let hold: Hold | null = null;
  if (priceKobo > 0) hold = await deps.settlement.hold(key.organisationId, priceKobo, deps.holdTtlMs);

  let answer: Answer;
  try {
    answer = await callAndSettle(def, deps, req, reply, call, hold);
  } catch (err) {
    // Whatever failed before the settlement committed, the money set aside goes back now, not at expiry.
    if (hold) await deps.settlement.release(hold).catch((e: unknown) => deps.logger.error({ err: e }, 'could not release a hold'));
    throw err;
  }
  if (answer.payload !== undefined) {
    // Idempotent requests send the exact bytes a replay will send.
    if ('error' in answer) for (const [name, value] of Object.entries(answer.error.headers)) reply.header(name, value);
    return reply.code(answer.httpStatus).type('application/json; charset=utf-8').send(answer.payload);
  }
  if ('error' in answer) throw answer.error;
  return ok(req, answer.data, answer.message);
}

/**
 * A stored answer, replayed byte for byte. On live keys it is billed again at the stored amount (402,
 * and no answer, if the wallet cannot cover it); it has its own record, linked to the original.
 */
async function replay(
  deps: PipelineDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  key: AuthenticatedKey,
  stored: { status: number; body: string; facts: VerificationFacts },
) {
  const original = stored.facts.verificationId ? await deps.records.findRow(stored.facts.verificationId) : undefined;
  const chargeKobo = key.type === 'live' ? stored.facts.chargeAmountKobo : 0;
  const hold = chargeKobo > 0 ? await deps.settlement.hold(key.organisationId, chargeKobo, deps.holdTtlMs) : null;
  const id = deps.ids.next('ver');
  if (original) {
    const row = {
      ...original,
      id,
      replay_of: original.id,
      charged: hold !== null,
      charge_amount_kobo: hold?.amountKobo ?? 0,
      api_key_id: key.id,
      request_id: req.id,
      duration_ms: Math.round(reply.elapsedTime),
      created_at: deps.clock.now(),
    };
    try {
      await deps.settlement.settle({ hold, billable: true, description: `${original.type} verification (replay)`, record: row });
    } catch (err) {
      if (hold) await deps.settlement.release(hold).catch(() => undefined);
      throw err;
    }
  } else if (hold) {
    await deps.settlement.release(hold);
  }
  reply.header('idempotent-replayed', 'true');
  reply.header('x-verification-id', id);
  return reply.code(stored.status).type('application/json; charset=utf-8').send(stored.body);
}

type Answer = Verdict & ({ data: Record<string, unknown>; message: string } | { error: AppError }) & { payload?: string };

async function callAndSettle<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: PipelineDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  call: Call<S>,
  hold: Hold | null,
): Promise<Answer> {
  const { key, body, org, correlationId, scenario, providers, claim } = call;
  const identifier = def.identifier(body);
  const ctx: ProviderCallContext = { requestId: req.id, correlationId, scenario };
  // 429: a slot for the provider call, per organisation and endpoint, held only around the call.
  const slotLimit = org.concurrencyLimit ?? deps.guards.concurrencyLimit;
  const release = await deps.guards.slots.acquire(`${key.organisationId}:${def.path}`, slotLimit, deps.holdTtlMs);
  if (!release) {
    throw new AppError('CONCURRENCY_LIMITED', `At most ${slotLimit} ${def.path} calls may be in flight for this organisation`, {
      headers: { 'retry-after': '1' },
    });
  }
  let outcome: ProviderOutcome<V>;
  try {
    outcome = await def.call(providers, body, ctx);
  } catch (err) {
    deps.logger.error({ err }, 'provider call failed unexpectedly');
    outcome = { kind: 'failure', code: 'INTERNAL_ERROR' };
  } finally {
    await release();
  }
  if (def.failures === 'unavailable' && outcome.kind === 'failure' && UPSTREAM_FAILURES.has(outcome.code)) {
    outcome = { kind: 'failure', code: 'PROVIDER_UNAVAILABLE', ...(outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}) };
  }

  const verificationId = deps.ids.next('ver');
  // A result delivered after the registry answered is billable, whatever it says (SPEC.md §7).
  const billable = outcome.kind === 'found' || outcome.kind === 'not_found';
  const billing = hold && billable ? { charged: true, chargeAmountKobo: hold.amountKobo } : { charged: false, chargeAmountKobo: 0 };
  const answer = classify(def, outcome, body, org.accessLevel, verificationId, billing);

  const record: NewVerificationRecord = {
    id: verificationId,
    organisationId: key.organisationId,
    type: def.service,
    endpoint: def.path,
    environment: key.type,
    verificationStatus: answer.verificationStatus,
    errorCode: answer.errorCode,
    httpStatus: answer.httpStatus,
    charged: billing.charged,
    chargeAmountKobo: billing.chargeAmountKobo,
    referenceId: answer.referenceId,
    identifierType: identifier.type,
    identifier: identifier.value,
    purpose: def.purpose?.(body) ?? null,
    requestReason: def.requestReason?.(body) ?? null,
    apiKeyId: key.id,
    requestId: req.id,
    durationMs: reply.elapsedTime,
    replayOf: null,
    resolvedBy: outcome.kind === 'failure' ? null : ((outcome.path as NewVerificationRecord['resolvedBy']) ?? null),
    createdAt: deps.clock.now(),
  };
  const retained = outcome.kind === 'found' && def.retain ? deps.records.sealPayload(def.retain(outcome.value, outcome.referenceId)) : null;
  // With an Idempotency-Key the answer is fixed as bytes now: the first answer and every replay are identical.
  let payload: string | undefined;
  let stored: Settlement['answer'] = null;
  if (claim) {
    payload = JSON.stringify('error' in answer ? failureBody(requestPath(req), answer.error) : ok(req, answer.data, answer.message));
    if (billable) stored = { claim, status: answer.httpStatus, body: payload, facts: { verificationId, chargeAmountKobo: billing.chargeAmountKobo } };
  }

  // Settle: the record is durable (and, live, the money moved and the answer stored with it) before the caller hears it.
  await deps.settlement.settle({ hold, billable, description: `${def.service} verification`, record: deps.records.toRow(record), payload: retained, answer: stored });
  // A non-billable outcome forgets the key, so a retry runs again (SPEC.md §3).
  if (claim && !stored) await deps.idempotency.clear(claim);
  return { ...answer, payload };
}

interface Verdict {
  httpStatus: number;
  verificationStatus: 'VERIFIED' | 'NOT_VERIFIED' | null;
  errorCode: ErrorCode | null;
  referenceId: string | null;
}

/** What the caller is told and what the record says, for each kind of provider outcome (DESIGN.md §3). */
function classify<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  outcome: ProviderOutcome<V>,
  body: Static<S>,
  accessLevel: AccessLevel,
  verificationId: string,
  billing: { charged: boolean; chargeAmountKobo: number },
): Answer {
  const charged = billing.charged;
  const chargeAmount = koboToNaira(billing.chargeAmountKobo);
  if (outcome.kind === 'found') {
    const shown = def.present(outcome.value, body, accessLevel, outcome);
    const verificationStatus = shown.verificationStatus;
    const referenceId = outcome.referenceId;
    return {
      httpStatus: 200,
      verificationStatus,
      errorCode: null,
      referenceId,
      data: { verificationStatus, verificationId, referenceId, charged, chargeAmount, ...shown.fields },
      message: shown.message,
    };
  }
  if (outcome.kind === 'not_found') {
    const referenceId = outcome.referenceId;
    return {
      httpStatus: 404,
      verificationStatus: 'NOT_VERIFIED',
      errorCode: null,
      referenceId,
      error: new AppError('RECORD_NOT_FOUND', def.notFoundMessage, {
        data: { verificationStatus: 'NOT_VERIFIED', verificationId, referenceId, charged, chargeAmount },
      }),
    };
  }
  const headers: Record<string, string> = {};
  if (outcome.code === 'PROVIDER_RATE_LIMITED') headers['retry-after'] = String(outcome.retryAfterSeconds ?? 5);
  // An open circuit breaker knows when its next trial is; otherwise a short pause.
  if (outcome.code === 'PROVIDER_UNAVAILABLE') headers['retry-after'] = String(outcome.retryAfterSeconds ?? 2);
  return {
    httpStatus: FAILURE_STATUS[outcome.code],
    verificationStatus: null,
    errorCode: outcome.code,
    referenceId: null,
    error: new AppError(outcome.code, FAILURE_MESSAGE[outcome.code], { data: { verificationId, charged, chargeAmount }, headers }),
  };
}
