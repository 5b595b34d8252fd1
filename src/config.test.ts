import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dir = () => mkdtempSync(join(tmpdir(), 'idv-config-'));
const KEY = Buffer.alloc(32, 7).toString('base64');
const JWT = 'j'.repeat(40);

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
