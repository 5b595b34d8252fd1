// An open-loop load generator for the fixed-rate scenarios (issue 15): requests are sent on a fixed
// schedule, one every 1/rate seconds, whether or not earlier ones have been answered, and each latency
// is measured from the moment its request was due (so a generator or a connection pool that falls
// behind adds to the latency it reports, never hides it: no coordinated omission).
//
// Why not autocannon's `overallRate`: autocannon gives each connection a quota per second and lets it
// send back to back (closed loop) until the quota is spent, then waits for the next second. The rate is
// right on average, but each second starts with a burst at several times that rate, and what queues
// behind the burst is the generator's doing, not the server's.
import { appendFileSync } from 'node:fs';
import { Pool } from 'undici';

/** The value at quantile q of sorted numbers (nearest rank). */
function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Sends `rate` requests a second for `durationSec` seconds and waits for the last answers (at most
 * `timeoutSec`). `target`: { url, method, headers, body, setupRequest? } as for autocannon (setupRequest
 * gets a copy of the request and returns it changed: a fresh Idempotency-Key each time). Returns the
 * parts of autocannon's result that measureLoad reads, latencies in milliseconds.
 */
export async function openLoopOnce({ target, rate, durationSec, connections, timeoutSec = 10 }) {
  const url = new URL(target.url);
  const pool = new Pool(url.origin, { connections, pipelining: 1, headersTimeout: timeoutSec * 1000, bodyTimeout: timeoutSec * 1000 });
  const latencies = [];
  const statusCodes = new Map();
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;

  // undici's dispatch with a handler, not pool.request(): no promise and no body stream per request. At a
  // few hundred requests a second this generator shares two cores with the server and PostgreSQL, and
  // its own CPU is time the server waits for.
  let pending = 0;
  let drained = null;
  const settle = () => {
    pending--;
    if (pending === 0 && drained) drained();
  };
  const send = (due) => {
    const req = target.setupRequest ? target.setupRequest({ ...target, headers: { ...target.headers } }) : target;
    let status = 0;
    pending++;
    pool.dispatch(
      { path: url.pathname + url.search, method: req.method ?? 'GET', headers: req.headers ?? {}, body: req.body },
      {
        // The handler interface pool.request() itself implements (undici 7's Pool checks for it).
        onConnect() {},
        onHeaders(statusCode) {
          status = statusCode;
          return true;
        },
        onData(chunk) {
          bytes += chunk.length;
          return true;
        },
        onComplete() {
          latencies.push(performance.now() - due);
          if (trace) trace.push([Math.round(due - start), Math.round((performance.now() - due) * 100) / 100]);
          statusCodes.set(status, (statusCodes.get(status) ?? 0) + 1);
          if (status < 200 || status >= 300) non2xx++;
          settle();
        },
        onError(err) {
          errors++;
          if (/Timeout/i.test(err?.code ?? '') || /timeout/i.test(err?.message ?? '')) timeouts++;
          settle();
        },
      },
    );
  };

  const interval = 1000 / rate;
  const start = performance.now();
  // BENCH_TRACE=<file>: each request's [due, latency] in ms, due from the run's start; one JSON line a run
  // (warm-up, then measured). Tells a queue that stands all run from stalls that come and go.
  const trace = process.env.BENCH_TRACE ? [] : null;
  const end = start + durationSec * 1000;
  let next = start;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now (a late timer sends what it owes at once, each timed from its own due time).
      while (next <= now && next < end) {
        send(next);
        next += interval;
      }
      if (next >= end) resolve();
      else setTimeout(tick, Math.max(0, next - performance.now() - 0.5));
    };
    tick();
  });
  const sentFor = (performance.now() - start) / 1000;
  await Promise.race([
    new Promise((resolve) => {
      drained = resolve;
      if (pending === 0) resolve();
    }),
    new Promise((resolve) => setTimeout(resolve, timeoutSec * 1000).unref()),
  ]);
  // What is still unanswered after the timeout is abandoned (close() would wait for it).
  await pool.destroy().catch(() => undefined);

  if (trace) appendFileSync(process.env.BENCH_TRACE, JSON.stringify(trace) + '\n');
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  const round2 = (n) => Math.round(n * 100) / 100;
  return {
    duration: Math.round(sentFor * 100) / 100,
    requests: { total, average: total / sentFor },
    latency: {
      average: round2(total ? latencies.reduce((a, b) => a + b, 0) / total : 0),
      p50: round2(quantile(latencies, 0.5)),
      p90: round2(quantile(latencies, 0.9)),
      p99: round2(quantile(latencies, 0.99)),
      max: round2(latencies[total - 1] ?? 0),
    },
    throughput: { average: bytes / sentFor },
    non2xx,
    errors,
    timeouts,
    statusCodeStats: Object.fromEntries([...statusCodes].map(([code, count]) => [code, { count }])),
  };
}
