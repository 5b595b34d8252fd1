import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_GATEWAY_SECRET, PROVIDER_URL_SETTINGS } from '../../src/config.js';
import { gatewaySignature } from '../../src/providers/http/gateway.http.js';
import { cli, cliTargets } from '../helpers/cli.js';
import { otpFrom } from '../helpers/harness.js';
import { IDV_CLI, ROOT } from '../helpers/idv-process.js';

/**
 * The server's edges as a newcomer's `idv serve` has them (issue 9): a real process in development
 * with no HOST, no gateway, one trusted proxy hop and small listener limits. Everything here goes
 * over real sockets: who the client is, how long a request may take to arrive, how many may be open.
 */
const PASSWORD = 'edges password 1234';
const LIMITS = { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '20000', MAX_CONNECTIONS: '40' };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): any;
}

/** One exchange on a connection of its own (`Connection: close`), so no idle socket outlives it. */
function call(port: number, method: string, path: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        timeout: 20_000,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A raw connection and everything it receives until the server closes it. */
function rawConnection(port: number, host = '127.0.0.1') {
  const socket = connect({ port, host });
  let received = '';
  socket.on('data', (c: Buffer) => (received += c.toString('utf8')));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, connected, closed, received: () => received };
}

/** Resolves when the connection is refused; fails if it is accepted. */
function refused(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`${host}:${port} accepted a connection`));
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

