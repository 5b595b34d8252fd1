import { createServer, type AddressInfo } from 'node:net';
import { PROVIDER_URL_SETTINGS, StartupError, type Config } from './config.js';
import { localControlTokenOf } from './admin/local-control.routes.js';
import { createDemo, type DemoAccount } from './demo.js';
import { advertiseLocalControl, DataDirLockedError, liveLockHolder } from './platform/data-dir-lock.js';
import type { Logger } from './platform/logger.js';
import { wire, type Wiring } from './runtime.js';
import { consoleOf } from './http/console.js';
import { metricsRegistryOf, startMetricsListener } from './platform/metrics.js';
import { isLoopbackAddress } from './platform/loopback.js';
import { UPSTREAMS } from './providers/ports.js';

/**
 * config → wire (storage, services, upstreams, app, jobs) → listen → jobs; SIGTERM stops accepting,
 * finishes in-flight requests, then exits. A start that cannot go on throws a StartupError (or a
 * ConfigError, a DataDirLockedError) naming the setting to change, after closing what it opened.
 */
export async function startServer(config: Config, logger: Logger, out: NodeJS.WritableStream = process.stdout) {
  // The cheap checks first, so a taken port or a held data directory is said at once, before storage opens.
  if (!config.databaseUrl) {
    const holder = liveLockHolder(config.dataDir);
    if (holder && holder.pid !== process.pid) throw new DataDirLockedError(config.dataDir, holder);
  }
  await assertPortFree('PORT', config.host, config.port);
  await assertPortFree('METRICS_PORT', config.metricsHost, config.metricsPort);

  const wiring = await wire(config, { logger, requireRedis: true });
  // A start that fails half-way (a port taken since the check) closes what it opened, so the process exits with its message.
  try {
    return await serve(config, logger, out, wiring);
  } catch (err) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([wiring.close().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, 5_000).unref()))]);
    clearTimeout(timer);
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
    throw listenProblem('METRICS_PORT', 'METRICS_HOST', config.metricsHost, config.metricsPort, err);
  });
  app.addHook('onClose', () => metrics.close());
  const address = await app.listen({ host: config.host, port: config.port }).catch((err: NodeJS.ErrnoException) => {
    throw listenProblem('PORT', 'HOST', config.host, config.port, err);
  });
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
  const bound = app.server.address() as AddressInfo;
  const base = `http://localhost:${bound.port}`;
  // The simulator's gateway calls our webhook once a payment completes.
  if (simulator) simulator.options.gatewayWebhookUrl = `http://127.0.0.1:${bound.port}/v1/payments/webhook`;

  // The CLI on this machine reaches this process through the lock file of the embedded database.
  const token = localControlTokenOf(app);
  const controlUrl = loopbackUrlOf(bound);
  if (database.kind === 'pglite' && token && controlUrl) advertiseLocalControl(config.dataDir, { url: controlUrl, token });

  if (config.banner === 'on' || demo !== null || (config.banner === 'auto' && (out as { isTTY?: boolean }).isTTY === true)) {
    const keyOrganisationId = demo?.organisationId ?? (config.nodeEnv === 'production' ? null : await newestOrganisation(wiring));
    out.write(
      startupBanner({
        base,
        localOnly,
        production: config.nodeEnv === 'production',
        // The console (DESIGN.md §14) is listed once it is built; until then the log says to build it.
        consoleServed: consoleOf(app)?.built() ?? false,
        metricsUrl: `${metrics.url}`,
        demo,
        keyOrganisationId,
      }),
    );
  }
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

/**
 * Binds and releases the port (port 0: any, which still checks the host), so a taken port or a foreign
 * host is said before anything opens. A port taken after this check is caught at listen.
 */
