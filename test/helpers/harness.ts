import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { ServiceCode } from '../../src/catalogue/catalogue.js';
import { SERVICES } from '../../src/catalogue/catalogue.js';
import type { Services } from '../../src/container.js';
import { migrate } from '../../src/migrate.js';
import { ManualClock, systemClock, type Clock } from '../../src/platform/clock.js';
import { createDataCipher, type DataCipher } from '../../src/platform/crypto.js';
import { openDatabase, type Database } from '../../src/platform/db.js';
import type { App } from '../../src/platform/http-types.js';
import { createLogger } from '../../src/platform/logger.js';
import type { HttpProviders, HttpProvidersOptions } from '../../src/providers/http/providers.http.js';
import type { startSimulator } from '../../src/simulator/simulator.js';
import { DEV_GATEWAY_SECRET, loadConfig, type Config } from '../../src/config.js';
import type { JobRunner } from '../../src/jobs/runner.js';
import { wire } from '../../src/runtime.js';
import type { PaymentGateway } from '../../src/providers/ports.js';
import type { AccessLevel } from '../../src/platform/schema.js';
import { filePgUrl } from './pg-file.js';

export type BackendName = 'pglite' | 'postgres';

export interface Backend {
  name: BackendName;
  /** PostgreSQL's URL, for tests that start real server processes on it. */
  url?: string;
  /** A new connection to this back-end's database (PGlite: one in-memory database per suite). */
  open(): Promise<Database>;
}

let pgliteImage: Blob | undefined;
/** The migrated embedded database the global setup made (test/global-setup.ts), read once per worker. */
function migratedImage(): Blob | undefined {
  const path = inject('pgliteImagePath');
  if (!pgliteImage && path) pgliteImage = new Blob([readFileSync(path)]);
  return pgliteImage;
}

/** The back-ends a suite runs on: PGlite always, PostgreSQL (the file's own database) when TEST_DATABASE_URL is set. */
export function backends(): Backend[] {
  const pgUrl = filePgUrl();
  const list: Backend[] = [
    {
      name: 'pglite',
      open: async () => {
        // A copy of a database already migrated; migrate() still runs (it re-applies the stored functions).
        const database = await openDatabase({ kind: 'pglite-memory', image: migratedImage() });
        await migrate(database);
        return database;
      },
    },
  ];
  if (pgUrl) list.push({ name: 'postgres', url: pgUrl, open: () => openDatabase({ kind: 'postgres', url: pgUrl, poolSize: 5 }) });
  return list;
}

export const redisUrl = (): string | null => inject('redisUrl');

/** Log lines captured in memory, to prove what never reaches them. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, cb: () => void) {
    this.lines.push(chunk.toString('utf8'));
    cb();
  }
  text(): string {
    return this.lines.join('');
  }
}

export interface Harness {
  backend: BackendName;
  database: Database;
  services: Services;
  app: App;
  logs: LogCapture;
  cipher: DataCipher;
  clock: Clock;
  simulatorUrl: string;
  /** The registry simulator live keys reach (its options can be changed while it runs). */
  simulator: Awaited<ReturnType<typeof startSimulator>>;
  /** The live providers (HTTP adapters to the simulator) and their circuit breakers. */
  providers: HttpProviders;
  /** The payment gateway the services use (the simulator's). */
  gateway: PaymentGateway;
  /** The background jobs, started only with `jobs: true` (a test may also run one directly). */
  jobs: JobRunner;
  /** The configuration it was wired from (testConfig()). */
  config: Config;
}

export interface HarnessOptions {
  clock?: Clock;
  redis?: Redis | null;
  redisKeyPrefix?: string;
  sandboxSlowDelayMs?: number;
  /** Share another harness's database (a second process on the same storage). */
  database?: Database;
  dataEncryptionKey?: Buffer;
  /** Settings of config.ts to override (SMTP, limits, the gateway's URL …). */
  settings?: Partial<Config>;
  /** Timeout of live provider calls (the simulator's hanging NIN waits longer). */
  providerTimeoutMs?: number;
  /** Latency the registry simulator adds to every answer. */
  simulatorLatencyMs?: number;
  /** The live providers' circuit breakers' clock (default: the system clock, whatever `clock` is). */
  breakerClock?: Clock;
  /** The breakers' thresholds (DESIGN.md §8 by default); a suite that hammers fault identifiers may raise them. */
  breaker?: HttpProvidersOptions['breaker'];
  /** Starts the background jobs (src/jobs/) as the server does: off by default, so an app does only what a test asks. */
  jobs?: boolean;
  /** The built web console the app serves (default: the repository's dist/console/). */
  consoleDir?: string;
}

