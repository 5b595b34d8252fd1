import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import { apiSignIn, checkAccessibility, newestOutbox, openSignedInConsole, poll, screenshot, waitForH1, type ConsoleServer, type ConsoleWatch } from '../helpers/browser.js';

/**
 * The Notifications page (DESIGN.md §11.1, §14) in Debian's Chromium against a real `idv serve` on
 * PostgreSQL, as the demo owner: the channels; an own email template created with a live preview,
 * edited and deleted (after a confirmation), each step checked at the API; a built-in template shown
 * read-only; a message sent with the template listed in the log as the API holds it, and the email
 * itself in the outbox with the variables filled in.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();
const TIMEOUT = 15_000;

type Template = { name: string; channel: string; subject: string | null; body: string; variables: string[]; builtIn: boolean };

describe.skipIf(!hasPostgres && !ci)('notifications in a browser [postgres]', () => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let watch: ConsoleWatch;
  let token: string;
  const name = `welcome-note-${Date.now().toString(36)}`;

  beforeAll(async () => {
    if (!hasPostgres) throw new Error('CI=true but PostgreSQL is not available: the console browser tests cannot run');
    ({ server, browser, page, watch } = await openSignedInConsole());
    token = await apiSignIn(server.baseUrl, server.demo.ownerEmail, server.demo.ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const base = () => server!.baseUrl;

  async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, data: ((await res.json()) as { data: T }).data };
  }

  const templatesTable = () => page.getByRole('table', { name: 'Templates' });
  const templateRow = (n: string) => templatesTable().getByRole('row').filter({ has: page.getByRole('cell', { name: n, exact: true }) });

  async function openPage() {
    await page.goto(`${base()}/notifications`);
    await waitForH1(page, 'Notifications');
    await templatesTable().waitFor();
  }

  it('lists the three channels and the built-in templates; a built-in opens read-only', async () => {
    watch.clear();
    await openPage();
    const channels = page.getByRole('table', { name: 'Channels' });
    const channelCells = await channels.locator('tbody tr td:first-child').allInnerTexts();
    expect(channelCells.map((c) => c.trim()).sort()).toEqual(['email', 'sms', 'webhook']);

    const builtIns = (await api<Template[]>('GET', '/v1/notifications/templates')).data.filter((t) => t.builtIn);
    expect(builtIns.length).toBeGreaterThan(0);
    const first = builtIns[0]!;
    await templateRow(first.name).waitFor();
    await page.getByRole('button', { name: `View ${first.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: first.name });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Body', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByLabel('Body', { exact: true }).inputValue()).toBe(first.body);
    expect(await dialog.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Edit ${first.name}`, exact: true }).count()).toBe(0);
    await checkAccessibility(page).then((v) => expect(v).toEqual([]));
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    watch.expectNoConsoleErrors();
  });

  it('"Create template": the preview fills the placeholders as you type; the API then holds the template', async () => {
    watch.clear();
    await openPage();
    await page.getByRole('button', { name: 'Create template', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create template' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Channel', { exact: true }).selectOption('email');
    await dialog.getByLabel('Subject', { exact: true }).fill('Welcome, {{firstName}}');
    await dialog.getByLabel('Body', { exact: true }).fill('Hello {{firstName}}, your reference is {{ref}}.');
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.innerText()).toContain('Variables: firstName, ref');
    expect(await preview.innerText()).not.toContain('{{');
    await screenshot(page, 'notifications-template-create');
    expect(await checkAccessibility(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create template', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = templateRow(name);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/email[\s\S]*Welcome, \{\{firstName\}\}[\s\S]*firstName, ref[\s\S]*Own/);
    const held = await api<Template>('GET', `/v1/notifications/templates/${name}`);
    expect(held.status).toBe(200);
    expect(held.data).toMatchObject({ name, channel: 'email', subject: 'Welcome, {{firstName}}', body: 'Hello {{firstName}}, your reference is {{ref}}.', variables: ['firstName', 'ref'], builtIn: false });
    watch.expectNoConsoleErrors();
  });

  it('"Edit" changes the body (its name and channel fixed); the API then holds the new body', async () => {
    watch.clear();
    await openPage();
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    expect(await dialog.getByLabel('Name', { exact: true }).count()).toBe(0);
    expect(await dialog.getByLabel('Body', { exact: true }).inputValue()).toBe('Hello {{firstName}}, your reference is {{ref}}.');
    await dialog.getByLabel('Body', { exact: true }).fill('Hi {{firstName}}: reference {{ref}}, sent by {{sender}}.');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => templateRow(name).innerText()).toContain('firstName, ref, sender');
    const held = await api<Template>('GET', `/v1/notifications/templates/${name}`);
    expect(held.data).toMatchObject({ body: 'Hi {{firstName}}: reference {{ref}}, sent by {{sender}}.', subject: 'Welcome, {{firstName}}', variables: ['firstName', 'ref', 'sender'] });
    watch.expectNoConsoleErrors();
  });

  it('a message sent with the template is listed in the log as the API holds it, and the email reads as rendered', async () => {
    watch.clear();
    const to = `ada-${Date.now()}@example.com`;
    const sent = await api<{ notificationId: string }>('POST', '/v1/notifications/send', {
      channel: 'email',
      to,
      templateName: name,
      templateVariables: { firstName: 'Ada', ref: 'R-42', sender: 'Acme' },
    });
    expect(sent.status).toBe(200);
    const email = await poll('the email in the outbox', TIMEOUT, () => newestOutbox(base(), to));
    expect(email.subject).toBe('Welcome, Ada');
    expect(email.body).toContain('Hi Ada: reference R-42, sent by Acme.');

    await openPage();
    const messages = page.getByRole('table', { name: 'Messages' });
    const row = messages.getByRole('row').filter({ hasText: name });
    await expect.poll(async () => ((await row.count()) > 0 ? row.first().innerText() : ''), { timeout: TIMEOUT }).toMatch(/email[\s\S]*SENT/);
    expect(await row.first().innerText()).toContain(to);
    // The log keeps no body: the rendered text is nowhere on the page.
    expect(await page.locator('main').innerText()).not.toContain('R-42');
    await page.getByLabel('Channel filter', { exact: true }).selectOption('sms');
    await expect.poll(() => row.count(), { timeout: TIMEOUT }).toBe(0);
    await page.getByLabel('Channel filter', { exact: true }).selectOption('email');
    await expect.poll(() => row.count(), { timeout: TIMEOUT }).toBe(1);
    watch.expectNoConsoleErrors();
  });

  it('"Delete" asks to confirm; cancelling keeps the template, confirming removes it at the API', async () => {
    watch.clear();
    await openPage();
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api('GET', `/v1/notifications/templates/${name}`)).status).toBe(200);

    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete template', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => templateRow(name).count(), { timeout: TIMEOUT }).toBe(0);
    expect((await api('GET', `/v1/notifications/templates/${name}`)).status).toBe(404);
    watch.expectNoConsoleErrors();
  });
});
