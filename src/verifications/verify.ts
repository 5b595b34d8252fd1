import type { Static, TSchema } from '@sinclair/typebox';
import type { AuthenticatedKey } from '../api-keys/api-keys.service.js';
import { failureBody } from '../platform/envelope.js';
import { AppError, notFound, type ErrorCode } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Clock } from '../platform/clock.js';
import type { EpochCheck } from '../platform/cache-epoch.js';
import { koboToNaira, nairaToKobo } from '../platform/money.js';
import { formatNaira, type WalletService } from '../billing/wallet.service.js';
import type { AdmissionAsk, AdmissionGuard, BucketResult, LimitResult, RateLimiter, SlotLimiter, SlotRelease, WindowLimiter } from '../platform/rate-limit.js';
import type { AccessLevel, KeyType } from '../platform/schema.js';
import type { ProviderCallContext, ProviderFailureCode, ProviderOutcome, Providers, SandboxScenario } from '../providers/ports.js';
import type { NewVerificationRecord, RecordWriter } from '../records/records.repository.js';
import { FencedError, requestInProgress, type Claim, type HeldClaim, type IdempotencyService, type NewClaimRow } from '../idempotency/idempotency.service.js';
import type { VerificationDefinition } from './definition.js';
import type { OrganisationContext, Subscriptions } from './subscriptions.js';
import { readFacts, type Hold, type Settlement, type SettlementService } from './settlement.js';

/**
 * A verification as a plain function (DESIGN.md §3, §6, §7): `verify(definition, deps, key, body,
 * context) → answer`, the status, headers and exact body bytes to send. Its steps are exported so
 * each can be exercised without HTTP: admit → claim (or replay) → hold → callProvider → settle
 * (classify, record, money, stored answer) → render. Refusals (400 … 503 before any outcome) are
 * thrown as AppError, like every service's; the HTTP adapter is src/verifications/pipeline.ts.
 */

export interface VerifyDeps {
  /** The calling organisation's access level, subscriptions and limits (the catalogue). */
  catalogue: Subscriptions;
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
    /** The three above in one decision at admission (one Redis round trip instead of three). */
    admission: AdmissionGuard;
    /** Provider calls in flight per organisation and endpoint, unless the organisation overrides it. */
    concurrencyLimit: number;
    /** Live debits per organisation per minute, unless the organisation overrides it. */
    velocityLimit: number;
  };
  ids: IdGenerator;
  clock: Clock;
  providersFor(environment: KeyType): Providers | null;
  logger: { error(obj: unknown, msg: string): void };
  /** The wallet's balance, read only to tell a 402 what is available; without it the 402 names the price alone. */
  wallet?: Pick<WalletService, 'balance'>;
}

/** What the HTTP layer knows about one request (its headers already validated). */
export interface VerifyContext {
  requestId: string;
  /** The request path without its query string, as the envelope's `path` shows it. */
  path: string;
  correlationId: string | undefined;
  /** Test keys only: the sandbox scenario asked for. */
  scenario: SandboxScenario | undefined;
  idempotencyKey: string | undefined;
  /** The cache epoch read when the key was authenticated (null: read it again). */
  cacheEpoch: number | null;
  /**
   * Set when the key was authenticated provisionally (src/verifications/pipeline.ts): the revocation
   * counter was not read. The start's database call checks it (its `pending` value), or confirm() reads
   * it, before anything the request does has an effect; absent, the counter was read.
   */
  epochCheck?: EpochCheck;
  /**
   * The request's guard decisions (the key's rate, the organisation's velocity), shared by its
   * attempts: a request that starts again because its provisional key's counter moved reuses them
   * rather than counting itself twice. Absent: each call counts.
   */
  decisions?: GuardDecisions;
  /** A response header decided on the way (the key's rate-limit state); it goes out with any answer or refusal. */
  header(name: string, value: string): void;
  /** Milliseconds since the request arrived (the record's duration). */
  elapsedMs(): number;
  /** The bytes of an envelope sent without an Idempotency-Key (over HTTP: the route's response schema serializer). */
  serialize(status: number, envelope: object): string;
}

/** What the limiters said about one request, once (see VerifyContext.decisions). */
export interface GuardDecisions {
  rate?: BucketResult | null;
  velocity?: LimitResult;
}

