#!/usr/bin/env node
// `npm run bench`: every scenario against its own server in a child process, then ratios against the
// baseline measured in the same run (CONVENTIONS.md rule 12). A slow figure never fails the run; only a
// benchmark that could not run, or whose requests were not all 2xx (so it measured the wrong thing), does.
//
// Environment: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 64),
// BENCH_PIPELINING (default 1), BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL server to create a
// temporary database on; otherwise the embedded database), BENCH_SCENARIOS (comma-separated ids),
// BENCH_CPU_PROF=1 (--cpu-prof on the servers, summarised at the end), BENCH_VERBOSE=1 (server output),
// BENCH_RESULTS_DIR (where latest.json and the profiles go; default bench/results).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startIdv, startPeer, startSimulatorProcess } from './idv.js';
import {
  BenchError,
  envNumber,
  ensureDir,
  freePort,
  installSignalHandlers,
  interrupted,
  int,
  loadSettings,
  machineInfo,
  measureIdle,
  measureLoad,
  measureWake,
  ms,
  round,
  runCleanups,
  runPgbench,
  startNode,
  stopChild,
  tableWrites,
  redisUse,
  waitForHttp,
  waitForQuietMachine,
} from './lib.js';
import { formatSummary, summariseProfile } from './profile-summary.js';
import { describeSeed, seedAtScale } from './seed.js';

const NIN_LOOKUP_BODY = JSON.stringify({ nin: '11111111111', requestReason: 'ACCOUNT_OPENING' });
const CAC_ADVANCE_BODY = JSON.stringify({ rcNumber: '1234567', purpose: 'KYB_ONBOARDING' });
// A generated number the resolution provider cannot resolve and the register's phone lookup finds.
const PHONE_FALLBACK_BODY = JSON.stringify({ phoneNumber: '08031234561', requestReason: 'ACCOUNT_OPENING' });
/** Upstream latency and load of the registry-latency scenarios (issue 5): 50 ms, 500 connections. */
const UPSTREAM_LATENCY_MS = Number(process.env.BENCH_UPSTREAM_LATENCY_MS ?? 50);
const LATENCY_CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 500);
const JSON_HEADERS = { 'content-type': 'application/json' };
/**
 * The fixed-rate scenarios (issue 15): offered at this share of the live lookups' maximum measured in
 * this run (idv-nin-live), or at BENCH_RATE req/s when set.
 */
const RATE_SHARE = Number(process.env.BENCH_RATE_SHARE ?? 0.5);
const FIXED_RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : null;
/** The rate the fixed-rate scenarios offer, from what this run measured (or BENCH_RATE, or 200 req/s when the maximum was not measured). */
const offeredRate = (results) => FIXED_RATE ?? Math.max(10, Math.round((results['idv-nin-live']?.requestsPerSec ?? 400) * RATE_SHARE));
/** Enough connections that the fixed rate never waits for a free one (open loop): in flight ≈ rate × latency. */
const openConnections = (rate) => Math.min(1_000, Math.max(16, Math.ceil((rate * (UPSTREAM_LATENCY_MS + 50)) / 1000) * 2));

/** Servers several scenarios load (the idv server): started on first use, stopped at the end. */
const shared = new Map();
const use = (name, start) => {
  if (!shared.has(name)) shared.set(name, start());
  return shared.get(name);
};

/**
 * A scenario starts (or reuses) its server and returns:
 *   request  { url, method, headers, body } — what autocannon sends;
 *   check(status, json) — the sanity request before the load must pass it;
 *   pid, tail() — the server process (CPU use; output on failure);
 *   details — extra facts for the report; stop() — optional, for a server only this scenario uses.
 */
