#!/usr/bin/env node
// `npm run bench:webhooks`: webhook delivery (issue 13, DESIGN.md §11.2–§11.4), on PostgreSQL. One idv
// server (`node dist/cli/main.js serve`, ALLOW_PRIVATE_WEBHOOK_URLS=true) delivers to a receiver in a
// child process of its own (bench/webhook-receiver.js: /ok/<n> answers 200 at once, /hang/<n> never
// answers). Events are written by SQL into `events` exactly as the service writes them (the compact
// JSON body every delivery sends, `fanned_out` false), so only the fan-out and the delivery worker are
// measured. In one run:
//   1. throughput: 3,000 live events in one INSERT, 10 endpoints → 30,000 deliveries: deliveries/s
//      from the INSERT's commit until every one is SUCCEEDED;
//   2. latency at 1,000 deliveries/s: 100 events/s (10 INSERTs every 100 ms, each committed on its
//      own) to the same 10 endpoints for BENCH_DURATION s; the receiver's p50/p99 of arrival − createdAt;
//   3. 100 endpoints, 10 of them hanging: 10 events/s for BENCH_DURATION s; the healthy endpoints'
//      p99 against figure 2's;
//   4. sandbox NIN lookups (autocannon) without, with 1,000 deliveries/s in the background, and
//      without again: req/s ratio, against the mean of the two runs without.
// Goals (issue 13) are printed beside each figure. A slow figure never fails the run. Exit 1: a
// figure did not deliver (deliveries not all SUCCEEDED in time, the receiver missing requests) or
// lookups had non-2xx answers, so it did not measure what it says (reported loudly); exit 2: the
// benchmark could not run.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (without one it says so and skips),
// BENCH_DURATION (s of each paced window and each lookup run, default 10), BENCH_CONNECTIONS
// (lookups, default 64), BENCH_VERBOSE=1 (children's output on stderr).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startIdv } from './idv.js';
import {
  BenchError,
  ensureDir,
  freePort,
  installSignalHandlers,
  interrupted,
  int,
  loadSettings,
  machineInfo,
  measureLoad,
  ms,
  onCleanup,
  round,
  runCleanups,
  sleep,
  startNode,
  waitForHttp,
  signIn,
} from './lib.js';

const THROUGHPUT_EVENTS = 3_000;
const ENDPOINTS = 10;
const WIDE_HEALTHY = 90;
const WIDE_HANGING = 10;
/** The API's limit per organisation (MAX_ENDPOINTS_PER_ORG): figure 3's endpoints beyond it are written by SQL. */
const API_ENDPOINT_LIMIT = 20;
const TICK_MS = 100;
/** How long the deliveries of a figure may take to be all SUCCEEDED before the figure counts as broken. */
const THROUGHPUT_TIMEOUT_MS = 150_000;
const DRAIN_TIMEOUT_MS = 60_000;
/** …or sooner, when no delivery of it has succeeded for this long. */
const STALL_MS = 20_000;
const NIN_LOOKUP_BODY = JSON.stringify({ nin: '11111111111', requestReason: 'ACCOUNT_OPENING' });

// ───────────────────────────── events by SQL ─────────────────────────────

