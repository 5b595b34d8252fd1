import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MIGRATIONS_DIR, numberedMigrations } from './migration-files.js';

/**
 * The seed of a new embedded database: an image of a data directory that PGlite has initialised and
 * every numbered migration has been applied to, written by `npm run build` (scripts/write-pglite-seed.mjs).
 * A first start on an empty DATA_DIR loads it instead of initialising a cluster, which is most of a
 * first start's time (6 s of CPU here, against about 2 s to load the image); migrate() then runs as on
 * every start. The seed is used only while its manifest matches the installed PGlite and the migrations
 * it was made from; otherwise a first start initialises a cluster as it always could.
 */
export const SEED_DIR = new URL('../../dist/pglite-seed/', import.meta.url);
const IMAGE = 'image.tar';
const MANIFEST = 'manifest.json';

export interface SeedManifest {
  /** The PGlite package version that made the image (its data directory format). */
  pglite: string;
  /** SHA-256 over the numbered migrations' names and contents, in order. */
  migrations: string;
}

/** What a seed made now, from the installed PGlite and this checkout's migrations (or those in `migrations`), would say. */
export function currentManifest(migrations: URL = MIGRATIONS_DIR): SeedManifest {
  const pkgUrl = new URL('../package.json', pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  const pglite = String((JSON.parse(readFileSync(pkgUrl, 'utf8')) as { version: unknown }).version);
  const hash = createHash('sha256');
  for (const file of numberedMigrations(migrations)) {
    hash.update(`${file}\0`).update(readFileSync(new URL(file, migrations))).update('\0');
  }
  return { pglite, migrations: hash.digest('hex') };
}

/** True when dir holds a seed made from the installed PGlite and these migrations. */
export function seedMatches(dir: URL = SEED_DIR): boolean {
  const manifestUrl = new URL(MANIFEST, dir);
  if (!existsSync(manifestUrl) || !existsSync(new URL(IMAGE, dir))) return false;
  let manifest: Partial<SeedManifest>;
  try {
    manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as Partial<SeedManifest>;
  } catch {
    return false;
  }
  const current = currentManifest();
  return manifest.pglite === current.pglite && manifest.migrations === current.migrations;
}

/**
 * The seed's image when it matches (seedMatches); null otherwise, and when it cannot be read: the seed
 * only saves time, so a start never fails for it (a new cluster is initialised instead).
 */
export function readSeed(dir: URL = SEED_DIR): Blob | null {
  try {
    return seedMatches(dir) ? new Blob([readFileSync(new URL(IMAGE, dir))]) : null;
  } catch {
    return null;
  }
}

/**
 * Writes a seed: the old manifest goes first, then the image and the new manifest are each written
 * through a rename. A reader never sees half a file, and never an image with another image's manifest.
 */
export function writeSeed(image: Uint8Array, manifest: SeedManifest, dir: URL = SEED_DIR): void {
  mkdirSync(fileURLToPath(dir), { recursive: true });
  rmSync(fileURLToPath(new URL(MANIFEST, dir)), { force: true });
  for (const [name, data] of [
    [IMAGE, image],
    [MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`],
  ] as const) {
    const target = fileURLToPath(new URL(name, dir));
    writeFileSync(`${target}.tmp`, data);
    renameSync(`${target}.tmp`, target);
  }
}
