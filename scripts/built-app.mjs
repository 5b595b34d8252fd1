// The built app (dist/), wired on an in-memory database with every upstream given an address it never
// calls, so nothing starts or listens: for scripts that need what the app serves (its OpenAPI document).
import { randomBytes } from 'node:crypto';

const dist = new URL('../dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);

/** Runs fn(app) on the built app, then closes it. */
export async function withBuiltApp(fn) {
  const [{ loadConfig, PROVIDER_URL_SETTINGS }, { openDatabase }, { migrate }, { wire }, { createLogger }] = await Promise.all([
    load('config.js'),
    load('platform/db.js'),
    load('migrate.js'),
    load('runtime.js'),
    load('platform/logger.js'),
  ]);
  const unused = 'http://127.0.0.1:9';
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PAYMENT_GATEWAY_URL: unused,
    ...Object.fromEntries(Object.values(PROVIDER_URL_SETTINGS).map((name) => [name, unused])),
  });
  const database = await openDatabase({ kind: 'pglite-memory' });
  await migrate(database);
  const wiring = await wire(config, { logger: createLogger('error'), database, defaultMetrics: false });
  try {
    await wiring.app.ready();
    return await fn(wiring.app);
  } finally {
    await wiring.app.close();
    await database.close();
  }
}

/** GET path on the app, which must answer 200; its JSON. */
export async function getJson(app, path) {
  const res = await app.inject({ method: 'GET', url: path });
  if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}
