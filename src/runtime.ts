import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { dataDirProblem, StartupError, type Config } from './config.js';
import { createServices, type Services } from './container.js';
import { migrate } from './migrate.js';
import { accountJobs } from './accounts/accounts.jobs.js';
import { analyticsJobs } from './analytics/analytics.jobs.js';
import { apiKeyJobs } from './api-keys/api-keys.jobs.js';
import { billingJobs } from './billing/billing.jobs.js';
import { exportJobs } from './exports/exports.jobs.js';
import { eventJobs } from './events/events.jobs.js';
import { webhookJobs } from './webhooks/webhooks.jobs.js';
import { idempotencyJobs } from './idempotency/idempotency.jobs.js';
import type { PeriodicJob, QueuedJob } from './jobs/jobs.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { notificationJobs } from './notifications/notifications.jobs.js';
import { cacheEpochJobs } from './platform/cache-epoch.js';
import { registerBreakerMetrics } from './providers/circuit-breaker.js';
import type { Clock } from './platform/clock.js';
import { createDataCipher } from './platform/crypto.js';
import { openDatabase, ping, type Database } from './platform/db.js';
import type { App } from './platform/http-types.js';
import type { Logger } from './platform/logger.js';
import { metricsRegistryOf } from './platform/metrics.js';
import { createRedis, waitForRedis } from './platform/redis.js';
import { createHttpPaymentGateway } from './providers/http/gateway.http.js';
import { createHttpProviders, simulatorUrls, type HttpProviders, type HttpProvidersOptions } from './providers/http/providers.http.js';
import { UPSTREAMS, type PaymentGateway, type Upstream } from './providers/ports.js';
import { startSimulator, type SimulatorOptions } from './simulator/simulator.js';

/** Storage and services: what every entry point needs (the CLI needs no more). */
export interface Runtime {
  config: Config;
  database: Database;
  redis: Redis | null;
  services: Services;
  logger: Logger;
  close(): Promise<void>;
}

type StartedSimulator = Awaited<ReturnType<typeof startSimulator>>;

/** A runtime with its upstreams, its HTTP app and its background jobs: what the server (and a test) runs. */
export interface Wiring extends Runtime {
  app: App;
  providers: HttpProviders;
  gateway: PaymentGateway & { close(): Promise<void> };
  /** The registry and gateway simulator started in this process for the upstreams with no URL, if any. */
  simulator: StartedSimulator | null;
  /** What reaches that simulator, for the start-up messages. */
  onSimulator: { upstreams: Upstream[]; gateway: boolean };
  /** Built, not started: the server starts it once it listens (a test that wants background work, too). */
  jobs: JobRunner;
}

export interface WireOptions {
  logger: Logger;
  /** Storage and services only: no upstreams, app or jobs (the CLI). */
  http?: boolean;
  /** Time as a dependency (tests pin it). */
  clock?: Clock;
  /** An open database to use instead of opening the configured one (a second "process" in tests); never closed here. */
  database?: Database;
  /** A Redis client to use instead of one made from REDIS_URL (null: none); never closed here. */
  redisClient?: Redis | null;
  /** Prefix of every Redis key, so tests and tenants of one Redis never meet. */
  redisKeyPrefix?: string;
  /** Node's process metrics in /metrics; off in tests, where many apps share one process. */
  defaultMetrics?: boolean;
  /** The sandbox's `slow` scenario delay; tests shorten it. */
  sandboxSlowDelayMs?: number;
  /** Options of the in-process simulator (tests: its latency, how long a hanging answer waits). */
  simulator?: Pick<SimulatorOptions, 'latencyMs' | 'hangMs'>;
  /** The live providers' breakers: their clock and thresholds (DESIGN.md §8 by default). */
  breakerClock?: Clock;
  breaker?: HttpProvidersOptions['breaker'];
  /** Extra background jobs (tests). */
  jobs?: { periodic?: PeriodicJob[]; queued?: QueuedJob[] };
  /** A REDIS_URL that does not answer at start fails the start (the server: a wrong URL is a mistake to show at once). */
  requireRedis?: boolean;
  /** The built web console to serve instead of the repository's dist/console/ (tests). */
  consoleDir?: string;
}

/** How long the first contact with PostgreSQL may take before the start gives up with a message. */
const DATABASE_REACH_TIMEOUT_MS = 15_000;

/**
 * The one wiring of the system, used by the server, the CLI and the test harness: Redis, then storage
 * (migrated), the services, then (unless `http: false`) the upstreams (HTTP adapters to the configured
 * URLs, or to a simulator started here for the unset ones outside production), the payment gateway,
 * the app and the job runner. close() undoes it in order; a wiring that fails half-way closes what it opened.
 */
