import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isIP } from 'node:net';
import { DEV_GATEWAY_SECRET, type Upstream } from './providers/ports.js';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './platform/http-limits.js';

/**
 * The only reader of the environment (CONVENTIONS rule 4). Everything is validated at start, and
 * every problem is named at once rather than one per restart.
 */
export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Proxies trusted to say who the client is (TRUST_PROXY): none, a hop count, or their addresses and CIDRs. */
export type TrustProxy = false | number | string[];

export interface Config {
  nodeEnv: NodeEnv;
  /** HOST; unset: 127.0.0.1 outside production (DESIGN.md §9), 0.0.0.0 in production. */
  host: string;
  port: number;
  /** Prometheus metrics' own listener (DESIGN.md §13): METRICS_HOST (default 127.0.0.1), METRICS_PORT (default 9464; 0: a free port). */
  metricsHost: string;
  metricsPort: number;
  /** The API listener's timeouts and connection cap. */
  http: HttpLimits;
  /** PostgreSQL when set; otherwise the embedded database in dataDir. */
  databaseUrl: string | null;
  databasePoolSize: number;
  dataDir: string;
  redisUrl: string | null;
  jwtSecret: string;
  dataEncryptionKey: Buffer;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  smtpUrl: string | null;
  emailFrom: string;
  /** The base URL people open (invitation links). */
  publicUrl: string;
  loginLimitPerEmail: number;
  loginLimitPerAddress: number;
  notificationRetryScheduleSeconds: number[];
  /** SMS gateway endpoint (SMS_URL): a JSON POST per message; null writes sms to the outbox (DESIGN.md §11.1). */
  smsUrl: string | null;
  /** Sends per organisation per minute (NOTIFICATION_SEND_LIMIT). */
  notificationSendLimit: number;
  /** Timeout of one upstream call; leases and holds are derived from it (DESIGN.md §1). */
  providerTimeoutMs: number;
  /** Keep-alive connections per upstream: the calls one process can have in flight to it at once. */
  providerConnections: number;
  /** An idempotency lease (default 3 × provider timeout + 15 s) and a hold's life (default lease + 30 s). */
  idempotencyLeaseMs: number;
  holdExpiryMs: number;
  /**
   * Each upstream registry's base URL, its mount root (docs/simulator.md); unset outside production,
   * the built-in simulator is started and the unset ones point at it.
   */
  providerUrls: Record<Upstream, string | null>;
  providerApiKey: string | null;
  simulatorPort: number;
  /** The simulator's added latency and fault rates (SIMULATOR_*; docs/simulator.md, "Faults"); seed null: random. */
  simulator: { latencyMs: number; latencyJitterMs: number; errorRate: number; unavailableRate: number; rateLimitRate: number; timeoutRate: number; seed: number | null };
  /** The payment gateway (Paystack-style) and its secret key; the simulator's in development. */
  paymentGatewayUrl: string | null;
  paymentGatewaySecret: string;
  /**
   * Whether PAYMENT_GATEWAY_SECRET was set. When not, the server gives its in-process simulator a secret
   * made for the process, and webhooks signed with the public DEV_GATEWAY_SECRET are taken only from loopback.
   */
  paymentGatewaySecretSource: 'environment' | 'built-in';
  concurrencyLimit: number;
  velocityLimit: number;
  /** Adjustments above this (kobo, compared with |amount|) need a second platform admin's approval. */
  adjustmentApprovalThresholdKobo: number;
  /** Rows one export may hold (EXPORT_MAX_ROWS, DESIGN.md §10.2): one XLSX sheet's worth, for CSV too. */
  /** A claimed background job's lease (DESIGN.md §10.2: 60 s), renewed every sixth of it; a job whose worker died is taken over once it lapses. */
  jobLeaseMs: number;
  exportMaxRows: number;
  /** Exports PENDING or RUNNING at once per organisation (EXPORT_MAX_ACTIVE_PER_ORG); one more is 429. */
  exportMaxActivePerOrg: number;
  /** Waits between webhook delivery attempts, seconds (WEBHOOK_RETRY_SCHEDULE, DESIGN.md §11.4): one more attempt than waits. */
  webhookRetryScheduleSeconds: number[];
  /** One webhook attempt's time limit (WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs: number;
  /** An endpoint failing this long since its last success is disabled (WEBHOOK_DISABLE_AFTER_HOURS). */
  webhookDisableAfterHours: number;
  /** ALLOW_PRIVATE_WEBHOOK_URLS: http:// and private addresses for webhook URLs; refused in production. */
  allowPrivateWebhookUrls: boolean;
  /** Where the development secrets came from, for the start-up message. */
  secretsSource: 'environment' | 'data-dir';
  /** BANNER: the human start-up banner on stdout: `auto` (on a terminal, or when demo keys were made), `on`, `off` (demo keys are still shown once). */
  banner: 'auto' | 'on' | 'off';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A start that cannot go on (a port taken, a database or Redis not reachable, a data directory that
 * cannot be written): one line that names the setting and what to do; the process exits non-zero.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/**
 * The simulator's gateway secret, public (it is in the source), so never enough to credit a wallet from
 * the network: the server accepts webhooks signed with it only from loopback clients, and refuses it in
 * production. It lives with the provider ports, where the simulator reads it too.
 */
export { DEV_GATEWAY_SECRET };

/** The setting of each upstream's base URL (docs/simulator.md). */
export const PROVIDER_URL_SETTINGS: Readonly<Record<Upstream, string>> = Object.freeze({
  identity: 'IDENTITY_PROVIDER_URL',
  bvn: 'BVN_PROVIDER_URL',
  federalTax: 'FEDERAL_TAX_PROVIDER_URL',
  jointTax: 'JOINT_TAX_PROVIDER_URL',
  corporate: 'CORPORATE_REGISTRY_URL',
  phoneResolution: 'PHONE_RESOLUTION_PROVIDER_URL',
});

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration; in development, generates missing secrets once into DATA_DIR. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };

  const nodeEnvRaw = str('NODE_ENV') ?? 'development';
  let nodeEnv: NodeEnv = 'development';
  if (nodeEnvRaw === 'development' || nodeEnvRaw === 'test' || nodeEnvRaw === 'production') nodeEnv = nodeEnvRaw;
  else problems.push(`NODE_ENV must be development, test or production (got "${nodeEnvRaw}")`);

  const databaseUrl = str('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const redisUrl = str('REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// or rediss:// URL');

  const logLevelRaw = str('LOG_LEVEL') ?? 'info';
  const logLevel = (LOG_LEVELS as string[]).includes(logLevelRaw) ? (logLevelRaw as LogLevel) : 'info';
  if (logLevel !== logLevelRaw) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const dataDir = resolve(str('DATA_DIR') ?? './data');
  let jwtSecret = str('JWT_SECRET');
  let dekRaw = str('DATA_ENCRYPTION_KEY');
  let secretsSource: Config['secretsSource'] = 'environment';

  if (nodeEnv === 'production') {
    if (!jwtSecret) problems.push('JWT_SECRET is required in production (at least 32 characters)');
    if (!dekRaw) problems.push('DATA_ENCRYPTION_KEY is required in production (32 bytes, base64)');
  } else if ((!jwtSecret || !dekRaw) && problems.length === 0) {
    const generated = devSecrets(dataDir, problems);
    if (generated) {
      jwtSecret ??= generated.jwtSecret;
      dekRaw ??= generated.dataEncryptionKey;
      secretsSource = 'data-dir';
    }
  }

  if (jwtSecret !== undefined && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
  let dataEncryptionKey = Buffer.alloc(0);
  if (dekRaw !== undefined) {
    dataEncryptionKey = Buffer.from(dekRaw, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(dekRaw) || dataEncryptionKey.length !== 32) {
      problems.push('DATA_ENCRYPTION_KEY must be 32 bytes encoded in base64 (e.g. `openssl rand -base64 32`)');
    }
  }

  const smtpUrl = str('SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  const smsUrl = str('SMS_URL') ?? null;
  if (smsUrl !== null && !/^https?:\/\/[^\s]+$/.test(smsUrl)) problems.push('SMS_URL must be an http:// or https:// URL');
  const port = int('PORT', 3000, 0, 65535);
  const metricsPort = int('METRICS_PORT', 9464, 0, 65535);
  if (metricsPort !== 0 && metricsPort === port) problems.push(`METRICS_PORT must differ from PORT (both are ${port}): metrics are never served on the API port`);
  const publicUrl = (str('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(publicUrl)) problems.push('PUBLIC_URL must be an http:// or https:// URL');
  const scheduleRaw = str('NOTIFICATION_RETRY_SCHEDULE') ?? '60,300,1800';
  const schedule = scheduleRaw.split(',').map((s) => s.trim());
  if (!schedule.every((s) => /^\d+$/.test(s) && Number(s) <= 86_400)) {
    problems.push('NOTIFICATION_RETRY_SCHEDULE must be comma-separated seconds (each at most 86400)');
  }

  const providerUrls = {} as Record<Upstream, string | null>;
  for (const [upstream, name] of Object.entries(PROVIDER_URL_SETTINGS) as Array<[Upstream, string]>) {
    const url = str(name) ?? null;
    providerUrls[upstream] = url;
    if (url !== null && !isHttpUrl(url)) problems.push(`${name} must be an http:// or https:// URL`);
    if (nodeEnv === 'production' && url === null) problems.push(`${name} is required in production (live keys would have no registry)`);
  }

  const paymentGatewayUrl = str('PAYMENT_GATEWAY_URL') ?? null;
  if (paymentGatewayUrl !== null && !/^https?:\/\/[^\s]+$/.test(paymentGatewayUrl)) problems.push('PAYMENT_GATEWAY_URL must be an http:// or https:// URL');
  if (nodeEnv === 'production' && (paymentGatewayUrl === null || !str('PAYMENT_GATEWAY_SECRET'))) {
    problems.push('PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_SECRET are required in production');
  }
  if (nodeEnv === 'production' && str('PAYMENT_GATEWAY_SECRET') === DEV_GATEWAY_SECRET) {
    problems.push("PAYMENT_GATEWAY_SECRET must be the gateway's real secret key in production, not the simulator's public one");
  }

  // Timings (DESIGN.md §1), each checked against the ones it must outlast.
  const providerTimeoutMs = int('PROVIDER_TIMEOUT_MS', 10_000, 100, 120_000);
  const idempotencyLeaseMs = int('IDEMPOTENCY_LEASE_MS', 3 * providerTimeoutMs + 15_000, 1_000, 3_600_000);
  const holdExpiryMs = int('HOLD_EXPIRY_MS', idempotencyLeaseMs + 30_000, 1_000, 7_200_000);
  if (idempotencyLeaseMs < 3 * providerTimeoutMs) {
    problems.push(
      `IDEMPOTENCY_LEASE_MS (${idempotencyLeaseMs}) must be at least 3 × PROVIDER_TIMEOUT_MS (${3 * providerTimeoutMs}): ` +
        'a shorter lease lets a duplicate request run while the first is still in its chain of provider calls',
    );
  }
  if (holdExpiryMs <= idempotencyLeaseMs) {
    problems.push(`HOLD_EXPIRY_MS (${holdExpiryMs}) must be longer than IDEMPOTENCY_LEASE_MS (${idempotencyLeaseMs})`);
  }
  const http = httpLimits(int, idempotencyLeaseMs, problems);
  const webhookScheduleRaw = str('WEBHOOK_RETRY_SCHEDULE') ?? '5,300,1800,7200,18000,28800,28800';
  const webhookSchedule = webhookScheduleRaw.split(',').map((s) => s.trim());
  if (!webhookSchedule.every((s) => /^\d+$/.test(s)) || webhookSchedule.reduce((sum, s) => sum + Number(s), 0) > 86_400) {
    problems.push('WEBHOOK_RETRY_SCHEDULE must be comma-separated waits in seconds, at most 86400 in all');
  }
  const allowPrivateWebhookUrls = oneOf('ALLOW_PRIVATE_WEBHOOK_URLS', str('ALLOW_PRIVATE_WEBHOOK_URLS') ?? 'false', ['false', 'true'] as const, problems) === 'true';
  if (nodeEnv === 'production' && allowPrivateWebhookUrls) {
    problems.push('ALLOW_PRIVATE_WEBHOOK_URLS=true is refused in production: webhooks go to public https:// addresses only');
  }


  const config: Config = {
    nodeEnv,
    host: str('HOST') ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port,
    metricsHost: str('METRICS_HOST') ?? '127.0.0.1',
    metricsPort,
    http,
    databaseUrl,
    databasePoolSize: int('DATABASE_POOL_SIZE', 10, 1, 200),
    dataDir,
    redisUrl,
    jwtSecret: jwtSecret ?? '',
    dataEncryptionKey,
    logLevel,
    trustProxy: trustProxy(str('TRUST_PROXY'), problems),
    smtpUrl,
    emailFrom: str('EMAIL_FROM') ?? 'idv <no-reply@idv.local>',
    publicUrl,
    loginLimitPerEmail: int('LOGIN_LIMIT_PER_EMAIL', 5, 1, 10_000),
    loginLimitPerAddress: int('LOGIN_LIMIT_PER_ADDRESS', 30, 1, 100_000),
    notificationRetryScheduleSeconds: schedule.map(Number),
    smsUrl,
    notificationSendLimit: int('NOTIFICATION_SEND_LIMIT', 60, 1, 100_000),
    providerTimeoutMs,
    providerConnections: int('PROVIDER_CONNECTIONS', 512, 1, 10_000),
    idempotencyLeaseMs,
    holdExpiryMs,
    providerUrls,
    providerApiKey: str('PROVIDER_API_KEY') ?? null,
    simulatorPort: int('SIMULATOR_PORT', 4010, 0, 65535),
    simulator: simulatorSettings(str, int, problems),
    paymentGatewayUrl,
    paymentGatewaySecret: str('PAYMENT_GATEWAY_SECRET') ?? DEV_GATEWAY_SECRET,
    paymentGatewaySecretSource: str('PAYMENT_GATEWAY_SECRET') ? 'environment' : 'built-in',
    concurrencyLimit: int('CONCURRENCY_LIMIT', 32, 1, 100_000),
    velocityLimit: int('VELOCITY_LIMIT', 1200, 1, 10_000_000),
    adjustmentApprovalThresholdKobo: int('ADJUSTMENT_APPROVAL_THRESHOLD', 100_000, 0, 1_000_000_000) * 100,
    // At most one XLSX sheet (1,048,576 rows less the header).
    jobLeaseMs: int('JOB_LEASE_MS', 60_000, 1_000, 3_600_000),
    exportMaxRows: int('EXPORT_MAX_ROWS', 1_000_000, 1, 1_048_575),
    exportMaxActivePerOrg: int('EXPORT_MAX_ACTIVE_PER_ORG', 2, 1, 1_000),
    webhookRetryScheduleSeconds: webhookSchedule.map(Number),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 15_000, 100, 60_000),
    webhookDisableAfterHours: int('WEBHOOK_DISABLE_AFTER_HOURS', 120, 1, 720),
    allowPrivateWebhookUrls,
    secretsSource,
    banner: oneOf('BANNER', str('BANNER') ?? 'auto', ['auto', 'on', 'off'] as const, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * TRUST_PROXY: `false` (default) or `0`, a hop count (`1`: one load balancer in front), or a
 * comma-separated list of proxy addresses and CIDRs (or proxy-addr's `loopback`, `linklocal`,
 * `uniquelocal`). `true` would believe any X-Forwarded-For, so it is refused.
 */
function trustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    problems.push(
      'TRUST_PROXY=true would believe any client\'s X-Forwarded-For; set the number of proxies in front of the server ' +
        '(TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
    return false;
  }
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 10) problems.push(`TRUST_PROXY must be a hop count from 0 to 10, or proxy addresses (got "${raw}")`);
    return Number(raw);
  }
  const entries = raw.split(',').map((s) => s.trim());
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0) {
    problems.push(`TRUST_PROXY must be false, a hop count, or comma-separated proxy addresses or CIDRs (not understood: ${bad.map((b) => `"${b}"`).join(', ')})`);
    return false;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The API listener's limits. The idle timeout must outlast the idempotency lease, the longest a
 * verification may legitimately run without a byte on the socket; the request timeout counts only
 * receiving the request, never handling it.
 */
function httpLimits(int: (name: string, fallback: number, min: number, max: number) => number, idempotencyLeaseMs: number, problems: string[]): HttpLimits {
  const defaults = DEFAULT_HTTP_LIMITS;
  const requestTimeoutMs = int('REQUEST_TIMEOUT_MS', defaults.requestTimeoutMs, 100, 3_600_000);
  const headersTimeoutMs = int('HEADERS_TIMEOUT_MS', Math.min(defaults.headersTimeoutMs, requestTimeoutMs), 100, 600_000);
  const connectionTimeoutMs = int('CONNECTION_TIMEOUT_MS', idempotencyLeaseMs + 15_000, 1_000, 7_200_000);
  const keepAliveTimeoutMs = int('KEEP_ALIVE_TIMEOUT_MS', defaults.keepAliveTimeoutMs, 100, 3_600_000);
  const maxConnections = int('MAX_CONNECTIONS', defaults.maxConnections, 1, 1_000_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    problems.push(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be longer than REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  if (connectionTimeoutMs <= idempotencyLeaseMs) {
    problems.push(
      `CONNECTION_TIMEOUT_MS (${connectionTimeoutMs}) must be longer than IDEMPOTENCY_LEASE_MS (${idempotencyLeaseMs}): ` +
        'an idle socket would be cut while a verification is still running',
    );
  }
  if (keepAliveTimeoutMs >= connectionTimeoutMs) {
    problems.push(`KEEP_ALIVE_TIMEOUT_MS (${keepAliveTimeoutMs}) must be shorter than CONNECTION_TIMEOUT_MS (${connectionTimeoutMs})`);
  }
  return { requestTimeoutMs, headersTimeoutMs, connectionTimeoutMs, keepAliveTimeoutMs, maxConnections };
}

function isHttpUrl(raw: string): boolean {
  if (!/^https?:\/\/[^\s]+$/.test(raw)) return false;
  try {
    new URL(raw);
    return true;
  } catch {
    return false;
  }
}

function oneOf<const T extends readonly string[]>(name: string, raw: string, values: T, problems: string[]): T[number] {
  if ((values as readonly string[]).includes(raw)) return raw as T[number];
  problems.push(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
  return values[0]!;
}

/**
 * Secrets for development, generated on first use and kept (mode 0600) beside the embedded database.
 * A data directory that cannot be written is a problem of DATA_DIR, named as such (null).
 */
function devSecrets(dataDir: string, problems: string[]): { jwtSecret: string; dataEncryptionKey: string } | null {
  const file = join(dataDir, 'secrets.json');
  try {
    if (existsSync(file)) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string; dataEncryptionKey: string };
      return parsed;
    }
    mkdirSync(dataDir, { recursive: true });
    const secrets = {
      jwtSecret: randomBytes(48).toString('base64url'),
      dataEncryptionKey: randomBytes(32).toString('base64'),
    };
    try {
      writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it first: theirs wins, so both share one key.
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return devSecrets(dataDir, problems);
      throw err;
    }
    return secrets;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (err instanceof SyntaxError) problems.push(`${file} is not valid JSON: delete it to have new development secrets made (data encrypted with the old ones becomes unreadable)`);
    else if (code) problems.push(dataDirProblem(dataDir, err as NodeJS.ErrnoException));
    else throw err;
    return null;
  }
}

/** One line on a data directory that cannot be used: what the system said, and what to set. */
export function dataDirProblem(dataDir: string, err: NodeJS.ErrnoException): string {
  const why: Record<string, string> = {
    ENOTDIR: 'a part of that path is a file, not a directory',
    EEXIST: 'a file of that name is in the way',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOSPC: 'the disk is full',
  };
  return `DATA_DIR ${dataDir} cannot be written (${why[err.code ?? ''] ?? err.code ?? err.message}): set DATA_DIR to a directory this user can write, or set DATABASE_URL to use PostgreSQL`;
}

/** SIMULATOR_LATENCY_MS, SIMULATOR_LATENCY_JITTER_MS, the SIMULATOR_*_RATE shares (0–1, adding up to at most 1), SIMULATOR_SEED. */
function simulatorSettings(
  str: (name: string) => string | undefined,
  int: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): Config['simulator'] {
  const rate = (name: string) => {
    const raw = str(name);
    if (raw === undefined) return 0;
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(raw) || Number(raw) > 1) {
      problems.push(`${name} must be a number from 0 to 1 (got "${raw}")`);
      return 0;
    }
    return Number(raw);
  };
  const settings = {
    latencyMs: int('SIMULATOR_LATENCY_MS', 0, 0, 600_000),
    latencyJitterMs: int('SIMULATOR_LATENCY_JITTER_MS', 0, 0, 600_000),
    errorRate: rate('SIMULATOR_ERROR_RATE'),
    unavailableRate: rate('SIMULATOR_UNAVAILABLE_RATE'),
    rateLimitRate: rate('SIMULATOR_RATE_LIMIT_RATE'),
    timeoutRate: rate('SIMULATOR_TIMEOUT_RATE'),
    seed: str('SIMULATOR_SEED') === undefined ? null : int('SIMULATOR_SEED', 0, 0, 4_294_967_295),
  };
  if (settings.errorRate + settings.unavailableRate + settings.rateLimitRate + settings.timeoutRate > 1 + 1e-9) {
    problems.push('SIMULATOR_ERROR_RATE, SIMULATOR_UNAVAILABLE_RATE, SIMULATOR_RATE_LIMIT_RATE and SIMULATOR_TIMEOUT_RATE must add up to at most 1');
  }
  return settings;
}
