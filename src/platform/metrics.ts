import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from './http-types.js';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const registries = new WeakMap<App, Registry>();

/** The registry of an app's metrics, for gauges its owner adds after building it (circuit breakers) and for the metrics listener. */
export function metricsRegistryOf(app: App): Registry | undefined {
  return registries.get(app);
}

/**
 * Prometheus metrics: request counts and latencies by route template and status (never by raw URL).
 * They are served by their own listener (startMetricsListener), never on the API port (DESIGN.md §13).
 */
export function installMetrics(app: App, options: { defaultMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  registries.set(app, registry);
  // The event-loop delay is sampled every 100 ms rather than prom-client's 10: its timer woke an idle
  // server a hundred times a second (about a third of an idle server's CPU, measured), and a stall
  // still shows in full in the next sample.
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'idv_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'idv_http_request_duration_seconds',
    help: 'Time from request arrival to the response being sent',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', (req, reply, done) => {
    const labels = {
      method: req.method,
      // The route template keeps the label set bounded; unmatched URLs share one label.
      route: req.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  return registry;
}

export interface MetricsListener {
  /** Where the metrics are served, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * GET /metrics on a listener of its own (METRICS_HOST, METRICS_PORT; port 0: a free one). Anything else
 * is 404. It is for a scraper on a private network: small timeouts and few connections.
 */
export async function startMetricsListener(registry: Registry, options: { host: string; port: number }): Promise<MetricsListener> {
  const server: Server = createServer({ headersTimeout: 5_000, requestTimeout: 10_000 }, (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/metrics') {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        () => {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('metrics could not be collected\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found: metrics are at GET /metrics\n');
  });
  server.maxConnections = 64;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
