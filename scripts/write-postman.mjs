// `npm run build`, after tsc: writes dist/postman.json, the Postman collection (v2.1) of the API, made
// from the OpenAPI document of the built app exactly as GET /postman.json serves it. The app is wired on
// an in-memory database, with every upstream given an address it never calls, so nothing starts or
// listens and nothing is written but the file.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);
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
  const res = await wiring.app.inject({ method: 'GET', url: '/postman.json' });
  if (res.statusCode !== 200) throw new Error(`GET /postman.json answered ${res.statusCode}: ${res.body}`);
  const file = fileURLToPath(new URL('postman.json', dist));
  writeFileSync(file, `${JSON.stringify(res.json(), null, 2)}\n`);
  process.stdout.write(`wrote ${file}\n`);
} finally {
  await wiring.app.close();
  await database.close();
}
