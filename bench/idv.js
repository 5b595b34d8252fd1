// Starts the real idv server (dist/, built by `npm run build`) in a child process on fresh storage,
// with a demo organisation and its test key. Shared by every scenario that loads idv.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  BenchError,
  ROOT,
  devSecrets,
  freePort,
  redactUrl,
  runNodeJson,
  startNode,
  tempDir,
  tempPostgresDatabase,
  waitForHttp,
  waitForOutput,
} from './lib.js';

const CLI = 'dist/cli/main.js';

/**
 * PostgreSQL when `settings.databaseUrl` is set (a temporary database on that server, demo created
 * through `idv demo`), otherwise the embedded database in a temporary DATA_DIR (the server creates
 * the demo itself and prints its banner). Returns `{ base, testKey, liveKey, storage, child }`.
 */
export async function startIdv(settings, { cpuProfDir = null } = {}) {
  if (!existsSync(join(ROOT, CLI))) throw new BenchError(`${CLI} is missing; run \`npm run build\` (npm run bench does)`);

  const port = await freePort();
  const env = {
    ...devSecrets(),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };

  let storage;
  let demo = null;
  if (settings.databaseUrl) {
    const db = await tempPostgresDatabase(settings.databaseUrl);
    env.DATABASE_URL = db.url;
    storage = {
      kind: 'postgres',
      description: `PostgreSQL ${db.serverVersion} at ${db.host}, temporary database ${db.name}`,
      url: redactUrl(db.url),
    };
    // The demo is created before the server starts, through the CLI, with the server's own secrets.
    demo = await runNodeJson(CLI, ['demo'], env);
    if (typeof demo.testKey !== 'string') throw new BenchError(`idv demo printed no testKey: ${JSON.stringify(demo)}`);
  } else {
    env.DATA_DIR = tempDir('idv-bench-data-');
    storage = { kind: 'pglite', description: `embedded PGlite in ${env.DATA_DIR} (temporary)`, dataDir: env.DATA_DIR };
  }

  const child = startNode('idv', CLI, ['serve'], { env, cpuProfDir });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/healthz`, child, 120_000);

  let testKey = demo?.testKey;
  let liveKey = demo?.liveKey;
  if (!testKey) {
    // On an empty embedded database the server prints the demo keys once, after it listens.
    const m = await waitForOutput(child, /test key\s+(sk_test_[A-Za-z0-9]+)/);
    testKey = m[1];
    liveKey = /live key\s+(sk_live_[A-Za-z0-9]+)/.exec(child.output())?.[1];
  }
  return { base, testKey, liveKey, storage, child };
}
