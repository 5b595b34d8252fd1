import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` as a newcomer runs it: a real process on an empty embedded database prints demo keys,
 * answers with them, refuses a second process on the same data, and stops cleanly on SIGTERM.
 */
const ROOT = join(import.meta.dirname, '..', '..');
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

function serve() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], { cwd: ROOT, env });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000) => {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      const m = (stdout + stderr).match(pattern);
      if (m) return m;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`did not see ${pattern}; output:\n${stdout}\n${stderr}`);
  };
  return { child, exited, output, waitFor };
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
  }, 90_000);

  it('keeps its data across restarts and prints no new keys', async () => {
    const again = serve();
    await again.waitFor(/idv listening on/);
    const port = (again.output().stdout.match(/idv listening on http:\/\/127\.0\.0\.1:(\d+)/) ?? [])[1];
    expect(again.output().stdout).not.toMatch(/test key/);
    const res = await fetch(`http://127.0.0.1:${port}/v1/nin/raw/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': testKey, 'content-type': 'application/json', 'x-request-id': `restart-${randomBytes(3).toString('hex')}` },
      body: JSON.stringify({ nin: '00000000000', requestReason: 'ACCOUNT_OPENING' }),
    });
    expect(res.status).toBe(404);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