/** A limiter's decision for this request: taken once, then reused by any attempt that starts again. */
async function decideOnce<K extends keyof GuardDecisions>(memo: GuardDecisions, name: K, take: () => Promise<Required<GuardDecisions>[K]>) {
  if (!(name in memo)) memo[name] = await take();
  return memo[name] as Required<GuardDecisions>[K];
}

/** What a verification answers: sent as is (content type application/json; charset=utf-8). */
export interface VerificationAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** The envelope's JSON, exactly; with an Idempotency-Key, the bytes every replay sends. */
  body: string;
}

/** One call as the steps after admission share it. */
export interface Call<S extends TSchema> {
  key: AuthenticatedKey;
  body: Static<S>;
  org: OrganisationContext;
  /** What a live check costs at the organisation's access level (0 on test keys: no money moves). */
  priceKobo: number;
  providers: Providers;
  /** The Idempotency-Key held for this call, if it sent one. */
  claim: HeldClaim | null;
  /** What the limiters said about this request (the context's, shared by its attempts, or this call's own). */
  decisions: GuardDecisions;
  /**
   * A slot for the provider call taken at admission (admit's `slotAhead`): a release, null when none
   * was free then; callProvider takes it over (undefined after, or when none was asked).
   */
  slotAhead?: SlotRelease | null;
}

/** What the caller is told and what the record says about one provider outcome. */
export type Verdict = {
  httpStatus: number;
  verificationStatus: 'VERIFIED' | 'NOT_VERIFIED' | null;
  errorCode: ErrorCode | null;
  referenceId: string | null;
} & ({ data: Record<string, unknown>; message: string } | { error: AppError });

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

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

/** The failures that mean the upstream could not answer (the tax endpoints answer all of them 503). */
const UPSTREAM_FAILURES = new Set<ProviderFailureCode>(['PROVIDER_ERROR', 'PROVIDER_UNAVAILABLE', 'PROVIDER_TIMEOUT']);

/** Runs one verification to its answer, in the order of DESIGN.md §3 after the request's own checks. */
export async function verify<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: VerifyDeps,
  key: AuthenticatedKey,
  body: Static<S>,
  ctx: VerifyContext,
): Promise<VerificationAnswer> {
  const call = await admit(def, deps, key, body, ctx, { slotAhead: true });
  try {
    return await settleOrRefuse(def, deps, call, ctx);
  } finally {
    // A request that ends before its provider call (409, 202, 429, 402, an error) gives back the slot
    // taken at admission; callProvider has taken it over otherwise.
    giveBackSlot(call);
  }
}

/** Releases a slot taken at admission and not used (not awaited, as after a provider call: a release never throws). */
function giveBackSlot<S extends TSchema>(call: Call<S>): void {
  const unused = call.slotAhead;
  call.slotAhead = undefined;
  if (unused) void unused();
}

/** verify() after admission: the key's claim, the guards and the hold, the provider call and the settlement. */
async function settleOrRefuse<S extends TSchema, V>(def: VerificationDefinition<S, V>, deps: VerifyDeps, call: Call<S>, ctx: VerifyContext): Promise<VerificationAnswer> {
  const { key } = call;
  try {
    // 409, 202, or the stored answer replayed (and billed again on live keys); then 429 and 402.
    const start = await begin(def, deps, call, ctx);
    if ('replay' in start) {
      // A replay calls no provider.
      giveBackSlot(call);
      return await replay(deps, key, start.replay, ctx);
    }
    const held = start.held;
    try {
      const outcome = await callProvider(def, deps, call, ctx);
      return await settle(def, deps, call, ctx, outcome, held);
    } catch (err) {
      // Whatever failed before the settlement committed, the money set aside goes back now, not at expiry.
      if (held) await deps.settlement.release(held).catch((e: unknown) => deps.logger.error({ err: e }, 'could not release a hold'));
      throw err;
    }
  } catch (err) {
    // A non-billable end (402, 429, provider failure, 500) forgets the key so a retry runs again.
    if (call.claim && !(err instanceof FencedError)) {
      await deps.idempotency.clear(call.claim).catch((e: unknown) => deps.logger.error({ err: e }, 'could not clear an idempotency claim'));
    }
    if (err instanceof FencedError) {
      // Another attempt took the key over: to the client, that is a request still in progress.
      throw requestInProgress();
    }
    throw err;
  }
}

