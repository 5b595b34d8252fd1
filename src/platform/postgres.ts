import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

/**
 * A Kysely over a pg pool, as every PostgreSQL connection of the service is made (db.ts, and the export
 * writer thread, which must not load the embedded database's module).
 */
export function postgresKysely(url: string, poolSize: number): { db: Kysely<DB>; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: 'idv',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        // int8 (kobo, counters) as a number: every amount is far below 2^53 kobo.
        if (oid === 20) return (value: string) => toSafeNumber(value);
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // A connection lost (a failover, a restart, pg_terminate_backend) must never crash the process: the
  // pool reports it for idle clients, each client for itself while checked out. The query in flight
  // still fails (and is answered 503), and the pool discards the dead client.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), pool };
}

function toSafeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is beyond the safe integer range`);
  return n;
}
