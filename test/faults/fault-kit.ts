import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { PROVIDER_URL_SETTINGS } from '../../src/config.js';
import type { DB } from '../../src/platform/schema.js';
import { simulatorUrls } from '../../src/providers/http/providers.http.js';
import { UPSTREAMS } from '../../src/providers/ports.js';
import { startSimulator } from '../../src/simulator/simulator.js';
import { TEST_DATA_KEY, TEST_JWT_SECRET, createOrg, fund, type Harness, type TestOrg } from '../helpers/harness.js';
import { IDV_CLI, ROOT } from '../helpers/idv-process.js';

/**
 * The shared pieces of the fault suite (test/faults): real `idv serve` processes on PostgreSQL (and,
 * for one scenario, a private Redis), a client that keeps every answer it was given, and the money
 * invariants checked against the database after each fault.
 */

export const PROVIDER_TIMEOUT_MS = 1_000;
/** At least 3 × the provider timeout + 1 s (config.ts validates it). */
export const LEASE_MS = 4_000;
export const HOLD_EXPIRY_MS = LEASE_MS + 2_000;
/** The hold sweeper's period (src/app.ts): an orphan hold is released by expiry + this. */
export const HOLD_SWEEP_MS = 5_000;
/** A BASIC NIN lookup (the default price list): ₦100. */
export const PRICE_KOBO = 10_000;
/** The registry's VERIFIED fixture: every live lookup of it is billable. */
export const NIN = '11111111111';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until fn returns something other than undefined/false, for at most timeoutMs. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 20_000, intervalMs = 50): Promise<T> {
  const start = Date.now();
  for (let i = 0; Date.now() - start < timeoutMs && i < 100_000; i++) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export const tag = () => randomBytes(3).toString('hex');

// ---------------------------------------------------------------------------------------------
// Processes: every child the suite starts is registered here and only these are ever signalled.

const children = new Set<ChildProcessWithoutNullStreams>();

function track(child: ChildProcessWithoutNullStreams) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

async function exited(child: ChildProcessWithoutNullStreams, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await Promise.race([new Promise((r) => child.once('exit', r)), sleep(timeoutMs)]);
}

/** Kills (SIGCONT, then SIGKILL) every process the suite started that still runs: afterAll. */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...children].map(async (c) => {
      c.kill('SIGCONT');
      c.kill('SIGKILL');
      await exited(c);
    }),
  );
}

/** The registry simulator the servers' live keys reach; its latency can be changed while it runs. */
export async function startRegistry(latencyMs: number) {
  const gatewaySecret = `sk_test_faults_${randomBytes(12).toString('hex')}`;
  const simulator = await startSimulator({ latencyMs, gatewaySecret, hangMs: PROVIDER_TIMEOUT_MS + 1_000 });
  return { ...simulator, gatewaySecret };
}
export type Registry = Awaited<ReturnType<typeof startRegistry>>;

export interface ServerProcess {
  readonly name: string;
  /** The application_name of its PostgreSQL connections: how pg_stat_activity tells them apart. */
  readonly appName: string;
  readonly base: string;
  readonly child: ChildProcessWithoutNullStreams;
  output(): string;
  pause(): void;
  resume(): void;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
}

