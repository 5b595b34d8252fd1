import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/**
 * Redis for shared guards and the revocation counter. Commands fail fast rather than queue while the
 * connection is down: the guards then let requests through and the database stays the authority.
 */
export function createRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let lastLogged = 0;
  redis.on('error', (err: Error) => {
    // One line per 10 s at most: a dead Redis must not flood the logs.
    const now = Date.now();
    if (now - lastLogged > 10_000) {
      lastLogged = now;
      logger.warn({ err }, 'redis unavailable; shared guards are letting requests through');
    }
  });
  return redis;
}

/** Resolves once the client is connected, or rejects after the timeout. */
export async function waitForRedis(redis: Redis, timeoutMs = 2_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('Redis did not become ready in time'));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