export async function wire(config: Config, options: WireOptions & { http: false }): Promise<Runtime>;
export async function wire(config: Config, options: WireOptions): Promise<Wiring>;
export async function wire(config: Config, options: WireOptions): Promise<Runtime | Wiring> {
  const { logger } = options;
  let redis: Redis | null = options.redisClient ?? null;
  const ownsRedis = options.redisClient === undefined && config.redisUrl !== null;
  const closeRedis = () => {
    if (ownsRedis) redis?.disconnect();
  };
  // Redis before storage: a REDIS_URL that leads nowhere is said within its two seconds, not after a fresh
  // embedded database has been made and migrated (seconds more), and leaves no database behind.
  if (ownsRedis) {
    redis = createRedis(config.redisUrl!, logger);
    const lastError = lastErrorOf(redis);
    await waitForRedis(redis).catch(() => {
      if (options.requireRedis) {
        closeRedis();
        throw new StartupError(redisUnreachable(config.redisUrl!, lastError()));
      }
      // For the CLI, Redis down is not fatal: guards let requests through and the database decides.
      logger.warn('redis not reachable at start; continuing without it until it is');
    });
  }
  let database: Database;
  try {
    database = options.database ?? (await openConfiguredDatabase(config));
  } catch (err) {
    closeRedis();
    throw err;
  }
  const closeDatabase = options.database ? async () => undefined : () => database.close();
  const closeStorage = async () => {
    closeRedis();
    await closeDatabase();
  };
  const opened: Array<() => Promise<unknown>> = [];
  try {
    if (!options.database) {
      if (database.kind === 'postgres') await reachPostgres(database, config);
      await migrate(database);
    }
    const core = { database, redis, logger, cipher: createDataCipher(config.dataEncryptionKey), settings: config, clock: options.clock, redisKeyPrefix: options.redisKeyPrefix };
    if (options.http === false) {
      const services = createServices(core);
      // Work a command started in the background (a notification sent after its commit) ends before the
      // storage closes: the embedded database spins forever when closed under a running query.
      const close = async () => {
        await services.webhooks.close();
        await services.notifications.close();
        await closeStorage();
      };
      return { config, database, redis, services, logger, close };
    }

    const upstreams = await connectUpstreams(config, options);
    opened.push(upstreams.close);
    const services = createServices({ ...core, gateway: upstreams.gateway });
    const exportWork = exportJobs(services.exports);
    const app = await buildApp({
      services,
      database,
      logger,
      nodeEnv: config.nodeEnv,
      trustProxy: config.trustProxy,
      httpLimits: config.http,
      holdExpiryMs: config.holdExpiryMs,
      liveProviders: upstreams.providers,
      ...(options.defaultMetrics === undefined ? {} : { defaultMetrics: options.defaultMetrics }),
      ...(options.sandboxSlowDelayMs === undefined ? {} : { sandboxSlowDelayMs: options.sandboxSlowDelayMs }),
      ...(options.consoleDir === undefined ? {} : { consoleDir: options.consoleDir }),
    });

    // Each capability contributes its own background work.
    const jobs = createJobRunner({
      logger,
      queue: services.jobQueue,
      leaseMs: config.jobLeaseMs,
      renewEveryMs: Math.floor(config.jobLeaseMs / 6),
      periodic: [
        ...billingJobs(services.wallet),
        ...idempotencyJobs(services.idempotency),
        ...apiKeyJobs(services.apiKeys),
        ...cacheEpochJobs(services.epoch),
        ...notificationJobs(services.notifications),
        ...exportWork.periodic,
        ...accountJobs(services.auth),
        ...analyticsJobs(services.analytics),
        ...webhookJobs(services.webhooks),
        ...eventJobs(services.events),
        ...(options.jobs?.periodic ?? []),
      ],
      queued: [...exportWork.queued, ...(options.jobs?.queued ?? [])],
    });
    // Closing runs these hooks last-registered first: the upstreams and the jobs stop before the app's
    // own hook drains buffered writes and records the keys' last-used times.
    app.addHook('onClose', async () => {
      await jobs.stop();
      await services.webhooks.close();
      await services.notifications.close();
      await upstreams.close();
    });
    opened.length = 0;
    opened.push(() => app.close());
    const registry = metricsRegistryOf(app);
    if (registry) registerBreakerMetrics(registry, Object.values(upstreams.providers.breakers));

    return {
      config,
      database,
      redis,
      services,
      logger,
      app,
      providers: upstreams.providers,
      gateway: upstreams.gateway,
      simulator: upstreams.simulator,
      onSimulator: upstreams.onSimulator,
      jobs,
      /** Stops accepting, finishes in-flight requests, stops the jobs, drains buffered writes, then closes Redis and the database. */
      async close() {
        try {
          await app.close();
        } finally {
          await closeStorage();
        }
      },
    };
  } catch (err) {
    // Bounded: a connection that never answered must not keep a failed start from saying why.
    await withinMs(5_000, async () => {
      for (const close of opened.reverse()) await close().catch(() => undefined);
      await closeStorage().catch(() => undefined);
    });
    throw err;
  }
}

async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
  try {
    return await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code && ['ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC'].includes(code)) throw new StartupError(dataDirProblem(config.dataDir, err as NodeJS.ErrnoException));
    throw err;
  }
}

/** Resolves with fn's end, or after ms, whichever comes first (the timer never keeps the process alive). */
async function withinMs(ms: number, fn: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([fn(), new Promise((resolve) => (timer = setTimeout(resolve, ms).unref()))]);
  clearTimeout(timer);
}

