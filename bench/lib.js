// Shared machinery for benchmarks: child processes, readiness, temporary databases, load runs.
// Plain ESM JavaScript so `node bench/run.js` needs no build of its own (CONVENTIONS.md rule 12).
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openLoopOnce } from './open-loop.js';

/** The repository root: children run from here so relative paths (dist/…, bench/…) resolve. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

// ───────────────────────────── configuration ─────────────────────────────

export function envNumber(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new BenchError(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  return n;
}

/** The knobs every scenario shares, from the environment. */
export function loadSettings() {
  return {
    durationSec: envNumber('BENCH_DURATION', 10, 1, 600),
    warmupSec: envNumber('BENCH_WARMUP', 3, 0, 120),
    connections: envNumber('BENCH_CONNECTIONS', 64, 1, 10_000),
    pipelining: envNumber('BENCH_PIPELINING', 1, 1, 100),
    databaseUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null,
    // The scale-out scenario's shared Redis (guards and the revocation counter); without it each process keeps its own.
    redisUrl: process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || null,
    cpuProf: process.env.BENCH_CPU_PROF === '1' || process.env.BENCH_CPU_PROF === 'true',
    only: process.env.BENCH_SCENARIOS ? process.env.BENCH_SCENARIOS.split(',').map((s) => s.trim()).filter(Boolean) : null,
    verbose: process.env.BENCH_VERBOSE === '1',
    resultsDir: process.env.BENCH_RESULTS_DIR || join(ROOT, 'bench/results'),
    // On the embedded database: a DATA_DIR holding a migrated database whose pgdata each temporary one
    // starts as a copy of (the test suite's template), instead of loading the build's seed.
    dataDirTemplate: dataDirTemplate(process.env.BENCH_DATA_DIR_TEMPLATE),
  };
}

/** BENCH_DATA_DIR_TEMPLATE, checked: a directory with the embedded database's pgdata in it, or null when unset. */
function dataDirTemplate(dir) {
  if (!dir) return null;
  if (!existsSync(join(dir, 'pgdata'))) throw new BenchError(`BENCH_DATA_DIR_TEMPLATE must be a DATA_DIR holding an embedded database (no pgdata in ${dir})`);
  return dir;
}

/** The benchmark itself could not run (as opposed to a slow result, which is never an error). */
export class BenchError extends Error {}

// ───────────────────────────── cleanup ─────────────────────────────

const cleanups = [];
let cleaning = null;
let currentLoad = null;
let interruptedBy = null;

/** The signal that interrupted the run, or null; work in progress then stops without reporting. */
export const interrupted = () => interruptedBy;

/** Registers an undo step; steps run last-registered first, on success, failure and signals alike. */
export function onCleanup(label, fn) {
  const entry = { label, fn };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i !== -1) cleanups.splice(i, 1);
  };
}

/** Runs every registered cleanup once; safe to call from several places. */
export function runCleanups() {
  cleaning ??= (async () => {
    currentLoad?.stop();
    while (cleanups.length > 0) {
      const { label, fn } = cleanups.pop();
      try {
        await fn();
      } catch (err) {
        console.error(`bench: cleanup "${label}" failed: ${err?.message ?? err}`);
      }
    }
  })();
  return cleaning;
}

/** Ctrl-C and friends: stop the load, kill the children, drop the database, exit 130. */
export function installSignalHandlers() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      interruptedBy = signal;
      console.error(`\nbench: ${signal} received, cleaning up…`);
      runCleanups().finally(() => process.exit(130));
    });
  }
}

// ───────────────────────────── child processes ─────────────────────────────

/** Variables the idv server reads; stripped from what children inherit so the bench decides them. */
const IDV_ENV = [
  'NODE_ENV', 'HOST', 'PORT', 'DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'JWT_SECRET', 'DATA_ENCRYPTION_KEY',
  'LOG_LEVEL', 'TRUST_PROXY', 'PROVIDER_TIMEOUT_MS', 'NODE_OPTIONS',
];