export const TEST_JWT_SECRET = 'test-jwt-secret-'.padEnd(48, 'x');

export const TEST_DATA_KEY = randomBytes(32);

/**
 * The configuration of a test app: config.ts's defaults (through loadConfig, as the server reads the
 * environment) with test secrets, a short provider timeout (lease and hold derive from it) and
 * generous sign-in limits, since every test signs in from 127.0.0.1 (the limit tests set their own).
 */
export function testConfig(options: { providerTimeoutMs?: number; dataEncryptionKey?: Buffer; settings?: Partial<Config> } = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_ENCRYPTION_KEY: (options.dataEncryptionKey ?? TEST_DATA_KEY).toString('base64'),
    PROVIDER_TIMEOUT_MS: String(options.providerTimeoutMs ?? 2_000),
    LOGIN_LIMIT_PER_EMAIL: '1000',
    LOGIN_LIMIT_PER_ADDRESS: '10000',
    // The simulator's public secret, as a gateway on this machine: the webhook tests sign with it.
    PAYMENT_GATEWAY_SECRET: DEV_GATEWAY_SECRET,
  });
  return { ...config, ...options.settings };
}

/** An app wired like the server's (wire()), on the given storage, with logs captured. */
export async function createHarness(backend: Backend, options: HarnessOptions = {}): Promise<Harness> {
  const database = options.database ?? (await backend.open());
  const providerTimeoutMs = options.providerTimeoutMs ?? 2_000;
  const logs = new LogCapture();
  const logger = createLogger('info', logs);
  const config = testConfig({ providerTimeoutMs, dataEncryptionKey: options.dataEncryptionKey, settings: options.settings });
  const clock = options.clock ?? systemClock;
  // Live keys reach a registry simulator of their own, over HTTP, as in development.
  const wiring = await wire(config, {
    logger,
    clock,
    database,
    redisClient: options.redis ?? null,
    redisKeyPrefix: options.redisKeyPrefix,
    defaultMetrics: false,
    sandboxSlowDelayMs: options.sandboxSlowDelayMs ?? 50,
    simulator: { hangMs: providerTimeoutMs + 1_000, latencyMs: options.simulatorLatencyMs ?? 0 },
    ...(options.breakerClock ? { breakerClock: options.breakerClock } : {}),
    ...(options.breaker ? { breaker: options.breaker } : {}),
    ...(options.consoleDir ? { consoleDir: options.consoleDir } : {}),
  });
  const { app, services, simulator } = wiring;
  if (!simulator) throw new Error('the test configuration sets no upstream URL: the simulator should have started');
  await app.ready();
  if (options.jobs) wiring.jobs.start();
  return {
    backend: backend.name,
    database,
    services,
    app,
    logs,
    cipher: createDataCipher(config.dataEncryptionKey),
    clock,
    simulatorUrl: simulator.url,
    simulator,
    providers: wiring.providers,
    gateway: wiring.gateway,
    jobs: wiring.jobs,
    config,
  };
}

/** describe() once per back-end, with a harness built before and closed after. */
export function describeEachBackend(title: string, body: (h: () => Harness, backend: Backend) => void, options: HarnessOptions = {}) {
  for (const backend of backends()) {
    describe(`${title} [${backend.name}]`, () => {
      let harness: Harness | undefined;
      beforeAll(async () => {
        harness = await createHarness(backend, options);
      });
      afterAll(async () => {
        if (!harness) return;
        await harness.app.close();
        await harness.database.close();
      });
      body(() => {
        if (!harness) throw new Error('harness not ready');
        return harness;
      }, backend);
    });
  }
}

export interface TestOrg {
  organisationId: string;
  ownerId: string;
  testKey: string;
  testKeyId: string;
  liveKey: string;
  liveKeyId: string;
}

/** Each test makes its own organisation, so suites never truncate and files run in parallel. */
export async function createOrg(
  services: Services,
  options: { accessLevel?: AccessLevel; services?: ServiceCode[] | 'all'; status?: 'ACTIVE' | 'SUSPENDED' } = {},
): Promise<TestOrg> {
  const tag = randomBytes(6).toString('hex');
  const { organisationId, userId } = await services.accounts.createOrganisation({
    name: `Test Org ${tag}`,
    ownerEmail: `owner-${tag}@example.com`,
    ownerPassword: 'correct horse battery staple',
    accessLevel: options.accessLevel ?? 'BASIC',
  });
  const codes = options.services === 'all' || options.services === undefined ? SERVICES.map((s) => s.code) : options.services;
  for (const code of codes) {
    await services.catalogue.provision({ organisationId, service: code, status: options.status ?? 'ACTIVE' });
  }
  const test = await services.apiKeys.create({ organisationId, type: 'test', name: 'test key' });
  const live = await services.apiKeys.create({ organisationId, type: 'live', name: 'live key' });
  return { organisationId, ownerId: userId, testKey: test.secret, testKeyId: test.key.id, liveKey: live.secret, liveKeyId: live.key.id };
}