/** createdAt as the service writes it (Date#toISOString: UTC, milliseconds, Z), from the statement's now(). */
const ISO_NOW = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The body of a verification.completed event, as events.service.ts eventBody writes it (compact JSON,
 * keys in its order, data the record view of a live NIN lookup), as a format() template: %1$s is the
 * 26-character id suffix (ids of the service's length: evt_, ver_, req_ + 26), %2$s the createdAt.
 */
function bodyTemplate(apiKeyId) {
  const event = {
    id: 'evt_@S',
    type: 'verification.completed',
    createdAt: '@T',
    environment: 'live',
    data: {
      id: 'ver_@S',
      type: 'NIN_LOOKUP',
      endpoint: '/v1/nin/raw/lookup',
      environment: 'live',
      verificationStatus: 'VERIFIED',
      errorCode: null,
      httpStatus: 200,
      charged: true,
      chargeAmount: 150,
      referenceId: 'ref-@S',
      identifierType: 'NIN',
      identifier: '*******1111',
      purpose: null,
      requestReason: 'ACCOUNT_OPENING',
      apiKeyId,
      requestId: 'req_@S',
      durationMs: 42,
      replayOf: null,
      createdAt: '@T',
    },
  };
  return JSON.stringify(event).replaceAll('%', '%%').replaceAll('@S', '%1$s').replaceAll('@T', '%2$s');
}

/** Live verification.completed events seq lo..hi of a phase (2 characters), one statement: created_at now(). */
const INSERT_EVENTS = `
  INSERT INTO events (id, organisation_id, type, environment, body, created_at, fanned_out)
  SELECT 'evt_' || g.s, $1, 'verification.completed', 'live', format($2, g.s, ${ISO_NOW}), now(), false
    FROM (SELECT 'bench' || $3::text || lpad(i::text, 19, '0') AS s FROM generate_series($4::bigint, $5::bigint) AS i) AS g`;

function eventWriter(pool, organisationId, template) {
  const next = new Map();
  return {
    /** Inserts `count` events of `phase` in one statement (committed on its own); returns their count. */
    async insert(phase, count) {
      const lo = next.get(phase) ?? 1;
      next.set(phase, lo + count);
      const res = await pool.query(INSERT_EVENTS, [organisationId, template, phase, lo, lo + count - 1]);
      return res.rowCount;
    },
    written: (phase) => (next.get(phase) ?? 1) - 1,
  };
}

/**
 * Inserts `perTick` events every TICK_MS, each its own INSERT committed on its own, on an absolute
 * schedule (a late tick is caught up, not skipped), until `stop()` or `durationMs`. Returns
 * `{ stop(): Promise<result> , done: Promise<result> }`; result `{ events, seconds, eventsPerSec, maxLagMs }`.
 */
function pacedEvents(events, phase, { perTick, durationMs = Infinity }) {
  let stopping = false;
  let firstError = null;
  const inflight = new Set();
  const done = (async () => {
    const t0 = Date.now();
    let maxLagMs = 0;
    let inserted = 0;
    for (let k = 0; ; k++) {
      const due = t0 + k * TICK_MS;
      if (stopping || firstError || interrupted() || due >= t0 + durationMs) break;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      else maxLagMs = Math.max(maxLagMs, -wait);
      for (let i = 0; i < perTick; i++) {
        const p = events.insert(phase, 1).then(
          (n) => {
            inserted += n;
          },
          (err) => {
            firstError ??= err;
          },
        );
        inflight.add(p);
        p.finally(() => inflight.delete(p));
      }
    }
    await Promise.all(inflight);
    if (firstError) throw new BenchError(`inserting events failed: ${firstError.message}`);
    const seconds = (Date.now() - t0) / 1000;
    return { events: inserted, seconds: round(seconds), eventsPerSec: round(inserted / seconds, 1), maxLagMs, startedAt: t0 };
  })();
  return {
    done,
    stop() {
      stopping = true;
      return done;
    },
  };
}

// ───────────────────────────── the receiver ─────────────────────────────

async function startReceiver() {
  const port = await freePort();
  const child = startNode('receiver', 'bench/webhook-receiver.js', [], { env: { HOST: '127.0.0.1', PORT: String(port) } });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/stats?since=0`, child, 30_000);
  return {
    base,
    child,
    /** Counts and latency of the requests that arrived in [since, until) under `prefix`. */
    async stats({ since, until, prefix = '/ok', idPrefix }) {
      const q = new URLSearchParams({ since: String(since), prefix });
      if (until !== undefined) q.set('until', String(until));
      if (idPrefix) q.set('idPrefix', idPrefix);
      const res = await fetch(`${base}/stats?${q}`);
      if (res.status !== 200) throw new BenchError(`the receiver's /stats answered ${res.status}`);
      return res.json();
    },
    async reset() {
      const res = await fetch(`${base}/reset`, { method: 'POST' });
      await res.arrayBuffer();
      if (res.status !== 204) throw new BenchError(`the receiver's /reset answered ${res.status}`);
    },
  };
}

// ───────────────────────────── the API ─────────────────────────────


function apiClient(base, token) {
  return async (method, path, body, expected) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expected) throw new BenchError(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text).data;
  };
}

