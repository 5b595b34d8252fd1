// `npm run build`, after tsc: writes dist/pglite-seed/, the image of an embedded database initialised and
// migrated, which a first start on an empty DATA_DIR loads instead of initialising a cluster
// (src/platform/pglite-seed.ts). Skipped when the seed there already matches PGlite and the migrations.
import { fileURLToPath } from 'node:url';

const built = (path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const { currentManifest, seedMatches, writeSeed, SEED_DIR } = await built('platform/pglite-seed.js');
const { openDatabase, pgliteImage } = await built('platform/db.js');
const { migrate } = await built('migrate.js');

const where = fileURLToPath(SEED_DIR);
if (seedMatches()) {
  process.stdout.write(`${where} matches PGlite and the migrations: not written again\n`);
} else {
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await migrate(database);
    const image = new Uint8Array(await (await pgliteImage(database)).arrayBuffer());
    writeSeed(image, currentManifest());
  } finally {
    await database.close();
  }
  process.stdout.write(`wrote ${where}\n`);
}
