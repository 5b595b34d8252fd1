import { afterAll, beforeAll } from 'vitest';
import { setPasswordHashCostForTests } from '../src/accounts/passwords.js';
import { createFileDatabase, dropFileDatabase, forgetFileDatabase } from './helpers/pg-file.js';

/**
 * Runs in each test worker before each of its files (Vitest re-imports setup files per file, and hooks
 * registered here belong to that file).
 *
 * Accounts are made by the thousand here, and argon2id at the service's cost (src/accounts/passwords.ts:
 * 19 MiB, 2 passes) takes 80–260 ms of CPU a hash on this machine: minutes of the suite's time. The
 * suite's own processes hash at 1 MiB and 1 pass instead; the hashes are still argon2id, checked by the
 * same code. src/accounts/passwords.test.ts checks the service's cost, and
 * test/e2e/server-process.test.ts the hash a real server stores.
 */
setPasswordHashCostForTests({ memoryCost: 1_024, timeCost: 1, parallelism: 1 });

/**
 * The file's own PostgreSQL database (test/helpers/pg-file.ts): asked for while the file is collected,
 * made before its first hook runs (this hook is registered first), dropped after its last.
 */
forgetFileDatabase();
beforeAll(createFileDatabase, 30_000);
afterAll(dropFileDatabase, 30_000);