/**
 * 403 unless the organisation is subscribed (provisioned and ACTIVE), 503 without providers for the
 * key's environment, 422 for a live tax or business call without an Idempotency-Key, 429 past the
 * key's own allowance per minute (a bucket it may spend in one burst).
 *
 * The guards are asked once, together (deps.guards.admission: one Redis round trip): the key's rate;
 * a live call's velocity when nothing is decided between the two in DESIGN.md §3's order (no
 * Idempotency-Key, or a priced call whose claim and hold are one database call: see begin); and with
 * `slotAhead`, a slot for the provider call, which the call then owns (call.slotAhead) until
 * callProvider takes it over. Each answer is still acted on at its own place in that order.
 */
export async function admit<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: VerifyDeps,
  key: AuthenticatedKey,
  body: Static<S>,
  ctx: VerifyContext,
  options: { slotAhead?: boolean } = {},
): Promise<Call<S>> {
  const org = await deps.catalogue.context(key.organisationId, ctx.cacheEpoch);
  const subscription = org.services.get(def.service.code);
  if (!subscription || subscription.status !== 'ACTIVE') {
    throw new AppError('SERVICE_NOT_SUBSCRIBED', `This organisation is not subscribed to ${def.service.code}`);
  }

  const providers = deps.providersFor(key.type);
  if (!providers) throw new AppError('SERVICE_UNAVAILABLE', 'Live verifications are not configured on this server');

  if (def.idempotency === 'required-live' && key.type === 'live' && ctx.idempotencyKey === undefined) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', `Live calls to ${def.path} need an Idempotency-Key header`);
  }

  const priceKobo = key.type === 'live' ? subscription.pricesKobo[org.accessLevel] : 0;
  const decisions = ctx.decisions ?? {};
  const call: Call<S> = { key, body, org, priceKobo, providers, claim: null, decisions };
  // An attempt that starts again after a refusal by rate asks nothing more (the refusal stands).
  if (!decisions.rate || decisions.rate.allowed) {
    const ask: AdmissionAsk = {};
    if (!('rate' in decisions)) ask.rate = { key: `key:${key.id}`, limit: key.rateLimitPerMinute };
    if (key.type === 'live' && (ctx.idempotencyKey === undefined || priceKobo > 0) && !('velocity' in decisions)) ask.velocity = velocityAsk(deps, call);
    if (options.slotAhead) ask.slot = slotAsk(deps, call, def.path);
    const got = ask.rate || ask.velocity || ask.slot ? await deps.guards.admission.decide(ask) : {};
    if ('rate' in got) decisions.rate = got.rate ?? null;
    if (got.velocity) decisions.velocity = got.velocity;
    if (got.slot !== undefined) call.slotAhead = got.slot;
  }
  const rate = decisions.rate;
  if (rate) {
    ctx.header('ratelimit-limit', String(rate.limit));
    ctx.header('ratelimit-remaining', String(rate.remaining));
    ctx.header('ratelimit-reset', String(rate.resetSeconds));
    if (!rate.allowed) {
      throw new AppError('RATE_LIMITED', `This API key is limited to ${rate.limit} requests a minute`, {
        headers: { 'retry-after': String(rate.retryAfterSeconds) },
      });
    }
  }
  return call;
}

/**
 * The checks between admission and the provider call, in the order of DESIGN.md §3: the
 * Idempotency-Key (409, 202, or a stored answer to replay), the wallet velocity guard (429), the hold
 * (402). A live call with a new key, within its velocity, takes one database round trip for the claim
 * and the hold together (settlement.claimAndHold); a key already there is decided by the single-key
 * path first, exactly as a lone claim would be. Sets `call.claim` as soon as a key is held, so the
 * caller forgets it on any non-billable end.
 */
