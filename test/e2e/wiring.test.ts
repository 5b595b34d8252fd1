import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { wire } from '../../src/runtime.js';
import { LogCapture, OWNER_PASSWORD, TEST_DATA_KEY, TEST_JWT_SECRET, createOrg, describeEachBackend, ownerEmailOf, signIn, testConfig } from '../helpers/harness.js';

describeEachBackend('one wiring (src/runtime.ts)', (h) => {
  it('lists each capability’s background jobs in the runner it builds', async () => {
    expect(h().jobs.jobs).toEqual({
      periodic: ['release-expired-holds', 'low-balance-alerts', 'purge-idempotency', 'flush-key-last-used', 'reconcile-revocation-epoch', 'notification-delivery', 'purge-notifications', 'expire-exports', 'purge-exports', 'purge-ended-refresh-tokens', 'compact-analytics-rollups', 'webhook-fan-out', 'webhook-deliveries', 'purge-events'],
      queued: ['export.write'],
    });
    // Without SMTP there is no email delivery to run: the outbox is the hand-over.
    expect(h().services.notifications.emailDelivery).toBe('OUTBOX');
  });

  it('derives the test configuration from config.ts’s defaults: the lease and the hold follow the provider timeout', () => {
    const config = testConfig();
    expect(config).toMatchObject({ nodeEnv: 'test', providerTimeoutMs: 2_000, idempotencyLeaseMs: 21_000, holdExpiryMs: 51_000, concurrencyLimit: 32, velocityLimit: 1200 });
    expect(testConfig({ providerTimeoutMs: 500 })).toMatchObject({ idempotencyLeaseMs: 16_500, holdExpiryMs: 46_500 });
    expect(h().config.jwtSecret).toBe(TEST_JWT_SECRET);
  });

  it('runs a job on demand: the last-used flush writes a key’s buffered use', async () => {
    const org = await createOrg(h().services, { services: ['NIN_LOOKUP'] });
    const res = await h().app.inject({
      method: 'POST',
      url: '/v1/nin/raw/lookup',
      headers: { 'content-type': 'application/json', 'x-api-key': org.testKey },
      payload: { nin: '11111111111', requestReason: 'ACCOUNT_OPENING' },
    });
    expect(res.statusCode).toBe(200);
    await h().jobs.runPeriodic('flush-key-last-used');
    const row = await h().database.db.selectFrom('api_keys').select('last_used_at').where('id', '=', org.testKeyId).executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeInstanceOf(Date);
  });

  it('gives the CLI storage and services only, on the same database, and closes what it opened', async () => {
    const logs = new LogCapture();
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_ENCRYPTION_KEY: TEST_DATA_KEY.toString('base64') });
    const runtime = await wire(config, { logger: createLogger('info', logs), http: false, database: h().database });
    try {
      expect(Object.keys(runtime).sort()).toEqual(['close', 'config', 'database', 'logger', 'redis', 'services']);
      const org = await createOrg(runtime.services);
      // What the CLI made, the app serves.
      const email = await ownerEmailOf(h().services, org);
      const session = await signIn(h().app, email, OWNER_PASSWORD);
      expect(session.accessToken).toMatch(/\./);
    } finally {
      await runtime.close();
    }
    // A shared database is never closed by the wiring that borrowed it.
    expect(await h().database.db.selectFrom('organisations').select('id').limit(1).execute()).toHaveLength(1);
  });
});
