import { randomBytes } from 'node:crypto';
import { ConfigError, PROVIDER_URL_SETTINGS, type Config } from './config.js';
import { buildApp } from './app.js';
import { createDemo, type DemoAccount } from './demo.js';
import type { Logger } from './platform/logger.js';
import { openRuntime, type Runtime } from './runtime.js';
import { registerBreakerMetrics } from './platform/circuit-breaker.js';
import { metricsRegistryOf, startMetricsListener } from './platform/metrics.js';
import { isLoopbackAddress } from './platform/loopback.js';
import { createHttpProviders, simulatorUrls } from './providers/http/providers.http.js';
import { UPSTREAMS, type Upstream } from './providers/ports.js';
import { startSimulator, type SimulatorOptions } from './simulator/simulator.js';
import { createHttpPaymentGateway } from './providers/http/gateway.http.js';

/** config → storage → app → listen; SIGTERM stops accepting, finishes in-flight requests, then exits. */
export async function startServer(config: Config, logger: Logger, out: NodeJS.WritableStream = process.stdout) {
  const runtime = await openRuntime(config, logger);
  // A start that fails half-way (a port taken) closes what it opened, so the process exits with its message.
  const opened: Array<() => Promise<unknown>> = [];
  try {
    return await serve(config, logger, out, runtime, opened);
  } catch (err) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    await runtime.close().catch(() => undefined);
    throw err;
  }
}