export async function begin<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: VerifyDeps,
  call: Call<S>,
  ctx: VerifyContext,
): Promise<{ replay: Extract<Claim, { kind: 'replay' }> } | { held: Hold | null }> {
  const { key, body } = call;
  const idempotencyKey = ctx.idempotencyKey;
  const check = ctx.epochCheck;
  if (idempotencyKey !== undefined && key.type === 'live' && call.priceKobo > 0) {
    const scope = deps.idempotency.scope(key.organisationId, key.type, idempotencyKey);
    const fingerprint = deps.idempotency.fingerprint('POST', def.path, body);
    // The velocity guard (Redis or this process, never the database) before the one round trip. A
    // request it refuses still hears the key's own answer first: 409, 202 or the replay.
    const velocity = await velocityHit(deps, call);
    if (velocity.allowed) {
      const fresh = deps.idempotency.newClaim(scope, fingerprint);
      // The round trip checks a provisional key's revocation counter first ('stale': nothing done).
      const held = await holdOr402(deps, key.organisationId, call.priceKobo, 'This verification costs', check, fresh.row);
      if (held !== 'conflict') {
        call.claim = fresh.claim;
        return { held };
      }
    }
    // The single-key path does not check the counter: read it first (after a 'conflict' it was checked).
    await check?.confirm();
    const c = await deps.idempotency.claim(scope, fingerprint);
    if (c.kind === 'replay') return { replay: c };
    call.claim = { scope: c.scope, token: c.token };
    if (!velocity.allowed) throw velocityLimited(velocity, deps, call);
    return { held: await holdOr402(deps, key.organisationId, call.priceKobo, 'This verification costs', check) };
  }
  if (idempotencyKey !== undefined) {
    await check?.confirm();
    const c = await claim(def, deps, key, body, idempotencyKey);
    if (c.kind === 'replay') return { replay: c };
    call.claim = { scope: c.scope, token: c.token };
  }
  return { held: await hold(deps, call, ctx) };
}

/** Claims the Idempotency-Key for this request (409 / 202 thrown), or hands back the stored answer to replay. */
export function claim<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: VerifyDeps,
  key: AuthenticatedKey,
  body: Static<S>,
  idempotencyKey: string,
): Promise<Claim> {
  const scope = deps.idempotency.scope(key.organisationId, key.type, idempotencyKey);
  return deps.idempotency.claim(scope, deps.idempotency.fingerprint('POST', def.path, body));
}

/**
 * A stored answer, replayed byte for byte. On live keys it is billed again at the stored amount (402,
 * and no answer, if the wallet cannot cover it); it has its own record, linked to the original.
 */
export async function replay(
  deps: VerifyDeps,
  key: AuthenticatedKey,
  stored: { status: number; body: string; facts: unknown },
  ctx: VerifyContext,
): Promise<VerificationAnswer> {
  const facts = readFacts(stored.facts);
  const original = facts.verificationId ? await deps.records.findRow(facts.verificationId) : undefined;
  const chargeKobo = key.type === 'live' ? facts.chargeAmountKobo : 0;
  const held = chargeKobo > 0 ? await holdOr402(deps, key.organisationId, chargeKobo, 'A live replay is billed again:', ctx.epochCheck) : null;
  const id = deps.ids.next('ver');
  if (original) {
    const row = {
      ...original,
      id,
      replay_of: original.id,
      charged: held !== null,
      charge_amount_kobo: held?.amountKobo ?? 0,
      api_key_id: key.id,
      request_id: ctx.requestId,
      duration_ms: Math.round(ctx.elapsedMs()),
      created_at: deps.clock.now(),
    };
    try {
      await deps.settlement.settle({ hold: held, billable: true, description: `${original.type} verification (replay)`, record: row });
    } catch (err) {
      if (held) await deps.settlement.release(held).catch(() => undefined);
      throw err;
    }
  } else if (held) {
    await deps.settlement.release(held);
  }
  return { status: stored.status, headers: { 'idempotent-replayed': 'true', 'x-verification-id': id }, body: stored.body };
}

/**
 * 429 past the organisation's live verifications a minute (the wallet velocity guard); then, 402
 * before any provider call, a live check's price is held, so two concurrent checks can never spend
 * the last naira twice. Test keys and free checks never touch the wallet (null).
 */