/** Waits, at most `timeoutMs`, for a promise; fails the test with `what` if it does not settle. */
async function within<T>(what: string, promise: Promise<T>, timeoutMs = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const target of cliTargets('edges')) {
  describe(`the server's edges in development [${target.name}]`, () => {
    let child: ChildProcessWithoutNullStreams;
    let output = '';
    let port = 0;
    let apiAddress = '';
    let metricsUrl = '';
    let testKey = '';
    let email = '';

    beforeAll(async () => {
      const env = target.env();
      const tag = randomBytes(4).toString('hex');
      email = `edges-${tag}@example.com`;
      const org = await cli(env, 'org', 'create', '--name', `Edges ${tag}`, '--admin-email', email, '--admin-password', PASSWORD);
      expect(org.code, org.stderr).toBe(0);
      const organisationId = org.json().organisationId as string;
      expect((await cli(env, 'service', 'provision', '--org', organisationId, '--service', 'NIN_LOOKUP')).code).toBe(0);
      testKey = (await cli(env, 'key', 'create', '--org', organisationId, '--type', 'test', '--name', 'edges')).json().secret;

      child = spawn(process.execPath, [IDV_CLI, 'serve'], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...env,
          DATABASE_URL: env.DATABASE_URL ?? '',
          NODE_ENV: 'development',
          LOG_LEVEL: 'info',
          // Nothing set that a newcomer would not set: no HOST, no gateway, no registries.
          HOST: '',
          PAYMENT_GATEWAY_URL: '',
          PAYMENT_GATEWAY_SECRET: '',
          ...Object.fromEntries(Object.values(PROVIDER_URL_SETTINGS).map((name) => [name, ''])),
          REDIS_URL: '',
          PORT: '0',
          METRICS_PORT: '0',
          METRICS_HOST: '',
          TRUST_PROXY: '1',
          LOGIN_LIMIT_PER_ADDRESS: '3',
          LOGIN_LIMIT_PER_EMAIL: '100',
          ...LIMITS,
        },
      });
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      for (let i = 0; i < 600 && !/metrics on http/.test(output) && child.exitCode === null; i++) await sleep(100);
      const listening = /idv listening on (http:\/\/[^"\s]+)/.exec(output);
      const metrics = /metrics on (http:\/\/[^"\s]+)/.exec(output);
      if (!listening || !metrics) throw new Error(`server did not start:\n${output}`);
      apiAddress = listening[1]!;
      metricsUrl = metrics[1]!;
      port = Number(new URL(apiAddress).port);
    }, 120_000);

    afterAll(async () => {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await within('the server to stop', exited, 30_000).catch(() => child.kill('SIGKILL'));
    });

    const signIn = async (headers: Record<string, string> = {}) => {
      const login = await call(port, 'POST', '/v1/auth/login', { headers, body: { email, password: PASSWORD } });
      expect(login.status, login.text).toBe(200);
      const outbox = await call(port, 'GET', `/v1/notifications/outbox?to=${encodeURIComponent(email)}&limit=1`);
      const otp = otpFrom(outbox.json().data.items[0].body);
      const confirm = await call(port, 'POST', '/v1/auth/confirm-login', { headers, body: { loginToken: login.json().data.loginToken, otp } });
      expect(confirm.status, confirm.text).toBe(200);
      return { authorization: `Bearer ${confirm.json().data.accessToken}` };
    };

    it('listens on 127.0.0.1 only when HOST is unset, and says so', async () => {
      expect(apiAddress).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(output).toMatch(/listening on 127\.0\.0\.1 only \(this machine\); set HOST=0\.0\.0\.0 to accept other machines/);
      expect(output).toMatch(/outbox is on \(no authentication, for clients on this machine only\)/);
      expect((await call(port, 'GET', '/healthz')).json().data).toEqual({ status: 'ok' });
      // Another interface of this machine, when it has one, is not listened on.
      const external = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && !i.internal && i.family === 'IPv4');
      if (external) expect(await refused(external.address, port)).toBe('ECONNREFUSED');
    });

    it('serves Prometheus metrics on their own loopback listener; /metrics on the API port is the 404 envelope', async () => {
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(Number(new URL(metricsUrl).port)).not.toBe(port);
      await call(port, 'GET', '/healthz');
      const scraped = await fetch(metricsUrl);
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expect(text).toMatch(/idv_http_requests_total\{method="GET",route="\/healthz",status_code="200"\} [1-9]/);
      expect(text).toMatch(/idv_circuit_breaker_state\{upstream="identity"\} 0/);
      expect(text).toMatch(/process_cpu_user_seconds_total/);
      const onApi = await call(port, 'GET', '/metrics');
      expect([onApi.status, onApi.json()]).toEqual([
        404,
        { success: false, statusCode: 404, message: 'There is no route GET /metrics', code: 'NOT_FOUND', timestamp: expect.any(String), path: '/metrics' },
      ]);
    });

    it("refuses a webhook forged with the simulator's public secret; the in-process simulator's own webhook credits", async () => {
      const owner = await signIn();
      const init = await call(port, 'POST', '/v1/payments/initialize', { headers: owner, body: { amount: 5000 } });
      expect(init.status, init.text).toBe(200);
      const { reference, authorizationUrl } = init.json().data as { reference: string; authorizationUrl: string };
      const body = JSON.stringify({ event: 'charge.success', data: { reference, status: 'success', amount: 500_000, currency: 'NGN' } });
      const forged = await call(port, 'POST', '/v1/payments/webhook', {
        headers: { 'x-paystack-signature': gatewaySignature(DEV_GATEWAY_SECRET, body), 'content-type': 'application/json' },
        body,
      });
      expect([forged.status, forged.json()]).toEqual([
        401,
        { success: false, statusCode: 401, code: 'UNAUTHENTICATED', message: 'The webhook signature is invalid', timestamp: expect.any(String), path: '/v1/payments/webhook' },
      ]);
      const balance = async () => (await call(port, 'GET', '/v1/wallet/balance', { headers: owner })).json().data.balance as number;
      const journal = async () => (await call(port, 'GET', '/v1/payments/transactions', { headers: owner })).json().data.items as Array<{ type: string; amount: number; reference: string }>;
      expect(await balance()).toBe(0);
      expect(await journal()).toEqual([]);
      expect(output).toMatch(/payments go to the simulator's gateway at http:\/\/127\.0\.0\.1:\d+\/gateway, which signs its webhooks with a secret made for this process/);

      // Paying at the simulator sends its webhook (signed with the secret it shares with this process) before it answers.
      expect((await fetch(authorizationUrl)).status).toBe(200);
      expect(await balance()).toBe(5000);
      expect((await journal()).map((t) => [t.type, t.amount])).toEqual([['DEPOSIT', 5000]]);
    });

    it('shows the outbox to this machine only, not to a request a proxy forwarded', async () => {
      const url = `/v1/notifications/outbox?to=${encodeURIComponent(email)}`;
      expect((await call(port, 'GET', url)).status).toBe(200);
      const forwarded: Array<Record<string, string>> = [{ 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '203.0.113.5, 127.0.0.1' }, { forwarded: 'for=127.0.0.1' }];
      for (const headers of forwarded) {
        const res = await call(port, 'GET', url, { headers });
        expect([res.status, res.json().code, res.json().message]).toEqual([404, 'NOT_FOUND', 'There is no route GET /v1/notifications/outbox']);
      }
    });

    it('TRUST_PROXY=1: the client is the address the proxy saw, whatever X-Forwarded-For the client wrote', async () => {
      // The proxy appends the address it saw; the client controls everything to the left of it.
      const via = (spoofed: string, seen: string) => ({ 'x-forwarded-for': `${spoofed}, ${seen}` });
      const session = await signIn(via('198.51.100.1', '203.0.113.7'));
      const sessions = await call(port, 'GET', '/v1/auth/sessions', { headers: { ...session, ...via('198.51.100.99', '203.0.113.7') } });
      expect(sessions.json().data.map((s: { ip: string }) => s.ip)).toContain('203.0.113.7');
      expect(JSON.stringify(sessions.json().data)).not.toContain('198.51.100');

      // Sign-in is limited to 3 per address: the one above and two more, whatever the spoofed part says.
      const attempt = (spoofed: string, seen: string) => call(port, 'POST', '/v1/auth/login', { headers: via(spoofed, seen), body: { email, password: 'wrong password 1234' } });
      expect((await attempt('198.51.100.2', '203.0.113.7')).status).toBe(401);
      expect((await attempt('198.51.100.3', '203.0.113.7')).status).toBe(401);
      const limited = await attempt('198.51.100.4', '203.0.113.7');
      expect([limited.status, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt('203.0.113.7', '203.0.113.7')).status).toBe(429);
      // Another address the proxy saw has its own allowance.
      expect((await attempt('203.0.113.7', '203.0.113.8')).status).toBe(401);
    });

    it('closes connections that trickle their headers or body (408), answers others meanwhile, and never cuts a slow verification', async () => {
      // A verification that takes 2 s to handle: handling is not receiving, the 1 s request timeout does not apply.
      const slow = call(port, 'POST', '/v1/nin/raw/lookup', {
        headers: { 'x-api-key': testKey, 'x-sandbox-scenario': 'slow' },
        body: { nin: '11111111111', requestReason: 'ACCOUNT_OPENING' },
      });
      const trickling = Array.from({ length: 24 }, (_, i) => {
        const c = rawConnection(port);
        const head =
          i % 2 === 0
            ? 'POST /v1/auth/login HTTP/1.1\r\nHost: idv\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{'
            : 'GET /healthz HTTP/1.1\r\nHost: idv\r\n';
        void c.connected.then(async () => {
          c.socket.write(head);
          // One byte every 100 ms, for at most 30 s; stops once the server closes the connection.
          for (let n = 0; n < 300 && !c.socket.destroyed && c.socket.writable; n++) {
            c.socket.write(i % 2 === 0 ? ' ' : 'X');
            await sleep(100);
          }
        });
        return c;
      });
      await Promise.all(trickling.map((c) => c.connected));
      // Others are answered while those trickle.
      expect((await call(port, 'GET', '/healthz')).status).toBe(200);
      await within('the trickling connections to be closed', Promise.all(trickling.map((c) => c.closed)));
      for (const c of trickling) {
        const [head, body] = c.received().split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
        expect(head).toMatch(/\r\nConnection: close/);
        expect(JSON.parse(body!)).toEqual({ success: false, statusCode: 408, message: 'The request was not received in time', code: 'REQUEST_TIMEOUT', timestamp: expect.any(String), path: '' });
      }
      const answer = await within('the slow verification', slow);
      expect([answer.status, answer.json().data.verificationStatus]).toEqual([200, 'VERIFIED']);
    }, 60_000);

    it('refuses connections beyond MAX_CONNECTIONS, and answers again once some close', async () => {
      const cap = Number(LIMITS.MAX_CONNECTIONS);
      const healthz = 'GET /healthz HTTP/1.1\r\nHost: idv\r\n\r\n';
      /** A new connection asking for /healthz: kept open when answered (keep-alive), or refused (closed unanswered). */
      const open = async () => {
        const c = rawConnection(port);
        await c.connected.catch(() => undefined);
        c.socket.write(healthz, () => undefined);
        const answered = await within('an answer or a close', Promise.race([c.closed.then(() => false), waitFor(() => c.received().includes('"status":"ok"'))]));
        return { c, answered };
      };
      const held: Array<ReturnType<typeof rawConnection>> = [];
      let first: Awaited<ReturnType<typeof open>> | null = null;
      for (let i = 0; i <= cap && !first; i++) {
        const next = await open();
        if (next.answered) held.push(next.c);
        else first = next;
      }
      // The held connections and the server's own few (the simulator's keep-alive webhook connection) fill the cap.
      expect(first).not.toBeNull();
      expect(held.length).toBeLessThanOrEqual(cap);
      expect(held.length).toBeGreaterThanOrEqual(cap - 2);
      expect(first!.c.received()).toBe('');
      // While they stay open, every further connection is refused, unanswered.
      for (let i = 0; i < 3; i++) {
        const more = await open();
        expect([more.answered, more.c.received()]).toEqual([false, '']);
      }
      const dropLogged = /connection cap reached: \d+ connection\(s\) refused so far \(MAX_CONNECTIONS=40\)/;
      expect(await waitFor(() => dropLogged.test(output))).toBe(true);

      for (const c of held.splice(0, 5)) c.socket.destroy();
      const again = await within(
        'an answer once connections are free',
        (async () => {
          for (let i = 0; i < 100; i++) {
            const res = await call(port, 'GET', '/healthz').catch(() => null);
            if (res) return res;
            await sleep(50);
          }
          throw new Error('no answer after 100 tries');
        })(),
      );
      expect(again.json().data).toEqual({ status: 'ok' });
      for (const c of held) c.socket.destroy();
    }, 60_000);
  });
}

/** Polls a condition every 10 ms, for at most 15 s: whether it came true. */
async function waitFor(condition: () => boolean): Promise<boolean> {
  for (let i = 0; i < 1_500; i++) {
    if (condition()) return true;
    await sleep(10);
  }
  return condition();
}
