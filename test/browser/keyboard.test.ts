import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn, startConsoleServer, waitForH1, watchConsole, type ConsoleServer, type ConsoleWatch } from '../helpers/browser.js';

/**
 * DESIGN.md §14 "Quality bars": usable by keyboard alone. From the page, Tab reaches the skip link,
 * the test/live switch and the main navigation; Enter follows a link; a dialog opens from the
 * keyboard, keeps the focus inside, closes with Escape and gives the focus back to its button.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const pgUrl = inject('pgUrl');

describe.skipIf(!pgUrl && !ci)('console by keyboard [postgres]', () => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let watch: ConsoleWatch;

  beforeAll(async () => {
    if (!pgUrl) throw new Error('CI=true but PostgreSQL is not available: the console browser tests cannot run');
    server = await startConsoleServer();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    watch = watchConsole(page);
    await signIn(page, server.baseUrl, server.demo.ownerEmail, server.demo.ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The accessible name (or text) of the focused element. */
  const focused = () =>
    page.evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null; textContent: string | null; tagName: string } | null } }).document.activeElement;
      return el ? `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}` : '';
    });

  /** Presses Tab until the focus is on an element whose description matches, at most `max` times. */
  async function tabTo(match: RegExp, max = 40): Promise<string> {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      if (match.test(now)) return now;
    }
    throw new Error(`Tab never reached ${match}`);
  }

  it('reaches the skip link, the switch and the navigation by Tab, and follows a link with Enter', async () => {
    await page.goto(`${server!.baseUrl}/`);
    await waitForH1(page, 'Overview');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('a:Skip to content');
    await tabTo(/^button:/); // the test/live switch (a button with the switch role)
    expect(await page.getByRole('switch', { name: 'Test mode' }).evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(true);
    await tabTo(/^a:API keys$/);
    await page.keyboard.press('Enter');
    await waitForH1(page, 'API keys');
  });

  it('opens a dialog from the keyboard, keeps the focus in it, and Escape gives the focus back', async () => {
    await tabTo(/^button:Create key$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create key' });
    await dialog.waitFor();
    // The focus is inside the dialog, and stays there however often Tab is pressed.
    for (let i = 0; i < 12; i++) {
      expect(await dialog.evaluate((d) => d.contains((globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement as never))).toBe(true);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focused, { timeout: 5_000 }).toBe('button:Create key');
    watch.expectNoConsoleErrors();
  });
});
