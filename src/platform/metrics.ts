import type { App } from './http-types.js';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const registries = new WeakMap<App, Registry>();

/** The registry /metrics of an app serves, for gauges its owner adds after building it (circuit breakers). */
export function metricsRegistryOf(app: App): Registry | undefined {
  return registries.get(app);
}

/** Prometheus metrics: request counts and latencies by route template and status (never by raw URL). */
export function installMetrics(app: App, options: { defaultMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  registries.set(app, registry);
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
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

  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