/**
 * Replaces every webhook endpoint of the organisation (DELETE: their deliveries go with them, so no
 * backlog of one figure reaches the next) with live endpoints subscribed to every type: `ok` on
 * /ok/0… and `hang` on /hang/0…, over HTTP up to the API's 20 per organisation; beyond that, copies of
 * the first /ok endpoint written by SQL (same organisation, secret and subscriptions), since the
 * worker does not care how an endpoint row came to be.
 */
async function useEndpoints({ api, pool, receiver, organisationId }, { ok, hang = 0 }) {
  for (const e of await api('GET', '/v1/webhooks/endpoints', undefined, 200)) {
    // A delete can meet the recording of an attempt's outcome (a hanging endpoint's timeout) and lose
    // a deadlock to it (a 500): try again, and say so.
    for (let attempt = 1; ; attempt++) {
      try {
        await api('DELETE', `/v1/webhooks/endpoints/${e.id}`, undefined, 200);
        break;
      } catch (err) {
        if (attempt >= 3 || !/answered 5\d\d/.test(err.message)) throw err;
        console.log(`  note: deleting endpoint ${e.id} failed (${err.message.slice(0, 160)}); retrying`);
        await sleep(200);
      }
    }
  }
  await pool.query(`DELETE FROM webhook_endpoints WHERE organisation_id = $1`, [organisationId]); // none left; a guard
  const viaApi = Math.min(ok, API_ENDPOINT_LIMIT - hang);
  const create = (url) => api('POST', '/v1/webhooks/endpoints', { url, eventTypes: ['*'], environment: 'live', description: 'bench' }, 201);
  const created = [];
  for (let n = 0; n < hang; n++) created.push(await create(`${receiver.base}/hang/${n}`));
  for (let n = 0; n < viaApi; n++) created.push(await create(`${receiver.base}/ok/${n}`));
  const bySql = ok - viaApi;
  if (bySql > 0) {
    const template = created.find((e) => e.url.includes('/ok/'));
    const res = await pool.query(
      `INSERT INTO webhook_endpoints
         (id, organisation_id, url, description, event_types, environment, status, disabled_reason, failing_since,
          last_success_at, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at, created_at, updated_at)
       SELECT 'whk_bench' || lpad(i::text, 21, '0'), t.organisation_id, $2 || i, 'bench (by SQL, beyond the API limit)', t.event_types,
              t.environment, 'ENABLED', NULL, NULL, NULL, t.secret_ciphertext, NULL, NULL, now(), now()
         FROM webhook_endpoints t, generate_series($3::int, $4::int) AS i
        WHERE t.id = $1`,
      [template.id, `${receiver.base}/ok/`, viaApi, ok - 1],
    );
    if (res.rowCount !== bySql) throw new BenchError(`wrote ${res.rowCount} endpoints by SQL, expected ${bySql}`);
  }
  const { rows } = await pool.query(
    `SELECT count(*) FILTER (WHERE url LIKE '%/ok/%')::int AS ok, count(*) FILTER (WHERE url LIKE '%/hang/%')::int AS hang
       FROM webhook_endpoints WHERE organisation_id = $1 AND status = 'ENABLED' AND environment = 'live'`,
    [organisationId],
  );
  if (rows[0].ok !== ok || rows[0].hang !== hang) throw new BenchError(`expected ${ok} + ${hang} enabled endpoints, found ${rows[0].ok} + ${rows[0].hang}`);
  return { viaApi: created.length, bySql };
}

// ───────────────────────────── waiting for deliveries ─────────────────────────────

/** A figure that did not deliver: it did not measure what it says. */
class NotDelivered extends Error {}

