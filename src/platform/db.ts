import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { MIGRATIONS_DIR, numberedMigrations } from './migration-files.js';
import { readSeed } from './pglite-seed.js';
import { postgresKysely } from './postgres.js';
import type { DB } from './schema.js';

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Where the data lives, safe to print (no password). */
  description: string;
  /** PostgreSQL's connection URL, for work that opens its own connections (an export's writer thread); null for the embedded database. */
  connectionUrl: string | null;
  /** Applies pending migrations under a lock, so concurrent starts apply each one once. */
  migrate(): Promise<string[]>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  // On disk in dataDir/pgdata. A new one starts from `seed` (default: the build's, when it matches: pglite-seed.ts; null: none).
  | { kind: 'pglite'; dataDir: string; seed?: Blob | null }
  // In memory; from `image` (an image of a data directory, from pgliteImage()) instead of a new cluster when given.
  | { kind: 'pglite-memory'; image?: Blob };

const MIGRATION_LOCK_ID = 7_320_114_001;

/** Opens PostgreSQL or the embedded database; neither is migrated until migrate() is called. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  if (target.kind === 'pglite-memory') return openPglite(null, target.image);
  return openPglite(target.dataDir, target.seed);
}

const pgliteClients = new WeakMap<Database, PGlite>();

/**
 * An image of an embedded database's data directory (PGlite's dumpDataDir), to open copies of it with
 * { kind: 'pglite-memory', image }: the test suite opens a hundred migrated databases, and a copy opens
 * in a quarter of the time a new cluster takes to initialise.
 */
export async function pgliteImage(database: Database): Promise<Blob> {
  const client = pgliteClients.get(database);
  if (!client) throw new Error('only an embedded database has an image');
  return client.dumpDataDir('none');
}

function openPostgres(url: string, poolSize: number): Database {
  const { db, pool } = postgresKysely(url, poolSize);
  const parsed = new URL(url);
  return {
    kind: 'postgres',
    db,
    connectionUrl: url,
    description: `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
        const applied = await applyPending(
          async (text, params) => (await client.query(text, params as unknown[])).rows,
        );
        await client.query('COMMIT');
        return applied;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

/** True when dir holds no cluster yet: it does not exist, or is empty (a cluster half made is left to PGlite, as it was). */
function noCluster(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * In memory from `image` (or a new cluster), or on disk in dataDir/pgdata. A new directory on disk
 * starts from `image` (undefined: the build's seed when it matches), else PGlite initialises a cluster.
 */
async function openPglite(dataDir: string | null, image?: Blob | null): Promise<Database> {
  let lock: DataDirLock | null = null;
  if (dataDir !== null) lock = lockDataDir(dataDir);
  let client: PGlite;
  try {
    if (dataDir === null) client = new PGlite({ loadDataDir: image ?? undefined });
    else {
      const pgdata = join(dataDir, 'pgdata');
      const seed = noCluster(pgdata) ? (image === undefined ? readSeed() : image) : null;
      client = new PGlite(pgdata, seed ? { loadDataDir: seed } : {});
    }
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  const database: Database = {
    kind: 'pglite',
    connectionUrl: null,
    db,
    description: dataDir === null ? 'embedded PostgreSQL (in memory)' : `embedded PostgreSQL in ${dataDir}`,
    async migrate() {
      return client.transaction(async (tx) => {
        return applyPending(async (text, params) => {
          if (params && params.length > 0) return (await tx.query(text, params as unknown[])).rows as Record<string, unknown>[];
          const results = await tx.exec(text);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        });
      });
    },
    async close() {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
  pgliteClients.set(database, client);
  return database;
}

type Exec = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

async function applyPending(exec: Exec): Promise<string[]> {
  await exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await exec('SELECT version FROM schema_migrations')).map((r) => String(r.version)));
  const files = numberedMigrations();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    await exec(readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8'));
    await exec('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    applied.push(version);
  }
  return applied;
}

/** Readiness probe: the database answers a trivial query. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/** True for PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** Runs a transaction in which a unique index may decide a race; that loss becomes the given error. */
export async function transactionWithUniqueGuard<T>(db: Kysely<DB>, onConflict: () => Error, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(fn);
  } catch (err) {
    if (isUniqueViolation(err)) throw onConflict();
    throw err;
  }
}

// SQLSTATE classes and codes of a connection lost or refused (08: connection exception; 57P01–57P03:
// the server shutting down or not yet accepting), and the driver's own words for a dropped socket.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** Whether an error means the database could not be reached (worth a retry), not that a statement was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  return typeof message === 'string' && /^Connection terminated|^Client has encountered a connection error|timeout exceeded when trying to connect/.test(message);
}