function childEnv(extra) {
  const env = { ...process.env };
  for (const k of IDV_ENV) delete env[k];
  return { ...env, ...extra };
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const TAIL_LINES = 200;

/**
 * Starts `node <script> …args` as a child with its own event loop. Output is kept (last lines) for
 * error messages; `child.output()` returns everything seen on stdout so far.
 */
export function startNode(name, script, args, { env = {}, cpuProfDir = null, nodeArgs: flags = [] } = {}) {
  const nodeArgs = [...flags, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, `--cpu-prof-name=${name}.cpuprofile`] : [])];
  // Extra V8 and Node flags for every child (BENCH_NODE_ARGS, space-separated: --trace-gc, say).
  if (process.env.BENCH_NODE_ARGS) nodeArgs.push(...process.env.BENCH_NODE_ARGS.split(/\s+/).filter(Boolean));
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  const tail = [];
  const keep = (stream, chunk) => {
    const text = chunk.toString('utf8');
    if (stream === 'stdout' && stdout.length < 1_000_000) stdout += text;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      tail.push(`[${name} ${stream}] ${line}`);
      if (tail.length > TAIL_LINES) tail.shift();
      if (process.env.BENCH_VERBOSE === '1') console.error(`[${name}] ${line}`);
    }
  };
  child.stdout.on('data', (c) => keep('stdout', c));
  child.stderr.on('data', (c) => keep('stderr', c));
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (err) => resolve({ code: null, signal: null, error: err }));
  });
  child.benchName = name;
  child.output = () => stdout;
  child.tail = (n = 40) => tail.slice(-n).join('\n');
  const forget = onCleanup(`stop ${name}`, () => stopChild(child));
  child.exited.then(forget);
  return child;
}

/** SIGTERM (the server finishes in-flight requests and writes its CPU profile), SIGKILL after a grace. */
export async function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`bench: ${child.benchName} did not stop within ${graceMs} ms; killing it`);
    child.kill('SIGKILL');
  }, graceMs);
  const result = await child.exited;
  clearTimeout(timer);
  return result;
}

function childDied(child, what) {
  return new BenchError(`${child.benchName} exited before ${what}. Last output:\n${child.tail()}`);
}

/** Polls `url` until it answers 200; fails at once if the child exits, or after the timeout. */
export async function waitForHttp(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw childDied(child, `answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err?.cause?.code ?? err?.message ?? String(err);
    }
    await sleep(100);
  }
  throw new BenchError(`${child.benchName} did not answer ${url} within ${timeoutMs} ms (last: ${last}). Last output:\n${child.tail()}`);
}

/** Waits until the child's stdout matches `re`; returns the match. */
export async function waitForOutput(child, re, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const m = re.exec(child.output());
    if (m) return m;
    if (child.exitCode !== null || child.signalCode !== null) throw childDied(child, `printing ${re}`);
    await sleep(50);
  }
  throw new BenchError(`${child.benchName} did not print ${re} within ${timeoutMs} ms. Last output:\n${child.tail()}`);
}

/** Runs `node <script> …args` to completion and parses the one JSON document it prints (idv CLI contract). */
export function runNodeJson(script, args, env, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, ...args], { cwd: ROOT, env: childEnv(env), timeout: timeoutMs, maxBuffer: 10 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        reject(new BenchError(`node ${script} ${args.join(' ')} failed (${err.code ?? err.signal ?? err.message}):\n${stderr || stdout}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new BenchError(`node ${script} ${args.join(' ')} did not print JSON:\n${stdout}\n${stderr}`));
      }
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ───────────────────────────── storage ─────────────────────────────