/** `idv serve` as a real process on PostgreSQL, with the suite's short timings; resolves once it listens. */
export async function startServer(options: {
  name: string;
  databaseUrl: string;
  registry: Registry;
  redisUrl?: string | null;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const appName = `idv-fault-${options.name}-${tag()}`;
  const dbUrl = new URL(options.databaseUrl);
  dbUrl.searchParams.set('application_name', appName);
  const upstreams = simulatorUrls(options.registry.url);
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    METRICS_PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: options.redisUrl ?? '',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY.toString('base64'),
    PAYMENT_GATEWAY_URL: `${options.registry.url}/gateway`,
    PAYMENT_GATEWAY_SECRET: options.registry.gatewaySecret,
    PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
    HOLD_EXPIRY_MS: String(HOLD_EXPIRY_MS),
    // The guards are not under test here; the wallet is.
    CONCURRENCY_LIMIT: '10000',
    VELOCITY_LIMIT: '1000000',
    ...options.env,
  };
  for (const u of UPSTREAMS) env[PROVIDER_URL_SETTINGS[u]] = upstreams[u];
  const child = spawn(process.execPath, [IDV_CLI, 'serve'], { cwd: ROOT, env });
  track(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  let base: string;
  try {
    base = await until(
      `server ${options.name} to listen`,
      async () => {
        if (child.exitCode !== null) throw new Error(`server ${options.name} exited with ${child.exitCode}:\n${out}`);
        return /idv listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      },
      30_000,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${out}`);
  }
  return {
    name: options.name,
    appName,
    base,
    child,
    output: () => out,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    kill: async () => {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A private Redis (never the machine's shared one): started on a free port, killed and restarted.

export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** SIGKILL: its data (none is saved) is gone. */
  kill(): Promise<void>;
  /** A new, empty redis-server on the same port. */
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcessWithoutNullStreams | null = null;
  const start = async () => {
    const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    track(c);
    child = c;
    let out = '';
    c.stdout.on('data', (b: Buffer) => (out += b.toString()));
    c.stderr.on('data', (b: Buffer) => (out += b.toString()));
    await until(
      `redis-server on port ${port}`,
      async () => {
        if (c.exitCode !== null) throw new Error(`redis-server exited with ${c.exitCode}:\n${out}`);
        return /Ready to accept connections/.test(out);
      },
      10_000,
    );
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    kill: async () => {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
      child = null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The client: live NIN lookups, each with an Idempotency-Key and an X-Request-Id `<key>.<attempt>`,
// so every verification record can be traced back to the key and the attempt that made it.

export interface Envelope {
  success: boolean;
  statusCode: number;
  message: string;
  code?: string;
  data?: { verificationId?: string; charged?: boolean; chargeAmount?: number; [k: string]: unknown };
  timestamp: string;
  path: string;
}

export interface Answer {
  key: string;
  attempt: number;
  server: string;
  /** null: no HTTP answer (refused, reset, timed out). */
  status: number | null;
  error?: string;
  body?: Envelope;
  /** Idempotent-Replayed: true, and X-Verification-Id (the replay's own record). */
  replayed: boolean;
  replayId: string | null;
  sentAt: number;
  at: number;
}

/** A final answer: the retry rules of SPEC.md §5 say not to repeat it (5xx, 202, 429 and no answer are retried). */
export const isDefinitive = (a: Answer) => a.status !== null && a.status !== 202 && a.status !== 429 && a.status < 500;

/** What the client was told it paid for: an original charged answer, or a billed replay. */
export const chargedOriginalId = (a: Answer) =>
  (a.status === 200 || a.status === 404) && a.body?.data?.charged === true ? (a.body.data.verificationId ?? null) : null;

export class Client {
  readonly answers: Answer[] = [];
  private readonly attempts = new Map<string, number>();
  constructor(
    readonly apiKey: string,
    readonly timeoutMs = 30_000,
  ) {}

  async send(server: Pick<ServerProcess, 'base' | 'name'>, key: string, apiKey = this.apiKey): Promise<Answer> {
    const attempt = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, attempt);
    const sentAt = Date.now();
    const answer: Answer = { key, attempt, server: server.name, status: null, replayed: false, replayId: null, sentAt, at: sentAt };
    try {
      const res = await fetch(`${server.base}/v1/nin/raw/lookup`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'idempotency-key': key, 'x-request-id': `${key}.${attempt}` },
        body: JSON.stringify({ nin: NIN, requestReason: 'ACCOUNT_OPENING' }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      answer.status = res.status;
      answer.replayed = res.headers.get('idempotent-replayed') === 'true';
      answer.replayId = answer.replayed ? res.headers.get('x-verification-id') : null;
      try {
        answer.body = JSON.parse(text) as Envelope;
      } catch {
        answer.error = `not JSON: ${text.slice(0, 200)}`;
      }
    } catch (err) {
      answer.error = String((err as Error).cause ?? (err as Error).message);
    }
    answer.at = Date.now();
    this.answers.push(answer);
    return answer;
  }

  /** One key until it has a definitive answer (bounded): a registry timeout on a busy machine is retried. */
  async sendUntilDefinitive(server: Pick<ServerProcess, 'base' | 'name'>, key: string, apiKey = this.apiKey, maxAttempts = 10): Promise<Answer> {
    let a = await this.send(server, key, apiKey);
    for (let i = 1; i < maxAttempts && !isDefinitive(a); i++) {
      await sleep(250);
      a = await this.send(server, key, apiKey);
    }
    return a;
  }

  of(key: string): Answer[] {
    return this.answers.filter((a) => a.key === key);
  }

  resolved(key: string): boolean {
    return this.of(key).some(isDefinitive);
  }

  /**
   * Retries every given key that has no definitive answer yet, as SPEC.md §5 tells clients to (same
   * key, a pause, 202 and 5xx repeated), until each has one; bounded in attempts and time. Returns how
   * many keys needed a retry.
   */
  async retry(keys: string[], server: (key: string) => Pick<ServerProcess, 'base' | 'name'>, opts: { deadlineMs?: number; maxAttempts?: number; pauseMs?: number } = {}) {
    const deadline = Date.now() + (opts.deadlineMs ?? 25_000);
    const todo = keys.filter((k) => !this.resolved(k));
    await Promise.all(
      todo.map(async (key) => {
        for (let i = 0; i < (opts.maxAttempts ?? 60) && Date.now() < deadline; i++) {
          const a = await this.send(server(key), key);
          if (isDefinitive(a)) return;
          await sleep(opts.pauseMs ?? 250);
        }
      }),
    );
    return todo.length;
  }

  /** Counts of answers by status (or by error for no answer), for the figures and the messages. */
  tally(filter: (a: Answer) => boolean = () => true): Record<string, number> {
    const out: Record<string, number> = {};
    for (const a of this.answers.filter(filter)) {
      const k = a.status === null ? 'no answer' : `${a.status}${a.body?.code ? ` ${a.body.code}` : ''}`;
      out[k] = (out[k] ?? 0) + 1;
    }
    return out;
  }
}

/** Every HTTP answer is the envelope of DESIGN.md §3; none is a 500 unless the scenario allows it. */
export function expectEnvelopes(clients: Client[], options: { allow500?: boolean } = {}) {
  for (const a of clients.flatMap((c) => c.answers)) {
    if (a.status === null) continue;
    const b = a.body;
    const where = `${a.key} attempt ${a.attempt} on ${a.server} (${a.status})`;
    expect(b, `${where}: ${a.error ?? ''}`).toBeDefined();
    expect({ where, statusCode: b!.statusCode, success: b!.success, message: typeof b!.message, timestamp: typeof b!.timestamp, path: b!.path }).toEqual({
      where,
      statusCode: a.status,
      success: a.status < 300 && a.status !== 202,
      message: 'string',
      timestamp: 'string',
      path: '/v1/nin/raw/lookup',
    });
    if (a.status >= 400 || a.status === 202) expect(typeof b!.code, where).toBe('string');
    if (!options.allow500) expect({ where, status: a.status }).not.toEqual({ where, status: 500 });
  }
}

/** The process is still running (a fault in a dependency must not take it down). */
export function expectAlive(server: ServerProcess) {
  const crashed = server.child.exitCode !== null || server.child.signalCode !== null;
  expect(crashed, `${server.name} exited (${server.child.exitCode ?? server.child.signalCode}); its last output:\n${server.output().slice(-4_000)}`).toBe(false);
}

/** Personal identifiers and secrets never reach a log line, faults or not. */
export function expectNoSecretsInLogs(servers: ServerProcess[], secrets: string[]) {
  for (const s of servers) for (const secret of secrets) expect(s.output().includes(secret), `${secret.slice(0, 12)}… in ${s.name}'s logs`).toBe(false);
}

// ---------------------------------------------------------------------------------------------
// The money invariants, read from PostgreSQL.

export interface MoneyFigures {
  balanceKobo: number;
  journalKobo: number;
  /** Keys charged for exactly one execution. */
  chargedOnce: number;
  /** Keys charged for more than one execution (must be 0). */
  doubleCharges: number;
  /** Stored answers delivered again and billed again (SPEC.md §5: a lost answer's retry). */
  replaysBilled: number;
  holdsLeft: number;
}

/** Waits (bounded) for the sweeper to release orphan holds, then counts what is still held. */
export async function holdsLeft(db: Kysely<DB>, organisationId: string, timeoutMs = HOLD_EXPIRY_MS + HOLD_SWEEP_MS + 5_000): Promise<number> {
  const count = async () => {
    const w = await db.selectFrom('wallets').select('held_kobo').where('organisation_id', '=', organisationId).executeTakeFirstOrThrow();
    const h = await db.selectFrom('holds').select((eb) => eb.fn.countAll<string>().as('n')).where('organisation_id', '=', organisationId).where('status', '=', 'HELD').executeTakeFirstOrThrow();
    return { heldKobo: w.held_kobo, holds: Number(h.n) };
  };
  try {
    await until('holds to be released', async () => {
      const c = await count();
      return c.heldKobo === 0 && c.holds === 0;
    }, timeoutMs, 200);
  } catch {
    // Reported (and failed) by the caller.
  }
  return (await count()).holds;
}

/**
 * After a fault: the balance equals the sum of the journal, holds equal their wallet's held amount
 * (and none is left once the sweeper had its time), every debit is one charged record and every
 * charged record one debit, each Idempotency-Key was charged for one execution at most, and what
 * the clients were told they paid for is exactly what was charged.
 */
export async function expectMoneyInvariants(
  db: Kysely<DB>,
  organisationId: string,
  clients: Client[],
  options: { fundedKobo: number; keys: string[] },
): Promise<MoneyFigures> {
  const left = await holdsLeft(db, organisationId);
  const wallet = await db.selectFrom('wallets').select(['balance_kobo', 'held_kobo']).where('organisation_id', '=', organisationId).executeTakeFirstOrThrow();
  const journal = await db.selectFrom('ledger_entries').select(['type', 'amount_kobo', 'reference']).where('organisation_id', '=', organisationId).execute();
  const held = await db.selectFrom('holds').select('amount_kobo').where('organisation_id', '=', organisationId).where('status', '=', 'HELD').execute();
  const records = await db
    .selectFrom('verification_records')
    .select(['id', 'request_id', 'replay_of', 'charged', 'charge_amount_kobo'])
    .where('organisation_id', '=', organisationId)
    .where('environment', '=', 'live')
    .execute();

  const journalKobo = journal.reduce((s, e) => s + e.amount_kobo, 0);
  expect({ balance: wallet.balance_kobo, held: wallet.held_kobo }).toEqual({ balance: journalKobo, held: held.reduce((s, h) => s + h.amount_kobo, 0) });
  expect(left, 'holds left after the sweeper had its time').toBe(0);
  expect(wallet.held_kobo).toBe(0);

  // Debits ↔ charged records, one to one.
  const debits = journal.filter((e) => e.type === 'DEBIT');
  const charged = records.filter((r) => r.charged);
  expect(debits.map((d) => d.reference).sort()).toEqual(charged.map((r) => r.id).sort());
  const byId = new Map(records.map((r) => [r.id, r]));
  for (const d of debits) expect(-d.amount_kobo).toBe(byId.get(d.reference)!.charge_amount_kobo);
  expect(wallet.balance_kobo).toBe(options.fundedKobo - charged.reduce((s, r) => s + r.charge_amount_kobo, 0));

  // Every record belongs to a key of this run (its X-Request-Id); at most one charged execution per key.
  const keyOf = (requestId: string) => requestId.slice(0, requestId.lastIndexOf('.'));
  const keys = new Set(options.keys);
  for (const r of records) expect(keys.has(keyOf(r.request_id)), `record ${r.id} of request ${r.request_id}`).toBe(true);
  const originals = new Map<string, string[]>();
  for (const r of charged.filter((x) => x.replay_of === null)) originals.set(keyOf(r.request_id), [...(originals.get(keyOf(r.request_id)) ?? []), r.id]);
  const doubleCharges = [...originals.values()].filter((ids) => ids.length > 1).length;
  expect([...originals.entries()].filter(([, ids]) => ids.length > 1)).toEqual([]);
  const replays = charged.filter((x) => x.replay_of !== null);
  for (const r of replays) expect(originals.get(keyOf(r.request_id)), `replay ${r.id}`).toEqual([r.replay_of]);

  // What the clients were told they paid for is what was charged, no more, no less.
  const answers = clients.flatMap((c) => c.answers);
  const toldOriginals = new Set(answers.map(chargedOriginalId).filter((x): x is string => x !== null));
  const toldReplays = new Set(answers.filter((a) => a.replayed && (a.status === 200 || a.status === 404)).map((a) => a.replayId!));
  expect([...toldOriginals].sort()).toEqual([...originals.values()].flat().sort());
  expect([...toldReplays].sort()).toEqual(replays.map((r) => r.id).sort());

  // Every key ended with a definitive answer, and a key answered as charged was charged once.
  const unresolved = options.keys.filter((k) => !clients.some((c) => c.resolved(k)));
  expect(unresolved, 'keys left without a definitive answer').toEqual([]);
  for (const key of options.keys) {
    const told = answers.filter((a) => a.key === key).map(chargedOriginalId).filter((x): x is string => x !== null);
    expect(new Set(told).size, `${key}: answers naming different charged executions`).toBeLessThanOrEqual(1);
    expect(originals.get(key)?.length ?? 0, key).toBe(told.length > 0 ? 1 : 0);
  }

  return {
    balanceKobo: wallet.balance_kobo,
    journalKobo,
    chargedOnce: [...originals.values()].filter((ids) => ids.length === 1).length,
    doubleCharges,
    replaysBilled: replays.length,
    holdsLeft: left,
  };
}

/** The scenario's one line of figures. */
export function figures(scenario: string, startedAt: number, parts: Array<string | false>) {
  console.log(`faults: ${scenario}: ${parts.filter(Boolean).join(', ')}, ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

/** Live keys of the servers' PostgreSQL connections, as pg_stat_activity shows them. */
export async function backendsOf(db: Kysely<DB>, appName: string) {
  const res = await sql<{ pid: number; state: string | null; query: string; wait_event_type: string | null }>`
    SELECT pid, state, query, wait_event_type FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ${appName} AND backend_type = 'client backend'`.execute(db);
  return res.rows;
}

/** A funded organisation and a live key whose rate limit never gets in a fault scenario's way. */
export async function fundedLiveOrg(h: Harness, naira: number): Promise<{ org: TestOrg; apiKey: string }> {
  const org = await createOrg(h.services);
  await fund(h.services, org.organisationId, naira);
  const apiKey = (await h.services.apiKeys.create({ organisationId: org.organisationId, type: 'live', name: 'faults', rateLimit: 1_000_000 })).secret;
  return { org, apiKey };
}

/** What a scenario leaves behind: its server processes, the registry, the harness and its database. */
export async function closeRig(h: Harness | undefined, registry: Registry | undefined): Promise<void> {
  await killAll();
  await registry?.app.close();
  await h?.app.close();
  await h?.database.close();
}
