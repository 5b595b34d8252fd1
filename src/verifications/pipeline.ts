import type { App } from '../platform/http-types.js';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ApiKeyService, AuthenticatedKey } from '../api-keys/api-keys.service.js';
import { validationError } from '../platform/errors.js';
import { ErrorRef, SuccessEnvelope } from '../platform/typebox.js';
import { requestPath } from '../platform/envelope.js';
import { SANDBOX_SCENARIOS, type SandboxScenario } from '../providers/ports.js';
import { readIdempotencyKey } from '../idempotency/idempotency.service.js';
import { apiKeyAsBearer, isApiKeyInAuthorization } from '../http/guards.js';
import type { VerificationDefinition } from './definition.js';
import { verify, type VerifyContext, type VerifyDeps } from './verify.js';

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
export function apiKeyAuth(apiKeys: ApiKeyService): onRequestHookHandler {
  return async (req) => {
    const header = req.headers['x-api-key'];
    // The commonest first-call mistake: the key sent as `Authorization: Bearer sk_…`; say where it goes.
    if (header === undefined && isApiKeyInAuthorization(req.headers.authorization)) throw apiKeyAsBearer();
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

type Serializer = (payload: object) => string;

/** verify()'s context over Fastify: headers go straight onto the reply, bytes from the route's serializers. */
class HttpContext implements VerifyContext {
  readonly requestId: string;
  readonly path: string;
  readonly cacheEpoch: number | null;
  constructor(
    req: FastifyRequest,
    private readonly reply: FastifyReply,
    readonly correlationId: string | undefined,
    readonly scenario: SandboxScenario | undefined,
    readonly idempotencyKey: string | undefined,
  ) {
    this.requestId = req.id;
    this.path = requestPath(req);
    this.cacheEpoch = req.cacheEpoch;
  }

  header(name: string, value: string): void {
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
      onRequest: apiKeyAuth(deps.apiKeys),
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

      const answer = await verify(def, deps, key, req.body as Static<S>, new HttpContext(req, reply, correlationId, scenario, idempotencyKey));
      for (const name in answer.headers) reply.header(name, answer.headers[name]);
      return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
    },
  );
}
