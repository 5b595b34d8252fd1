import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_CONTROL_HEADER, LOCAL_CONTROL_PATHS, localControlTokenOf } from '../../src/admin/local-control.routes.js';
import { cli } from '../helpers/cli.js';
import { spawnIdv } from '../helpers/idv-process.js';
import { backends, createHarness, createOrg, describeEachBackend, lookup, otpFrom } from '../helpers/harness.js';

/**
 * While `idv serve` holds the embedded database, `idv key create`, `idv outbox` and `idv demo` go through
 * it (DESIGN.md §9): on loopback-only routes that need the per-process token of its 0600 lock file.
 */
const SECRETS = { JWT_SECRET: 'c'.repeat(40), DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
const children: ChildProcessWithoutNullStreams[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function spawnIdvWith(env: Record<string, string>, ...argv: string[]) {
  const proc = spawnIdv(
    children,
    { ...process.env, NODE_ENV: 'development', HOST: '', PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '', ...SECRETS, ...env },
    ...argv,
  );
  return { ...proc, waitFor: (pattern: RegExp, timeoutMs?: number) => proc.waitFor(pattern, { timeoutMs }) };
}

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('the CLI while `idv serve` holds the embedded database', () => {
  it('creates keys, a demo organisation and reads the outbox through the running server; other commands say what to do', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idv-control-'));
    const env = { ...SECRETS, DATA_DIR: dataDir };
    const server = spawnIdvWith({ DATA_DIR: dataDir, BANNER: 'on' }, 'serve');
    // The banner names the organisation of its `idv key create` line: the demo one, made on this empty database.
    const [, orgId] = (await server.waitFor(/npx idv key create --org (org_[a-z0-9]+) --type test --name "my key"/))!;
    const [, base] = (await server.waitFor(/idv is running at (http:\/\/localhost:\d+)/))!;

    // The lock file says how to reach the server, and only its owner can read it.
    const lockFile = join(dataDir, 'idv.lock');
    expect(statSync(lockFile).mode & 0o777).toBe(0o600);
    const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
    expect(lock).toMatchObject({ pid: server.child.pid, control: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), token: expect.any(String) } });

    // `idv key create` as its own process (the real entry point exits once printed), and the key works on the server.
    const keyCli = spawnIdvWith(env, 'key', 'create', '--org', orgId!, '--type', 'test', '--name', 'made while serving');
    expect(await keyCli.exited, keyCli.output().stderr).toBe(0);
    const key = JSON.parse(keyCli.output().stdout);
    expect(key).toMatchObject({ id: expect.stringMatching(/^key_/), name: 'made while serving', type: 'test', rateLimit: 600, secret: expect.stringMatching(/^sk_test_/) });
    const verified = await post(base!, '/v1/nin/raw/lookup', { nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }, { 'x-api-key': key.secret });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { data: { verificationStatus: string } }).data.verificationStatus).toBe('VERIFIED');

    // The service's own checks answer through the server as they do locally.
    const unknownOrg = await cli(env, 'key', 'create', '--org', 'org_missing', '--type', 'test', '--name', 'n');
    expect(unknownOrg.code).toBe(1);
    expect(unknownOrg.stderr).toMatch(/Organisation not found/);
    const badLimit = await cli(env, 'key', 'create', '--org', orgId!, '--type', 'live', '--name', 'n', '--rate-limit', '0');
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toMatch(/rateLimit: must be a whole number from 1 to 1000000/);

    // `idv demo`: a new organisation whose test key works and whose owner signs in with the code `idv outbox` shows.
    const demoRun = await cli(env, 'demo');
    expect(demoRun.code, demoRun.stderr).toBe(0);
    const demo = demoRun.json();
    expect(Object.keys(demo).sort()).toEqual(['liveKey', 'organisationId', 'ownerEmail', 'ownerPassword', 'platformAdminEmail', 'platformAdminPassword', 'testKey']);
    expect(demo.organisationId).not.toBe(orgId);
    const demoCall = await post(base!, '/v1/nin/raw/lookup', { nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }, { 'x-api-key': demo.testKey });
    expect(demoCall.status).toBe(200);

    const login = await post(base!, '/v1/auth/login', { email: demo.ownerEmail, password: demo.ownerPassword });
    expect(login.status).toBe(200);
    const { loginToken } = ((await login.json()) as { data: { loginToken: string } }).data;
    const outbox = await cli(env, 'outbox', '--to', demo.ownerEmail, '--limit', '1');
    expect(outbox.code, outbox.stderr).toBe(0);
    const [message] = outbox.json();
    expect(message).toMatchObject({ channel: 'email', to: demo.ownerEmail, subject: 'Your idv sign-in code' });
    const confirm = await post(base!, '/v1/auth/confirm-login', { loginToken, otp: otpFrom(message.body) });
    expect(confirm.status).toBe(200);
    const { accessToken } = ((await confirm.json()) as { data: { accessToken: string } }).data;

    // A wrong or missing token is refused, and nothing is made; a forwarded request is an unknown route.
    const keysBefore = await keyCount(base!, accessToken);
    for (const headers of [{ [LOCAL_CONTROL_HEADER]: 'not-the-token' }, {}] as Array<Record<string, string>>) {
      const refused = await post(base!, LOCAL_CONTROL_PATHS.apiKeys, { organisationId: demo.organisationId, type: 'test', name: 'intruder' }, headers);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
    const forwarded = await post(base!, LOCAL_CONTROL_PATHS.apiKeys, { organisationId: demo.organisationId, type: 'test', name: 'proxied' }, {
      [LOCAL_CONTROL_HEADER]: lock.control.token,
      'x-forwarded-for': '203.0.113.7',
    });
    expect(forwarded.status).toBe(404);
    expect(await forwarded.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await keyCount(base!, accessToken)).toBe(keysBefore);

    // Commands that need the database itself say exactly what to do, and change nothing.
    for (const argv of [['org', 'create', '--name', 'Held', '--admin-email', `held-${randomBytes(3).toString('hex')}@example.com`, '--admin-password', 'long enough pass'], ['migrate']]) {
      const held = await cli(env, ...argv);
      expect(held.code, argv.join(' ')).toBe(1);
      expect(held.stdout).toBe('');
      expect(held.stderr).toContain(`held by the idv server at ${lock.control.url} (pid ${server.child.pid})`);
      expect(held.stderr).toContain(`Stop the server (Ctrl-C in its terminal, or kill ${server.child.pid}), run \`idv ${argv[0]}${argv[0] === 'org' ? ' create' : ''}\` again`);
      expect(held.stderr).toMatch(/`idv key create`, `idv outbox` and `idv demo` work through it/);
    }

    // Once the server stopped, the same command opens the database itself.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    const direct = await cli(env, 'key', 'create', '--org', orgId!, '--type', 'live', '--name', 'after the server');
    expect(direct.code, direct.stderr).toBe(0);
    expect(direct.json()).toMatchObject({ type: 'live', name: 'after the server', secret: expect.stringMatching(/^sk_live_/) });
  }, 120_000);
});