const countSucceeded = async (pool, phase) =>
  (await pool.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'SUCCEEDED' AND event_id LIKE $1`, [`evt_bench${phase}%`])).rows[0].n;

/** What the deliveries of a phase came to, for the report of one that did not finish. */
async function diagnose(pool, phase) {
  const like = `evt_bench${phase}%`;
  const statuses = await pool.query(`SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE event_id LIKE $1 GROUP BY status ORDER BY status`, [like]);
  // Leased and unfinished: in flight, or an attempt whose outcome was never stored (its lease must lapse).
  const leased = await pool.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_id LIKE $1 AND status = 'PENDING' AND lease_expires_at > now()`, [like]);
  const waiting = await pool.query(`SELECT count(*)::int AS n FROM events WHERE id LIKE $1 AND NOT fanned_out`, [like]);
  const failures = await pool.query(
    `SELECT coalesce(a.error, 'HTTP ' || a.response_status) AS outcome, count(*)::int AS n
       FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
      WHERE d.event_id LIKE $1 AND NOT a.succeeded GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
    [like],
  );
  return [
    `deliveries by status: ${statuses.rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`,
    `PENDING under a live lease (in flight, or outcome not stored): ${leased.rows[0].n}`,
    `events not yet fanned out: ${waiting.rows[0].n}`,
    `failed attempts: ${failures.rows.map((r) => `${r.outcome} ${r.n}`).join(', ') || 'none'}`,
  ];
}

/** The server's last lines, each cut short (its warnings carry whole stacks). */
const serverTail = (idv, lines = 12) => (idv.child.tail(lines) || '(none)').split('\n').map((l) => (l.length > 400 ? `${l.slice(0, 400)}…` : l));

/**
 * Polls every 100 ms until `expected` deliveries of the phase are SUCCEEDED; returns when (ms). Gives
 * up (NotDelivered) after `timeoutMs`, or sooner when none has succeeded for STALL_MS.
 */
async function waitSucceeded(pool, phase, expected, timeoutMs, label, idv) {
  const t0 = Date.now();
  let n = 0;
  let progressAt = t0;
  for (;;) {
    const now = await countSucceeded(pool, phase);
    if (now >= expected) return Date.now();
    if (now > n) progressAt = Date.now();
    n = now;
    if (idv.child.exitCode !== null || idv.child.signalCode !== null) throw new BenchError(`the idv server exited. Last output:\n${idv.child.tail()}`);
    const stalled = Date.now() - progressAt > STALL_MS;
    if (stalled || Date.now() - t0 > timeoutMs) {
      const why = stalled ? `none more for ${STALL_MS / 1000} s` : `after ${timeoutMs / 1000} s`;
      throw new NotDelivered(
        [`${label}: ${int(n)} of ${int(expected)} deliveries SUCCEEDED, ${why}`, ...(await diagnose(pool, phase)), 'Last server output:', ...serverTail(idv)].join('\n'),
      );
    }
    await sleep(100);
  }
}

// ───────────────────────────── report ─────────────────────────────

function loud(lines) {
  const bar = '!'.repeat(78);
  return `\n${bar}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${bar}\n`;
}

/** Milliseconds by which the database's clock is ahead of ours (createdAt is the database's now(), arrival ours). */
async function clockSkewMs(pool) {
  let best = null;
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    const { rows } = await pool.query(`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS t`);
    const t1 = Date.now();
    if (best === null || t1 - t0 < best.rtt) best = { rtt: t1 - t0, skew: Number(rows[0].t) - (t0 + t1) / 2 };
  }
  return round(best.skew, 1);
}

async function main() {
  installSignalHandlers();
  const settings = loadSettings();
  if (!settings.databaseUrl) {
    console.log('webhooks benchmark skipped: it runs on PostgreSQL; set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    return 0;
  }
  const machine = machineInfo();
  const D = settings.durationSec;
  console.log(
    `idv webhooks benchmark — ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average ${machine.loadAverage.join(' ')}; ` +
      `${D} s windows, ${settings.connections} connections for the lookups`,
  );

  const receiver = await startReceiver();
  const idv = await startIdv(settings, { extraEnv: { LOG_LEVEL: 'warn', ALLOW_PRIVATE_WEBHOOK_URLS: 'true' } });
  console.log(`storage: ${idv.storage.description}`);
  const pool = new pg.Pool({ connectionString: idv.databaseUrl, max: 4 });
  pool.on('error', () => {}); // an idle client dropped by the database's cleanup
  onCleanup('close the pool', () => pool.end());
  const skew = await clockSkewMs(pool);
  if (Math.abs(skew) > 50) console.log(`warning: the database's clock is ${skew} ms off this machine's: latencies are off by as much`);

  const token = await signIn(idv.base, idv.demo.ownerEmail, idv.demo.ownerPassword);
  const api = apiClient(idv.base, token);
  const ctx = { api, pool, receiver, organisationId: idv.demo.organisationId };
  const template = bodyTemplate(idv.liveKeyId);
  const bodyBytes = Buffer.byteLength(template.replaceAll('%1$s', 'x'.repeat(26)).replaceAll('%2$s', new Date().toISOString()));
  const events = eventWriter(pool, idv.demo.organisationId, template);
  const results = { clockSkewMs: skew, eventBodyBytes: bodyBytes };
  const broken = [];
  const notDelivered = (figure, err) => {
    if (!(err instanceof NotDelivered)) throw err;
    broken.push(figure);
    console.error(loud([`BENCHMARK BROKEN: ${figure} did not deliver, so its figure measures nothing:`, ...err.message.split('\n')]));
  };

  // 1. Throughput: 3,000 events in one statement, 10 endpoints.
  console.log(`\n▶ 1. throughput: ${int(THROUGHPUT_EVENTS)} events in one INSERT × ${ENDPOINTS} endpoints (${bodyBytes}-byte bodies)`);
  await useEndpoints(ctx, { ok: ENDPOINTS });
  await receiver.reset();
  try {
    const expected = THROUGHPUT_EVENTS * ENDPOINTS;
    await events.insert('t1', THROUGHPUT_EVENTS);
    const committed = Date.now();
    const doneAt = await waitSucceeded(pool, 't1', expected, THROUGHPUT_TIMEOUT_MS, 'throughput', idv);
    const seconds = (doneAt - committed) / 1000;
    const got = await receiver.stats({ since: committed, prefix: '/ok', idPrefix: 'evt_bencht1' });
    if (got.count < expected) throw new NotDelivered(`throughput: the deliveries are SUCCEEDED but the receiver got ${int(got.count)} /ok requests of ${int(expected)}`);
    results.throughput = { events: THROUGHPUT_EVENTS, endpoints: ENDPOINTS, deliveries: expected, seconds: round(seconds), deliveriesPerSec: Math.round(expected / seconds), received: got.count, duplicates: got.duplicates, latencyMs: got.latencyMs };
    console.log(`  ${int(expected)} deliveries in ${seconds.toFixed(1)} s: ${int(expected / seconds)}/s; receiver: ${int(got.count)} requests, ${got.duplicates} duplicates`);
  } catch (err) {
    notDelivered('1. throughput', err);
  }

  // 2. Latency at 1,000 deliveries/s: 100 events/s to the same 10 endpoints.
  console.log(`\n▶ 2. latency: 100 events/s × ${ENDPOINTS} endpoints for ${D} s`);
  if (broken.length > 0) await useEndpoints(ctx, { ok: ENDPOINTS }); // drop what figure 1 left behind
  try {
    const since = Date.now();
    const paced = await pacedEvents(events, 'l2', { perTick: 10, durationMs: D * 1000 }).done;
    await waitSucceeded(pool, 'l2', paced.events * ENDPOINTS, DRAIN_TIMEOUT_MS, 'latency at 1,000 deliveries/s', idv);
    const got = await receiver.stats({ since, prefix: '/ok', idPrefix: 'evt_benchl2' });
    if (got.count < paced.events * ENDPOINTS) throw new NotDelivered(`latency: the receiver got ${int(got.count)} /ok requests of ${int(paced.events * ENDPOINTS)}`);
    const span = (got.lastAt - paced.startedAt) / 1000;
    results.latency = {
      events: paced.events,
      offeredDeliveriesPerSec: Math.round((paced.events * ENDPOINTS) / paced.seconds),
      achievedDeliveriesPerSec: Math.round(got.count / span),
      inserterMaxLagMs: paced.maxLagMs,
      received: got.count,
      duplicates: got.duplicates,
      latencyMs: got.latencyMs,
    };
    console.log(
      `  ${int(got.count)} deliveries, offered ${int(results.latency.offeredDeliveriesPerSec)}/s, delivered ${int(results.latency.achievedDeliveriesPerSec)}/s; ` +
        `arrival − createdAt p50 ${ms(got.latencyMs.p50)} ms, p95 ${ms(got.latencyMs.p95)} ms, p99 ${ms(got.latencyMs.p99)} ms, max ${ms(got.latencyMs.max)} ms`,
    );
  } catch (err) {
    notDelivered('2. latency', err);
  }

  // 3. 100 endpoints, 10 of them hanging: 10 events/s; the healthy ones' latency.
  console.log(`\n▶ 3. ${WIDE_HEALTHY + WIDE_HANGING} endpoints, ${WIDE_HANGING} never answering: 10 events/s for ${D} s`);
  const wide = await useEndpoints(ctx, { ok: WIDE_HEALTHY, hang: WIDE_HANGING });
  console.log(`  endpoints: ${wide.viaApi} over HTTP, ${wide.bySql} by SQL (the API allows ${API_ENDPOINT_LIMIT} per organisation)`);
  try {
    const since = Date.now();
    const paced = await pacedEvents(events, 'h3', { perTick: 1, durationMs: D * 1000 }).done;
    await waitSucceeded(pool, 'h3', paced.events * WIDE_HEALTHY, DRAIN_TIMEOUT_MS, 'healthy endpoints beside hanging ones', idv);
    const got = await receiver.stats({ since, prefix: '/ok', idPrefix: 'evt_benchh3' });
    const hung = await receiver.stats({ since, prefix: '/hang', idPrefix: 'evt_benchh3' });
    if (got.count < paced.events * WIDE_HEALTHY) throw new NotDelivered(`hanging endpoints: the receiver got ${int(got.count)} /ok requests of ${int(paced.events * WIDE_HEALTHY)}`);
    results.hanging = {
      events: paced.events,
      healthyEndpoints: WIDE_HEALTHY,
      hangingEndpoints: WIDE_HANGING,
      endpointsBySql: wide.bySql,
      healthyReceived: got.count,
      hangingReceived: hung.count,
      healthyDeliveriesPerSec: Math.round(got.count / ((got.lastAt - paced.startedAt) / 1000)),
      latencyMs: got.latencyMs,
    };
    console.log(
      `  healthy: ${int(got.count)} deliveries, p50 ${ms(got.latencyMs.p50)} ms, p99 ${ms(got.latencyMs.p99)} ms, max ${ms(got.latencyMs.max)} ms; ` +
        `hanging endpoints got ${int(hung.count)} requests (5 in flight each at most, 15 s timeout)`,
    );
  } catch (err) {
    notDelivered('3. hanging endpoints', err);
  }

  // 4. Sandbox lookups without, with 1,000 deliveries/s in the background, and without again.
  console.log(`\n▶ 4. sandbox NIN lookups, ${D} s each: without, with 100 events/s × ${ENDPOINTS} endpoints, without`);
  await useEndpoints(ctx, { ok: ENDPOINTS });
  const lookup = {
    url: `${idv.base}/v1/nin/raw/lookup`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': idv.testKey },
    body: NIN_LOOKUP_BODY,
  };
  const sanity = await fetch(lookup.url, { method: 'POST', headers: lookup.headers, body: lookup.body });
  const sanityJson = await sanity.json().catch(() => null);
  if (sanity.status !== 200 || sanityJson?.data?.verificationStatus !== 'VERIFIED') {
    throw new BenchError(`the sanity lookup before the load failed: HTTP ${sanity.status} ${JSON.stringify(sanityJson).slice(0, 300)}`);
  }
  const load = async (label) => {
    const r = await measureLoad(lookup, { ...settings, warmupSec: 1, serverPid: idv.child.pid });
    console.log(`  ${label}: ${int(r.requestsPerSec)} req/s, p99 ${ms(r.latencyMs.p99)} ms, server CPU ${r.serverCpuPercent}%, machine busy ${r.machineCpuBusyPercent}%`);
    if (r.non2xx > 0 || r.errors > 0) {
      broken.push(`4. lookups ${label}`);
      console.error(loud([`BENCHMARK BROKEN: lookups ${label} had ${r.non2xx} non-2xx answers and ${r.errors} errors of ${r.requestsTotal}; status codes ${JSON.stringify(r.statusCodes)}`]));
    }
    return r;
  };
  const first = await load('without (1)');
  const bStart = Date.now();
  const background = pacedEvents(events, 's4', { perTick: 10 });
  let during;
  let bg;
  try {
    during = await load('with deliveries');
  } finally {
    bg = await background.stop();
  }
  const bEnd = Date.now();
  const second = await load('without (2)');
  let bgDelivered = null;
  try {
    await waitSucceeded(pool, 's4', bg.events * ENDPOINTS, DRAIN_TIMEOUT_MS, 'background deliveries of the lookup figure', idv);
    const got = await receiver.stats({ since: bStart, until: bEnd, prefix: '/ok', idPrefix: 'evt_benchs4' });
    bgDelivered = { events: bg.events, deliveredInWindow: got.count, deliveriesPerSec: Math.round(got.count / ((bEnd - bStart) / 1000)), latencyMs: got.latencyMs };
    console.log(`  background: ${int(bg.events)} events; ${int(got.count)} deliveries during the load (${int(bgDelivered.deliveriesPerSec)}/s), p99 ${ms(got.latencyMs?.p99 ?? NaN)} ms`);
  } catch (err) {
    notDelivered('4. background deliveries', err);
  }
  const withoutMean = (first.requestsPerSec + second.requestsPerSec) / 2;
  results.lookups = {
    without: [Math.round(first.requestsPerSec), Math.round(second.requestsPerSec)],
    withoutMean: Math.round(withoutMean),
    during: Math.round(during.requestsPerSec),
    ratio: round(during.requestsPerSec / withoutMean, 3),
    background: bgDelivered,
    runs: { first, during, second },
  };

  await runCleanups();

  // ─── summary ───
  const line = (label, figure, goal) => console.log(`  ${label.padEnd(50)} ${String(figure).padStart(14)}   goal ${goal}`);
  const mark = (ok) => (ok ? '' : ' — MISSED');
  console.log('\nwebhook delivery (PostgreSQL)');
  const t = results.throughput;
  if (t) line(`${int(t.events)} events × ${t.endpoints} endpoints: deliveries/s`, int(t.deliveriesPerSec), `≥ 1,000${mark(t.deliveriesPerSec >= 1000)}`);
  const l = results.latency;
  if (l) {
    line('latency at 1,000 deliveries/s: p50 / p99 ms', `${ms(l.latencyMs.p50)} / ${ms(l.latencyMs.p99)}`, `p99 ≤ 1,000${mark(l.latencyMs.p99 <= 1000)}`);
    line('  deliveries/s offered / delivered', `${int(l.offeredDeliveriesPerSec)} / ${int(l.achievedDeliveriesPerSec)}`, '1,000');
  }
  const h = results.hanging;
  if (h) {
    const p99 = h.latencyMs.p99;
    const ratio = l ? p99 / l.latencyMs.p99 : null;
    const byRatio = ratio !== null && ratio <= 1.5;
    const byAbsolute = p99 <= 1000;
    h.ratioToFigure2 = ratio === null ? null : round(ratio, 2);
    h.meets = byRatio ? 'ratio ≤ 1.5' : byAbsolute ? 'p99 ≤ 1,000 ms' : null;
    line(`${WIDE_HEALTHY} healthy + ${WIDE_HANGING} hanging: healthy p99 / fig. 2's ms`, `${ms(p99)} / ${l ? ms(l.latencyMs.p99) : '—'}`,
      `unchanged: ≤ 1.5× or ≤ 1,000 ms (${ratio === null ? 'no figure 2' : `${ratio.toFixed(2)}×`}; ${h.meets ? `meets ${h.meets}` : 'MISSED both'})`);
  }
  const k = results.lookups;
  line('sandbox lookups/s with deliveries / without', `${int(k.during)} / ${int(k.withoutMean)}`, `ratio ≥ 0.8 (${k.ratio})${mark(k.ratio >= 0.8)}`);
  if (k.background) line('  background deliveries/s during the load', int(k.background.deliveriesPerSec), '1,000 offered');
  if (broken.length > 0) console.log(`INVALID: ${broken.join(', ')} (see above)`);

  const file = join(ensureDir(settings.resultsDir), `webhooks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ machine, settings: { durationSec: D, connections: settings.connections }, storage: idv.storage, valid: broken.length === 0, broken, results }, null, 2)}\n`);
  console.log(`\nresults: ${file}`);
  return broken.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    if (interrupted()) return; // the signal handler cleans up and exits
    await runCleanups().catch(() => {});
    console.error(err instanceof BenchError ? `benchmark could not run: ${err.message}` : (err?.stack ?? err));
    process.exit(2);
  },
);