export async function hold<S extends TSchema>(deps: VerifyDeps, call: Call<S>, ctx?: VerifyContext): Promise<Hold | null> {
  const { key } = call;
  const check = ctx?.epochCheck;
  if (key.type === 'live') {
    const v = await velocityHit(deps, call);
    if (!v.allowed) throw velocityLimited(v, deps, call);
  }
  if (call.priceKobo > 0) return holdOr402(deps, key.organisationId, call.priceKobo, 'This verification costs', check);
  // Nothing to hold (a free check): no round trip checks a provisional key, so the counter is read.
  await check?.confirm();
  return null;
}

/** The organisation's live verifications a minute (the wallet velocity guard). */
const velocityLimit = <S extends TSchema>(deps: VerifyDeps, call: Call<S>) => call.org.velocityLimit ?? deps.guards.velocityLimit;

/** What the velocity guard is asked for one live verification. */
const velocityAsk = <S extends TSchema>(deps: VerifyDeps, call: Call<S>) => ({ key: `velocity:${call.key.organisationId}`, limit: velocityLimit(deps, call), windowMs: 60_000 });

/** One live verification counted against the organisation's velocity (once a request: at admission when it could be). */
function velocityHit<S extends TSchema>(deps: VerifyDeps, call: Call<S>) {
  const ask = velocityAsk(deps, call);
  return decideOnce(call.decisions, 'velocity', () => deps.guards.velocity.hit(ask.key, ask.limit, ask.windowMs));
}

/** A slot for one provider call of this organisation and endpoint (DESIGN.md §8). */
function slotAsk<S extends TSchema>(deps: VerifyDeps, call: Call<S>, path: string) {
  return { key: `${call.key.organisationId}:${path}`, limit: call.org.concurrencyLimit ?? deps.guards.concurrencyLimit, ttlMs: deps.holdTtlMs };
}

/** The 429 of the wallet velocity guard. */
function velocityLimited<S extends TSchema>(v: { retryAfterSeconds: number }, deps: VerifyDeps, call: Call<S>): AppError {
  const limit = velocityLimit(deps, call);
  return new AppError('WALLET_VELOCITY_LIMITED', `This organisation is limited to ${limit} live verifications a minute`, {
    headers: { 'retry-after': String(v.retryAfterSeconds) },
  });
}

/**
 * Sets `amountKobo` aside, or throws the 402 that says what the check costs and what is available
 * (`data: { price, availableBalance, currency }`, naira), so the caller knows how much to fund. With
 * a new key's claim, both in one round trip: 'conflict' when the key was already there (no hold).
 * With a provisional key's `check`, the round trip checks the revocation counter first:
 * StaleEpochError and nothing done if it moved; any other answer (a hold, 'conflict', a 402) confirms it.
 */
async function holdOr402(deps: VerifyDeps, organisationId: string, amountKobo: number, what: string, check: EpochCheck | undefined): Promise<Hold>;
async function holdOr402(deps: VerifyDeps, organisationId: string, amountKobo: number, what: string, check: EpochCheck | undefined, claim: NewClaimRow): Promise<Hold | 'conflict'>;
async function holdOr402(deps: VerifyDeps, organisationId: string, amountKobo: number, what: string, check: EpochCheck | undefined, claim?: NewClaimRow): Promise<Hold | 'conflict'> {
  const epoch = check?.pending ?? null;
  try {
    const held = claim
      ? await deps.settlement.claimAndHold(claim, organisationId, amountKobo, deps.holdTtlMs, epoch)
      : await deps.settlement.hold(organisationId, amountKobo, deps.holdTtlMs, epoch);
    check?.confirmed();
    return held;
  } catch (err) {
    // The organisation does not exist (the claim's foreign key): the request's own 404, as claim() answers.
    if (claim && (err as { code?: unknown }).code === '23503') throw notFound('Organisation not found');
    if (!(err instanceof AppError) || err.code !== 'INSUFFICIENT_BALANCE') throw err;
    check?.confirmed();
    const availableKobo = await availableBalanceKobo(deps, organisationId);
    const price = koboToNaira(amountKobo);
    // A balance read after the refusal may already cover the price (a concurrent hold was released): then it is not quoted.
    const known = availableKobo !== null && availableKobo < amountKobo;
    const balance = known ? `; the available balance is ${formatNaira(availableKobo)}` : ', more than the available wallet balance';
    throw new AppError('INSUFFICIENT_BALANCE', `${what} ${formatNaira(amountKobo)}${balance}. Fund the wallet (POST /v1/payments/initialize) and retry; nothing was charged`, {
      data: known ? { price, availableBalance: koboToNaira(availableKobo), currency: 'NGN' } : { price, currency: 'NGN' },
      cause: err,
    });
  }
}