async function keyCount(base: string, accessToken: string): Promise<number> {
  const res = await fetch(`${base}/v1/api-keys`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown[] }).data.length;
}

describeEachBackend('the local control routes', (h) => {
  const call = (path: string, body: unknown, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    h().app.inject({ method: 'POST', url: path, remoteAddress, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
  const token = () => ({ [LOCAL_CONTROL_HEADER]: localControlTokenOf(h().app)! });

  it('create a key with the token, from this machine only', async () => {
    const org = await createOrg(h().services);
    const made = await call(LOCAL_CONTROL_PATHS.apiKeys, { organisationId: org.organisationId, type: 'test', name: 'local', rateLimit: 5 }, token());
    expect(made.statusCode).toBe(201);
    const key = made.json().data;
    expect(key).toMatchObject({ name: 'local', type: 'test', rateLimit: 5, secret: expect.stringMatching(/^sk_test_/) });
    expect((await lookup(h().app, key.secret)).statusCode).toBe(200);

    const elsewhere = await call(LOCAL_CONTROL_PATHS.apiKeys, { organisationId: org.organisationId, type: 'test', name: 'remote' }, token(), '10.0.0.5');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const wrong = await call(LOCAL_CONTROL_PATHS.demo, {}, { [LOCAL_CONTROL_HEADER]: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: expect.stringContaining(LOCAL_CONTROL_HEADER) });
    expect((await h().services.apiKeys.list(org.organisationId)).map((k) => k.name).sort()).toEqual(['live key', 'local', 'test key']);
  });

  it('are not in the API reference', async () => {
    const doc = (await h().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/v1/local'))).toEqual([]);
  });
});

describe('the local control routes in production', () => {
  for (const backend of backends().slice(0, 1)) {
    it('do not exist: an unknown route, whatever the token', async () => {
      const h = await createHarness(backend, { settings: { nodeEnv: 'production' } });
      try {
        expect(localControlTokenOf(h.app)).toBeNull();
        const res = await h.app.inject({ method: 'POST', url: LOCAL_CONTROL_PATHS.demo, remoteAddress: '127.0.0.1', headers: { 'content-type': 'application/json', [LOCAL_CONTROL_HEADER]: 'x' }, payload: '{}' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      } finally {
        await h.app.close();
        await h.database.close();
      }
    });
  }
});