/** Credits an organisation's wallet through the audited adjustment (by a platform admin made for it). */
export async function fund(services: Services, organisationId: string, naira: number): Promise<void> {
  const email = `funder-${randomBytes(5).toString('hex')}@example.com`;
  const { userId } = await services.accounts.createPlatformAdmin({ email, password: OWNER_PASSWORD });
  await services.adjustments.adjust({ organisationId, amountKobo: Math.round(naira * 100), reason: 'test funding', adminId: userId });
}

export const ninBody = (nin = '11111111111', requestReason = 'ACCOUNT_OPENING') => ({ nin, requestReason });

/** POST /v1/nin/raw/lookup through app.inject. */
export function lookup(app: App, key: string | null, body: unknown = ninBody(), headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/v1/nin/raw/lookup',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }), ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export { ManualClock };

/** The newest outbox message to an address, read the way a newcomer does: GET /v1/notifications/outbox. */
export async function latestOutbox(app: App, to: string, subject?: RegExp) {
  const res = await app.inject({ method: 'GET', url: `/v1/notifications/outbox?to=${encodeURIComponent(to)}&limit=100` });
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`);
  const items = res.json().data.items as Array<{ id: string; subject: string | null; body: string; to: string }>;
  const found = subject ? items.find((i) => subject.test(i.subject ?? '')) : items[0];
  if (!found) throw new Error(`no outbox message to ${to}`);
  return found;
}

export const otpFrom = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;

/** An account call through app.inject as a signed-in user (or anonymously, with null). */
export const send = (
  h: Harness,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: { headers: Record<string, string> } | null,
  payload?: unknown,
) => h.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  headers: { authorization: string };
}

/** Password, then the emailed code, over HTTP. */
export async function signIn(app: App, email: string, password: string, headers: Record<string, string> = {}): Promise<SignedIn> {
  const login = await app.inject({ method: 'POST', url: '/v1/auth/login', headers, payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const otp = otpFrom((await latestOutbox(app, email, /sign-in code/)).body);
  const confirm = await app.inject({ method: 'POST', url: '/v1/auth/confirm-login', headers, payload: { loginToken: login.json().data.loginToken, otp } });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  const data = confirm.json().data;
  return { accessToken: data.accessToken, refreshToken: data.refreshToken, sessionId: data.sessionId, headers: { authorization: `Bearer ${data.accessToken}` } };
}

export const OWNER_PASSWORD = 'correct horse battery staple';

/** A member of the organisation with the given role, invited and accepted through the services. */
export async function addMember(services: Services, org: TestOrg, role: 'OWNER' | 'ADMIN' | 'DEVELOPER' | 'VIEWER') {
  const email = `${role.toLowerCase()}-${randomBytes(5).toString('hex')}@example.com`;
  const owner = { id: org.ownerId, organisationId: org.organisationId, role: 'OWNER' as const };
  const member = await services.members.add(owner, { email, role });
  const row = await services.notifications.outbox({ to: email, limit: 1 });
  const token = decodeURIComponent(/token=([^\s]+)/.exec(row.items[0]!.body)![1]!);
  await services.members.acceptInvite({ token, password: OWNER_PASSWORD });
  return { id: member.id, email, password: OWNER_PASSWORD };
}

export async function ownerEmailOf(services: Services, org: TestOrg): Promise<string> {
  const members = await services.members.list(org.organisationId);
  return members.find((m) => m.id === org.ownerId)!.email;
}

/**
 * The next concurrency slot a verification takes is released only once `open()` is called, so the call
 * that took it stays in flight until then, however slow the machine: a test sends its second request
 * after `taken` instead of racing a sleep against the sandbox's delay. The limiter itself is the real one.
 * A verification takes its slot when it is admitted (src/verifications/verify.ts), before its
 * Idempotency-Key is claimed: `taken` says the call is admitted, not that its key is claimed yet.
 */
export function holdNextSlot(services: Services): { taken: Promise<void>; open: () => void } {
  const slots = services.guards.slots;
  const acquire = slots.acquire;
  let markTaken!: () => void;
  let open!: () => void;
  const taken = new Promise<void>((r) => (markTaken = r));
  const gate = new Promise<void>((r) => (open = r));
  slots.acquire = async (...args) => {
    slots.acquire = acquire;
    const release = await acquire.apply(slots, args);
    if (!release) return release;
    markTaken();
    return async () => {
      await gate;
      await release();
    };
  };
  return { taken, open };
}
