import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import { openSignedInConsole, waitForH1, type ConsoleServer, type ConsoleWatch } from '../helpers/browser.js';

/**
 * DESIGN.md §14 "Quality bars": usable by keyboard alone. From the page, Tab reaches the skip link,
 * the test/live switch and the main navigation; Enter follows a link; a dialog opens from the
 * keyboard, keeps the focus inside, closes with Escape and gives the focus back to its button. A key
 * is created (its type chosen with the arrow keys), shown, and revoked from its row's action without
 * a mouse; a filter's select changes the list from the keyboard.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();

describe.skipIf(!hasPostgres && !ci)('console by keyboard [postgres]', () => {
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

  /** The focused element as `tag:name`: its aria-label, else its label (a form control), else its text. */
  const focused = () =>
    page.evaluate(() => {
      type El = { getAttribute(n: string): string | null; textContent: string | null; tagName: string; labels?: ArrayLike<{ textContent: string | null }> | null };
      const el = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
      if (!el) return '';
      const name = el.getAttribute('aria-label') ?? (el.labels && el.labels.length > 0 ? el.labels[0]!.textContent : el.textContent) ?? '';
      return `${el.tagName.toLowerCase()}:${name.trim()}`;
    });

  /** Presses Tab until the focus is on an element whose description matches (unless it already is), at most `max` times. */
  async function tabTo(match: RegExp, max = 40): Promise<string> {
    const start = await focused();
    if (match.test(start)) return start;
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

  it('creates a key (its type chosen with the arrow keys) and revokes it from its row, by keyboard alone', async () => {
    const name = `keyboard key ${Date.now()}`;
    await page.goto(`${server!.baseUrl}/api-keys`);
    await waitForH1(page, 'API keys');
    await tabTo(/^button:Create key$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create key' });
    await dialog.waitFor();
    await tabTo(/^input:Name$/);
    await page.keyboard.type(name);
    await tabTo(/^select:Type$/);
    const type = dialog.getByLabel('Type', { exact: true });
    const options = await type.evaluate((el) => Array.from((el as unknown as { options: ArrayLike<{ text: string }> }).options).map((o) => o.text));
    // Arrow keys walk the options until "test" is chosen.
    for (let i = 0; i < options.length && (await type.evaluate((el) => (el as unknown as { selectedOptions: ArrayLike<{ text: string }> }).selectedOptions[0]?.text)) !== 'test'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await type.evaluate((el) => (el as unknown as { selectedOptions: ArrayLike<{ text: string }> }).selectedOptions[0]?.text)).toBe('test');
    await tabTo(/^button:Create key$/);
    await page.keyboard.press('Enter');
    const shown = page.getByRole('dialog', { name: 'Your new key' });
    await shown.waitFor();
    expect((await shown.getByLabel('API key secret').innerText()).trim()).toMatch(/^sk_test_/);
    await tabTo(/^button:Done$/);
    await page.keyboard.press('Enter');
    await shown.waitFor({ state: 'detached' });

    const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await page.getByRole('heading', { level: 1 }).focus();
    await tabTo(new RegExp(`^button:Revoke ${name}$`), 80);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
    await confirm.waitFor();
    await tabTo(/^button:Revoke key$/);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: `Revoke ${name}`, exact: true }).count(), { timeout: 10_000 }).toBe(0);
    expect(await row.innerText()).toMatch(/revoked/i);
    watch.expectNoConsoleErrors();
  });

  it('changes a filter from the keyboard: the Status select with the arrow keys narrows the list and the address', async () => {
    await page.goto(`${server!.baseUrl}/verifications`);
    await waitForH1(page, 'Verifications');
    await tabTo(/^select:Status$/);
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((u) => u.searchParams.has('status'));
    const status = new URL(page.url()).searchParams.get('status');
    expect(['VERIFIED', 'NOT_VERIFIED', 'FAILED']).toContain(status);
    watch.expectNoConsoleErrors();
  });
});