async function serve(config: Config, logger: Logger, out: NodeJS.WritableStream, runtime: Runtime, opened: Array<() => Promise<unknown>>) {
  const { services, database } = runtime;

  // Live keys reach the configured registries; in development, the unset ones reach the simulator
  // started in-process (production refuses to start without every URL: config.ts).
  let simulator: Awaited<ReturnType<typeof startSimulator>> | null = null;
  // The simulator's built-in gateway secret is public: when the simulator in this process plays the
  // gateway, it and the server share a secret made for this process instead (DESIGN.md §9).
  const gatewaySecret =
    !config.paymentGatewayUrl && config.paymentGatewaySecretSource === 'built-in' ? randomBytes(32).toString('base64url') : config.paymentGatewaySecret;
  const simulatorOptions: SimulatorOptions = { gatewaySecret };
  const unset = UPSTREAMS.filter((u) => !config.providerUrls[u]);
  if (unset.length > 0 || !config.paymentGatewayUrl) {
    const started = await startSimulator({ ...simulatorOptions, port: 0 });
    simulator = started;
    opened.push(() => started.app.close());
  }
  const onSimulator = simulator ? simulatorUrls(simulator.url) : null;
  const providerUrls = Object.fromEntries(UPSTREAMS.map((u) => [u, config.providerUrls[u] ?? onSimulator![u]])) as Record<Upstream, string>;
  if (unset.length > 0) {
    logger.warn(
      { simulator: simulator!.url, upstreams: unset },
      `${unset.map((u) => PROVIDER_URL_SETTINGS[u]).join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set: live keys reach the built-in registry simulator at ${simulator!.url} for ${unset.length === UPSTREAMS.length ? 'every registry' : 'those registries'}`,
    );
  }
  const gatewayUrl = config.paymentGatewayUrl ?? `${simulator!.url}/gateway`;
  if (!config.paymentGatewayUrl) {
    logger.warn(`PAYMENT_GATEWAY_URL is not set: payments go to the simulator's gateway at ${gatewayUrl}, which signs its webhooks with a secret made for this process`);
  } else if (config.paymentGatewaySecretSource === 'built-in') {
    logger.warn(
      "PAYMENT_GATEWAY_SECRET is not set: the simulator's public secret is used, so webhooks signed with it are accepted only from this machine; set PAYMENT_GATEWAY_SECRET for a gateway elsewhere",
    );
  }
  const gateway = createHttpPaymentGateway({ baseUrl: gatewayUrl, secret: gatewaySecret, timeoutMs: config.providerTimeoutMs });
  services.useGateway(gateway);
  const providers = createHttpProviders({
    urls: providerUrls,
    timeoutMs: config.providerTimeoutMs,
    apiKey: config.providerApiKey,
    connections: config.providerConnections,
    breaker: {
      onStateChange: ({ name, from, to }) => {
        if (to === 'open') logger.warn({ upstream: name, from }, `circuit breaker of ${name} opened: its calls are answered 503 for 5 s`);
        else logger.info({ upstream: name, from, to }, `circuit breaker of ${name} is ${to.replace('_', '-')}`);
      },
    },
  });

  const app = await buildApp({
    services,
    database,
    logger,
    nodeEnv: config.nodeEnv,
    trustProxy: config.trustProxy,
    httpLimits: config.http,
    liveProviders: providers,
    holdExpiryMs: config.holdExpiryMs,
  });
  app.addHook('onClose', async () => {
    await providers.close();
    await gateway.close();
    await simulator?.app.close();
  });
  opened.length = 0;
  opened.push(() => app.close());
  const registry = metricsRegistryOf(app)!;
  registerBreakerMetrics(registry, Object.values(providers.breakers));
  // Metrics on their own listener, never on the API port (DESIGN.md §13).
  const metrics = await startMetricsListener(registry, { host: config.metricsHost, port: config.metricsPort }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') throw err;
    throw new ConfigError([`METRICS_PORT ${config.metricsPort} is already in use on ${config.metricsHost} (another idv process?): set METRICS_PORT to a free port, or 0 for any`]);
  });
  app.addHook('onClose', () => metrics.close());
  const address = await app.listen({ host: config.host, port: config.port });
  // Made once both ports are ours: a start that fails never swallows the keys it would have shown.
  let demo: DemoAccount | null = null;
  if (database.kind === 'pglite' && config.nodeEnv !== 'production' && (await services.accounts.countOrganisations()) === 0) {
    demo = await createDemo(services);
  }
  logger.info({ database: database.description, redis: runtime.redis ? 'configured' : 'off' }, `idv listening on ${address}`);
  logger.info(`metrics on ${metrics.url}`);
  const localOnly = isLoopbackAddress(config.host) || config.host === 'localhost';
  if (localOnly && config.nodeEnv !== 'production') logger.info(`listening on ${config.host} only (this machine); set HOST=0.0.0.0 to accept other machines`);
  if (config.secretsSource === 'data-dir') {
    logger.warn(`development secrets are kept in ${config.dataDir}/secrets.json; set JWT_SECRET and DATA_ENCRYPTION_KEY in production`);
  }
  if (config.nodeEnv !== 'production') {
    logger.warn('GET /v1/notifications/outbox is on (no authentication, for clients on this machine only) because NODE_ENV is not production');
  }
  if (!config.smtpUrl) logger.info('SMTP_URL is not set: email is written to the outbox (idv outbox)');
  const base = `http://localhost:${(app.server.address() as { port: number }).port}`;
  // The simulator's gateway calls our webhook once a payment completes.
  if (simulator) simulator.options.gatewayWebhookUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/v1/payments/webhook`;
  if (demo) out.write(demoBanner(demo, base, localOnly));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await app.close();
      await runtime.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return { app, runtime, base, demo };
}

function demoBanner(demo: DemoAccount, base: string, localOnly: boolean): string {
  return `
──────────────────────────────────────────────────────────────────────────────
 idv is running at ${base}   (API reference: ${base}/docs)
${localOnly ? ' It answers this machine only; set HOST=0.0.0.0 to open it to the network.\n' : ''}
 A demo organisation was created on this empty database. Keys are shown once:
   test key   ${demo.testKey}
   live key   ${demo.liveKey}   (wallet: ₦10,000 demo credit)
   owner      ${demo.ownerEmail} / ${demo.ownerPassword}
   platform   ${demo.platformAdminEmail} / ${demo.platformAdminPassword}

 Try it:
   curl -s ${base}/v1/nin/raw/lookup \\
     -H 'x-api-key: ${demo.testKey}' -H 'content-type: application/json' \\
     -d '{"nin":"11111111111","requestReason":"ACCOUNT_OPENING"}'
──────────────────────────────────────────────────────────────────────────────
`;
}
