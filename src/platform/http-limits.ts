import type { Server } from 'node:http';
import type { Logger } from './logger.js';

/** The API listener's timeouts and connection cap (config.ts reads and cross-checks them; README lists them). */
export interface HttpLimits {
  /** Time to receive a whole request, headers and body (REQUEST_TIMEOUT_MS). Handling it is not counted. */
  requestTimeoutMs: number;
  /** Time to receive a request's headers (HEADERS_TIMEOUT_MS); at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed (CONNECTION_TIMEOUT_MS); longer than the idempotency lease. */
  connectionTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Connections open at once; one more is closed on arrival (MAX_CONNECTIONS). */
  maxConnections: number;
}

/** The defaults, with the default idempotency lease (45 s): config.ts derives the idle timeout from the configured one. */
export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = Object.freeze({
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 4_096,
});

/**
 * Fastify's server options for the limits. Node checks the request and headers timeouts only every
 * `connectionsCheckingInterval` (30 s by default), so the interval follows the shorter timeout.
 */
export function serverLimitOptions(limits: HttpLimits) {
  const connectionsCheckingInterval = Math.min(1_000, Math.max(50, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 10)));
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval },
  };
}

/** Caps the listener's connections; the ones refused are logged at most once every 10 s, with their count. */
export function capConnections(server: Server, maxConnections: number, logger: Logger): void {
  server.maxConnections = maxConnections;
  let dropped = 0;
  let lastReport = 0;
  server.on('drop', () => {
    dropped += 1;
    const now = Date.now();
    if (now - lastReport < 10_000) return;
    lastReport = now;
    logger.warn({ dropped, maxConnections }, `connection cap reached: ${dropped} connection(s) refused so far (MAX_CONNECTIONS=${maxConnections})`);
  });
}