const scenarios = [
  {
    id: 'fastify-bare',
    label: 'bare Fastify',
    async start(ctx) {
      const port = await freePort();
      const child = startNode('baseline', 'bench/baseline-server.js', [], {
        env: { PORT: String(port), HOST: '127.0.0.1' },
        cpuProfDir: ctx.cpuProfDir,
      });
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/healthz`, child);
      return {
        request: { url: `${base}/v1/nin/raw/lookup`, method: 'POST', headers: JSON_HEADERS, body: NIN_LOOKUP_BODY },
        check: (status, json) => status === 200 && json?.success === true,
        pid: child.pid,
        tail: () => child.tail(),
        details: { server: 'Fastify 5, same body schema and Ajv options as src/app.ts, no logging, no hooks, no storage' },
        stop: () => stopChild(child),
      };
    },
  },
  {
    id: 'idv-idle',
    label: 'idle server (nothing sent)',
    // Measured, not loaded: what the background jobs cost (CPU per request below includes it).
    async measure(ctx, settings) {
      const idv = await use('idv', () => ctx.startIdv());
      return measureIdle({ serverPid: idv.child.pid, databaseUrl: idv.databaseUrl, seconds: settings.durationSec });
    },
  },
  {
    id: 'idv-nin-sandbox',
    label: 'sandbox NIN lookup',
    async start(ctx) {
      const idv = await use('idv', () => ctx.startIdv());
      return {
        request: {
          url: `${idv.base}/v1/nin/raw/lookup`,
          method: 'POST',
          headers: { ...JSON_HEADERS, 'x-api-key': idv.testKey },
          body: NIN_LOOKUP_BODY,
        },
        check: (status, json) => status === 200 && json?.success === true && json.data?.verificationStatus === 'VERIFIED',
        pid: idv.child.pid,
        tail: () => idv.child.tail(),
        // On PostgreSQL, what a sandbox lookup writes (its record and event, group-committed).
        around: tableWrites(idv.databaseUrl),
        details: { storage: idv.storage.kind, storageDescription: idv.storage.description },
      };
    },
  },
  {
    id: 'idv-nin-live',
    label: 'live NIN lookup',
    async start(ctx) {
      const idv = await use('idv', () => ctx.startIdv());
      const run = liveNinLookup(idv, 'live');
      return {
        ...run,
        // On PostgreSQL, the rows a live lookup writes, by table (issue 15: every row questioned).
        around: tableWrites(idv.databaseUrl),
        details: { storage: idv.storage.kind, storageDescription: idv.storage.description, simulator: 'in-process, zero latency' },
      };
    },
  },
  {
    id: 'idv-nin-live-redis',
    label: 'live NIN lookup, with Redis',
    // The same lookup on a server whose guards and revocation counter are shared through Redis
    // (REDIS_URL), as every server of a scaled-out deployment: what Redis costs one server, beside
    // what it costs Redis itself, without the second server of idv-nin-live-2proc on the same cores.
    async start(ctx) {
      if (!ctx.settings.databaseUrl || !ctx.settings.redisUrl) return { skipped: 'PostgreSQL and Redis only (BENCH_REDIS_URL or TEST_REDIS_URL)' };
      const idv = await use('idv-redis', () => ctx.startIdv({ name: 'idv-redis', extraEnv: { REDIS_URL: ctx.settings.redisUrl } }));
      return {
        ...liveNinLookup(idv, 'redis'),
        around: redisUse(ctx.settings.redisUrl),
        stop: () => stopChild(idv.child),
        details: { storage: idv.storage.kind, simulator: 'in-process, zero latency', redis: true },
      };
    },
  },
  {
    id: 'idv-nin-live-seeded',
    label: 'live NIN lookup, database at scale',
    // The same lookup on a database that holds what a service in production does (bench/seed.js): a
    // plan that reads a whole table, or an index that grows costly, shows here and not on a fresh one.
    async start(ctx) {
      if (!ctx.settings.databaseUrl) return { skipped: 'PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL)' };
      // About this many rows in each table the live path writes, over this many other organisations.
      const rows = envNumber('BENCH_SEED_ROWS', 1_000_000, 1_000, 100_000_000);
      const orgs = envNumber('BENCH_SEED_ORGS', 20_000, 1, 10_000_000);
      const idv = await use('idv-seeded', () => ctx.startIdv({ name: 'idv-seeded' }));
      const run = liveNinLookup(idv, 'seeded');
      const seeded = await seedAtScale(idv, run.request, { rows, orgs });
      console.log(describeSeed(seeded));
      return {
        ...run,
        around: tableWrites(idv.databaseUrl),
        quiet: true,
        // Its pollers would otherwise run beside every later scenario.
        stop: () => stopChild(idv.child),
        details: { storage: idv.storage.kind, simulator: 'in-process, zero latency', seeded },
      };
    },
  },
  {
    id: 'simulator-direct',
    label: `registry simulator alone (${UPSTREAM_LATENCY_MS} ms)`,
    async start(ctx) {
      const sim = await use('simulator-latency', () => startSimulatorProcess({ latencyMs: UPSTREAM_LATENCY_MS, cpuProfDir: ctx.cpuProfDir }));
      return {
        request: { url: `${sim.base}/cac/v1/companies/advance`, method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ rcNumber: '1234567', companyType: 'RC' }) },
        check: (status, json) => status === 200 && Array.isArray(json?.companies),
        connections: LATENCY_CONNECTIONS,
        pid: sim.child.pid,
        tail: () => sim.child.tail(),
        details: { upstreamCalls: 1, latencyMs: UPSTREAM_LATENCY_MS },
      };
    },
  },
  {
    id: 'idv-cac-advance',
    label: `live CAC Advance (registry ${UPSTREAM_LATENCY_MS} ms)`,
    async start(ctx) {
      const idv = await useLatencyIdv(ctx);
      let n = 0;
      const prefix = `bench-cac-${Date.now()}-`;
      return {
        request: {
          url: `${idv.base}/v1/cac/advance`,
          method: 'POST',
          headers: { ...JSON_HEADERS, 'x-api-key': idv.liveKey },
          body: CAC_ADVANCE_BODY,
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `${prefix}${++n}` } }),
        },
        check: (status, json) => status === 200 && json?.data?.charged === true && json.data.matchCount === 1,
        connections: LATENCY_CONNECTIONS,
        pid: idv.child.pid,
        tail: () => idv.child.tail(),
        details: { storage: idv.storage.kind, upstreamCalls: 1, latencyMs: UPSTREAM_LATENCY_MS },
      };
    },
  },
  {
    id: 'idv-phone-fallback',
    label: `live enhanced phone lookup, fallback path (registry ${UPSTREAM_LATENCY_MS} ms × 2 calls)`,
    async start(ctx) {
      const idv = await useLatencyIdv(ctx);
      return {
        request: { url: `${idv.base}/v1/phone/enhanced-lookup`, method: 'POST', headers: { ...JSON_HEADERS, 'x-api-key': idv.liveKey }, body: PHONE_FALLBACK_BODY },
        check: (status, json) => status === 200 && json?.data?.resolvedBy === 'REGISTER_PHONE_LOOKUP' && json.data.charged === true,
        connections: LATENCY_CONNECTIONS,
        pid: idv.child.pid,
        tail: () => idv.child.tail(),
        details: { storage: idv.storage.kind, upstreamCalls: 2, latencyMs: UPSTREAM_LATENCY_MS },
      };
    },
  },
  {
    id: 'simulator-nin-rate',
    label: `registry simulator alone, NIN lookup (${UPSTREAM_LATENCY_MS} ms), fixed rate`,
    async start(ctx) {
      const sim = await use('simulator-latency', () => startSimulatorProcess({ latencyMs: UPSTREAM_LATENCY_MS, cpuProfDir: ctx.cpuProfDir }));
      const rate = offeredRate(ctx.results);
      return {
        request: { url: `${sim.base}/identity/v1/nin/lookup`, method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ nin: '11111111111' }) },
        check: (status) => status === 200,
        overallRate: rate,
        connections: openConnections(rate),
        pid: sim.child.pid,
        tail: () => sim.child.tail(),
        details: { upstreamCalls: 1, latencyMs: UPSTREAM_LATENCY_MS },
      };
    },
  },
  {
    id: 'idv-nin-live-rate',
    label: `live NIN lookup (registry ${UPSTREAM_LATENCY_MS} ms), fixed rate`,
    async start(ctx) {
      const idv = await useLatencyIdv(ctx);
      const rate = offeredRate(ctx.results);
      // Its rows and commits per request: how many requests a batch carries when they come spread out.
      return { ...liveNinLookup(idv, 'rate'), overallRate: rate, connections: openConnections(rate), around: tableWrites(idv.databaseUrl) };
    },
  },
  {
    id: 'simulator-nin-1conn',
    label: `registry simulator alone, NIN lookup (${UPSTREAM_LATENCY_MS} ms), 1 connection`,
    async start(ctx) {
      const sim = await use('simulator-latency', () => startSimulatorProcess({ latencyMs: UPSTREAM_LATENCY_MS, cpuProfDir: ctx.cpuProfDir }));
      return {
        request: { url: `${sim.base}/identity/v1/nin/lookup`, method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ nin: '11111111111' }) },
        check: (status) => status === 200,
        connections: 1,
        durationSec: oneConnectionSec(ctx.settings),
        pid: sim.child.pid,
        tail: () => sim.child.tail(),
        details: { upstreamCalls: 1, latencyMs: UPSTREAM_LATENCY_MS },
      };
    },
  },
  {
    id: 'postgres-wake',
    label: `a lone PostgreSQL round trip, back to back and after ${UPSTREAM_LATENCY_MS} ms idle`,
    // What bounds the one-connection scenario: each of a live request's two database calls, and its HTTP
    // hops, wake a process (and maybe a CPU) that sat idle for the registry's wait.
    describe: describeWake,
    async measure(ctx, settings) {
      if (!settings.databaseUrl) return { skipped: 'needs PostgreSQL (BENCH_DATABASE_URL)' };
      return measureWake(settings.databaseUrl, { idleMs: UPSTREAM_LATENCY_MS });
    },
  },
  {
    id: 'idv-nin-live-1conn',
    label: `live NIN lookup (registry ${UPSTREAM_LATENCY_MS} ms), 1 connection`,
    async start(ctx) {
      const idv = await useLatencyIdv(ctx);
      return { ...liveNinLookup(idv, '1conn'), connections: 1, durationSec: oneConnectionSec(ctx.settings), around: tableWrites(idv.databaseUrl) };
    },
  },
];

/**
 * The one-connection pair measures three times as long as the rest: about 17 lookups a second against a
 * 50 ms registry, so a 10 s run's p99 was its second-slowest of 170 and moved by several milliseconds
 * from run to run; over 30 s it is about the fifth-slowest of 500.
 */
const oneConnectionSec = (settings) => settings.durationSec * 3;

/** A live NIN lookup with a fresh Idempotency-Key per request (the whole money path, claim to stored answer), against an idv server. */
function liveNinLookup(idv, tag) {
  let n = 0;
  const prefix = `bench-${tag}-${Date.now()}-`;
  return {
    request: {
      url: `${idv.base}/v1/nin/raw/lookup`,
      method: 'POST',
      headers: { ...JSON_HEADERS, 'x-api-key': idv.liveKey },
      body: NIN_LOOKUP_BODY,
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `${prefix}${++n}` } }),
    },
    check: (status, json) => status === 200 && json?.data?.charged === true,
    pid: idv.child.pid,
    tail: () => idv.child.tail(),
    details: { storage: idv.storage.kind, upstreamCalls: 1, latencyMs: UPSTREAM_LATENCY_MS },
  };
}

/** The idv server whose live providers are the simulator child with latency. */
const useLatencyIdv = (ctx) =>
  use('idv-latency', async () => {
    const sim = await use('simulator-latency', () => startSimulatorProcess({ latencyMs: UPSTREAM_LATENCY_MS, cpuProfDir: ctx.cpuProfDir }));
    return ctx.startIdv({ name: 'idv-latency', extraEnv: sim.providerEnv });
  });

/** Latency the service adds at p99 on top of the registry's own (the simulator alone, per upstream call). */
const addedLatency = [
  { subject: 'idv-cac-advance', baseline: 'simulator-direct', goalMs: 5 },
  { subject: 'idv-phone-fallback', baseline: 'simulator-direct', goalMs: 5 },
  { subject: 'idv-nin-live-rate', baseline: 'simulator-nin-rate', goalMs: 5 },
  { subject: 'idv-nin-live-1conn', baseline: 'simulator-nin-1conn', goalMs: 3 },
];

/** Ratios printed in the final block: subject req/s ÷ baseline req/s, measured in this run. */
const comparisons = [
  { subject: 'idv-nin-sandbox', baseline: 'fastify-bare', goal: 0.5 },
  { subject: 'idv-nin-live', baseline: 'pgbench', goal: 1.0 },
  { subject: 'idv-nin-live-2proc', baseline: 'idv-nin-live', goal: 1.0 },
  // What sharing the guards through Redis costs one server (no goal of its own: the two-server figure is the goal).
  { subject: 'idv-nin-live-redis', baseline: 'idv-nin-live', goal: null },
  // A lookup should cost what it costs on a fresh database, within this machine's noise.
  { subject: 'idv-nin-live-seeded', baseline: 'idv-nin-live', goal: 0.9 },
];

/** How long the server's threads and PostgreSQL waited for a CPU per request, as text ('' when unknown). */
function cpuWaits(r) {
  const waits = r.runQueueUsPerRequest ?? {};
  return [waits.server != null ? `server ${int(waits.server)} µs` : null, waits.postgres != null ? `PostgreSQL ${int(waits.postgres)} µs` : null]
    .filter(Boolean)
    .join(', ');
}

function describeScenario(label, r) {
  const cpu = [
    r.serverCpuPercent !== null ? `server CPU ${r.serverCpuPercent}% (${int(r.serverCpuUsPerRequest)} µs/request)` : null,
    r.postgresCpuUsPerRequest !== null ? `PostgreSQL ${int(r.postgresCpuUsPerRequest)} µs/request` : null,
    `load generator CPU ${r.loadGenCpuPercent}%`,
    r.machineCpuBusyPercent !== null ? `machine busy ${r.machineCpuBusyPercent}%` : null,
  ].filter(Boolean);
  const queued = cpuWaits(r);
  return (
    `  ${label}: ${int(r.requestsPerSec)} req/s${r.overallRate ? ` (offered ${int(r.overallRate)}/s on ${r.connections} connections)` : ''} (${int(r.requestsTotal)} requests in ${r.durationSec} s)` +
    `  p50 ${ms(r.latencyMs.p50)} ms  p90 ${ms(r.latencyMs.p90)} ms  p99 ${ms(r.latencyMs.p99)} ms  max ${ms(r.latencyMs.max)} ms\n` +
    `  non-2xx ${r.non2xx}  errors ${r.errors}  timeouts ${r.timeouts}  status codes ${JSON.stringify(r.statusCodes)}\n` +
    `  ${cpu.join(', ')}` +
    (queued ? `\n  waiting for a CPU per request (runnable, not running): ${queued}` : '')
  );
}

function describeIdle(r) {
  const part = (v, unit) => (v === null ? '?' : `${v} ${unit}`);
  return (
    `  over ${r.seconds} s: server ${part(r.serverCpuMsPerSec, 'ms')} of CPU a second, PostgreSQL ${part(r.postgresCpuMsPerSec, 'ms')}, ` +
    `${part(r.transactionsPerSec, 'transactions')} a second`
  );
}

function describeWake(r) {
  if (r.skipped) return `  skipped: ${r.skipped}`;
  return (
    `  SELECT 1, ${r.rounds * 2} back to back: p50 ${r.backToBack.p50} ms, p99 ${r.backToBack.p99} ms; ` +
    `${r.rounds} each after ${r.idleMs} ms idle: p50 ${r.afterIdle.p50} ms, p99 ${r.afterIdle.p99} ms`
  );
}

function loud(lines) {
  const bar = '!'.repeat(78);
  return `\n${bar}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${bar}\n`;
}

async function main() {
  installSignalHandlers();
  const settings = loadSettings();
  const startedAt = new Date();
  const runStamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const resultsDir = ensureDir(settings.resultsDir);
  const cpuProfDir = settings.cpuProf ? ensureDir(join(resultsDir, 'profiles', runStamp)) : null;
  const machine = machineInfo();

  const selected = settings.only ? scenarios.filter((s) => settings.only.includes(s.id)) : scenarios;
  if (selected.length === 0) throw new BenchError(`BENCH_SCENARIOS matches none of: ${scenarios.map((s) => s.id).join(', ')}`);

  console.log(
    `idv benchmark — ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average ${machine.loadAverage.join(' ')}\n` +
      `each scenario: ${settings.warmupSec} s warm-up, then ${settings.durationSec} s measured, ` +
      `${settings.connections} connections, pipelining ${settings.pipelining}` +
      (cpuProfDir ? `\nCPU profiling ON (figures are lower than usual): ${cpuProfDir}` : ''),
  );

  let storage = null;
  const results = {};
  const ctx = {
    cpuProfDir,
    settings,
    results,
    startIdv: async (options = {}) => {
      const idv = await startIdv(settings, { cpuProfDir, ...options });
      storage = idv.storage;
      console.log(`storage: ${idv.storage.description}`);
      return idv;
    },
  };

  const broken = [];
  for (const scenario of selected) {
    console.log(`\n▶ ${scenario.label} [${scenario.id}]`);
    if (scenario.measure) {
      const r = await scenario.measure(ctx, settings);
      results[scenario.id] = { label: scenario.label, ...r };
      console.log((scenario.describe ?? describeIdle)(r));
      continue;
    }
    const run = await scenario.start(ctx);
    if (run.skipped) {
      console.log(`  skipped: ${run.skipped}`);
      continue;
    }
    // The sanity request is the load's request, per-request hook applied (a fresh Idempotency-Key).
    const { url, method, headers, body } = run.request.setupRequest ? { ...run.request, ...run.request.setupRequest({ ...run.request }) } : run.request;
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* reported below */
    }
    if (!run.check(res.status, json)) {
      throw new BenchError(`${scenario.label}: the sanity request before the load failed: HTTP ${res.status} ${text.slice(0, 600)}`);
    }
    // The latency scenarios (a fixed rate, one connection) start on a quiet machine.
    if (run.overallRate || run.connections === 1 || run.quiet) {
      const q = await waitForQuietMachine();
      console.log(`  machine quiet after ${q.waitedSec} s (busy ${q.busy === null ? '?' : Math.round(q.busy * 100)} % over the last second)`);
    }
    const r = await measureLoad(run.request, {
      ...settings,
      ...(run.connections ? { connections: run.connections } : {}),
      ...(run.durationSec ? { durationSec: run.durationSec } : {}),
      ...(run.overallRate ? { overallRate: run.overallRate } : {}),
      // A probe read just before and after the measured run (the database's row writes, Redis's use).
      ...(run.around ? { around: run.around } : {}),
      serverPid: run.pid,
    });
    results[scenario.id] = { label: scenario.label, ...run.details, ...r };
    console.log(describeScenario(scenario.label, r));
    if (r.probed) console.log(run.around.describe(r.probed));
    if (r.non2xx > 0 || r.errors > 0) {
      broken.push(scenario.id);
      console.error(
        loud([
          `BENCHMARK BROKEN: ${scenario.label} had ${r.non2xx} non-2xx responses and ${r.errors} errors`,
          `(${r.timeouts} timeouts) out of ${r.requestsTotal}; status codes ${JSON.stringify(r.statusCodes)}.`,
          'Its figures do not measure a successful lookup. Last server output:',
          ...(run.tail() || '(none)').split('\n'),
        ]),
      );
    }
    if (run.stop) await run.stop();
  }

  // The database's own write rate, beside the live lookups: pgbench -N, 8 clients, same server.
  if (results['idv-nin-live'] && settings.databaseUrl) {
    console.log('\n▶ pgbench -N, 8 clients [pgbench]');
    const pgb = await runPgbench(settings.databaseUrl, settings.durationSec);
    results.pgbench = { label: 'pgbench -N (8 clients)', requestsPerSec: pgb.tps, latencyMs: { p99: null }, postgresCpuUsPerRequest: pgb.postgresCpuUsPerTransaction };
    console.log(`  pgbench -N: ${int(pgb.tps)} tps, PostgreSQL ${pgb.postgresCpuUsPerTransaction === null ? '?' : int(pgb.postgresCpuUsPerTransaction)} µs/transaction`);
  }

  // Scale-out: two idv processes on one PostgreSQL (and one Redis when given), the live lookup on both
  // at once, half the connections each; then the wallet must equal its journal, hold nothing, and have
  // exactly one debit per charged record.
  if (settings.databaseUrl && (!settings.only || settings.only.includes('idv-nin-live-2proc'))) {
    console.log(`\n▶ live NIN lookup on two servers, one database${settings.redisUrl ? ' and one Redis' : ''} [idv-nin-live-2proc]`);
    const a = await ctx.startIdv({ name: 'idv-scale-a', extraEnv: settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {} });
    const b = await startPeer(a, { cpuProfDir, name: 'idv-scale-b' });
    const half = Math.max(1, Math.floor(settings.connections / 2));
    const [ra, rb] = await Promise.all(
      [a, b].map((server, i) => measureLoad(liveNinLookup(server, `scale-${i}`).request, { ...settings, connections: half, serverPid: server.child.pid })),
    );
    const client = new pg.Client({ connectionString: a.databaseUrl });
    await client.connect();
    let money;
    try {
      const org = a.demo.organisationId;
      // The requests cut when the load stopped still settle on the servers: wait for their holds (at most 30 s).
      let wallet;
      for (const until = Date.now() + 30_000; ; ) {
        wallet = (await client.query('SELECT balance_kobo, held_kobo FROM wallets WHERE organisation_id = $1', [org])).rows[0];
        if (Number(wallet.held_kobo) === 0 || Date.now() > until) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const journal = (await client.query("SELECT coalesce(sum(amount_kobo), 0)::bigint AS total, count(*) FILTER (WHERE type = 'DEBIT')::int AS debits FROM ledger_entries WHERE organisation_id = $1", [org])).rows[0];
      const charged = (await client.query("SELECT count(*) FILTER (WHERE charged)::int AS n FROM verification_records WHERE organisation_id = $1 AND environment = 'live'", [org])).rows[0].n;
      money = { balanceKobo: Number(wallet.balance_kobo), journalKobo: Number(journal.total), heldKobo: Number(wallet.held_kobo), debits: journal.debits, charged };
      money.exact = money.balanceKobo === money.journalKobo && money.heldKobo === 0 && money.debits === money.charged;
    } finally {
      await client.end();
    }
    const total = ra.requestsTotal + rb.requestsTotal;
    const r = {
      label: 'live NIN lookup, 2 servers',
      // Each server's own CPU per request; PostgreSQL's is the machine's, over both servers' requests.
      serverCpuUsPerRequest: total > 0 ? round((ra.serverCpuUsPerRequest * ra.requestsTotal + rb.serverCpuUsPerRequest * rb.requestsTotal) / total, 0) : null,
      postgresCpuUsPerRequest: ra.postgresCpuUsPerRequest === null || total === 0 ? null : round((ra.postgresCpuUsPerRequest * ra.requestsTotal) / total, 0),
      requestsPerSec: ra.requestsPerSec + rb.requestsPerSec,
      latencyMs: { p99: Math.max(ra.latencyMs.p99, rb.latencyMs.p99) },
      non2xx: ra.non2xx + rb.non2xx,
      errors: ra.errors + rb.errors,
      perServer: [ra, rb],
      redis: Boolean(settings.redisUrl),
      money,
    };
    results['idv-nin-live-2proc'] = r;
    for (const [i, x] of [ra, rb].entries()) console.log(describeScenario(`server ${i === 0 ? 'a' : 'b'}`, x).replace(/, PostgreSQL [\d,]+ µs\/request/, ''));
    console.log(
      `  together: ${int(r.requestsPerSec)} req/s, server ${int(r.serverCpuUsPerRequest)} µs and PostgreSQL ${r.postgresCpuUsPerRequest === null ? '?' : int(r.postgresCpuUsPerRequest)} µs per request; wallet ${money.exact ? 'exact' : 'NOT EXACT'}: balance ${int(money.balanceKobo)} kobo = journal ${int(money.journalKobo)}, ` +
        `held ${money.heldKobo}, ${int(money.debits)} debits for ${int(money.charged)} charged records`,
    );
    if (r.non2xx > 0 || r.errors > 0 || !money.exact) broken.push('idv-nin-live-2proc');
  }

  // Stop every server (writing CPU profiles) and drop the temporary database before the report.
  await runCleanups();

  const ratios = [];
  for (const c of comparisons) {
    const s = results[c.subject];
    const b = results[c.baseline];
    if (!s || !b) continue;
    const ratio = s.requestsPerSec / b.requestsPerSec;
    ratios.push({
      subject: c.subject,
      baseline: c.baseline,
      ratio: round(ratio, 3),
      goal: c.goal,
      meetsGoal: c.goal === null ? null : ratio >= c.goal,
      line:
        `${s.label}: ${int(s.requestsPerSec)} req/s p99 ${ms(s.latencyMs.p99)} ms | ` +
        `${b.label}: ${int(b.requestsPerSec)} ${b.latencyMs.p99 === null ? 'tps' : `req/s p99 ${ms(b.latencyMs.p99)} ms`} | ` +
        `ratio ${ratio.toFixed(2)}` + (c.goal === null ? '' : ` (goal ≥ ${c.goal})${ratio >= c.goal ? '' : ' — BELOW GOAL'}`),
    });
  }

  const added = [];
  for (const c of addedLatency) {
    const s = results[c.subject];
    const b = results[c.baseline];
    if (!s || !b) continue;
    const own = b.latencyMs.p99 * s.upstreamCalls;
    const addedMs = s.latencyMs.p99 - own;
    added.push({
      subject: c.subject,
      addedP99Ms: round(addedMs, 1),
      goalMs: c.goalMs,
      meetsGoal: addedMs <= c.goalMs,
      line:
        `${s.label}: ${int(s.requestsPerSec)} req/s p99 ${ms(s.latencyMs.p99)} ms, ${s.connections} connections | registry's own p99 ` +
        `${ms(b.latencyMs.p99)} ms × ${s.upstreamCalls} | added at p99 ${ms(addedMs)} ms (goal ≤ ${c.goalMs} ms)${addedMs <= c.goalMs ? '' : ' — ABOVE GOAL'}` +
        (cpuWaits(s) ? ` | waiting for a CPU per request: ${cpuWaits(s)}` : ''),
    });
  }

  /** CPU per request of the server process and of PostgreSQL (µs), for the scenarios of issue 15. */
  const cpuLines = [];
  for (const id of ['fastify-bare', 'idv-nin-sandbox', 'idv-nin-live', 'idv-nin-live-redis', 'idv-nin-live-seeded', 'idv-nin-live-2proc', 'pgbench']) {
    const r = results[id];
    if (!r) continue;
    const parts = [];
    if (r.serverCpuUsPerRequest != null) parts.push(`server ${int(r.serverCpuUsPerRequest)} µs`);
    if (r.postgresCpuUsPerRequest != null) parts.push(`PostgreSQL ${int(r.postgresCpuUsPerRequest)} µs`);
    if (r.probed?.redisCpuUsPerRequest != null) parts.push(`Redis ${int(r.probed.redisCpuUsPerRequest)} µs`);
    if (parts.length > 0) cpuLines.push(`CPU per ${id === 'pgbench' ? 'transaction' : 'request'}, ${r.label}: ${parts.join(', ')}`);
  }
  const idle = results['idv-idle'];
  if (idle) cpuLines.push(`idle server, nothing sent: ${describeIdle(idle).trim()}`);
  const wake = results['postgres-wake'];
  if (wake && !wake.skipped) cpuLines.push(`${wake.label}: ${describeWake(wake).trim()}`);
  const live = results['idv-nin-live']?.probed;
  if (live) cpuLines.push(`rows written per request, live NIN lookup: ${live.rowWrites} (commits per request ${live.commitsPerRequest}); pgbench -N writes 2 per transaction`);

  const profiles = [];
  if (cpuProfDir) {
    for (const file of readdirSync(cpuProfDir).filter((f) => f.endsWith('.cpuprofile'))) {
      const path = join(cpuProfDir, file);
      const summary = summariseProfile(JSON.parse(readFileSync(path, 'utf8')), 15);
      profiles.push({ file: path, summary });
      console.log(`\n${formatSummary(file, summary)}`);
    }
  }

  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine,
    settings: {
      durationSec: settings.durationSec,
      warmupSec: settings.warmupSec,
      connections: settings.connections,
      pipelining: settings.pipelining,
      cpuProfile: settings.cpuProf,
    },
    storage,
    valid: broken.length === 0,
    broken,
    scenarios: results,
    ratios: ratios.map(({ line, ...r }) => r),
    addedLatency: added.map(({ line, ...r }) => r),
    profiles: profiles.map((p) => ({ file: p.file, top: p.summary.self.slice(0, 15), areas: p.summary.areas })),
  };
  const out = join(resultsDir, 'latest.json');
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');

  console.log('\n══════════════════════════════════ result ══════════════════════════════════');
  if (storage) console.log(`storage: ${storage.description}`);
  for (const r of ratios) console.log(r.line);
  for (const a of added) console.log(a.line);
  for (const l of cpuLines) console.log(l);
  if (ratios.length === 0 && added.length === 0) console.log('(no ratio: a subject or its baseline was not run)');
  if (broken.length > 0) console.log(`INVALID: ${broken.join(', ')} had non-2xx responses or errors (see above)`);
  console.log(`results: ${out}`);
  return broken.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    if (interrupted()) return; // the signal handler cleans up and exits
    console.error(`\nbench: ${err instanceof BenchError ? err.message : (err?.stack ?? err)}`);
    await runCleanups();
    process.exit(2);
  },
);
