import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { AxeResults, Result as AxeViolation } from 'axe-core';
import { expect } from 'vitest';
import { IDV_CLI as CLI, ROOT } from './idv-process.js';

/**
 * The browser end-to-end harness of the console (DESIGN.md §14): Debian's Chromium driven by
 * playwright-core (never a downloaded browser), a real compiled `idv serve` on a fresh PostgreSQL
 * database, sign-in through the API's flow with the code read from the outbox, and the quality bars
 * (no console error, axe-core with no serious or critical violation, one h1).
 */

/** Debian's chromium package (.ci/run installs it); CHROMIUM_PATH overrides. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
}

/** A console server on a fresh database, Chromium, and one page (1280 × 900) signed in as the demo owner. */
export async function openSignedInConsole(timeoutMs = 15_000): Promise<{ server: ConsoleServer; browser: Browser; page: Page; watch: ConsoleWatch }> {
  const server = await startConsoleServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(timeoutMs);
    const watch = watchConsole(page);
    await signIn(page, server.baseUrl, server.demo.ownerEmail, server.demo.ownerPassword);
    return { server, browser, page, watch };
  } catch (err) {
    // The caller never gets the server to stop (no Chromium, a failed sign-in): it is stopped here, not left running.
    await browser?.close().catch(() => undefined);
    await server.stop();
    throw err;
  }
}

/** What `idv demo` prints. */
export interface DemoAccount {
  organisationId: string;
  ownerEmail: string;
  ownerPassword: string;
  platformAdminEmail: string;
  platformAdminPassword: string;
  testKey: string;
  liveKey: string;
}

export interface ConsoleServer {
  /** http://127.0.0.1:<port>, as the server logged it. */
  baseUrl: string;
  demo: DemoAccount;
  /** What the server wrote on stdout and stderr so far. */
  output(): string;
  /** Runs the compiled CLI (`idv <args>`) with the server's environment; resolves with its stdout (fails on a non-zero exit). */
  cli(args: string[]): Promise<string>;
  /** SIGTERM (SIGKILL after 10 s), then the database and the data directory are dropped. */
  stop(): Promise<void>;
}

/**
 * A real `idv serve` (compiled, NODE_ENV=development so the outbox is open to this machine) on a
 * fresh PostgreSQL database made from TEST_DATABASE_URL, then `idv demo` against the same database
 * for a signed-in owner's credentials.
 */
export async function startConsoleServer(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<ConsoleServer> {
  const adminUrl = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('startConsoleServer needs TEST_DATABASE_URL (PostgreSQL)');
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);

  const name = `idv_browser_${Date.now()}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-browser-'));
  const dropDatabase = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  const cleanUp = async () => {
    await dropDatabase().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    METRICS_PORT: '0',
    LOG_LEVEL: 'info',
    BANNER: 'off',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: '',
    SMTP_URL: '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...options.env,
  };

  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CLI, 'serve'], { cwd: ROOT, env });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    const baseUrl = await poll('the server to listen', 30_000, () => {
      if (child.exitCode !== null) throw new Error(`idv serve exited with ${child.exitCode}:\n${out}`);
      return /idv listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    });
    const demo = await runDemo(env);
    return {
      baseUrl,
      demo,
      output: () => out,
      cli: (args) => runCli(env, args),
      stop: async () => {
        await kill();
        await cleanUp();
      },
    };
  } catch (err) {
    await kill();
    await cleanUp();
    throw err;
  }
}

/** `idv demo` (compiled) with the server's environment: one JSON document on stdout. */
async function runDemo(env: NodeJS.ProcessEnv): Promise<DemoAccount> {
  const child = spawn(process.execPath, [CLI, 'demo'], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`idv demo exited with ${code}:\n${stdout}\n${stderr}`);
  const demo = JSON.parse(stdout) as DemoAccount;
  if (!demo.ownerEmail || !demo.ownerPassword) throw new Error(`idv demo printed no owner sign-in:\n${stdout}`);
  return demo;
}

/** The compiled CLI with the given environment: its stdout, or an error with both streams on a non-zero exit. */
async function runCli(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`idv ${args[0] ?? ''} exited with ${code}:\n${stdout}\n${stderr}`);
  return stdout;
}

/** Calls `check` every 100 ms until it returns a value; throws after `timeoutMs`. */
export async function poll<T>(what: string, timeoutMs: number, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface OutboxItem {
  id: string;
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** The newest outbox message to an address (GET /v1/notifications/outbox, open to loopback outside production). */
export async function newestOutbox(baseUrl: string, to: string): Promise<OutboxItem | undefined> {
  const res = await fetch(`${baseUrl}/v1/notifications/outbox?to=${encodeURIComponent(to)}&limit=1`);
  if (res.status !== 200) throw new Error(`outbox: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { items: OutboxItem[] } };
  return body.data.items[0];
}

