import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import {
  apiSignIn,
  checkAccessibility,
  launchBrowser,
  poll,
  screenshot,
  signIn,
  startConsoleServer,
  waitForH1,
  watchConsole,
  type ConsoleServer,
  type ConsoleWatch,
} from '../helpers/browser.js';

/**
 * The console's wallet (DESIGN.md §7, §14) in Debian's Chromium against a real `idv serve` on
 * PostgreSQL, signed in as the demo owner: the balance in ₦, the low-balance threshold saved, and
 * funding end to end through the development gateway (the simulator's checkout page): "Pay" comes
 * back to /wallet?reference=… with the outcome shown and the balance moved by exactly the amount,
 * "Decline" shows a failure and moves nothing. Every result is checked at the API too.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();

const TIMEOUT = 15_000;

/** DESIGN.md §14: ₦1,250.50. */
const naira = (n: number) => `${n < 0 ? '-' : ''}₦${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe.skipIf(!hasPostgres && !ci)('wallet in a browser [postgres]', () => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let watch: ConsoleWatch;
  /** The demo owner's own API session (not the browser's), to check what the API holds. */
  let accessToken: string;

  beforeAll(async () => {
    if (!hasPostgres) throw new Error('CI=true but PostgreSQL is not available: the wallet browser tests cannot run');
    server = await startConsoleServer();
    accessToken = await apiSignIn(server.baseUrl, server.demo.ownerEmail, server.demo.ownerPassword);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    page.setDefaultNavigationTimeout(TIMEOUT);
    watch = watchConsole(page);
    await signIn(page, server.baseUrl, server.demo.ownerEmail, server.demo.ownerPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const base = () => server!.baseUrl;

  async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(`${base()}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${accessToken}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const json = (await res.json()) as { data: T };
    if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }
  const balance = () => api<{ balance: number; availableBalance: number; currency: string; lowBalanceThreshold: number }>('/v1/wallet/balance');

  const balanceCard = () => page.getByRole('region', { name: 'Balance', exact: true });
  const outcome = () => page.getByRole('status').filter({ hasText: /payment/i });

  async function openWallet() {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet', exact: true }).click();
    await waitForH1(page, 'Wallet', TIMEOUT);
    await page.waitForURL((url) => url.pathname === '/wallet');
  }

  async function expectAccessible(what: string) {
    const violations = await checkAccessibility(page);
    expect(violations, `axe-core on ${what}:\n${violations.join('\n')}`).toEqual([]);
  }

  /**
   * "Fund wallet" with an amount, to the gateway's checkout page; returns the page's reference and
   * the request that brings the browser back to the console (set up before the button is pressed).
   */
  async function fundToCheckout(amount: string, shot?: string) {
    await page.getByRole('button', { name: 'Fund wallet', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fund wallet' });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByLabel('Amount', { exact: true }).fill(amount);
    if (shot) {
      await screenshot(page, shot);
      await expectAccessible('the "Fund wallet" dialog');
    }
    await dialog.getByRole('button', { name: /continue to payment/i }).click();
    await page.waitForURL((url) => url.origin !== base() && url.pathname.startsWith('/gateway/pay/'));
    await waitForH1(page, 'Checkout', TIMEOUT);
  }

  /** Presses a checkout button and waits for the console's /wallet?reference=… (the reference it came back with). */
  async function pressAndReturn(button: 'Pay' | 'Decline'): Promise<string> {
    const back = page.waitForRequest((req: Request) => {
      const url = new URL(req.url());
      return req.isNavigationRequest() && url.origin === base() && url.pathname === '/wallet' && url.searchParams.has('reference');
    });
    await page.getByRole('button', { name: button, exact: true }).click();
    const url = new URL((await back).url());
    expect(url.searchParams.get('trxref')).toBe(url.searchParams.get('reference'));
    await waitForH1(page, 'Wallet', TIMEOUT);
    return url.searchParams.get('reference')!;
  }

  /** The reference (and trxref) leave the address bar once the page has verified the payment. */
  async function expectReferenceGone() {
    await poll('the reference removed from the URL', TIMEOUT, () => {
      const url = new URL(page.url());
      return url.pathname === '/wallet' && !url.searchParams.has('reference') && !url.searchParams.has('trxref') ? true : undefined;
    });
  }

  it('shows the balance in ₦, as the API holds it', async () => {
    watch.clear();
    await openWallet();
    const b = await balance();
    expect(b.currency).toBe('NGN');
    await expect.poll(() => balanceCard().innerText(), { timeout: TIMEOUT }).toContain(naira(b.balance));
    expect((await page.locator('h1').allInnerTexts()).map((t) => t.trim())).toEqual(['Wallet']);
    await page.getByRole('table', { name: /transactions/i }).or(page.getByText('No transactions yet.')).first().waitFor();
    await screenshot(page, 'wallet');
    await expectAccessible('the Wallet page');
    watch.expectNoConsoleErrors();
  });

  it('saves the low-balance threshold ("Save"), which the API then holds', async () => {
    watch.clear();
    const field = page.getByLabel('Low-balance threshold', { exact: true });
    await field.fill('2500.50');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /saved/i }).waitFor({ state: 'visible' });
    expect(await api<{ threshold: number }>('/v1/wallet/low-balance-threshold')).toMatchObject({ threshold: 2500.5 });
    expect((await balance()).lowBalanceThreshold).toBe(2500.5);
    await screenshot(page, 'wallet-threshold-saved');
    // A reload shows the saved value.
    await page.reload();
    await waitForH1(page, 'Wallet', TIMEOUT);
    await expect.poll(() => page.getByLabel('Low-balance threshold', { exact: true }).inputValue(), { timeout: TIMEOUT }).toBe('2500.5');
    // A negative threshold is refused on the field, and nothing changes.
    await page.getByLabel('Low-balance threshold', { exact: true }).fill('-1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByLabel('Low-balance threshold', { exact: true }).getAttribute('aria-invalid'), { timeout: TIMEOUT }).toBe('true');
    expect((await balance()).lowBalanceThreshold).toBe(2500.5);
    watch.expectNoConsoleErrors();
  });

  it('"Fund wallet" → the checkout page → "Pay": back on /wallet the payment is shown and the balance moved by exactly the amount', async () => {
    watch.clear();
    await openWallet();
    const before = (await balance()).balance;

    await fundToCheckout('1250.50', 'wallet-fund-dialog');
    // The simulator's checkout: the amount in ₦ and the reference, "Pay" and "Decline".
    const checkout = await page.locator('main').innerText();
    expect(checkout).toContain('₦1,250.50');
    const reference = /\bidv_[A-Za-z0-9_-]+/.exec(checkout)?.[0];
    expect(reference, `a reference on the checkout page:\n${checkout}`).toBeDefined();
    expect(await page.getByRole('button', { name: 'Decline', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'gateway-checkout');
    await expectAccessible("the gateway's checkout page");

    const returned = await pressAndReturn('Pay');
    expect(returned).toBe(reference);
    await outcome().filter({ hasText: /payment received/i }).waitFor({ state: 'visible' });
    expect(await outcome().first().innerText()).toContain('₦1,250.50');
    await expectReferenceGone();

    const after = await balance();
    expect(Math.round((after.balance - before) * 100)).toBe(125_050);
    await expect.poll(() => balanceCard().innerText(), { timeout: TIMEOUT }).toContain(naira(after.balance));
    expect(await api<{ status: string; credited: boolean; amount: number }>(`/v1/payments/verify/${reference}`)).toMatchObject({ status: 'SUCCESS', credited: true, amount: 1250.5 });
    // The deposit is in the transactions table, with its reference.
    const row = page.getByRole('table', { name: /transactions/i }).getByRole('row').filter({ hasText: reference! });
    await row.first().waitFor({ state: 'visible' });
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toMatch(/Deposit[\s\S]*₦1,250\.50/);
    await screenshot(page, 'wallet-funded');
    await expectAccessible('the Wallet page after a payment');
    // A reload does not verify or credit again.
    await page.reload();
    await waitForH1(page, 'Wallet', TIMEOUT);
    await expect.poll(() => balanceCard().innerText(), { timeout: TIMEOUT }).toContain(naira(after.balance));
    expect((await balance()).balance).toBe(after.balance);
    watch.expectNoConsoleErrors();
  });

  it('"Decline" at the checkout shows a failure and leaves the balance as it was', async () => {
    watch.clear();
    await openWallet();
    const before = (await balance()).balance;
    // Less than ₦100 is refused on the Amount field, before any payment is started.
    await page.getByRole('button', { name: 'Fund wallet', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fund wallet' });
    await dialog.getByLabel('Amount', { exact: true }).fill('50');
    await dialog.getByRole('button', { name: /continue to payment/i }).click();
    await expect.poll(() => dialog.getByLabel('Amount', { exact: true }).getAttribute('aria-invalid'), { timeout: TIMEOUT }).toBe('true');
    expect(new URL(page.url()).origin).toBe(base());
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await fundToCheckout('300');
    expect(await page.locator('main').innerText()).toContain('₦300.00');
    const reference = await pressAndReturn('Decline');
    await outcome().filter({ hasText: /failed/i }).waitFor({ state: 'visible' });
    expect(await outcome().first().innerText()).toMatch(/not added to your wallet/i);
    await expectReferenceGone();
    expect((await balance()).balance).toBe(before);
    await expect.poll(() => balanceCard().innerText(), { timeout: TIMEOUT }).toContain(naira(before));
    expect(await api<{ status: string; credited: boolean }>(`/v1/payments/verify/${reference}`)).toMatchObject({ status: 'FAILED', credited: false });
    await screenshot(page, 'wallet-declined');
    await expectAccessible('the Wallet page after a declined payment');
    watch.expectNoConsoleErrors();
  });
});

