import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { IDV_CLI, ROOT } from '../helpers/idv-process.js';

/**
 * `idv serve` that cannot start says why in one line naming the setting, and exits non-zero: it never
 * hangs (the only bound on time is each test's own timeout). Real processes, as a newcomer runs them.
 */
const SECRETS = { JWT_SECRET: 's'.repeat(40), DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
const children: ChildProcessWithoutNullStreams[] = [];
const servers: Server[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const s of servers) s.close();
});

const freshDir = () => mkdtempSync(join(tmpdir(), 'idv-startup-'));

/** Runs `idv serve` until it exits; resolves with its exit code and output. */
async function serve(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [IDV_CLI, 'serve'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', HOST: '', PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '', BANNER: '', DATA_DIR: freshDir(), ...SECRETS, ...env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, stdout, stderr };
}

/** The failure as the newcomer sees it: a non-zero exit and exactly one `idv:` line on stderr, no stack trace. */
function expectOneLine(result: { code: number | null; stdout: string; stderr: string }, message: RegExp) {
  expect(result.code, result.stderr).not.toBe(0);
  expect(result.code).not.toBeNull();
  const lines = result.stderr.split('\n').filter((l) => l.startsWith('idv:'));
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stdout).not.toMatch(/idv listening on/);
}

/** A port something else listens on. */
async function takenPort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as { port: number }).port;
}

/** A port nothing listens on (taken and released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('idv serve that cannot start', () => {
  it('a taken port: names it and PORT, and leaves the data directory unlocked', async () => {
    const port = await takenPort();
    const dataDir = freshDir();
    const result = await serve({ PORT: String(port), DATA_DIR: dataDir });
    expectOneLine(result, new RegExp(`^idv: port ${port} is in use; set PORT`));
    // Said before storage opens: no lock, no database made for a start that could not listen.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('a taken metrics port: names it and METRICS_PORT', async () => {
    const port = await takenPort();
    expectOneLine(await serve({ METRICS_PORT: String(port) }), new RegExp(`^idv: metrics port ${port} is in use; set METRICS_PORT to a free port \\(0: any free port\\)`));
  }, 60_000);

  it('a HOST that is not an address of this machine', async () => {
    // 192.0.2.0/24 is reserved for documentation: never an address of this machine.
    expectOneLine(await serve({ HOST: '192.0.2.10' }), /^idv: HOST 192\.0\.2\.10 is not an address of this machine; set HOST/);
  }, 60_000);

  it('DATABASE_URL on a port where nothing listens', async () => {
    const port = await closedPort();
    expectOneLine(
      await serve({ DATABASE_URL: `postgres://idv:secret-password@127.0.0.1:${port}/idv` }),
      new RegExp(`^idv: nothing accepts connections at 127\\.0\\.0\\.1:${port} \\(DATABASE_URL\\): start PostgreSQL there, or correct DATABASE_URL$`),
    );
  }, 60_000);

  it('DATABASE_URL with a host that does not exist, and never its password', async () => {
    const result = await serve({ DATABASE_URL: 'postgres://idv:secret-password@no-such-host.invalid:5432/idv' });
    expectOneLine(result, /^idv: the host "no-such-host\.invalid" in DATABASE_URL was not found: correct DATABASE_URL, or unset it/);
    expect(result.stderr + result.stdout).not.toContain('secret-password');
  }, 60_000);

  const pgTemplate = inject('pgTemplate');
  it.skipIf(!pgTemplate)('DATABASE_URL naming a database that does not exist', async () => {
    const url = new URL(pgTemplate!.adminUrl);
    url.pathname = `/idv_missing_${randomBytes(4).toString('hex')}`;
    expectOneLine(await serve({ DATABASE_URL: url.toString() }), /^idv: the database of DATABASE_URL does not exist at .*: create it \(createdb\), or correct DATABASE_URL$/);
  }, 60_000);

  it('REDIS_URL on a port where nothing listens: said before storage opens', async () => {
    const port = await closedPort();
    const dataDir = freshDir();
    expectOneLine(
      await serve({ REDIS_URL: `redis://127.0.0.1:${port}`, DATA_DIR: dataDir }),
      new RegExp(`^idv: REDIS_URL: nothing accepts connections at 127\\.0\\.0\\.1:${port}: start Redis there or correct REDIS_URL, or unset REDIS_URL`),
    );
    // No embedded database made (and migrated, seconds) for a start that could not reach Redis.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('REDIS_URL with a host that does not exist', async () => {
    expectOneLine(await serve({ REDIS_URL: 'redis://:secret@no-such-host.invalid:6379' }), /^idv: REDIS_URL: the host "no-such-host\.invalid" was not found/);
  }, 60_000);

  // Tests may run as root, whom permissions do not stop: a path under a regular file cannot be a directory for anyone.
  it('a DATA_DIR that cannot be written, with the secrets in the environment', async () => {
    const file = join(freshDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    expectOneLine(
      await serve({ DATA_DIR: join(file, 'data') }),
      new RegExp(`^idv: DATA_DIR ${join(file, 'data').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be written \\(a part of that path is a file, not a directory\\): set DATA_DIR to a directory this user can write`),
    );
  }, 60_000);

  it('a DATA_DIR that cannot be written, where the development secrets would be made', async () => {
    const file = join(freshDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    expectOneLine(
      await serve({ DATA_DIR: join(file, 'data'), JWT_SECRET: '', DATA_ENCRYPTION_KEY: '' }),
      /^idv: invalid configuration: DATA_DIR .* cannot be written \(a part of that path is a file, not a directory\): set DATA_DIR/,
    );
  }, 60_000);

  it('a DATA_DIR that is a file', async () => {
    const file = join(freshDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    expectOneLine(await serve({ DATA_DIR: file }), /^idv: DATA_DIR .* cannot be written \(.*\): set DATA_DIR/);
  }, 60_000);

  it('a bad setting: names it and what it must be; several are all named', async () => {
    expectOneLine(await serve({ PORT: 'abc' }), /^idv: invalid configuration: PORT must be a whole number from 0 to 65535 \(got "abc"\)$/);
    const several = await serve({ PORT: 'abc', BANNER: 'loud' });
    expect(several.code).toBe(1);
    expect(several.stderr).toMatch(/^idv: Invalid configuration:\n {2}- PORT must be a whole number[^\n]*\n {2}- BANNER must be one of auto, on, off \(got "loud"\)/);
  }, 60_000);
});
