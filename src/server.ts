import { PROVIDER_URL_SETTINGS, type Config } from './config.js';
import { buildApp } from './app.js';
import { createDemo, type DemoAccount } from './demo.js';
import type { Logger } from './platform/logger.js';
import { openRuntime } from './runtime.js';
import { registerBreakerMetrics } from './platform/circuit-breaker.js';
import { metricsRegistryOf } from './platform/metrics.js';
import { createHttpProviders, simulatorUrls } from './providers/http/providers.http.js';
import { UPSTREAMS, type Upstream } from './providers/ports.js';
import { startSimulator, type SimulatorOptions } from './simulator/simulator.js';
import { createHttpPaymentGateway } from './providers/http/gateway.http.js';

/** config → storage → app → listen; SIGTERM stops accepting, finishes in-flight requests, then exits. */
export async function startServer(config: Config, logger: Logger, out: NodeJS.WritableStream = process.stdout) {
  const runtime = await openRuntime(config, logger);
  const { services, database } = runtime;

  let demo: DemoAccount | null = null;
  if (database.kind === 'pglite' && config.nodeEnv !== 'production' && (await services.accounts.countOrganisations()) === 0) {
    demo = await createDemo(services);
  }

  // Live keys reach the configured registries; in development, the unset ones reach the simulator
  // started in-process (production refuses to start without every URL: config.ts).
  let simulator: Awaited<ReturnType<typeof startSimulator>> | null = null;
  const simulatorOptions: SimulatorOptions = { gatewaySecret: config.paymentGatewaySecret };
  const unset = UPSTREAMS.filter((u) => !config.providerUrls[u]);
  if (unset.length > 0 || !config.paymentGatewayUrl) simulator = await startSimulator({ ...simulatorOptions, port: 0 });
  const onSimulator = simulator ? simulatorUrls(simulator.url) : null;
  const providerUrls = Object.fromEntries(UPSTREAMS.map((u) => [u, config.providerUrls[u] ?? onSimulator![u]])) as Record<Upstream, string>;
  if (unset.length > 0) {
    logger.warn(
      { simulator: simulator!.url, upstreams: unset },
      `${unset.map((u) => PROVIDER_URL_SETTINGS[u]).join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set: live keys reach the built-in registry simulator at ${simulator!.url} for ${unset.length === UPSTREAMS.length ? 'every registry' : 'those registries'}`,
    );
  }
  const gatewayUrl = config.paymentGatewayUrl ?? `${simulator!.url}/gateway`;
  if (!config.paymentGatewayUrl) logger.warn(`PAYMENT_GATEWAY_URL is not set: payments go to the simulator's gateway at ${gatewayUrl}`);
  const gateway = createHttpPaymentGateway({ baseUrl: gatewayUrl, secret: config.paymentGatewaySecret, timeoutMs: config.providerTimeoutMs });
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
    liveProviders: providers,
    holdExpiryMs: config.holdExpiryMs,
  });
  app.addHook('onClose', async () => {
    await providers.close();
    await gateway.close();
    await simulator?.app.close();
  });
  const registry = metricsRegistryOf(app);
  if (registry) registerBreakerMetrics(registry, Object.values(providers.breakers));
  const address = await app.listen({ host: config.host, port: config.port });
  logger.info({ database: database.description, redis: runtime.redis ? 'configured' : 'off' }, `idv listening on ${address}`);
  if (config.secretsSource === 'data-dir') {
    logger.warn(`development secrets are kept in ${config.dataDir}/secrets.json; set JWT_SECRET and DATA_ENCRYPTION_KEY in production`);
  }
  if (config.nodeEnv !== 'production') {
    logger.warn('GET /v1/notifications/outbox is on (no authentication) because NODE_ENV is not production');
  }
  if (!config.smtpUrl) logger.info('SMTP_URL is not set: email is written to the outbox (idv outbox)');
  const base = `http://localhost:${(app.server.address() as { port: number }).port}`;
  // The simulator's gateway calls our webhook once a payment completes.
  if (simulator) simulator.options.gatewayWebhookUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/v1/payments/webhook`;
  if (demo) out.write(demoBanner(demo, base));

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

function demoBanner(demo: DemoAccount, base: string): string {
  return `
──────────────────────────────────────────────────────────────────────────────
 idv is running at ${base}   (API reference: ${base}/docs)

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