/** A page's one h1 with this text (exact, case-insensitive as DESIGN.md §14 says), waited for. */
export async function waitForH1(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.getByRole('heading', { level: 1, name: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`, 'i') }).first().waitFor({ state: 'visible', timeout });
}

/** The API's own sign-in (email and password, then the emailed code): a bearer token of that user's, apart from any browser's session. */
export async function apiSignIn(baseUrl: string, email: string, password: string): Promise<string> {
  const before = (await newestOutbox(baseUrl, email))?.id;
  const login = await fetch(`${baseUrl}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { loginToken } = ((await login.json()) as { data: { loginToken: string } }).data;
  const message = await poll(`a sign-in code for ${email}`, 15_000, async () => {
    const newest = await newestOutbox(baseUrl, email);
    return newest && newest.id !== before ? newest : undefined;
  });
  const otp = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!otp) throw new Error(`no 6-digit code in the outbox message: ${message.subject ?? ''}`);
  const confirm = await fetch(`${baseUrl}/v1/auth/confirm-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginToken, otp }) });
  if (confirm.status !== 200) throw new Error(`confirm-login: ${confirm.status} ${await confirm.text()}`);
  return ((await confirm.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Sign-in as a person does it: email and password, then the 6-digit code from the outbox; ends on Overview. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  const before = (await newestOutbox(baseUrl, email))?.id;
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const message = await poll(`a new sign-in code for ${email}`, 15_000, async () => {
    const newest = await newestOutbox(baseUrl, email);
    return newest && newest.id !== before ? newest : undefined;
  });
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no 6-digit code in the outbox message: ${message.subject ?? ''}`);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await waitForH1(page, 'Overview', 15_000);
}

export interface ConsoleWatch {
  /** Console errors and uncaught page errors since the watch started (or the last clear()). */
  readonly errors: string[];
  clear(): void;
  /** Fails with every error seen, then clears. */
  expectNoConsoleErrors(): void;
}

/** Collects `console.error` messages and uncaught page errors (DESIGN.md §14: never one on any page). */
export function watchConsole(page: Page): ConsoleWatch {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location();
    errors.push(`console.error at ${page.url()}: ${msg.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
  });
  page.on('pageerror', (err) => errors.push(`uncaught at ${page.url()}: ${err.stack ?? err.message}`));
  return {
    errors,
    clear: () => void errors.splice(0),
    expectNoConsoleErrors: () => {
      const seen = errors.splice(0);
      expect(seen, 'errors in the browser console').toEqual([]);
    },
  };
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * axe-core in the page, injected through the DevTools protocol (the console's CSP forbids inline
 * scripts); returns the serious and critical violations, one readable line per rule and node.
 */
export async function checkAccessibility(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (globalThis as unknown as { axe: { run(options: object): Promise<AxeResults> } }).axe.run({ resultTypes: ['violations'] }),
  );
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap(formatViolation);
}

function formatViolation(v: AxeViolation): string[] {
  const head = `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`;
  return v.nodes.map((n) => `${head}\n    at ${n.target.join(' ')}: ${n.html.slice(0, 200)}${n.failureSummary ? `\n    ${n.failureSummary.replace(/\n/g, '\n    ')}` : ''}`);
}

/** A full-page PNG in test-results/screenshots/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(ROOT, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