/** The first query, bounded in time; what went wrong, said as one line that names DATABASE_URL. */
async function reachPostgres(database: Database, config: Config): Promise<void> {
  const where = database.description.replace(/^PostgreSQL at /, '');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StartupError(`PostgreSQL at ${where} did not answer within ${DATABASE_REACH_TIMEOUT_MS / 1000} s: check the host and port in DATABASE_URL and that the network lets you reach it`)), DATABASE_REACH_TIMEOUT_MS).unref();
  });
  try {
    await Promise.race([ping(database.db), timeout]);
  } catch (err) {
    if (err instanceof StartupError) throw err;
    throw new StartupError(postgresUnreachable(where, config.databaseUrl!, err as NodeJS.ErrnoException));
  } finally {
    clearTimeout(timer);
  }
}

function postgresUnreachable(where: string, url: string, err: NodeJS.ErrnoException): string {
  const host = safeHost(url);
  switch (err.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host "${host}" in DATABASE_URL was not found: correct DATABASE_URL, or unset it to use the embedded database`;
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${where.replace(/\/.*$/, '')} (DATABASE_URL): start PostgreSQL there, or correct DATABASE_URL`;
    case '3D000':
      return `the database of DATABASE_URL does not exist at ${where}: create it (createdb), or correct DATABASE_URL`;
    case '28000':
    case '28P01':
      return `PostgreSQL at ${where} refused the user or password of DATABASE_URL (${err.message}): correct DATABASE_URL`;
    default:
      return `could not connect to PostgreSQL at ${where} (DATABASE_URL): ${err.message}; check DATABASE_URL`;
  }
}

function redisUnreachable(url: string, err: NodeJS.ErrnoException | null): string {
  const host = safeHost(url);
  const port = safePort(url, 6379);
  const why =
    err?.code === 'ENOTFOUND' || err?.code === 'EAI_AGAIN'
      ? `the host "${host}" was not found`
      : err?.code === 'ECONNREFUSED'
        ? `nothing accepts connections at ${host}:${port}`
        : `Redis at ${host}:${port} did not answer${err ? ` (${err.message})` : ''}`;
  return `REDIS_URL: ${why}: start Redis there or correct REDIS_URL, or unset REDIS_URL to keep rate limits in this process`;
}

/** The last error a Redis client reported, for the message when it never connects. */
function lastErrorOf(redis: Redis): () => NodeJS.ErrnoException | null {
  let last: NodeJS.ErrnoException | null = null;
  redis.on('error', (err: NodeJS.ErrnoException) => (last = err));
  return () => last;
}

/** The host of a URL, never its credentials. */
function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '(unparsable)';
  }
}

function safePort(url: string, fallback: number): number {
  try {
    return Number(new URL(url).port) || fallback;
  } catch {
    return fallback;
  }
}

/**
 * Live keys reach the configured registries; outside production the unset ones reach a simulator
 * started in this process (production refuses to start without every URL: config.ts).
 */
async function connectUpstreams(config: Config, options: WireOptions) {
  const unset = UPSTREAMS.filter((u) => !config.providerUrls[u]);
  const gatewayOnSimulator = !config.paymentGatewayUrl;
  // The simulator's built-in gateway secret is public: when the simulator in this process plays the
  // gateway, it and the server share a secret made for this process instead (DESIGN.md §9).
  const gatewaySecret = gatewayOnSimulator && config.paymentGatewaySecretSource === 'built-in' ? randomBytes(32).toString('base64url') : config.paymentGatewaySecret;
  const simulator = unset.length > 0 || gatewayOnSimulator ? await startSimulator({ ...options.simulator, gatewaySecret, port: 0 }) : null;
  try {
    const onSimulator = simulator ? simulatorUrls(simulator.url) : null;
    const urls = Object.fromEntries(UPSTREAMS.map((u) => [u, config.providerUrls[u] ?? onSimulator![u]])) as Record<Upstream, string>;
    const gateway = createHttpPaymentGateway({ baseUrl: config.paymentGatewayUrl ?? `${simulator!.url}/gateway`, secret: gatewaySecret, timeoutMs: config.providerTimeoutMs });
    const { logger } = options;
    const providers = createHttpProviders({
      urls,
      timeoutMs: config.providerTimeoutMs,
      apiKey: config.providerApiKey,
      connections: config.providerConnections,
      ...(options.breakerClock ? { clock: options.breakerClock } : {}),
      breaker: {
        onStateChange: ({ name, from, to }) => {
          if (to === 'open') logger.warn({ upstream: name, from }, `circuit breaker of ${name} opened: its calls are answered 503 for 5 s`);
          else logger.info({ upstream: name, from, to }, `circuit breaker of ${name} is ${to.replace('_', '-')}`);
        },
        ...options.breaker,
      },
    });
    return {
      providers,
      gateway,
      simulator,
      onSimulator: { upstreams: unset, gateway: gatewayOnSimulator },
      async close() {
        await providers.close();
        await gateway.close();
        await simulator?.app.close();
      },
    };
  } catch (err) {
    await simulator?.app.close();
    throw err;
  }
}
