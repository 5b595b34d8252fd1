import type { App } from '../platform/http-types.js';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ApiKeyService, AuthenticatedKey } from '../api-keys/api-keys.service.js';
import { validationError } from '../platform/errors.js';
import { ErrorRef, SuccessEnvelope } from '../platform/typebox.js';
import { requestPath } from '../platform/envelope.js';
import { SANDBOX_SCENARIOS, type SandboxScenario } from '../providers/ports.js';
import { readIdempotencyKey } from '../idempotency/idempotency.service.js';
import { apiKeyAsBearer, apiKeyHeader, isApiKeyInAuthorization, singleHeader } from '../http/guards.js';
import type { VerificationDefinition } from './definition.js';
import { verify, type GuardDecisions, type VerifyContext, type VerifyDeps } from './verify.js';
import { StaleEpochError, type EpochCheck } from '../platform/cache-epoch.js';

export type { VerificationDefinition } from './definition.js';

export const ONE_MIB = 1024 * 1024;

/** What the verification routes need: verify()'s dependencies and the API keys their hook checks. */
export interface PipelineDeps extends VerifyDeps {
  apiKeys: ApiKeyService;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: AuthenticatedKey | null;
    /** The cache epoch read when the request was authenticated; later cache checks reuse it. */
    cacheEpoch: number | null;
    /** A live verification's key taken without reading the revocation counter: what it still owes (see apiKeyAuth). */
    epochCheck: ProvisionalEpoch | null;
  }
}

const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;

/** Headers a verification accepts beyond x-api-key; documented here, checked by the adapter. */
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
export function apiKeyAuth(apiKeys: ApiKeyService, options: { provisional?: boolean } = {}): onRequestHookHandler {
  return async (req) => {
    // The commonest first-call mistake: the key sent as `Authorization: Bearer sk_…`; say where it goes.
    if (req.headers['x-api-key'] === undefined && isApiKeyInAuthorization(req.headers.authorization)) throw apiKeyAsBearer();
    const { key, epoch, provisional } = await apiKeys.authenticate(apiKeyHeader(req), options);
    req.apiKey = key;
    req.cacheEpoch = epoch;
    req.epochCheck = provisional ? new ProvisionalEpoch(apiKeys, epoch!, key.id) : null;
  };
}

/**
 * A live key taken from this process's cache under the revocation counter it last read, without
 * reading it again: a live verification's start is one database call that checks the counter itself
 * (migrations/functions/verification_settle.sql), so a live lookup is two round trips in all. Until
 * that check, or a read of the counter, nothing the request decided stands: a refusal (400 … 429)
 * confirms the counter before it is sent, and a request whose counter moved starts again from its key,
 * reading it (a key revoked meanwhile is 401, a setting changed meanwhile applies).
 */
export class ProvisionalEpoch implements EpochCheck {
  pending: number | null;
  constructor(
    private readonly apiKeys: ApiKeyService,
    epoch: number,
    private readonly keyId: string,
  ) {
    this.pending = epoch;
  }
  confirmed(): void {
    if (this.pending === null) return;
    this.pending = null;
    // Only now is the key known to have been good for this request: its last use.
    this.apiKeys.touch(this.keyId);
  }
  async confirm(): Promise<void> {
    if (this.pending === null) return;
    if (!(await this.apiKeys.epochIs(this.pending))) throw new StaleEpochError();
    this.confirmed();
  }
}

/** After a refusal or a stale start of a provisional request: is what it decided still true? False: start again from the key. */
async function provisionalStands(req: FastifyRequest, err: unknown): Promise<boolean> {
  const check = req.epochCheck;
  if (!check || check.pending === null) return true;
  if (err instanceof StaleEpochError) return false;
  try {
    await check.confirm();
    return true;
  } catch (e) {
    if (e instanceof StaleEpochError) return false;
    throw e;
  }
}

/** Authenticates the request again, reading the revocation counter: 401 if its key was revoked meanwhile. */
async function reauthenticate(req: FastifyRequest, apiKeys: ApiKeyService): Promise<void> {
  req.epochCheck = null;
  const { key, epoch } = await apiKeys.authenticate(apiKeyHeader(req));
  req.apiKey = key;
  req.cacheEpoch = epoch;
}

type Serializer = (payload: object) => string;