/** The wallet's available balance in kobo, or null when it cannot be read (the 402 stands either way). */
async function availableBalanceKobo(deps: VerifyDeps, organisationId: string): Promise<number | null> {
  if (!deps.wallet) return null;
  try {
    return nairaToKobo((await deps.wallet.balance(organisationId)).availableBalance);
  } catch (err) {
    deps.logger.error({ err }, 'could not read the wallet balance for a 402');
    return null;
  }
}

/**
 * The provider call, inside a slot per organisation and endpoint (429 when none is free): the one
 * taken at admission (call.slotAhead), else one taken now; released when the call returns. A call
 * that throws is an INTERNAL_ERROR outcome, logged with its error.
 */
export async function callProvider<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: VerifyDeps,
  call: Call<S>,
  ctx: VerifyContext,
): Promise<ProviderOutcome<V>> {
  const providerCtx: ProviderCallContext = { requestId: ctx.requestId, correlationId: ctx.correlationId, scenario: ctx.scenario };
  const slot = slotAsk(deps, call, def.path);
  // The slot taken at admission, if any; if none was free then, the answer is decided now, as without one.
  let release = call.slotAhead;
  call.slotAhead = undefined;
  if (!release) release = await deps.guards.slots.acquire(slot.key, slot.limit, slot.ttlMs);
  if (!release) {
    throw new AppError('CONCURRENCY_LIMITED', `At most ${slot.limit} ${def.path} calls may be in flight for this organisation`, {
      headers: { 'retry-after': '1' },
    });
  }
  try {
    return await def.call(call.providers, call.body, providerCtx);
  } catch (err) {
    deps.logger.error({ err }, 'provider call failed unexpectedly');
    return { kind: 'failure', code: 'INTERNAL_ERROR' };
  } finally {
    // Not awaited: the settlement need not wait for the slot's release to reach Redis (a round trip on
    // every live call). The release never throws (a failure is the health tracker's), and the next
    // acquire from this process goes out on the same connection after it.
    void release();
  }
}

/**
 * Settles a provider outcome: classifies it, writes the record (and, live, captures or releases the
 * hold; with an Idempotency-Key, stores the answer's bytes) in one settlement, durable before the
 * caller hears it. A billable outcome (found or not found) keeps the key; any other forgets it, so a
 * retry runs again (SPEC.md §3). FencedError when the claim was taken over: nothing was kept.
 */
