import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import { checkAccessibility, openSignedInConsole, screenshot, waitForH1, type ConsoleServer, type ConsoleWatch } from '../helpers/browser.js';

/**
 * DESIGN.md §14 / issue 14 "Bad input and faults": the API down shows a banner and retries until it
 * answers; a 403, 404, 429 or 5xx shows a message with what to do under the page's heading, never a
 * blank page. Failures are made with Playwright's routing in front of the real server.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();

const envelope = (statusCode: number, code: string, message: string) => JSON.stringify({ success: false, statusCode, message, timestamp: new Date().toISOString(), path: '/', code });

describe.skipIf(!hasPostgres && !ci)('console when the API fails [postgres]', () => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let watch: ConsoleWatch;

  beforeAll(async () => {
    if (!hasPostgres) throw new Error('CI=true but PostgreSQL is not available: the console browser tests cannot run');
    ({ server, browser, page, watch } = await openSignedInConsole());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  const alert = (text: RegExp) => page.getByRole('alert').filter({ hasText: text });
  /** Chromium logs each refused or failed request itself; those lines are the point here, nothing else may appear. */
  const expectOnlyNetworkErrors = () => {
    const other = watch.errors.splice(0).filter((e) => !/Failed to load resource|net::ERR_/.test(e));
    expect(other).toEqual([]);
  };

  it('the API down: a banner on the page, retries, and the page fills in once the API answers', async () => {
    // The API keys page's call is held until the API has gone away and the banner is up: its late
    // answer (to a call made before the outage) must not take the banner down and stop the retries.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sawHeld!: () => void;
    const heldCall = new Promise<void>((resolve) => (sawHeld = resolve));
    await page.route('**/v1/api-keys*', async (route) => {
      sawHeld();
      await held;
      await route.continue();
    });
    const banner = () => alert(/The console keeps trying/);
    try {
      await nav('API keys').click();
      await waitForH1(page, 'API keys');
      await heldCall;
      await page.route('**/v1/**', (route) => route.abort('connectionrefused'));
      await nav('Wallet').click();
      await waitForH1(page, 'Wallet');
      await expect.poll(() => banner().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const lateAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/api-keys');
      release();
      await (await lateAnswer).finished();
      // Let the page take the answer in (a few event-loop turns), then the banner must still be there.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
      expect(await banner().count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Retry now' }).isVisible()).toBe(true);
      expect(await checkAccessibility(page)).toEqual([]);
      await screenshot(page, 'api-down');
    } finally {
      release();
      await page.unroute('**/v1/**');
      await page.unroute('**/v1/api-keys*');
    }
    // The console asks again by itself (every 5 s); "Retry now" is not needed.
    await expect.poll(() => banner().count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByText(/₦10,000\.00/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expectOnlyNetworkErrors();
  });

  it('a 5xx, a 429 and a 403 each show what to do under the page’s heading', async () => {
    // A 5xx is retried (three times, backing off) before the page shows it: hence the generous waits.
    await page.route('**/v1/webhooks/endpoints*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: envelope(500, 'INTERNAL_ERROR', 'Internal error') }));
    await nav('Webhooks').click();
    await waitForH1(page, 'Webhooks');
    await expect.poll(() => alert(/The service had a problem\. Try again in a moment\./).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.unroute('**/v1/webhooks/endpoints*');

    await page.route('**/v1/api-keys*', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '42' }, body: envelope(429, 'RATE_LIMITED', 'Too many requests') }),
    );
    await nav('API keys').click();
    await waitForH1(page, 'API keys');
    await expect.poll(() => alert(/Try again in 42 seconds/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.unroute('**/v1/api-keys*');

    await page.route('**/v1/organisation/members*', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: envelope(403, 'FORBIDDEN', 'Forbidden') }));
    await nav('Members').click();
    await waitForH1(page, 'Members');
    await expect.poll(() => alert(/Your role does not allow this/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'api-forbidden');
    await page.unroute('**/v1/organisation/members*');
    expectOnlyNetworkErrors();
  });

  it('a record that does not exist (or is another organisation’s) says so', async () => {
    await page.goto(`${server!.baseUrl}/verifications/ver_doesnotexist0000000000000`);
    await expect.poll(() => alert(/Not found: it does not exist, or it belongs to another organisation\./).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('h1').count()).toBe(1);
    expectOnlyNetworkErrors();
  });
});
