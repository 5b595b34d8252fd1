import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import { checkAccessibility, launchBrowser, signIn, startConsoleServer, waitForH1, watchConsole, type ConsoleServer, type ConsoleWatch } from '../helpers/browser.js';

/**
 * Issue 14 "Bad input and faults", on every page of DESIGN.md §14: when the API answers the page's
 * reads with a 5xx, a 429 or a 403, the page keeps its heading and shows what happened and what to
 * do — never a blank page, never a console error of its own. Failures are made with Playwright's
 * routing in front of the real server; the session's own calls (/v1/auth/…) are left alone. The 5xx
 * is retried by the console (three times, backing off): the page's clock is run forward so the
 * retries happen at once.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();

const envelope = (statusCode: number, code: string, message: string) => JSON.stringify({ success: false, statusCode, message, timestamp: new Date().toISOString(), path: '/', code });

const FAULTS = [
  { status: 503, code: 'SERVICE_UNAVAILABLE', headers: {}, says: /The service had a problem\. Try again in a moment\./ },
  { status: 429, code: 'RATE_LIMITED', headers: { 'retry-after': '17' }, says: /Too many attempts\. Try again in 17 seconds\./ },
  { status: 403, code: 'FORBIDDEN', headers: {}, says: /Your role does not allow this\. Ask an owner or admin of your organisation\./ },
] as const;

/** Every page of §14 with data from the API, and its heading (null: the page names the thing it shows). */
const ORGANISATION_PAGES: Array<{ path: string; h1: string | null }> = [
  { path: '/', h1: 'Overview' },
  { path: '/verifications', h1: 'Verifications' },
  { path: '/verifications/ver_0000000000000000000000000000', h1: null },
  { path: '/exports', h1: 'Exports' },
  { path: '/api-keys', h1: 'API keys' },
  { path: '/wallet', h1: 'Wallet' },
  { path: '/members', h1: 'Members' },
  { path: '/settings', h1: 'Organisation' },
  { path: '/webhooks', h1: 'Webhooks' },
  { path: '/webhooks/we_0000000000000000000000000000', h1: 'Webhook endpoint' },
  { path: '/notifications', h1: 'Notifications' },
];

describe.skipIf(!hasPostgres && !ci)('every page when the API answers with an error [postgres]', () => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!hasPostgres) throw new Error('CI=true but PostgreSQL is not available: the console browser tests cannot run');
    server = await startConsoleServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(email: string, password: string): Promise<{ page: Page; watch: ConsoleWatch }> {
    const page = await (await browser!.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    const watch = watchConsole(page);
    await signIn(page, server!.baseUrl, email, password);
    return { page, watch };
  }

  /** Opens the page with every API read but the session's failing with `fault`; returns how many requests were failed. */
  async function openFailing(page: Page, path: string, fault: (typeof FAULTS)[number]): Promise<() => number> {
    let failed = 0;
    const handler = (route: Route) => {
      const url = new URL(route.request().url());
      if (url.pathname.startsWith('/v1/auth/')) return route.continue();
      failed++;
      return route.fulfill({ status: fault.status, contentType: 'application/json', headers: fault.headers, body: envelope(fault.status, fault.code, 'Refused for this test') });
    };
    await page.route('**/v1/**', handler);
    await page.goto(`${server!.baseUrl}${path}`);
    return () => failed;
  }

  async function expectFaultShown(page: Page, watch: ConsoleWatch, path: string, h1: string | null, fault: (typeof FAULTS)[number], failed: () => number) {
    const what = `${path} answered ${fault.status}`;
    if (h1) await waitForH1(page, h1);
    const alert = page.getByRole('alert').filter({ hasText: fault.says });
    await expect
      .poll(
        async () => {
          // Retries of a 5xx wait 1, 2 and 4 s: run the page's timers forward instead of waiting.
          if (fault.status >= 500) await page.clock.fastForward(2_000);
          return alert.count();
        },
        { timeout: 15_000, message: `an alert saying ${fault.says} on ${what}` },
      )
      .toBeGreaterThan(0);
    expect(failed(), `requests refused on ${what}`).toBeGreaterThan(0);
    // One heading, still there: never a blank page.
    const headings = (await page.locator('h1').allInnerTexts()).map((t) => t.trim());
    expect(headings.length, `h1 on ${what}: ${headings.join(' | ')}`).toBe(1);
    expect(headings[0]!.length).toBeGreaterThan(0);
    // The page's words, not the API's raw message.
    expect(await page.getByText('Refused for this test').count(), `the raw message on ${what}`).toBe(0);
    // Chromium logs each failed response itself; nothing else may reach the console.
    const other = watch.errors.splice(0).filter((e) => !/Failed to load resource/.test(e));
    expect(other, `console errors on ${what}`).toEqual([]);
  }

  it('each organisation page, with a 503, a 429 and a 403 on its reads, keeps its heading and says what to do', async () => {
    const { page, watch } = await signedIn(server!.demo.ownerEmail, server!.demo.ownerPassword);
    await page.clock.install();
    for (const { path, h1 } of ORGANISATION_PAGES) {
      for (const fault of FAULTS) {
        const failed = await openFailing(page, path, fault);
        await expectFaultShown(page, watch, path, h1, fault, failed);
        if (fault.status === 429 && path === '/') expect(await checkAccessibility(page)).toEqual([]);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
    }
    // With the API answering again, the same page fills in.
    await page.goto(`${server!.baseUrl}/wallet`);
    await waitForH1(page, 'Wallet');
    await expect.poll(() => page.getByText(/₦10,000\.00/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  }, 240_000);

  it('the Platform page, with each fault on its reads, keeps its heading and says what to do', async () => {
    const { page, watch } = await signedIn(server!.demo.platformAdminEmail, server!.demo.platformAdminPassword);
    await page.clock.install();
    for (const fault of FAULTS) {
      const failed = await openFailing(page, '/admin', fault);
      await expectFaultShown(page, watch, '/admin', 'Platform', fault, failed);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  }, 120_000);
});
