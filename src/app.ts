import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import type { App } from './platform/http-types.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Ajv } from 'ajv';
import { Type } from '@sinclair/typebox';
import { registerAuthRoutes, registerOrganisationRoutes } from './accounts/accounts.routes.js';
import { registerAdminRoutes } from './admin/admin.routes.js';
import { registerLocalControlRoutes } from './admin/local-control.routes.js';
import { apiKeyOrUser } from './catalogue/discovery-auth.js';
import { registerApiKeyRoutes } from './api-keys/api-keys.routes.js';
import { registerWalletRoutes } from './billing/wallet.routes.js';
import { registerPaymentRoutes } from './billing/payments.routes.js';
import { registerAccessLevelRoutes } from './catalogue/access-levels.routes.js';
import { registerCatalogueRoutes } from './catalogue/catalogue.routes.js';
import { registerNotificationRoutes } from './notifications/notifications.routes.js';
import { registerOutboxRoutes } from './notifications/outbox.routes.js';
import { registerExportRoutes } from './exports/exports.routes.js';
import { registerEventRoutes } from './events/events.routes.js';
import { registerRecordRoutes } from './records/records.routes.js';
import { registerAnalyticsRoutes } from './analytics/analytics.routes.js';
import { registerWebhookRoutes } from './webhooks/webhooks.routes.js';
import { SERVICE_CODES } from './catalogue/catalogue.js';
import type { Services } from './container.js';
import type { NodeEnv, TrustProxy } from './config.js';
import { ping, type Database } from './platform/db.js';
import { ok } from './platform/envelope.js';
import { AppError } from './platform/errors.js';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './platform/http-errors.js';
import type { Logger } from './platform/logger.js';
import { installMetrics } from './platform/metrics.js';
import { capConnections, serverLimitOptions, type HttpLimits } from './platform/http-limits.js';
import { installOpenApi } from './http/openapi.js';
import { installConsole } from './http/console.js';
import { idempotentRoutes } from './http/idempotent-route.js';
import { addSafeTextKeyword, safeTextValidatorBuilder } from './platform/safe-text.js';
import { installJsonBodyParser } from './platform/json-body.js';
import { ErrorEnvelope, ErrorRef, SuccessEnvelope } from './platform/typebox.js';
import type { KeyType } from './platform/schema.js';
import type { Providers } from './providers/ports.js';
import { createSandboxProviders } from './providers/sandbox/sandbox.js';
import { VERIFICATIONS } from './verifications/registry.js';
import { ONE_MIB, registerVerification } from './verifications/pipeline.js';

