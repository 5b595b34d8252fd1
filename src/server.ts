import { ConfigError, PROVIDER_URL_SETTINGS, type Config } from './config.js';
import { createDemo, type DemoAccount } from './demo.js';
import type { Logger } from './platform/logger.js';
import { wire, type Wiring } from './runtime.js';
import { metricsRegistryOf, startMetricsListener } from './platform/metrics.js';
import { isLoopbackAddress } from './platform/loopback.js';
import { UPSTREAMS } from './providers/ports.js';

/** config → wire (storage, services, upstreams, app, jobs) → listen → jobs; SIGTERM stops accepting, finishes in-flight requests, then exits. */
export async function startServer(config: Config, logger: Logger, out: NodeJS.WritableStream = process.stdout) {
  const wiring = await wire(config, { logger });
  // A start that fails half-way (a port taken) closes what it opened, so the process exits with its message.
  try {
    return await serve(config, logger, out, wiring);
  } catch (err) {
    await wiring.close().catch(() => undefined);
    throw err;
  }
}

async function serve(config: Config, logger: Logger, out: NodeJS.WritableStream, wiring: Wiring) {
  const { services, database, app, simulator, onSimulator } = wiring;
  const unset = onSimulator.upstreams;
  if (unset.length > 0) {
    logger.warn(
      { simulator: simulator!.url, upstreams: unset },
      `${unset.map((u) => PROVIDER_URL_SETTINGS[u]).join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set: live keys reach the built-in registry simulator at ${simulator!.url} for ${unset.length === UPSTREAMS.length ? 'every registry' : 'those registries'}`,
    );
  }
  if (onSimulator.gateway) {
    logger.warn(`PAYMENT_GATEWAY_URL is not set: payments go to the simulator's gateway at ${simulator!.url}/gateway, which signs its webhooks with a secret made for this process`);
  } else if (config.paymentGatewaySecretSource === 'built-in') {
    logger.warn(
      "PAYMENT_GATEWAY_SECRET is not set: the simulator's public secret is used, so webhooks signed with it are accepted only from this machine; set PAYMENT_GATEWAY_SECRET for a gateway elsewhere",
    );
  }

  const registry = metricsRegistryOf(app)!;
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
  logger.info({ database: database.description, redis: wiring.redis ? 'configured' : 'off' }, `idv listening on ${address}`);
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
  // Background work starts once the server is up, and stops after it (close()).
  wiring.jobs.start();

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
      await wiring.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return { app, wiring, base, demo };
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