/** Secrets given to idv children so nothing is generated into ./data. */
export function devSecrets() {
  return {
    JWT_SECRET: randomBytes(36).toString('base64url'), // 48 characters
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
}

function stamp() {
  return new Date().toISOString().replace(/[-:TZ.]/g, '').slice(0, 14);
}

/**
 * A fresh PostgreSQL database on the server of `adminUrl`, dropped (WITH (FORCE)) at cleanup.
 * Returns `{ url, name, serverVersion, host }`.
 */
export async function tempPostgresDatabase(adminUrl) {
  const name = `idv_bench_${stamp()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  let serverVersion;
  try {
    await admin.connect();
    serverVersion = (await admin.query('SHOW server_version')).rows[0].server_version;
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (err) {
    throw new BenchError(`could not create the benchmark database on ${redactUrl(adminUrl)}: ${err.message}`);
  } finally {
    await admin.end().catch(() => {});
  }
  onCleanup(`drop database ${name}`, async () => {
    const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await c.end().catch(() => {});
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, serverVersion, host: `${url.hostname}:${url.port || 5432}` };
}

/** A fresh temporary directory, removed at cleanup. */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(os.tmpdir(), prefix));
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparsable url>';
  }
}

export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

// ───────────────────────────── load ─────────────────────────────

/** CPU seconds a process has used (Linux /proc), or null where unavailable. */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

/**
 * Seconds the threads of each of these processes spent runnable but waiting for a CPU (Linux schedstat,
 * second field, summed over /proc/<pid>/task/*), by pid: on a machine whose cores the server, PostgreSQL
 * and the load generator share, what a request waits for between its steps even when no process is
 * saturated. A process that cannot be read (it exited) is left out.
 */
export function runQueueSeconds(pids) {
  const out = new Map();
  for (const pid of pids) {
    let tasks;
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    let ns = 0;
    for (const t of tasks) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        /* exited meanwhile */
      }
    }
    out.set(String(pid), ns / 1e9);
  }
  return out;
}

/** What the processes read at both ends waited in between (a backend that exited meanwhile counts for nothing), or null. */
function runQueueDelta(before, after) {
  let sum = 0;
  let found = false;
  for (const [pid, s] of after) {
    const b = before.get(pid);
    if (b === undefined) continue;
    sum += s - b;
    found = true;
  }
  return found ? sum : null;
}

/** This machine's PostgreSQL processes (Linux /proc): each one's pid and the fields of its stat after the name. */
function postgresProcesses() {
  const out = [];
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm === 'postgres' || comm.startsWith('postgres:')) out.push({ pid, fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') });
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

/** The pids of this machine's PostgreSQL processes. */
export const postgresPids = () => postgresProcesses().map((p) => p.pid);

/**
 * CPU seconds of every PostgreSQL process on this machine (Linux /proc), the exited backends included:
 * a backend's time moves to the postmaster's children's time (cutime + cstime) when it is reaped, so
 * utime + stime + cutime + cstime summed over the processes named `postgres` never goes backwards.
 * Null when there is none (the embedded database runs in the server's own process).
 */
export function postgresCpuSeconds() {
  // One reading is a pass over /proc, the postmaster first: a backend reaped during the pass (its time
  // moved to the postmaster's children's time after that was read, its own entry gone before it was)
  // is in neither. Read straight after pgbench's eight backends exited, that lost all their time (10 µs
  // a transaction printed). So a reading counts only when the pass after it saw the same processes
  // with the same children's time.
  const pass = () => {
    const processes = postgresProcesses();
    let ticks = 0;
    let children = 0;
    for (const { fields: f } of processes) {
      ticks += Number(f[11]) + Number(f[12]);
      children += Number(f[13]) + Number(f[14]);
    }
    return { pids: processes.map((p) => p.pid).join(','), ticks: ticks + children, children };
  };
  let last = pass();
  if (last.pids === '') return null;
  for (let i = 0; i < 50; i++) {
    const next = pass();
    if (next.pids === last.pids && next.children === last.children) return next.ticks / 100;
    last = next;
  }
  return last.ticks / 100;
}

/**
 * What a server costs with nothing sent (its background jobs: polls of the webhook, notification and
 * job queues, the revocation counter, the rollups): CPU milliseconds a second of the server process and
 * of PostgreSQL, and PostgreSQL's transactions a second on the database (pg_stat_database, which every
 * backend reports within a second or so of its transactions). A baseline to read every other CPU figure
 * against, and what a fleet of idle servers asks of one database.
 */
export async function measureIdle({ serverPid, databaseUrl, seconds }) {
  const pgClient = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  const transactions = async () => {
    if (!pgClient) return null;
    const { rows } = await pgClient.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0].n);
  };
  try {
    await pgClient?.connect();
    // The start-up's own work (migrations, the demo) settles, and its statistics are reported.
    await sleep(2_000);
    const before = { server: processCpuSeconds(serverPid), pg: databaseUrl ? postgresCpuSeconds() : null, tx: await transactions(), at: performance.now() };
    await sleep(seconds * 1000);
    const elapsed = (performance.now() - before.at) / 1000;
    const after = { server: processCpuSeconds(serverPid), pg: databaseUrl ? postgresCpuSeconds() : null };
    // A moment more, so the backends report the transactions of the last second.
    await sleep(1_500);
    const tx = await transactions();
    const perSecond = (a, b, scale) => (a === null || b === null ? null : round(((a - b) * scale) / elapsed, 1));
    return {
      seconds: round(elapsed, 1),
      serverCpuMsPerSec: perSecond(after.server, before.server, 1000),
      postgresCpuMsPerSec: perSecond(after.pg, before.pg, 1000),
      // This client's own queries are in the count too: two, next to hundreds.
      transactionsPerSec: perSecond(tx, before.tx, 1),
    };
  } finally {
    await pgClient?.end().catch(() => undefined);
  }
}

/** Machine-wide busy and total CPU ticks (Linux /proc/stat), or null. */
function machineTicks() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * A lone PostgreSQL round trip (`SELECT 1` on one connection), timed back to back and after the
 * connection sat idle for `idleMs` each time: what one database call of a request costs when the
 * processes on both sides, and their CPUs, were asleep (the one-connection scenario's requests wait
 * for a registry between their two calls). Milliseconds, p50 and p99 of `rounds` calls each.
 */
export async function measureWake(databaseUrl, { idleMs, rounds = 100 }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pct = (xs, p) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))], 3);
  };
  const time = async () => {
    const t0 = performance.now();
    await client.query('SELECT 1');
    return performance.now() - t0;
  };
  try {
    for (let i = 0; i < 20; i++) await time();
    const hot = [];
    for (let i = 0; i < rounds * 2; i++) hot.push(await time());
    const cold = [];
    for (let i = 0; i < rounds; i++) {
      await sleep(idleMs);
      cold.push(await time());
    }
    return { idleMs, rounds, backToBack: { p50: pct(hot, 0.5), p99: pct(hot, 0.99) }, afterIdle: { p50: pct(cold, 0.5), p99: pct(cold, 0.99) } };
  } finally {
    await client.end();
  }
}

/**
 * Waits (at most `maxSec`) until the machine has been less than `busyBelow` busy over a whole second:
 * what an earlier scenario left running (PostgreSQL writing out the pages and vacuuming the rows a
 * saturated run made, servers' jobs catching up) would otherwise land in the latency a quiet scenario
 * reports. Returns the seconds waited and the last second's busy share.
 */
export async function waitForQuietMachine({ maxSec = 30, busyBelow = 0.15 } = {}) {
  const started = performance.now();
  let busy = null;
  for (;;) {
    const a = machineTicks();
    await sleep(1_000);
    const b = machineTicks();
    if (!a || !b) return { waitedSec: 0, busy: null };
    busy = (b.busy - a.busy) / Math.max(1, b.total - a.total);
    const waitedSec = (performance.now() - started) / 1000;
    if (busy < busyBelow || waitedSec >= maxSec) return { waitedSec: round(waitedSec, 1), busy: round(busy, 2) };
  }
}

function autocannonOnce(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => {
      currentLoad = null;
      if (interruptedBy) return; // the signal handler cleans up and exits; report nothing partial
      if (err) reject(err);
      else resolve(result);
    });
    currentLoad = instance;
  });
}

/**
 * One load test: an optional warm-up, then the measured run. `target` is
 * `{ url, method, headers, body }`; `serverPid` lets the summary show how busy the server was.
 */
export async function measureLoad(target, { durationSec, warmupSec, connections, pipelining, serverPid = null, overallRate = null, around = null }) {
  // A fixed offered rate: sent on a schedule by bench/open-loop.js (open loop, latencies from each
  // request's due time), on enough connections that none waits for a free one. Otherwise autocannon's
  // closed loop: every connection sends its next request when the last is answered.
  const loadOnce = overallRate ? (o) => openLoopOnce({ target, rate: overallRate, durationSec: o.duration, connections, timeoutSec: o.timeout }) : autocannonOnce;
  const base = {
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    body: target.body,
    connections,
    pipelining,
    timeout: 10,
    // A per-request hook (e.g. a fresh Idempotency-Key on every request).
    ...(target.setupRequest ? { requests: [{ setupRequest: target.setupRequest }] } : {}),
  };
  if (warmupSec > 0) await loadOnce({ ...base, duration: warmupSec });
  // Optional probes read just before and after the measured run (the database's row writes).
  const probe = around ? await around.before() : null;

  const cpu0 = serverPid ? processCpuSeconds(serverPid) : null;
  const pg0 = postgresCpuSeconds();
  const pgPids = postgresPids();
  const wait0 = { server: runQueueSeconds(serverPid ? [serverPid] : []), postgres: runQueueSeconds(pgPids) };
  const self0 = process.cpuUsage();
  const m0 = machineTicks();
  const r = await loadOnce({ ...base, duration: durationSec });
  const cpu1 = serverPid ? processCpuSeconds(serverPid) : null;
  const pg1 = postgresCpuSeconds();
  const wait1 = { server: runQueueSeconds(serverPid ? [serverPid] : []), postgres: runQueueSeconds(pgPids) };
  const waited = { server: runQueueDelta(wait0.server, wait1.server), postgres: runQueueDelta(wait0.postgres, wait1.postgres) };
  const self1 = process.cpuUsage(self0);
  const m1 = machineTicks();
  const seconds = r.duration; // the load's measured wall time, in seconds
  const probed = around ? await around.after(probe, r.requests.total) : undefined;

  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    requestsPerSec: r.requests.average,
    requestsTotal: r.requests.total,
    latencyMs: {
      avg: r.latency.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    throughputBytesPerSec: r.throughput.average,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    durationSec: seconds,
    connections,
    pipelining,
    overallRate,
    serverCpuPercent: cpu0 !== null && cpu1 !== null ? round((100 * (cpu1 - cpu0)) / seconds, 0) : null,
    // CPU per request, in µs: the server process's own, and every PostgreSQL process's (null: embedded or unreadable).
    serverCpuUsPerRequest: cpu0 !== null && cpu1 !== null && r.requests.total > 0 ? round((1e6 * (cpu1 - cpu0)) / r.requests.total, 0) : null,
    postgresCpuUsPerRequest: pg0 !== null && pg1 !== null && r.requests.total > 0 ? round((1e6 * (pg1 - pg0)) / r.requests.total, 0) : null,
    loadGenCpuPercent: round((100 * (self1.user + self1.system)) / 1e6 / seconds, 0),
    machineCpuBusyPercent: m0 && m1 ? round((100 * (m1.busy - m0.busy)) / (m1.total - m0.total), 0) : null,
    // Time runnable but waiting for a CPU, per request in µs: the server's threads, PostgreSQL's processes.
    runQueueUsPerRequest: {
      server: waited.server !== null && r.requests.total > 0 ? round((1e6 * waited.server) / r.requests.total, 0) : null,
      postgres: waited.postgres !== null && r.requests.total > 0 ? round((1e6 * waited.postgres) / r.requests.total, 0) : null,
    },
    ...(probed === undefined ? {} : { probed }),
  };
}

/**
 * What a run writes to a PostgreSQL database, per request: rows inserted, updated (and of those, HOT:
 * no index touched) and deleted by table, commits, and the WAL written (bytes, records, whole-page images:
 * the server's, so every database's), from the cumulative statistics views. Backends
 * report their counts at most once a second, so each side waits a little longer than that first; the
 * requests cut at the end of the run still settle in that wait, so the figures are a little high.
 * Null (no probe) without a PostgreSQL URL.
 */
export function tableWrites(databaseUrl) {
  // The embedded database lives inside the server's process: nothing to read from here.
  if (!databaseUrl) return null;
  const read = async () => {
    await sleep(1_500);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const tables = await client.query('SELECT relname, n_tup_ins::float8 AS ins, n_tup_upd::float8 AS upd, n_tup_hot_upd::float8 AS hot, n_tup_del::float8 AS del FROM pg_stat_user_tables');
      const db = await client.query('SELECT xact_commit::float8 AS commits FROM pg_stat_database WHERE datname = current_database()');
      // The server's WAL (PostgreSQL 14 and later): every database's, so meant for a run that is alone on it.
      const wal = await client.query('SELECT wal_records::float8 AS records, wal_fpi::float8 AS fpi, wal_bytes::float8 AS bytes FROM pg_stat_wal').catch(() => ({ rows: [null] }));
      return { tables: Object.fromEntries(tables.rows.map((t) => [t.relname, t])), commits: db.rows[0].commits, wal: wal.rows[0] };
    } finally {
      await client.end();
    }
  };
  return {
    before: read,
    async after(before, requests) {
      const now = await read();
      const per = (n) => (requests > 0 ? round(n / requests, 2) : null);
      const tables = {};
      for (const [name, t] of Object.entries(now.tables)) {
        const b = before.tables[name] ?? { ins: 0, upd: 0, hot: 0, del: 0 };
        const row = { inserted: per(t.ins - b.ins), updated: per(t.upd - b.upd), hotUpdated: per(t.hot - b.hot), deleted: per(t.del - b.del) };
        if (row.inserted + row.updated + row.deleted >= 0.01) tables[name] = row;
      }
      const rowWrites = round(Object.values(tables).reduce((sum, t) => sum + t.inserted + t.updated + t.deleted, 0), 2);
      const wal = now.wal && before.wal ? { records: per(now.wal.records - before.wal.records), fullPages: per(now.wal.fpi - before.wal.fpi), bytes: round(per(now.wal.bytes - before.wal.bytes), 0) } : null;
      return { tables, rowWrites, commitsPerRequest: per(now.commits - before.commits), wal };
    },
    describe: describeWrites,
  };
}

/**
 * What a run costs Redis, per request: its server's CPU (INFO cpu: user and system, its own threads)
 * and the commands it ran (INFO stats: a script's own calls count too, so this is not round trips).
 * Everything on that Redis counts, as PostgreSQL's figure counts every backend.
 */
export function redisUse(redisUrl) {
  const read = async () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    try {
      await redis.connect();
      const cpu = await redis.info('cpu');
      const stats = await redis.info('stats');
      const field = (text, name) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(text)?.[1] ?? NaN);
      return { cpuSeconds: field(cpu, 'used_cpu_sys') + field(cpu, 'used_cpu_user'), commands: field(stats, 'total_commands_processed') };
    } finally {
      redis.disconnect();
    }
  };
  return {
    before: read,
    async after(before, requests) {
      const now = await read();
      const per = (n) => (requests > 0 && Number.isFinite(n) ? n / requests : null);
      return { redisCpuUsPerRequest: round(per((now.cpuSeconds - before.cpuSeconds) * 1e6), 0), redisCommandsPerRequest: round(per(now.commands - before.commands), 2) };
    },
    describe: describeRedisUse,
  };
}

/** redisUse's figures as a report line. */
function describeRedisUse(u) {
  return `  Redis: ${u.redisCpuUsPerRequest === null ? '?' : int(u.redisCpuUsPerRequest)} µs of CPU and ${u.redisCommandsPerRequest ?? '?'} commands per request (a script's own calls included)`;
}

/** The row writes of tableWrites as report lines. */
function describeWrites(w) {
  const rows = Object.entries(w.tables)
    .sort(([, x], [, y]) => y.inserted + y.updated + y.deleted - (x.inserted + x.updated + x.deleted))
    .map(([name, t]) => {
      const parts = [t.inserted && `${t.inserted} inserted`, t.updated && `${t.updated} updated${t.hotUpdated ? ` (${t.hotUpdated} HOT)` : ''}`, t.deleted && `${t.deleted} deleted`].filter(Boolean);
      return `    ${name.padEnd(30)} ${parts.join(', ')}`;
    });
  const wal = w.wal ? [`  WAL per request: ${int(w.wal.bytes)} bytes in ${w.wal.records} records, ${w.wal.fullPages} of them whole pages (a page's first change after a checkpoint)`] : [];
  return [`  rows written per request: ${w.rowWrites}, commits per request ${w.commitsPerRequest} (background jobs included)`, ...rows, ...wal].join('\n');
}

// ───────────────────────────── formatting ─────────────────────────────

export const round = (n, digits = 2) => (n === null || n === undefined ? n : Number(n.toFixed(digits)));
export const int = (n) => Math.round(n).toLocaleString('en-US');
export const ms = (n) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));

