import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { createServices, type Services } from './container.js';
import { migrate } from './migrate.js';
import { createDataCipher } from './platform/crypto.js';
import { openDatabase, type Database } from './platform/db.js';
import type { Logger } from './platform/logger.js';
import { createRedis, waitForRedis } from './platform/redis.js';

export interface Runtime {
  config: Config;
  database: Database;
  redis: Redis | null;
  services: Services;
  logger: Logger;
  close(): Promise<void>;
}

/** Opens storage (migrated) and Redis and wires the services: what the server and the CLI share. */
export async function openRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  let redis: Redis | null = null;
  try {
    await migrate(database);
    if (config.redisUrl) {
      redis = createRedis(config.redisUrl, logger);
      // Redis down at start is not fatal: guards let requests through and the database decides.
      await waitForRedis(redis).catch(() => logger.warn('redis not reachable at start; continuing without it until it is'));
    }
  } catch (err) {
    redis?.disconnect();
    await database.close();
    throw err;
  }
  const services = createServices({
    database,
    redis,
    logger,
    cipher: createDataCipher(config.dataEncryptionKey),
    settings: config,
  });
  return {
    config,
    database,
    redis,
    services,
    logger,
    async close() {
      redis?.disconnect();
      await database.close();
    },
  };
}
