import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_GATEWAY_SECRET, PROVIDER_URL_SETTINGS, loadConfig } from './config.js';

const dir = () => mkdtempSync(join(tmpdir(), 'idv-config-'));
const KEY = Buffer.alloc(32, 7).toString('base64');
const JWT = 'j'.repeat(40);
/** Everything production requires, so a test names only the problem it is about. */
const production = () => ({
  NODE_ENV: 'production',
  DATA_DIR: dir(),
  JWT_SECRET: JWT,
  DATA_ENCRYPTION_KEY: KEY,
  PAYMENT_GATEWAY_URL: 'https://gateway.example',
  PAYMENT_GATEWAY_SECRET: 'sk_live_gateway_secret',
  ...Object.fromEntries(Object.values(PROVIDER_URL_SETTINGS).map((name) => [name, 'https://registry.example'])),
});

describe('loadConfig', () => {
  it('applies defaults and uses the embedded database without DATABASE_URL', () => {
    const c = loadConfig({ DATA_DIR: dir(), JWT_SECRET: JWT, DATA_ENCRYPTION_KEY: KEY });
    expect(c).toMatchObject({ nodeEnv: 'development', port: 3000, databaseUrl: null, redisUrl: null, logLevel: 'info', secretsSource: 'environment' });
    expect(c.dataEncryptionKey.length).toBe(32);
    expect(c.providerConnections).toBe(512);
  });

  it('takes the connections per upstream registry, and refuses a value out of range', () => {
    expect(loadConfig({ DATA_DIR: dir(), JWT_SECRET: JWT, DATA_ENCRYPTION_KEY: KEY, PROVIDER_CONNECTIONS: '64' }).providerConnections).toBe(64);
    expect(() => loadConfig({ DATA_DIR: dir(), JWT_SECRET: JWT, DATA_ENCRYPTION_KEY: KEY, PROVIDER_CONNECTIONS: '0' })).toThrow(/PROVIDER_CONNECTIONS/);
  });

  it('stops a production start without secrets, naming each one', () => {
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/JWT_SECRET is required in production/);
      expect(problems).toMatch(/DATA_ENCRYPTION_KEY is required in production/);
    }
  });

  it('names every malformed value at once', () => {
    try {
      loadConfig({ NODE_ENV: 'staging', PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', LOG_LEVEL: 'loud', JWT_SECRET: 'short', DATA_ENCRYPTION_KEY: 'abc' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['NODE_ENV', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'JWT_SECRET', 'DATA_ENCRYPTION_KEY']) {
        expect(problems).toContain(name);
      }
    }
  });

  const base = () => ({ DATA_DIR: dir(), JWT_SECRET: JWT, DATA_ENCRYPTION_KEY: KEY });
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('listens on 127.0.0.1 unless HOST is set outside production, on every interface in production', () => {
    expect(loadConfig(base()).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base(), NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production(), HOST: '' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production(), HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });

  it('serves metrics on 127.0.0.1:9464 by default, and never on the API port', () => {
    expect(loadConfig(base())).toMatchObject({ metricsHost: '127.0.0.1', metricsPort: 9464 });
    expect(loadConfig({ ...base(), METRICS_PORT: '0', METRICS_HOST: '10.0.0.5' })).toMatchObject({ metricsHost: '10.0.0.5', metricsPort: 0 });
    expect(problemsOf({ ...base(), PORT: '9100', METRICS_PORT: '9100' })).toEqual([expect.stringMatching(/^METRICS_PORT must differ from PORT/)]);
  });

  it('trusts a hop count or listed proxies, and refuses TRUST_PROXY=true with what to set instead', () => {
    expect(loadConfig(base()).trustProxy).toBe(false);
    expect(loadConfig({ ...base(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback', '::1', 'fd00::/8']);
    const [problem] = problemsOf({ ...base(), TRUST_PROXY: 'true' });
    expect(problem).toMatch(/^TRUST_PROXY=true would believe any client's X-Forwarded-For; set the number of proxies .*TRUST_PROXY=1.* or their addresses/);
    expect(problemsOf({ ...base(), TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toEqual([expect.stringMatching(/TRUST_PROXY .*"10\.0\.0\.0\/33", "proxy\.local"/)]);
    expect(problemsOf({ ...base(), TRUST_PROXY: '11' })).toEqual([expect.stringMatching(/TRUST_PROXY must be a hop count from 0 to 10/)]);
  });

  it('refuses an idempotency lease shorter than the chain of provider calls, naming both settings', () => {
    expect(loadConfig({ ...base(), PROVIDER_TIMEOUT_MS: '2000' })).toMatchObject({ idempotencyLeaseMs: 21_000, holdExpiryMs: 51_000 });
    expect(loadConfig({ ...base(), PROVIDER_TIMEOUT_MS: '2000', IDEMPOTENCY_LEASE_MS: '6000' }).idempotencyLeaseMs).toBe(6_000);
    expect(problemsOf({ ...base(), PROVIDER_TIMEOUT_MS: '10000', IDEMPOTENCY_LEASE_MS: '20000' })).toEqual([
      expect.stringMatching(/^IDEMPOTENCY_LEASE_MS \(20000\) must be at least 3 × PROVIDER_TIMEOUT_MS \(30000\)/),
    ]);
    expect(problemsOf({ ...base(), IDEMPOTENCY_LEASE_MS: '60000', HOLD_EXPIRY_MS: '60000' })).toEqual([
      'HOLD_EXPIRY_MS (60000) must be longer than IDEMPOTENCY_LEASE_MS (60000)',
    ]);
  });

  it('takes the listener timeouts and connection cap, each checked against the others', () => {
    expect(loadConfig(base()).http).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 15_000, connectionTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000, maxConnections: 4_096 });
    // The idle timeout follows the lease by default, so a long verification is never cut.
    expect(loadConfig({ ...base(), IDEMPOTENCY_LEASE_MS: '120000' }).http.connectionTimeoutMs).toBe(135_000);
    expect(loadConfig({ ...base(), REQUEST_TIMEOUT_MS: '1000' }).http).toMatchObject({ requestTimeoutMs: 1_000, headersTimeoutMs: 1_000 });
    expect(problemsOf({ ...base(), CONNECTION_TIMEOUT_MS: '45000' })).toEqual([
      expect.stringMatching(/^CONNECTION_TIMEOUT_MS \(45000\) must be longer than IDEMPOTENCY_LEASE_MS \(45000\)/),
    ]);
    expect(problemsOf({ ...base(), REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toEqual([
      'HEADERS_TIMEOUT_MS (6000) must not be longer than REQUEST_TIMEOUT_MS (5000)',
    ]);
    expect(problemsOf({ ...base(), KEEP_ALIVE_TIMEOUT_MS: '60000' })).toEqual(['KEEP_ALIVE_TIMEOUT_MS (60000) must be shorter than CONNECTION_TIMEOUT_MS (60000)']);
    expect(problemsOf({ ...base(), MAX_CONNECTIONS: '0' })).toEqual([expect.stringMatching(/^MAX_CONNECTIONS must be a whole number from 1/)]);
  });

  it('never takes the simulator’s public gateway secret in production, and says when the built-in one is used', () => {
    expect(loadConfig(base()).paymentGatewaySecretSource).toBe('built-in');
    expect(loadConfig({ ...base(), PAYMENT_GATEWAY_SECRET: 'sk_live_real' })).toMatchObject({ paymentGatewaySecret: 'sk_live_real', paymentGatewaySecretSource: 'environment' });
    expect(problemsOf({ ...production(), PAYMENT_GATEWAY_SECRET: DEV_GATEWAY_SECRET })).toEqual([
      "PAYMENT_GATEWAY_SECRET must be the gateway's real secret key in production, not the simulator's public one",
    ]);
  });

  it('generates development secrets once into DATA_DIR and reuses them', () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d });
    const second = loadConfig({ DATA_DIR: d });
    expect(first.secretsSource).toBe('data-dir');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.dataEncryptionKey.length).toBe(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.dataEncryptionKey.equals(first.dataEncryptionKey)).toBe(true);
    const file = join(d, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).dataEncryptionKey).toBe(first.dataEncryptionKey.toString('base64'));
  });
});
