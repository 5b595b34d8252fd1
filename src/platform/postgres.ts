import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

/** What marks a statement's text as one to prepare once per connection (see preparedSql). */
const PREPARED_MARK = '/* prepared */ ';
/** Each prepared text's statement name, the same on every connection; a handful of constant texts. */
const preparedNames = new Map<string, string>();

/**
 * Marks a constant statement text of a hot path to be prepared once per PostgreSQL connection and then
 * only bound and executed: PostgreSQL parses, analyses and plans it once per connection rather than
 * once per call (for a batch of eight records and their events that was 40 % of PostgreSQL's time for
 * the batch). Only for texts that never vary (their parameters carry every value) and whose result's
 * columns never change. Elsewhere (the embedded database) the mark is a comment.
 */
export function preparedSql(text: string): string {
  const marked = PREPARED_MARK + text;
  if (!preparedNames.has(marked)) preparedNames.set(marked, `idv_${preparedNames.size + 1}`);
  return marked;
}

/**
 * The pool as Kysely sees it: each client sends a marked text as a named statement (node-postgres
 * prepares it on that connection the first time, then binds it). Anything else goes as before.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>) => {
      if (typeof sqlOrCursor === 'string' && sqlOrCursor.startsWith(PREPARED_MARK)) {
        const name = preparedNames.get(sqlOrCursor);
        if (name !== undefined) return client.query({ name, text: sqlOrCursor, values: parameters as unknown[] });
      }
      return (client.query as (a: unknown, b?: unknown) => unknown)(sqlOrCursor, parameters);
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (w === undefined) wrapped.set(client, (w = wrap(client)));
      return w;
    },
    end: () => pool.end(),
  };
}

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
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) }), pool };
}

function toSafeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is beyond the safe integer range`);
  return n;
}