export interface AppOptions {
  services: Services;
  database: Database;
  logger: Logger;
  nodeEnv: NodeEnv;
  /** Proxies trusted to name the client (TRUST_PROXY): a hop count or their addresses; never `true`. */
  trustProxy: TrustProxy;
  /** The listener's timeouts and connection cap (config.ts). */
  httpLimits: HttpLimits;
  /** The sandbox's `slow` scenario delay; tests shorten it. */
  sandboxSlowDelayMs?: number;
  /** Node's process metrics in /metrics; off in tests, where many apps share one process. */
  defaultMetrics?: boolean;
  /** The upstreams live keys use; null refuses live verifications (503). */
  liveProviders: Providers | null;
  /** How long a hold lives before the sweeper releases it: longer than the idempotency lease (HOLD_EXPIRY_MS). */
  holdExpiryMs: number;
  /** The built web console served at `/` (DESIGN.md §14); the repository's dist/console/ unless a test points elsewhere. */
  consoleDir?: string;
}

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** TRUST_PROXY's hop count as proxy-addr's trust function: the `hops` addresses nearest the server are proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Builds the HTTP application: platform plugins first, then each capability's routes, listed explicitly.
 * It starts no background work (src/jobs/, started by the server); closing it drains buffered writes.
 */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { services, database } = opts;
  const limits = opts.httpLimits;
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    // A caller's own X-Request-Id is kept when it is sane, so both sides can quote one id.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : services.ids.next('req');
    },
    // Fastify passes per-route options even when they change nothing, which sends pino down its slow
    // child path (formatters and redaction rebuilt per request); without them the child is cheap.
    childLoggerFactory: (logger, bindings, options) =>
      options.serializers === undefined && (options.level === undefined || options.level === logger.level)
        ? logger.child(bindings)
        : logger.child(bindings, options),
    bodyLimit: ONE_MIB,
    // A hop count trusts that many nearest hops, whoever they are (TRUST_PROXY in the README): Fastify 5.12
    // takes a bare number to trust none (a client that reaches the server directly could name its
    // own address), so the count goes as the function it always meant. Nothing here reads request.host
    // or request.protocol, the X-Forwarded-Host and -Proto a trusted hop may set; only request.ip.
    trustProxy: typeof opts.trustProxy === 'number' ? trustHops(opts.trustProxy) : opts.trustProxy,
    // Slow or idle clients cannot hold connections for ever; handling a request is never timed out here.
    ...serverLimitOptions(limits),
    return503OnClosing: false,
    ajv: {
      // Strict validation (DESIGN.md §3): no coercion ("123" is not 123) and unknown fields are errors.
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: true, verbose: true },
      plugins: [
        (ajv: Ajv) => {
          ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
          return addSafeTextKeyword(ajv);
        },
      ],
    },
    // Every string of every request is checked for NUL, control characters and lone surrogates.
    schemaController: { compilersFactory: { buildValidator: safeTextValidatorBuilder() } },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  capConnections(app.server, limits.maxConnections, opts.logger);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('cacheEpoch', null);
  app.decorateRequest('epochCheck', null);
  app.decorateRequest('user', null);
  // Only JSON is accepted; Fastify's text/plain parser would let a non-JSON body through to validation.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);

  // Hooks in callback style: they run on every request, and async hooks cost a promise each.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  // 413 is decided from Content-Length after authentication (onRequest) and before the content type (415).
  app.addHook('preParsing', (req: FastifyRequest, _reply, payload, done) => {
    const length = Number(req.headers['content-length']);
    const limit = req.routeOptions.bodyLimit ?? ONE_MIB;
    if (Number.isFinite(length) && length > limit) {
      done(new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes`));
      return;
    }
    done(null, payload);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // The console answers the GETs no API route matched (its pages and assets); the rest stay 404 envelopes.
  const consolePages = await installConsole(app, { dir: opts.consoleDir, logger: opts.logger });
  installErrorHandling(app, { notFound: consolePages.notFound });
  installMetrics(app, { defaultMetrics: opts.defaultMetrics ?? true });
  app.addSchema(ErrorEnvelope);
  await installOpenApi(app);

  // Operations (DESIGN.md §13).
  const Status = SuccessEnvelope(Type.Object({ status: Type.String() }, { additionalProperties: true }));
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Liveness',
        description: 'Answers 200 while the process runs; it reads nothing, so a load balancer can tell a live process from a dead one.',
        response: { 200: Status },
      },
      config: { doc: { database: false } },
    },
    async (req) =>
    ok(req, { status: 'ok' }, 'Alive'),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Readiness: the database answers',
        description: 'Answers 200 when the database answers, 503 SERVICE_UNAVAILABLE when it does not: take the process out of rotation until it is ready.',
        response: { 200: Status, '5xx': ErrorRef },
      },
    },
    async (req) => {
      try {
        await ping(database.db);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable');
      }
      return ok(req, { status: 'ready', database: database.kind }, 'Ready');
    },
  );

  const { auth, members, admin, catalogue, apiKeys, notifications } = services;
  registerAuthRoutes(app, { auth, members });
  registerOrganisationRoutes(app, { auth, members });
  registerApiKeyRoutes(app, { auth, apiKeys });
  registerAccessLevelRoutes(app, { auth, catalogue });
  registerAdminRoutes(app, { auth, admin, catalogue });
  // Idempotent account routes run on the one Idempotency-Key mechanism, without knowing its service.
  const idempotent = idempotentRoutes(services.idempotency);
  registerWalletRoutes(app, { auth, wallet: services.wallet, adjustments: services.adjustments, idempotent });
  registerPaymentRoutes(app, { auth, payments: services.payments, idempotent });
  registerCatalogueRoutes(app, { catalogue, authenticate: apiKeyOrUser(apiKeys, auth) });
  registerRecordRoutes(app, { auth, records: services.recordsRead, serviceCodes: SERVICE_CODES });
  registerExportRoutes(app, { auth, exports: services.exports });
  registerAnalyticsRoutes(app, { auth, analytics: services.analytics, serviceCodes: SERVICE_CODES });
  registerWebhookRoutes(app, { auth, apiKeys, webhooks: services.webhooks });
  registerEventRoutes(app, { auth, events: services.events });
  registerNotificationRoutes(app, { auth, api: services.notificationApi });
  if (opts.nodeEnv !== 'production') registerOutboxRoutes(app, { notifications });
  if (opts.nodeEnv !== 'production') registerLocalControlRoutes(app, services);

  const sandbox = createSandboxProviders({ ids: services.ids, slowDelayMs: opts.sandboxSlowDelayMs });
  const live = opts.liveProviders;
  const pipelineDeps = {
    apiKeys: services.apiKeys,
    catalogue: services.catalogue,
    records: services.records,
    settlement: services.settlement,
    idempotency: services.idempotency,
    holdTtlMs: opts.holdExpiryMs,
    guards: services.guards,
    ids: services.ids,
    clock: services.clock,
    logger: opts.logger,
    wallet: services.wallet,
    providersFor: (environment: KeyType): Providers | null => (environment === 'test' ? sandbox : live),
  };
  for (const definition of VERIFICATIONS) registerVerification(app, definition, pipelineDeps);

  // Closing (after the listener stopped and in-flight requests finished): buffered writes reach the database.
  app.addHook('onClose', async () => {
    await services.records.drain();
    await services.settlement.drain();
    await services.apiKeys.flushLastUsed().catch((err: unknown) => opts.logger.warn({ err }, 'could not record key last-used times'));
  });

  return app;
}