async function assertPortFree(setting: 'PORT' | 'METRICS_PORT', host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => reject(listenProblem(setting, setting === 'PORT' ? 'HOST' : 'METRICS_HOST', host, port, err)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A listen that failed, said as one line naming the setting to change. */
function listenProblem(setting: 'PORT' | 'METRICS_PORT', hostSetting: 'HOST' | 'METRICS_HOST', host: string, port: number, err: NodeJS.ErrnoException): Error {
  const what = setting === 'PORT' ? 'port' : 'metrics port';
  switch (err.code) {
    case 'EADDRINUSE':
      return new StartupError(
        `${what} ${port} is in use; set ${setting} to a free port${setting === 'METRICS_PORT' ? ' (0: any free port)' : ''}, or stop the process that listens on it`,
      );
    case 'EACCES':
      return new StartupError(`${what} ${port} needs privileges this user does not have; set ${setting} to 1024 or above`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`${hostSetting} ${host} is not an address of this machine; set ${hostSetting} to one of its addresses (127.0.0.1, or 0.0.0.0 for all)`);
    default:
      return err;
  }
}

/** Where a client on this machine reaches a listener, or null when it listens on no loopback address. */
function loopbackUrlOf(address: AddressInfo): string | null {
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '[::1]' : isLoopbackAddress(address.address) ? (address.family === 'IPv6' ? `[${address.address}]` : address.address) : null;
  return host === null ? null : `http://${host}:${address.port}`;
}

async function newestOrganisation(wiring: Wiring): Promise<string | null> {
  const page = await wiring.services.admin.listOrganisations({ limit: 1 }).catch(() => null);
  return page?.items[0]?.id ?? null;
}

export interface BannerInfo {
  /** The base URL, e.g. http://localhost:3000. */
  base: string;
  /** Listening on loopback only. */
  localOnly: boolean;
  production: boolean;
  /** Whether the console (DESIGN.md §14) is served at `/`. */
  consoleServed: boolean;
  metricsUrl: string;
  /** The demo organisation made on this start (an empty embedded database), whose keys are shown once. */
  demo: DemoAccount | null;
  /** The organisation the `idv key create` line names; null: a placeholder. */
  keyOrganisationId: string | null;
}

const RULE = '─'.repeat(78);

/** The human banner printed at start (on a terminal, with BANNER=on, and always with new demo keys): where things are, and how to get a key. */
export function startupBanner(info: BannerInfo): string {
  const { base, demo } = info;
  const lines = [RULE, ` idv is running at ${base}`, `   API reference   ${base}/docs`, `   OpenAPI         ${base}/openapi.json`];
  if (info.consoleServed) lines.push(`   console         ${base}/`);
  lines.push(`   metrics         ${info.metricsUrl}`);
  if (!info.production) lines.push(`   outbox          npx idv outbox --to ADDRESS   (or GET ${base}/v1/notifications/outbox?to=ADDRESS)`);
  if (info.localOnly) lines.push(' It answers this machine only; set HOST=0.0.0.0 to open it to the network.');
  if (demo) {
    lines.push(
      '',
      ' A demo organisation was created on this empty database. Keys are shown once:',
      `   test key   ${demo.testKey}`,
      `   live key   ${demo.liveKey}   (wallet: ₦10,000 demo credit)`,
      `   owner      ${demo.ownerEmail} / ${demo.ownerPassword}`,
      `   platform   ${demo.platformAdminEmail} / ${demo.platformAdminPassword}`,
      ...(info.consoleServed ? [`   console    ${base}/   (sign in as owner, then the emailed code)`] : []),
      '',
      ' Try it:',
      `   curl -s ${base}/v1/nin/raw/lookup \\`,
      `     -H 'x-api-key: ${demo.testKey}' -H 'content-type: application/json' \\`,
      `     -d '{"nin":"11111111111","requestReason":"ACCOUNT_OPENING"}'`,
    );
  }
  lines.push('', ' Another API key, from a second terminal while this server runs:');
  lines.push(`   npx idv key create --org ${info.keyOrganisationId ?? 'ORG_ID'} --type test --name "my key"`);
  if (!info.production) lines.push(' A new demo organisation with fresh keys and sign-in:', '   npx idv demo');
  lines.push(RULE, '');
  return `\n${lines.join('\n')}`;
}
