#!/usr/bin/env node
// The webhook receiver of `bench/webhooks.js`, in a child process of its own (its own event loop, so
// its work is not the benchmark's): plain node:http on HOST:PORT (default 127.0.0.1, PORT required).
//
//   POST /ok/<n>    answers 200 at once, empty body;
//   POST /hang/<n>  never answers: the socket stays open until the sender gives up;
//   GET  /stats?since=<ms>&until=<ms>&prefix=/ok&idPrefix=evt_…
//                   counts and latency percentiles of the requests that arrived in [since, until)
//                   whose path starts with prefix (and whose webhook-id starts with idPrefix);
//   POST /reset     forgets every request recorded so far.
//
// For every webhook request it records the arrival time (Date.now() when the request's headers
// arrive), the path, the `webhook-id` header and the body's `createdAt`; latency is arrival −
// Date.parse(createdAt), so it spans the fan-out, the claim, the signing and the request itself.
import http from 'node:http';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('webhook-receiver: PORT must be set');
  process.exit(2);
}

/** Every webhook request seen: { at, path, id, createdAt (ms or NaN) }. */
let seen = [];

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function stats(query) {
  const since = Number(query.get('since') ?? 0);
  const until = query.has('until') ? Number(query.get('until')) : Infinity;
  const prefix = query.get('prefix') ?? '/';
  const idPrefix = query.get('idPrefix') ?? '';
  const latencies = [];
  const keys = new Set();
  let count = 0;
  let unparsable = 0;
  let firstAt = null;
  let lastAt = null;
  for (const r of seen) {
    if (r.at < since || r.at >= until || !r.path.startsWith(prefix) || !r.id.startsWith(idPrefix)) continue;
    count++;
    keys.add(`${r.id} ${r.path}`);
    if (firstAt === null || r.at < firstAt) firstAt = r.at;
    if (lastAt === null || r.at > lastAt) lastAt = r.at;
    if (Number.isFinite(r.createdAt)) latencies.push(r.at - r.createdAt);
    else unparsable++;
  }
  latencies.sort((a, b) => a - b);
  return {
    count,
    unique: keys.size,
    duplicates: count - keys.size,
    unparsable,
    firstAt,
    lastAt,
    latencyMs:
      latencies.length === 0
        ? null
        : {
            min: latencies[0],
            p50: percentile(latencies, 0.5),
            p95: percentile(latencies, 0.95),
            p99: percentile(latencies, 0.99),
            max: latencies.at(-1),
            mean: Math.round((latencies.reduce((a, b) => a + b, 0) / latencies.length) * 10) / 10,
          },
  };
}

const server = http.createServer((req, res) => {
  const at = Date.now();
  const url = new URL(req.url, 'http://receiver');
  const path = url.pathname;
  if (req.method === 'POST' && (path.startsWith('/ok/') || path.startsWith('/hang/'))) {
    const id = String(req.headers['webhook-id'] ?? '');
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let createdAt = NaN;
      try {
        createdAt = Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).createdAt);
      } catch {
        /* counted as unparsable */
      }
      seen.push({ at, path, id, createdAt });
      if (path.startsWith('/ok/')) {
        res.writeHead(200, { 'content-length': '0' });
        res.end();
      }
      // /hang/…: no answer; the sender's timeout ends it (or its connection closing).
    });
    return;
  }
  if (req.method === 'GET' && path === '/stats') {
    const body = JSON.stringify(stats(url.searchParams));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  if (req.method === 'POST' && path === '/reset') {
    req.resume();
    req.on('end', () => {
      seen = [];
      res.writeHead(204);
      res.end();
    });
    return;
  }
  req.resume();
  res.writeHead(404, { 'content-length': '0' });
  res.end();
});

// Nothing here may end a request on its own: hanging requests wait for the sender's timeout, and
// kept-alive sockets outlive the sender's idle timeout (4 s) so no request meets a closing socket.
server.requestTimeout = 0;
server.headersTimeout = 60_000;
server.keepAliveTimeout = 65_000;
server.timeout = 0;

server.listen(port, host, () => {
  console.log(`webhook receiver listening on http://${host}:${port}`);
});

// SIGTERM from the benchmark: exit at once (hanging sockets would keep a graceful close waiting).
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
// Never outlive the benchmark: if it dies without stopping us, we are re-parented.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1_000).unref();