/** verify()'s context over Fastify: headers go straight onto the reply, bytes from the route's serializers. */
class HttpContext implements VerifyContext {
  readonly requestId: string;
  readonly path: string;
  readonly cacheEpoch: number | null;
  readonly epochCheck: EpochCheck | undefined;
  /** The headers this attempt set: a request that starts again takes them back. */
  readonly headersSet: string[] = [];
  constructor(
    req: FastifyRequest,
    private readonly reply: FastifyReply,
    readonly correlationId: string | undefined,
    readonly scenario: SandboxScenario | undefined,
    readonly idempotencyKey: string | undefined,
    readonly decisions: GuardDecisions,
  ) {
    this.requestId = req.id;
    this.path = requestPath(req);
    this.cacheEpoch = req.cacheEpoch;
    this.epochCheck = req.epochCheck ?? undefined;
  }

  header(name: string, value: string): void {
    this.headersSet.push(name);
    this.reply.header(name, value);
  }

  elapsedMs(): number {
    return this.reply.elapsedTime;
  }

  /** The serializer Fastify itself would use for this status (200, 4xx, 5xx of the route's schema). */
  serialize(status: number, envelope: object): string {
    const lookup = this.reply.getSerializationFunction as (status: string) => Serializer | undefined;
    const fn = lookup.call(this.reply, String(status)) ?? lookup.call(this.reply, `${String(status)[0]}xx`);
    return fn ? fn(envelope) : JSON.stringify(envelope);
  }
}

/**
 * Registers one verification endpoint: the route, its schemas and hooks (DESIGN.md §3 order: key,
 * body limit, content type, body schema), then the headers verify() reads (400), then verify() itself;
 * the adapter only translates the request into a context and the answer into the reply.
 */
export function registerVerification<S extends TSchema, V>(
  app: App,
  def: VerificationDefinition<S, V>,
  deps: PipelineDeps,
): void {
  app.post(
    def.path,
    {
      bodyLimit: def.bodyLimit ?? ONE_MIB,
      onRequest: apiKeyAuth(deps.apiKeys, { provisional: true }),
      // A refusal before the handler (413, 415, the body's 400) stands only if the key it was decided
      // for still does: with a provisional key, the counter is read first (401 if it was revoked since).
      errorHandler: async (error, req) => {
        if (!(await provisionalStands(req, error))) await reauthenticate(req, deps.apiKeys);
        throw error;
      },
      // The API reference derives this endpoint's statuses, codes and headers from these (src/http/openapi-responses.ts).
      config: {
        doc: {
          idempotency: def.idempotency ?? 'optional',
          verification: { service: def.service.code, failures: def.failures ?? 'as-classified', notFoundMessage: def.notFoundMessage },
        },
      },
      schema: {
        tags: ['Verifications'],
        summary: def.summary,
        description: def.description,
        security: [{ apiKey: [] }],
        headers: VerificationHeaders,
        body: def.body,
        response: { 200: SuccessEnvelope(def.responseData), '4xx': ErrorRef, '5xx': ErrorRef },
      },
    },
    async (req, reply) => {
      // The limiters count a request once, whichever attempt asks.
      const decisions: GuardDecisions = {};
      const attempt = new Attempt(def, deps, req, reply, decisions);
      try {
        return await attempt.run();
      } catch (err) {
        if (await provisionalStands(req, err)) throw err;
        // The revocation counter moved since the caches this attempt trusted: again, from the key.
        attempt.undoHeaders();
        await reauthenticate(req, deps.apiKeys);
        return await new Attempt(def, deps, req, reply, decisions).run();
      }
    },
  );
}

/** One pass of a verification request after its key: the headers it reads (400), then verify(). */
class Attempt<S extends TSchema, V> {
  private ctx: HttpContext | null = null;
  constructor(
    private readonly def: VerificationDefinition<S, V>,
    private readonly deps: PipelineDeps,
    private readonly req: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly decisions: GuardDecisions,
  ) {}

  async run(): Promise<FastifyReply> {
    const { req, reply } = this;
    const key = req.apiKey!;
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

    this.ctx = new HttpContext(req, reply, correlationId, scenario, idempotencyKey, this.decisions);
    const answer = await verify(this.def, this.deps, key, req.body as Static<S>, this.ctx);
    for (const name in answer.headers) reply.header(name, answer.headers[name]);
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  }

  /** Takes back the headers verify() set on the way (the key's rate-limit state): the next attempt sets its own. */
  undoHeaders(): void {
    for (const name of this.ctx?.headersSet ?? []) this.reply.removeHeader(name);
  }
}

