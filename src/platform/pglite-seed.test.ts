import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './db.js';
import { numberedMigrations } from './migration-files.js';
import { currentManifest, readSeed, seedMatches, writeSeed } from './pglite-seed.js';

const dirs: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `idv-seed-${label}-`));
  dirs.push(dir);
  return dir;
};
const dirUrl = (dir: string) => pathToFileURL(`${dir}/`);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The suite's migrated image (test/global-setup.ts), standing in for a seed. */
const migratedImage = () => new Blob([readFileSync(inject('pgliteImagePath')!)]);
const migrationFiles = () => numberedMigrations().length;
const versions = async (database: Database) => {
  const exists = (await sql<{ t: string | null }>`SELECT to_regclass('schema_migrations')::text AS t`.execute(database.db)).rows[0]!.t;
  if (exists === null) return null;
  return (await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(database.db)).rows.length;
};

describe('the seed of a new embedded database: files', () => {
  it('is read back only while its manifest matches the installed PGlite and the migrations', () => {
    const dir = tempDir('files');
    const image = new Uint8Array([1, 2, 3, 4]);
    writeSeed(image, currentManifest(), dirUrl(dir));
    expect(seedMatches(dirUrl(dir))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['image.tar', 'manifest.json']);
    expect(new Uint8Array(readFileSync(join(dir, 'image.tar')))).toEqual(image);
    expect(readSeed(dirUrl(dir))?.size).toBe(4);

    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, string>;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, pglite: '0.0.1' }));
    expect(seedMatches(dirUrl(dir))).toBe(false);
    expect(readSeed(dirUrl(dir))).toBeNull();
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, migrations: '0'.repeat(64) }));
    expect(readSeed(dirUrl(dir))).toBeNull();
    writeFileSync(join(dir, 'manifest.json'), '{ not json');
    expect(readSeed(dirUrl(dir))).toBeNull();
    rmSync(join(dir, 'manifest.json'));
    expect(readSeed(dirUrl(dir))).toBeNull();

    // Written again: whole, and a manifest without its image is never used.
    writeSeed(image, currentManifest(), dirUrl(dir));
    expect(seedMatches(dirUrl(dir))).toBe(true);
    rmSync(join(dir, 'image.tar'));
    expect(readSeed(dirUrl(dir))).toBeNull();
    // An image that cannot be read is no seed (a start then initialises a cluster): here a directory in its place.
    mkdirSync(join(dir, 'image.tar'));
    expect(readSeed(dirUrl(dir))).toBeNull();
  });

  it("names the PGlite version installed and hashes every numbered migration's name and content", () => {
    const installed = JSON.parse(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string };
    const dir = tempDir('migrations');
    writeFileSync(join(dir, '0001_first.sql'), 'CREATE TABLE a (x int);');
    writeFileSync(join(dir, 'README.md'), 'not a migration');
    const first = currentManifest(dirUrl(dir));
    expect(first.pglite).toBe(installed.version);
    expect(first.migrations).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(join(dir, 'notes.txt'), 'not a migration either');
    expect(currentManifest(dirUrl(dir)).migrations).toBe(first.migrations);
    writeFileSync(join(dir, '0001_first.sql'), 'CREATE TABLE a (x bigint);');
    const edited = currentManifest(dirUrl(dir)).migrations;
    expect(edited).not.toBe(first.migrations);
    writeFileSync(join(dir, '0002_second.sql'), 'CREATE TABLE b (x int);');
    expect(currentManifest(dirUrl(dir)).migrations).not.toBe(edited);
    expect(currentManifest().migrations).not.toBe(first.migrations);
  });

  it('the build holds a seed for this checkout (the global setup writes one when it is missing or stale)', () => {
    expect(seedMatches()).toBe(true);
  });
});

describe('the seed of a new embedded database: opening', () => {
  it('a new DATA_DIR starts from the build\'s seed, already migrated; migrate() then applies nothing', { timeout: 90_000 }, async () => {
    const dataDir = tempDir('default');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await versions(database)).toBe(migrationFiles());
      expect(await database.migrate()).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('a DATA_DIR that holds a database keeps it: the seed is only for a new one', { timeout: 90_000 }, async () => {
    const dataDir = tempDir('existing');
    const first = await openDatabase({ kind: 'pglite', dataDir, seed: migratedImage() });
    await sql`CREATE TABLE notes (body text NOT NULL)`.execute(first.db);
    await sql`INSERT INTO notes VALUES ('kept')`.execute(first.db);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir, seed: migratedImage() });
    try {
      expect((await sql<{ body: string }>`SELECT body FROM notes`.execute(again.db)).rows).toEqual([{ body: 'kept' }]);
    } finally {
      await again.close();
    }
  });

  it('without a seed a new DATA_DIR is a new cluster, which migrate() then builds', { timeout: 120_000 }, async () => {
    const dataDir = tempDir('none');
    const database = await openDatabase({ kind: 'pglite', dataDir, seed: null });
    try {
      expect(await versions(database)).toBeNull();
      expect(await database.migrate()).toHaveLength(migrationFiles());
    } finally {
      await database.close();
    }
  });
});
