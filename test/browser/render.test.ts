import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import { launchBrowser, signIn, startConsoleServer, waitForH1, watchConsole, type ConsoleServer, type ConsoleWatch } from '../helpers/browser.js';

/**
 * DESIGN.md §14 "Quality bars": a page of 100 records renders in under 200 ms after its data arrives.
 * The Verifications page is given a page of 100 records (the API's first record, repeated with new
 * ids); the page measures, in the browser, from the moment the answer's body has arrived to the
 * moment the table holds 100 rows. The figure is printed against the goal, never asserted (timing
 * thresholds do not belong in tests on a shared machine); the test asserts what was rendered.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();

describe.skipIf(!hasPostgres && !ci)('console rendering [postgres]', () => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let watch: ConsoleWatch;

  beforeAll(async () => {
    if (!hasPostgres) throw new Error('CI=true but PostgreSQL is not available: the console browser tests cannot run');
    server = await startConsoleServer();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    watch = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders a page of 100 records after their data arrives (the figure is printed)', async () => {
    const base = server!.baseUrl;
    // One real record of the sandbox, the model of the 100.
    const lookup = await fetch(`${base}/v1/nin/raw/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': server!.demo.testKey, 'content-type': 'application/json' },
      body: JSON.stringify({ nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }),
    });
    expect(lookup.status).toBe(200);
    await signIn(page, base, server!.demo.ownerEmail, server!.demo.ownerPassword);

    // The list's answer, made a page of 100; its arrival is marked in the page when the body is read.
    await page.route('**/v1/verifications?*', async (route) => {
      const real = await route.fetch();
      const body = await real.json();
      const model = body.data.items[0];
      body.data.items = Array.from({ length: 100 }, (_, i) => ({ ...model, id: `${model.id}x${String(i).padStart(3, '0')}`, requestId: `req_render${i}` }));
      body.data.nextCursor = null;
      await route.fulfill({ response: real, json: body });
    });
    await page.addInitScript(() => {
      const w = globalThis as unknown as { __listArrived?: number; fetch: typeof fetch };
      const original = w.fetch.bind(globalThis);
      w.fetch = async (...args: Parameters<typeof fetch>) => {
        const res = await original(...args);
        const url = args[0] instanceof Request ? args[0].url : String(args[0]);
        if (!/\/v1\/verifications\?/.test(url)) return res;
        const text = await res.text();
        w.__listArrived = performance.now();
        return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
      };
    });
    await page.goto(`${base}/verifications?env=test`);
    await waitForH1(page, 'Verifications');
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(100);
    // The moment the 100th row was in the DOM, measured against the arrival in the page's own clock.
    const renderMs = await page.evaluate(() => {
      const w = globalThis as unknown as { __listArrived?: number; requestAnimationFrame(callback: () => void): void };
      return new Promise<number>((resolve) => w.requestAnimationFrame(() => resolve(performance.now() - (w.__listArrived ?? performance.now()))));
    });
    expect(await rows.nth(99).textContent()).toContain('*');
    expect(await page.content()).not.toContain('11111111111');
    watch.expectNoConsoleErrors();
    console.log(`console: a page of 100 records rendered ${renderMs.toFixed(0)} ms (at most; measured after the next frame) after its data arrived (goal ≤ 200 ms)`);
    expect(renderMs).toBeGreaterThan(0);
  });
});
