import type { Redis } from 'ioredis';
import { createAccountsService } from './accounts/accounts.service.js';
import { createApiKeyService } from './api-keys/api-keys.service.js';
import { createCatalogueService } from './catalogue/catalogue.service.js';
import { createCacheEpoch } from './platform/cache-epoch.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { DataCipher } from './platform/crypto.js';
import type { Database } from './platform/db.js';
import { ids as defaultIds, type IdGenerator } from './platform/ids.js';
import type { Logger } from './platform/logger.js';
import { createRecordWriter } from './records/records.repository.js';

export interface CoreDeps {
  database: Database;
  redis: Redis | null;
  logger: Logger;
  cipher: DataCipher;
  clock?: Clock;
  ids?: IdGenerator;
  /** Prefix of every Redis key, so tests and tenants of one Redis never meet. */
  redisKeyPrefix?: string;
}

/** Wires the services with explicit dependencies (CONVENTIONS rule 4); shared by the server and the CLI. */
export function createServices(deps: CoreDeps) {
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? defaultIds;
  const db = deps.database.db;
  const epoch = createCacheEpoch({ db, redis: deps.redis, logger: deps.logger, keyPrefix: deps.redisKeyPrefix });
  return {
    clock,
    ids,
    epoch,
    accounts: createAccountsService({ db, clock, ids }),
    apiKeys: createApiKeyService({ db, clock, ids, epoch, logger: deps.logger }),
    catalogue: createCatalogueService({ db, clock, epoch }),
    records: createRecordWriter({ db, cipher: deps.cipher, concurrency: deps.database.kind === 'postgres' ? 4 : 1 }),
  };
}

export type Services = ReturnType<typeof createServices>;
