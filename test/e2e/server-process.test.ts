import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db.js';
import { startupBanner } from '../../src/server.js';
import { ROOT, spawnIdv } from '../helpers/idv-process.js';

/**
 * `npm start` as a newcomer runs it: a real process on an empty embedded database prints demo keys,
 * answers with them, refuses a second process on the same data, and stops cleanly on SIGTERM.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'idv-serve-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  // No HOST: a newcomer's server listens on 127.0.0.1 only (asserted below from its log).
  HOST: '',
  METRICS_PORT: '0',
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
  REDIS_URL: '',
  JWT_SECRET: '',
  DATA_ENCRYPTION_KEY: '',
};
const children: ChildProcessWithoutNullStreams[] = [];

function serve(extraEnv: Record<string, string> = {}) {
  const proc = spawnIdv(children, { ...env, ...extraEnv }, 'serve');
  return { ...proc, waitFor: (pattern: RegExp, timeoutMs?: number) => proc.waitFor(pattern, { stderr: true, timeoutMs }) };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the server process', () => {
  let base = '';
  let testKey = '';

  it('prints demo keys on an empty embedded database and answers with them', async () => {
    const first = serve();
    const [, key] = (await first.waitFor(/test key\s+(sk_test_[A-Za-z0-9]+)/))!;
    const [, url] = (await first.waitFor(/idv is running at (http:\/\/localhost:\d+)/))!;
    testKey = key!;
    base = url!;
    expect(first.output().stdout).toMatch(/live key\s+sk_live_/);
    const res = await fetch(`${base}/v1/nin/raw/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': testKey, 'content-type': 'application/json' },
      body: JSON.stringify({ nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { verificationStatus: string } }).data.verificationStatus).toBe('VERIFIED');

    // The live key is billed against the demo credit, through the simulator the server started.
    expect(first.output().stderr + first.output().stdout).toMatch(/live keys reach the built-in registry simulator/);
    const liveKey = first.output().stdout.match(/live key\s+(sk_live_[A-Za-z0-9]+)/)![1]!;
    const live = await fetch(`${base}/v1/nin/raw/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': liveKey, 'content-type': 'application/json' },
      body: JSON.stringify({ nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }),
    });
    expect(live.status).toBe(200);
    expect(((await live.json()) as { data: { charged: boolean; chargeAmount: number } }).data).toMatchObject({ charged: true, chargeAmount: 150 });

    // A second process on the same embedded database fails at once, naming the holder.
    const second = serve();
    expect(await second.exited).not.toBe(0);
    expect(second.output().stderr).toMatch(new RegExp(`in use by another idv process \\(pid ${first.child.pid}\\)`));

    // SIGTERM: in-flight work finishes, the lock is released, the exit is clean.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toMatch(/shutting down/);
    expect(existsSync(join(dataDir, 'idv.lock'))).toBe(false);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);

    // The demo owner's password as a real server stores it: argon2id at the service's cost (the suite's
    // own processes hash cheaper: test/setup.ts).
    const stored = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const users = await stored.db.selectFrom('users').select('password_hash').where('password_hash', 'is not', null).execute();
      expect(users.length).toBeGreaterThan(0);
      for (const u of users) expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await stored.close();
    }
  }, 90_000);

  it('keeps its data across restarts and prints no new keys; the banner says where things are', async () => {
    // BANNER=on: the banner a terminal gets on every start (a pipe, as here, gets it only with new demo keys).
    const again = serve({ BANNER: 'on' });
    await again.waitFor(/idv listening on/);
    const port = (again.output().stdout.match(/idv listening on http:\/\/127\.0\.0\.1:(\d+)/) ?? [])[1];
    const [banner] = (await again.waitFor(/─{78}\n idv is running at[\s\S]*?\n─{78}\n/))!;
    const base = `http://localhost:${port}`;
    expect(banner).toContain(`API reference   ${base}/docs`);
    expect(banner).toContain(`OpenAPI         ${base}/openapi.json`);
    expect(banner).toMatch(/metrics {9}http:\/\/127\.0\.0\.1:\d+\/metrics/);
    expect(banner).toContain(`outbox          npx idv outbox --to ADDRESS   (or GET ${base}/v1/notifications/outbox?to=ADDRESS)`);
    // The console is listed once built (`npm run build`); until then the log says to build it.
    if (existsSync(join(ROOT, 'dist', 'console', 'index.html'))) expect(banner).toContain(`console         ${base}/`);
    else expect(banner).not.toMatch(/console/);
    expect(banner).toContain('It answers this machine only; set HOST=0.0.0.0');
    // How to get another key while it runs: the demo organisation made on the first start.
    expect(banner).toMatch(/npx idv key create --org org_[a-z0-9]+ --type test --name "my key"/);
    expect(banner).toContain('npx idv demo');
    expect(again.output().stdout).not.toMatch(/test key|sk_test_|sk_live_/);
    const res = await fetch(`http://127.0.0.1:${port}/v1/nin/raw/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': testKey, 'content-type': 'application/json', 'x-request-id': `restart-${randomBytes(3).toString('hex')}` },
      body: JSON.stringify({ nin: '00000000000', requestReason: 'ACCOUNT_OPENING' }),
    });
    expect(res.status).toBe(404);
    // The page and the document the banner points at answer.
    expect((await fetch(`${base}/openapi.json`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});

describe('the start-up banner', () => {
  const info = { base: 'http://localhost:3000', localOnly: false, production: false, consoleServed: false, metricsUrl: 'http://127.0.0.1:9464/metrics', demo: null, keyOrganisationId: null };

  it('lists the console only when one is served, and keeps development lines out of production', () => {
    expect(startupBanner(info)).not.toMatch(/console/);
    expect(startupBanner({ ...info, consoleServed: true })).toContain('console         http://localhost:3000/');
    const production = startupBanner({ ...info, production: true });
    expect(production).not.toMatch(/outbox|idv demo/);
    expect(production).toContain('npx idv key create --org ORG_ID --type test --name "my key"');
    expect(production).not.toMatch(/this machine only/);
  });

  it('shows demo keys and sign-in once, with a call that works as pasted', () => {
    const demo = { organisationId: 'org_1', ownerEmail: 'o@example.com', ownerPassword: 'pw1', platformAdminEmail: 'a@example.com', platformAdminPassword: 'pw2', testKey: 'sk_test_abc', liveKey: 'sk_live_def' };
    const text = startupBanner({ ...info, demo, keyOrganisationId: demo.organisationId });
    expect(text).toMatch(/test key {3}sk_test_abc\n/);
    expect(text).toMatch(/live key {3}sk_live_def /);
    expect(text).toContain('owner      o@example.com / pw1');
    expect(text).toContain("-H 'x-api-key: sk_test_abc'");
    expect(text).toContain('npx idv key create --org org_1 --type test');
  });
});
