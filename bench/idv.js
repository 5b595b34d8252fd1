// Starts the real idv server (dist/, built by `npm run build`) in a child process on fresh storage,
// with a demo organisation and its test key. Shared by every scenario that loads idv.
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVE_NODE_FLAGS } from '../scripts/serve-flags.mjs';
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
} from './lib.js';

const CLI = 'dist/cli/main.js';

/**
 * PostgreSQL when `settings.databaseUrl` is set (a temporary database on that server), otherwise the
 * embedded database in a temporary DATA_DIR. Returns `{ base, testKey, liveKey, liveKeyId, demo, databaseUrl, storage, child }`
 * (`demo`: what `idv demo` printed, the owner's sign-in included).
 */
export async function startIdv(settings, { cpuProfDir = null, name = 'idv', extraEnv = {} } = {}) {
  if (!existsSync(join(ROOT, CLI))) throw new BenchError(`${CLI} is missing; run \`npm run build\` (npm run bench does)`);

  const port = await freePort();
  const env = {
    ...devSecrets(),
    PORT: String(port),
    HOST: '127.0.0.1',
    // Several idv servers run at once (shared between scenarios): each its own free metrics port.
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // Benchmarks set their own guards rather than measure them (DESIGN.md §8).
    CONCURRENCY_LIMIT: '100000',
    VELOCITY_LIMIT: '10000000',
    ...extraEnv,
  };

  let storage;
  if (settings.databaseUrl) {
    const db = await tempPostgresDatabase(settings.databaseUrl);
    env.DATABASE_URL = db.url;
    storage = {
      kind: 'postgres',
      description: `PostgreSQL ${db.serverVersion} at ${db.host}, temporary database ${db.name}`,
      url: redactUrl(db.url),
    };
  } else {
    env.DATA_DIR = tempDir('idv-bench-data-');
    if (settings.dataDirTemplate) cpSync(join(settings.dataDirTemplate, 'pgdata'), join(env.DATA_DIR, 'pgdata'), { recursive: true });
    storage = { kind: 'pglite', description: `embedded PGlite in ${env.DATA_DIR} (temporary)`, dataDir: env.DATA_DIR };
  }

  // The demo organisation and a key whose per-minute allowance the load cannot exhaust: the benchmark
  // measures the service, not the key's rate limit. Made through the CLI before the server starts
  // (the embedded database belongs to one process at a time).
  const demo = await runNodeJson(CLI, ['demo'], env);
  if (typeof demo.organisationId !== 'string') throw new BenchError(`idv demo printed no organisation: ${JSON.stringify(demo)}`);
  const key = async (type) =>
    runNodeJson(CLI, ['key', 'create', '--org', demo.organisationId, '--type', type, '--name', `bench ${type}`, '--rate-limit', '1000000'], env);
  const test = await key('test');
  const live = await key('live');
  const testKey = test.secret;
  const liveKey = live.secret;
  // A wallet deep enough for the live load: one adjustment by a benchmark admin.
  const admin = await runNodeJson(CLI, ['admin', 'create', '--email', `bench-${Date.now()}@example.com`, '--password', 'bench password 1234'], env);
  await runNodeJson(
    CLI,
    ['wallet', 'adjust', '--org', demo.organisationId, '--amount', '100000000', '--reason', 'benchmark float', '--admin', admin.userId],
    { ...env, ADJUSTMENT_APPROVAL_THRESHOLD: '1000000000' },
  );

  const child = startNode(name, CLI, ['serve'], { env, cpuProfDir, nodeArgs: SERVE_NODE_FLAGS });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/healthz`, child, 120_000);

  return { base, testKey, liveKey, liveKeyId: live.id, demo, databaseUrl: env.DATABASE_URL ?? null, storage, child, env };
}

/**
 * A second `idv serve` beside `idv`: the same database, secrets and keys, its own port (the scale-out
 * scenario). PostgreSQL only: the embedded database belongs to one process.
 */
export async function startPeer(idv, { cpuProfDir = null, name = 'idv-peer' } = {}) {
  if (!idv.env.DATABASE_URL) throw new BenchError('a second server needs PostgreSQL (BENCH_DATABASE_URL)');
  const port = await freePort();
  const child = startNode(name, CLI, ['serve'], { env: { ...idv.env, PORT: String(port) }, cpuProfDir, nodeArgs: SERVE_NODE_FLAGS });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/healthz`, child, 120_000);
  return { ...idv, base, child };
}

/**
 * The registry simulator in a child process of its own, every answer delayed by `latencyMs` (no
 * jitter), and the provider settings that point an idv server at it.
 */
export async function startSimulatorProcess({ latencyMs, cpuProfDir = null }) {
  const port = await freePort();
  const child = startNode('simulator', CLI, ['simulator'], {
    env: { HOST: '127.0.0.1', SIMULATOR_PORT: String(port), SIMULATOR_LATENCY_MS: String(latencyMs), SIMULATOR_LATENCY_JITTER_MS: '0', NODE_ENV: 'development' },
    cpuProfDir,
  });
  const base = `http://127.0.0.1:${port}`;
  // It has no health route: any answer from a registry call means it is up.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new BenchError(`the simulator exited. Last output:\n${child.tail()}`);
    try {
      await (await fetch(`${base}/identity/v1/nin/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new BenchError(`the simulator did not answer within 30 s. Last output:\n${child.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const providerEnv = {
    IDENTITY_PROVIDER_URL: `${base}/identity`,
    BVN_PROVIDER_URL: `${base}/bvn`,
    FEDERAL_TAX_PROVIDER_URL: `${base}/firs`,
    JOINT_TAX_PROVIDER_URL: `${base}/jtb`,
    CORPORATE_REGISTRY_URL: `${base}/cac`,
    PHONE_RESOLUTION_PROVIDER_URL: `${base}/resolution`,
    PAYMENT_GATEWAY_URL: `${base}/gateway`,
  };
  return { base, child, providerEnv };
}