export async function settle<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  deps: VerifyDeps,
  call: Call<S>,
  ctx: VerifyContext,
  outcome: ProviderOutcome<V>,
  held: Hold | null,
): Promise<VerificationAnswer> {
  const { key, body, org, claim } = call;
  const identifier = def.identifier(body);
  const verificationId = deps.ids.next('ver');
  // A result delivered after the registry answered is billable, whatever it says (SPEC.md §7).
  const billable = outcome.kind === 'found' || outcome.kind === 'not_found';
  const billing = held && billable ? { charged: true, chargeAmountKobo: held.amountKobo } : { charged: false, chargeAmountKobo: 0 };
  const verdict = classify(def, outcome, body, org.accessLevel, verificationId, billing);

  const record: NewVerificationRecord = {
    id: verificationId,
    organisationId: key.organisationId,
    type: def.service.code,
    endpoint: def.path,
    environment: key.type,
    verificationStatus: verdict.verificationStatus,
    errorCode: verdict.errorCode,
    httpStatus: verdict.httpStatus,
    charged: billing.charged,
    chargeAmountKobo: billing.chargeAmountKobo,
    referenceId: verdict.referenceId,
    identifierType: identifier.type,
    identifier: identifier.value,
    purpose: def.purpose?.(body) ?? null,
    requestReason: def.requestReason?.(body) ?? null,
    apiKeyId: key.id,
    requestId: ctx.requestId,
    durationMs: ctx.elapsedMs(),
    replayOf: null,
    resolvedBy: outcome.kind === 'failure' ? null : ((outcome.path as NewVerificationRecord['resolvedBy']) ?? null),
    createdAt: deps.clock.now(),
  };
  const retained = outcome.kind === 'found' && def.retain ? deps.records.sealPayload(def.retain(outcome.value, outcome.referenceId)) : null;
  // With an Idempotency-Key the answer is fixed as bytes now: the first answer and every replay are identical.
  let bytes: string | undefined;
  let stored: Settlement['answer'] = null;
  if (claim) {
    bytes = render(verdict, ctx, true);
    if (billable) stored = { claim, status: verdict.httpStatus, body: bytes, facts: { verificationId, chargeAmountKobo: billing.chargeAmountKobo } };
  }

  await deps.settlement.settle({ hold: held, billable, description: `${def.service.code} verification`, record: deps.records.toRow(record), payload: retained, answer: stored });
  if (claim && !stored) await deps.idempotency.clear(claim);
  return { status: verdict.httpStatus, headers: 'error' in verdict ? verdict.error.headers : NO_HEADERS, body: bytes ?? render(verdict, ctx, false) };
}

/** What the caller is told and what the record says, for each kind of provider outcome (DESIGN.md §3). */
export function classify<S extends TSchema, V>(
  def: VerificationDefinition<S, V>,
  outcome: ProviderOutcome<V>,
  body: Static<S>,
  accessLevel: AccessLevel,
  verificationId: string,
  billing: { charged: boolean; chargeAmountKobo: number },
): Verdict {
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
  // The tax endpoints answer every upstream failure (error, unavailable, timeout) as unavailable.
  const mapped = def.failures === 'unavailable' && UPSTREAM_FAILURES.has(outcome.code);
  const code = mapped ? 'PROVIDER_UNAVAILABLE' : outcome.code;
  const retryAfterSeconds = mapped ? outcome.retryAfterSeconds || undefined : outcome.retryAfterSeconds;
  const headers: Record<string, string> = {};
  if (code === 'PROVIDER_RATE_LIMITED') headers['retry-after'] = String(retryAfterSeconds ?? 5);
  // An open circuit breaker knows when its next trial is; otherwise a short pause.
  if (code === 'PROVIDER_UNAVAILABLE') headers['retry-after'] = String(retryAfterSeconds ?? 2);
  return {
    httpStatus: FAILURE_STATUS[code],
    verificationStatus: null,
    errorCode: code,
    referenceId: null,
    error: new AppError(code, FAILURE_MESSAGE[code], { data: { verificationId, charged, chargeAmount }, headers }),
  };
}

/**
 * The envelope of a verdict as bytes. An answer kept against an Idempotency-Key is JSON.stringify'd
 * whole (a replay sends exactly those bytes); otherwise the context serialises it (the route's schema).
 */
export function render(verdict: Verdict, ctx: VerifyContext, idempotent: boolean): string {
  const envelope =
    'error' in verdict
      ? failureBody(ctx.path, verdict.error)
      : { success: true, statusCode: 200, message: verdict.message, data: verdict.data, timestamp: new Date().toISOString(), path: ctx.path };
  return idempotent ? JSON.stringify(envelope) : ctx.serialize(verdict.httpStatus, envelope);
}

/** A context outside HTTP (tests, jobs): headers collected, envelopes JSON.stringify'd, time from creation. */
export function plainContext(fields: Partial<Omit<VerifyContext, 'header' | 'elapsedMs' | 'serialize'>> & { requestId: string; path: string }) {
  const started = performance.now();
  const headers: Record<string, string> = {};
  return {
    correlationId: undefined,
    scenario: undefined,
    idempotencyKey: undefined,
    cacheEpoch: null,
    ...fields,
    headers,
    header(name: string, value: string) {
      headers[name] = value;
    },
    elapsedMs: () => performance.now() - started,
    serialize: (_status: number, envelope: object) => JSON.stringify(envelope),
  } satisfies VerifyContext & { headers: Record<string, string> };
}
