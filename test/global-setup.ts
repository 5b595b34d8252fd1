import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db.js';
import { readSeed, seedMatches } from '../src/platform/pglite-seed.js';
import { migrate } from '../src/migrate.js';
import { buildConsoleIfStale, buildIfStale } from '../scripts/build-if-stale.mjs';

const ROOT = join(import.meta.dirname, '..');

/**
 * The suites that run real `idv` processes run the build (dist/, as `npm start` and `idv` do): starting
 * from it costs about half the CPU of compiling the sources on the fly with tsx (3.1–3.8 against
 * 5.3–6.4 s to a listening server), and a process group starts dozens. So dist/ is built here when
 * src/ or console/ changed since the last build, as `npm start` would: what runs is never older than
 * the checkout. The same goes for the embedded database's seed (dist/pglite-seed/), which every new
 * embedded database here starts from. `npm install` has built both, so a run after it builds nothing.
 */
function buildForTests() {
  if (!buildIfStale(ROOT)) throw new Error('dist/ could not be built from src/ (the errors are above): the suites that start idv processes run the build');
  if (!buildConsoleIfStale(ROOT)) throw new Error('the console could not be built (the errors are above): the browser suites serve dist/console');
  if (!seedMatches()) {
    const written = spawnSync(process.execPath, [join(ROOT, 'scripts', 'write-pglite-seed.mjs')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    if (written.status !== 0 || !seedMatches()) throw new Error("the embedded database's seed could not be written (scripts/write-pglite-seed.mjs; the errors are above)");
  }
}

/**
 * Every database test runs on embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too.
 * Each run migrates a fresh PostgreSQL template database here, and each file works on a copy of it
 * (test/helpers/pg-file.ts); the template and any copy a killed file left are dropped at the end, so a
 * run never depends on what an earlier one left behind. With CI=true, an unreachable PostgreSQL or Redis fails the run:
 * a green CI always means both back-ends were tested.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * PostgreSQL's migrated template database and a URL to connect as its administrator (never to the
     * template itself: a copy needs it unused). Each file copies it (test/helpers/pg-file.ts); null
     * without PostgreSQL.
     */
    pgTemplate: { name: string; adminUrl: string } | null;
    redisUrl: string | null;
    /** A file holding the image of a migrated embedded database, which backends() opens copies of. */
    pgliteImagePath: string | null;
    /** A DATA_DIR holding a migrated embedded database, which seededDataDir() copies (test/helpers/cli.ts). */
    pgliteDataDirTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  // Every temporary file and directory of the run (the suites' DATA_DIRs, copies of the 41 MB seed,
  // their servers', CLIs' and browsers' own) goes under one directory, removed at the end: os.tmpdir()
  // reads TMPDIR, and the workers and every process they start inherit it. Before, a full run left about
  // a hundred directories behind, many of them holding a copy of the 41 MB database. Vitest runs this
  // setup once per project: the first makes the directory and removes it, the others share it (nested,
  // the path grew past what a Unix socket's name holds, and Chromium would not start).
  const ownsRunTmp = !process.env.IDV_TEST_TMPDIR;
  if (ownsRunTmp) process.env.IDV_TEST_TMPDIR = mkdtempSync(join(tmpdir(), 'idv-t-'));
  const runTmp = process.env.IDV_TEST_TMPDIR!;
  process.env.TMPDIR = runTmp;
  buildForTests();
  // In watch mode, a rerun after an edit runs the edit.
  project.onTestsRerun(() => buildForTests());
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  const baseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL ?? null;
  if (ci && !baseUrl) throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL path would go untested');
  if (ci && !redisUrl) throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis path would go untested');

  let pgTemplate: { name: string; adminUrl: string } | null = null;
  let dropDatabases: (() => Promise<void>) | null = null;
  if (baseUrl) {
    const admin = new pg.Client({ connectionString: baseUrl });
    let connected = false;
    try {
      await admin.connect();
      connected = true;
    } catch (err) {
      const msg = `PostgreSQL at TEST_DATABASE_URL is unreachable: ${(err as Error).message}`;
      if (ci) throw new Error(msg);
      console.warn(`${msg}; running on PGlite only`);
    }
    if (connected) {
      const name = `idv_test_${Date.now()}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      await migrate(database);
      await database.close();
      pgTemplate = { name, adminUrl: baseUrl };
      dropDatabases = async () => {
        const c = new pg.Client({ connectionString: baseUrl });
        await c.connect();
        try {
          const copies = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}\\_f%`]);
          for (const { datname } of copies.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await c.end();
        }
      };
    }
  }

  if (redisUrl) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    try {
      await redis.connect();
      await redis.ping();
    } catch (err) {
      if (ci) throw new Error(`Redis at TEST_REDIS_URL is unreachable: ${(err as Error).message}`);
    } finally {
      redis.disconnect();
    }
  }

  // The seed is a migrated embedded database; each suite opens copies of its image (much faster than a
  // new cluster: initdb is most of the cost), and migrate() then finds nothing to do.
  const seed = readSeed();
  if (!seed) throw new Error("the embedded database's seed went missing after it was checked");
  const image = Buffer.from(await seed.arrayBuffer());
  const pgliteImagePath = join(tmpdir(), `idv-test-pglite-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tar`);
  writeFileSync(pgliteImagePath, image);

  // The same database as a DATA_DIR on disk, for the CLI suites (seededDataDir): a copy of its files
  // starts in a fraction of a second, where a new directory loads the seed's image (about 2 s of CPU).
  const pgliteDataDirTemplate = mkdtempSync(join(tmpdir(), 'idv-test-datadir-'));
  const onDisk = new PGlite(join(pgliteDataDirTemplate, 'pgdata'), { loadDataDir: new Blob([image]) });
  await onDisk.waitReady;
  await onDisk.close();

  project.provide('pgTemplate', pgTemplate);
  project.provide('pgliteImagePath', pgliteImagePath);
  project.provide('pgliteDataDirTemplate', pgliteDataDirTemplate);
  project.provide('redisUrl', redisUrl);
  return async () => {
    await dropDatabases?.();
    if (ownsRunTmp) rmSync(runTmp, { recursive: true, force: true });
  };
}