export function machineInfo() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    loadAverage: os.loadavg().map((l) => round(l, 2)),
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
  };
}

/**
 * pgbench -N (no updates of the hot branch rows) with 8 clients on a temporary database of the same
 * PostgreSQL server: the database's own write throughput, measured in the same run as the service.
 */
export async function runPgbench(adminUrl, durationSec) {
  const db = await tempPostgresDatabase(adminUrl);
  const url = new URL(db.url);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'), db.name];
  const run = (extra) =>
    new Promise((resolve, reject) => {
      execFile('pgbench', [...extra, ...args], { timeout: (durationSec + 120) * 1000, maxBuffer: 10 * 1024 * 1024 }, (err, stdout, stderr) => {
        if (err) reject(new BenchError(`pgbench failed: ${err.message}\n${stderr}`));
        else resolve(`${stdout}\n${stderr}`);
      });
    });
  await run(['-i', '-q', '-s', '1']);
  const pg0 = postgresCpuSeconds();
  const out = await run(['-N', '-n', '-c', '8', '-j', '2', '-T', String(durationSec)]);
  const pg1 = postgresCpuSeconds();
  const m = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(out);
  if (!m) throw new BenchError(`could not read pgbench's tps from:\n${out}`);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? NaN);
  const postgresCpuUsPerTransaction = pg0 !== null && pg1 !== null && transactions > 0 ? round((1e6 * (pg1 - pg0)) / transactions, 0) : null;
  return { tps: Number(m[1]), transactions, postgresCpuUsPerTransaction, database: db.name };
}

/** The demo owner's access token: password, the emailed code from the outbox, then the code. */
export async function signIn(base, email, password) {
  const post = async (path, body) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new BenchError(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  const { loginToken } = await post('/v1/auth/login', { email, password });
  const outbox = await (await fetch(`${base}/v1/notifications/outbox?to=${encodeURIComponent(email)}&limit=1`)).json();
  const otp = /\b(\d{6})\b/.exec(outbox.data?.items?.[0]?.body ?? '')?.[1];
  if (!otp) throw new BenchError(`no sign-in code in the outbox for ${email}`);
  return (await post('/v1/auth/confirm-login', { loginToken, otp })).accessToken;
}
