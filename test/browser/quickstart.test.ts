import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, launchBrowser, poll, screenshot, signIn, waitForH1, watchConsole, type ConsoleWatch } from '../helpers/browser.js';
import { ROOT } from '../helpers/idv-process.js';

/**
 * The README's first command as a newcomer meets it: `npm start` (scripts/start.mjs) with nothing
 * set — the embedded database in a new DATA_DIR, the built-in simulator for the registries and the
 * payment gateway, email to the outbox — prints a banner with the console's address and the demo
 * owner's sign-in. In Debian's Chromium, that printed owner signs in with the emailed code and does
 * the day-one flows on the embedded database: a test key made in the console and used, a live lookup
 * billed from the demo credit, the wallet funded through the simulator's checkout, the records
 * listed, a CSV export downloaded, and sign-out. The platform admin printed beside them reaches
 * /admin.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const TIMEOUT = 20_000;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Banner {
  base: string;
  testKey: string;
  liveKey: string;
  owner: { email: string; password: string };
  admin: { email: string; password: string };
}

function parseBanner(out: string): Banner | undefined {
  const base = /idv is running at (http:\/\/\S+)/.exec(out)?.[1];
  const testKey = /test key\s+(sk_test_\w+)/.exec(out)?.[1];
  const liveKey = /live key\s+(sk_live_\w+)/.exec(out)?.[1];
  const owner = /owner\s+(\S+@\S+) \/ (\S+)/.exec(out);
  const admin = /platform\s+(\S+@\S+) \/ (\S+)/.exec(out);
  const consoleLine = /console\s+(http:\/\/\S+)\/\s/.exec(out)?.[1];
  const end = out.lastIndexOf('npx idv demo');
  // The whole banner: up to its closing rule after the last line.
  if (!base || !testKey || !liveKey || !owner || !admin || consoleLine !== base || end < 0 || !/─{20,}/.test(out.slice(end))) return undefined;
  return { base, testKey, liveKey, owner: { email: owner[1]!, password: owner[2]! }, admin: { email: admin[1]!, password: admin[2]! } };
}

describe.skipIf(!ci && !existsSync(CHROMIUM_PATH))('npm start on a fresh machine, then the console [embedded database]', () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  let dataDir = '';
  let out = '';
  let banner: Banner;
  let browser: Browser | undefined;
  let page: Page;
  let watch: ConsoleWatch;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'idv-quickstart-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', METRICS_PORT: '0' };
    // Nothing of the test run's own settings: the defaults a fresh clone has.
    for (const name of Object.keys(env)) {
      if (/^(NODE_ENV|DATABASE_URL|REDIS_URL|SMTP_URL|SMS_URL|PAYMENT_GATEWAY_URL|JWT_SECRET|DATA_ENCRYPTION_KEY|HOST|BANNER|LOG_LEVEL|VITEST.*|TEST_.*)$/.test(name) || /_PROVIDER_URL$|_REGISTRY_URL$/.test(name)) delete env[name];
    }
    child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env });
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    banner = await poll('the start banner', 90_000, () => {
      if (child!.exitCode !== null) throw new Error(`npm start exited with ${child!.exitCode}:\n${out}`);
      return parseBanner(out);
    });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    page.setDefaultNavigationTimeout(TIMEOUT);
    watch = watchConsole(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child!.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const base = () => banner.base;
  const navLink = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

  async function expectAccessible(what: string) {
    const violations = await checkAccessibility(page);
    expect(violations, `axe-core on ${what}:\n${violations.join('\n')}`).toEqual([]);
  }

  function lookup(key: string): Promise<Response> {
    return fetch(`${base()}/v1/nin/raw/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }),
    });
  }

  /** The balance on the Wallet page's card, in kobo. */
  async function shownBalanceKobo(): Promise<number> {
    const text = await page.getByRole('region', { name: 'Balance', exact: true }).innerText();
    const m = /₦([\d,]+\.\d{2})/.exec(text);
    if (!m) throw new Error(`no ₦ amount on the balance card: ${text}`);
    return Math.round(Number(m[1]!.replaceAll(',', '')) * 100);
  }

  it('prints the console and the demo sign-ins, on the embedded database, with no secret in a log line', () => {
    expect(out).toMatch(/"database":"embedded PostgreSQL in [^"]+"/);
    expect(out).toContain(`console         ${banner.base}/`);
    // The printed secrets are in the banner only, never in the JSON log lines.
    const logLines = out.split('\n').filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [banner.testKey, banner.liveKey, banner.owner.password, banner.admin.password]) {
      expect(logLines.some((l) => l.includes(secret))).toBe(false);
    }
  });

  it('the printed owner signs in with the emailed code and lands on Overview', async () => {
    await signIn(page, base(), banner.owner.email, banner.owner.password);
    await waitForH1(page, 'Overview');
    await screenshot(page, 'quickstart-overview');
    await expectAccessible('Overview after the first sign-in');
    watch.expectNoConsoleErrors();
  });

  it('a test key made in the console works at once and its lookup is listed in test mode', async () => {
    watch.clear();
    await navLink('API keys').click();
    await waitForH1(page, 'API keys');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create key' });
    await dialog.getByLabel('Name', { exact: true }).fill('quick start');
    await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'test' });
    await dialog.getByRole('button', { name: 'Create key', exact: true }).click();
    const shown = page.getByRole('dialog', { name: 'Your new key' });
    const secret = (await shown.getByLabel('API key secret').innerText()).trim();
    expect(secret).toMatch(/^sk_test_/);
    await shown.getByRole('button', { name: 'Done', exact: true }).click();
    await shown.waitFor({ state: 'detached' });
    expect((await page.content()).includes(secret)).toBe(false);

    const res = await lookup(secret);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { verificationStatus: string; referenceId: string } };
    expect(body.data.verificationStatus).toBe('VERIFIED');

    await navLink('Verifications').click();
    await waitForH1(page, 'Verifications');
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.waitForURL((u) => u.searchParams.get('env') === 'test');
    const table = page.getByRole('table', { name: 'Verifications (test)' });
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: TIMEOUT }).toBeGreaterThanOrEqual(1);
    expect((await page.content()).includes('11111111111')).toBe(false);
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.waitForURL((u) => u.searchParams.get('env') !== 'test');
    watch.expectNoConsoleErrors();
  });

  it('a live lookup with the printed live key is billed from the demo credit, and the Wallet page shows the new balance', async () => {
    watch.clear();
    await navLink('Wallet').click();
    await waitForH1(page, 'Wallet');
    await expect.poll(() => shownBalanceKobo(), { timeout: TIMEOUT }).toBe(1_000_000);

    // The NIN service's price for this organisation, as the key itself sees it.
    const services = (await (await fetch(`${base()}/v1/services`, { headers: { 'x-api-key': banner.liveKey } })).json()) as {
      data: Array<{ endpoints: string[]; price: number }>;
    };
    const price = services.data.find((s) => s.endpoints.includes('/v1/nin/raw/lookup'))?.price;
    expect(price).toBeGreaterThan(0);
    const res = await lookup(banner.liveKey);
    expect(res.status).toBe(200);
    await page.reload();
    await waitForH1(page, 'Wallet');
    await expect.poll(() => shownBalanceKobo(), { timeout: TIMEOUT }).toBeLessThan(1_000_000);
    expect(1_000_000 - (await shownBalanceKobo())).toBe(Math.round(price! * 100));
    watch.expectNoConsoleErrors();
  });

  it('"Fund wallet" goes to the simulator\'s checkout and "Pay" brings the balance up by the amount', async () => {
    watch.clear();
    await page.goto(`${base()}/wallet`);
    await waitForH1(page, 'Wallet');
    await expect.poll(() => shownBalanceKobo(), { timeout: TIMEOUT }).toBeLessThan(1_000_000);
    const before = await shownBalanceKobo();

    await page.getByRole('button', { name: 'Fund wallet', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fund wallet' });
    await dialog.getByLabel('Amount', { exact: true }).fill('5000');
    await dialog.getByRole('button', { name: /continue to payment/i }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/gateway/pay/'));
    await waitForH1(page, 'Checkout');
    expect(await page.locator('main').innerText()).toContain('₦5,000.00');

    const back = page.waitForRequest((req: Request) => {
      const url = new URL(req.url());
      return req.isNavigationRequest() && url.origin === base() && url.pathname === '/wallet' && url.searchParams.has('reference');
    });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await back;
    await waitForH1(page, 'Wallet');
    await page.getByRole('status').filter({ hasText: /payment received/i }).waitFor();
    await expect.poll(() => shownBalanceKobo(), { timeout: TIMEOUT }).toBe(before + 500_000);
    await screenshot(page, 'quickstart-wallet-funded');
    watch.expectNoConsoleErrors();
  });

  it('a CSV export of the live records completes on the embedded database and downloads', async () => {
    watch.clear();
    await navLink('Verifications').click();
    await waitForH1(page, 'Verifications');
    await page.getByRole('table', { name: 'Verifications (live)' }).waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export verifications' });
    await dialog.getByLabel('Format', { exact: true }).selectOption({ label: 'CSV' });
    await dialog.getByRole('button', { name: 'Start export', exact: true }).click();
    const requested = page.getByRole('dialog', { name: 'Export requested' });
    await requested.getByRole('link', { name: 'Go to Exports', exact: true }).click();
    await waitForH1(page, 'Exports');
    const table = page.getByRole('table', { name: 'Exports' });
    await poll('the export Completed', 60_000, async () => ((await table.locator('tbody tr').first().innerText()).includes('Completed') ? true : undefined));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download/ }).first().click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^id,createdAt,environment,/);
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain(',live,');
    expect(lines.join('\n')).not.toContain('11111111111');
    watch.expectNoConsoleErrors();
  });

  it('"Sign out" ends the session; the printed platform admin then signs in and reaches Platform', async () => {
    watch.clear();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await waitForH1(page, 'Sign in');
    await signIn(page, base(), banner.admin.email, banner.admin.password);
    await navLink('Platform').click();
    await waitForH1(page, 'Platform');
    await page.getByRole('table', { name: 'Organisations' }).waitFor();
    await expectAccessible('Platform');
    await screenshot(page, 'quickstart-admin');
    watch.expectNoConsoleErrors();
  });
});
