import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import {
  apiSignIn,
  checkAccessibility,
  launchBrowser,
  newestOutbox,
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
 * The Platform page (DESIGN.md §9 admin routes, §14 `/admin`) in Debian's Chromium against a real
 * `idv serve` on PostgreSQL: a platform admin creates an organisation, sets a service's prices,
 * changes limits and adjusts a wallet (below the approval threshold alone; above it with a second
 * platform admin's approval token); the demo owner sees no "Platform" and no admin data.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();
const TIMEOUT = 15_000;

interface Envelope<T> {
  data: T;
}

describe.skipIf(!hasPostgres && !ci)('platform admin console in a browser [postgres]', () => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let watch: ConsoleWatch;
  const second = { email: `second-admin-${Date.now()}@example.com`, password: `Second-admin-${Date.now()}-pw` };
  const newOrg = { name: `Acme Platform Test ${Date.now()}`, ownerEmail: `acme-owner-${Date.now()}@example.com` };

  beforeAll(async () => {
    if (!hasPostgres) throw new Error('CI=true but PostgreSQL is not available: the admin browser tests cannot run');
    server = await startConsoleServer();
    await server.cli(['admin', 'create', '--email', second.email, '--password', second.password]);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    watch = watchConsole(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const base = () => server!.baseUrl;
  const demo = () => server!.demo;
  const nav = (p: Page = page) => p.getByRole('navigation', { name: 'Main' });
  const platformLink = (p: Page = page) => nav(p).getByRole('link', { name: 'Platform', exact: true });


  async function apiGet<T>(token: string, path: string): Promise<T> {
    const res = await fetch(`${base()}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, `GET ${path}`).toBe(200);
    return ((await res.json()) as Envelope<T>).data;
  }

  let adminToken: string;
  let ownerToken: string;
  const balance = async () => (await apiGet<{ balance: number }>(ownerToken, '/v1/wallet/balance')).balance;

  async function expectAccessible(what: string) {
    const violations = await checkAccessibility(page);
    expect(violations, `axe-core on ${what}:\n${violations.join('\n')}`).toEqual([]);
  }

  /** The organisations table's row for a name. */
  const orgRow = (name: string) => page.getByRole('table', { name: 'Organisations' }).getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  /** Opens an organisation's section from its row. */
  async function manage(name: string) {
    await page.getByRole('button', { name: `Manage ${name}`, exact: true }).click();
    await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  }

  async function demoOrgName(): Promise<string> {
    const orgs = await apiGet<{ items: Array<{ id: string; name: string }> }>(adminToken, '/v1/admin/organisations?limit=100');
    const org = orgs.items.find((o) => o.id === demo().organisationId);
    expect(org, 'the demo organisation in GET /v1/admin/organisations').toBeDefined();
    return org!.name;
  }

  it('signs the platform admin in, with "Platform" in the main navigation leading to the page', async () => {
    adminToken = await apiSignIn(base(), demo().platformAdminEmail, demo().platformAdminPassword);
    ownerToken = await apiSignIn(base(), demo().ownerEmail, demo().ownerPassword);
    await signIn(page, base(), demo().platformAdminEmail, demo().platformAdminPassword);
    await platformLink().click();
    await waitForH1(page, 'Platform');
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect((await page.locator('h1').allInnerTexts()).map((t) => t.trim())).toEqual(['Platform']);
    await page.getByRole('table', { name: 'Organisations' }).waitFor();
    await orgRow(await demoOrgName()).waitFor();
    await page.getByRole('columnheader', { name: 'Name' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-organisations');
    await expectAccessible('the Platform page');
    watch.expectNoConsoleErrors();
  });

  it('creates an organisation (the owner invited) that the API then lists', async () => {
    await page.getByRole('button', { name: 'Create organisation', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create organisation' });
    await dialog.waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(newOrg.name);
    await dialog.getByLabel('Owner email', { exact: true }).fill(newOrg.ownerEmail);
    await screenshot(page, 'admin-create-organisation');
    await expectAccessible('the "Create organisation" dialog');
    await dialog.getByRole('button', { name: 'Create organisation', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await orgRow(newOrg.name).waitFor();
    // The new organisation's section opens.
    await page.getByRole('heading', { level: 2, name: newOrg.name, exact: true }).waitFor();

    const orgs = await apiGet<{ items: Array<{ id: string; name: string }> }>(adminToken, '/v1/admin/organisations?limit=100');
    expect(orgs.items.map((o) => o.name)).toContain(newOrg.name);
    // The owner was invited by email.
    const invite = await poll('the owner invitation', TIMEOUT, () => newestOutbox(base(), newOrg.ownerEmail));
    expect(invite.to).toBe(newOrg.ownerEmail);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-organisation-created');
    await expectAccessible('an organisation section');
    watch.expectNoConsoleErrors();
  });

  it("provisions a service with its prices, and edits them; the table and the API show them", async () => {
    const orgs = await apiGet<{ items: Array<{ id: string; name: string }> }>(adminToken, '/v1/admin/organisations?limit=100');
    const orgId = orgs.items.find((o) => o.name === newOrg.name)!.id;
    const services = page.getByRole('table', { name: `Services of ${newOrg.name}` });

    await page.getByRole('button', { name: 'Provision service', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Provision service' });
    await dialog.waitFor();
    await dialog.getByLabel('Service', { exact: true }).selectOption('NIN_LOOKUP');
    await dialog.getByLabel('Basic (₦)', { exact: true }).fill('100');
    await dialog.getByLabel('Standard (₦)', { exact: true }).fill('150.5');
    await dialog.getByLabel('Premium (₦)', { exact: true }).fill('1250.50');
    await screenshot(page, 'admin-provision-service');
    await expectAccessible('the "Provision service" dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = services.getByRole('row').filter({ hasText: 'NIN_LOOKUP' });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toMatch(/₦100\.00[\s\S]*₦150\.50[\s\S]*₦1,250\.50/);
    expect(await row.innerText()).toMatch(/Active/);
    let api = await apiGet<Array<{ code: string; status: string; prices: Record<string, number> }>>(adminToken, `/v1/admin/organisations/${orgId}/services`);
    expect(api.find((s) => s.code === 'NIN_LOOKUP')).toMatchObject({ status: 'ACTIVE', prices: { BASIC: 100, STANDARD: 150.5, PREMIUM: 1250.5 } });

    // Edit: a new Standard price and suspended.
    await row.getByRole('button', { name: /^Edit / }).click();
    dialog = page.getByRole('dialog', { name: /^Edit / });
    await dialog.waitFor();
    await dialog.getByLabel('Status', { exact: true }).selectOption('SUSPENDED');
    await dialog.getByLabel('Standard (₦)', { exact: true }).fill('175');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toMatch(/Suspended[\s\S]*₦100\.00[\s\S]*₦175\.00[\s\S]*₦1,250\.50/);
    api = await apiGet(adminToken, `/v1/admin/organisations/${orgId}/services`);
    expect(api.find((s) => s.code === 'NIN_LOOKUP')).toMatchObject({ status: 'SUSPENDED', prices: { BASIC: 100, STANDARD: 175, PREMIUM: 1250.5 } });
    await screenshot(page, 'admin-services');
    watch.expectNoConsoleErrors();
  });

  it('changes the limits and shows what the API saved', async () => {
    const limits = page.getByRole('region', { name: 'Limits' });
    await limits.getByLabel('Concurrency limit', { exact: true }).fill('7');
    await limits.getByLabel('Velocity limit', { exact: true }).fill('120');
    await limits.getByRole('button', { name: 'Save limits', exact: true }).click();
    await limits.getByRole('status').filter({ hasText: 'Limits saved: concurrency 7, velocity 120' }).waitFor();
    // Only the velocity: the concurrency stays (the API answers both).
    await limits.getByLabel('Velocity limit', { exact: true }).fill('60');
    await limits.getByRole('button', { name: 'Save limits', exact: true }).click();
    await limits.getByRole('status').filter({ hasText: 'Limits saved: concurrency 7, velocity 60' }).waitFor();
    await screenshot(page, 'admin-limits');
    await expectAccessible('the limits after saving');
    watch.expectNoConsoleErrors();
  });

  it("adjusts the demo organisation's wallet below the approval threshold: the balance moves", async () => {
    const name = await demoOrgName();
    await manage(name);
    const before = await balance();
    const adjust = page.getByRole('region', { name: 'Adjust wallet' });
    await adjust.getByLabel('Amount (₦)', { exact: true }).fill('2500.25');
    await adjust.getByLabel('Reason', { exact: true }).fill('Goodwill credit (browser test)');
    await adjust.getByRole('button', { name: 'Adjust wallet', exact: true }).click();
    await adjust.getByRole('status').filter({ hasText: 'Adjusted by ₦2,500.25' }).waitFor();
    expect(await balance()).toBeCloseTo(before + 2500.25, 2);
    await screenshot(page, 'admin-adjusted');
    await expectAccessible('the wallet adjustment');
    watch.expectNoConsoleErrors();
  });

  it('refuses an adjustment above the threshold without a second approver, and applies it with another admin’s token', async () => {
    const name = await demoOrgName();
    const amount = '150000';
    const reason = 'Large correction (browser test)';
    const adjust = page.getByRole('region', { name: 'Adjust wallet' });
    const before = await balance();

    // Without a token: the API's 400 on secondApprover, shown at the field; nothing moves.
    await adjust.getByLabel('Amount (₦)', { exact: true }).fill(amount);
    await adjust.getByLabel('Reason', { exact: true }).fill(reason);
    await adjust.getByRole('button', { name: 'Adjust wallet', exact: true }).click();
    await expect.poll(() => adjust.getByLabel('Approval token', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'admin-adjust-needs-approval');
    expect(await balance()).toBeCloseTo(before, 2);

    // A token this admin issued for itself is refused (403).
    const own = await issueToken(page, name, amount, reason);
    await adjust.getByLabel('Approval token', { exact: true }).fill(own);
    await adjust.getByRole('button', { name: 'Adjust wallet', exact: true }).click();
    await adjust.getByRole('alert').filter({ hasText: 'must come from another platform admin' }).waitFor();
    expect(await balance()).toBeCloseTo(before, 2);

    // The second admin, in another browser, issues the token; shown once.
    const other = await context.browser()!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page2 = await other.newPage();
      page2.setDefaultTimeout(TIMEOUT);
      const watch2 = watchConsole(page2);
      await signIn(page2, base(), second.email, second.password);
      await platformLink(page2).click();
      await waitForH1(page2, 'Platform');
      const token = await issueToken(page2, name, amount, reason, true);
      // Done forgets it.
      await page2.getByRole('region', { name: 'Approve an adjustment' }).getByRole('button', { name: 'Done', exact: true }).click();
      expect(await page2.content()).not.toContain(token);
      watch2.expectNoConsoleErrors();

      // The first admin enters it: the adjustment applies, and the token is gone from the page.
      await adjust.getByLabel('Amount (₦)', { exact: true }).fill(amount);
      await adjust.getByLabel('Reason', { exact: true }).fill(reason);
      await adjust.getByLabel('Approval token', { exact: true }).fill(token);
      await adjust.getByRole('button', { name: 'Adjust wallet', exact: true }).click();
      await adjust.getByRole('status').filter({ hasText: 'Adjusted by ₦150,000.00' }).waitFor();
      expect(await balance()).toBeCloseTo(before + 150_000, 2);
      expect(await adjust.getByLabel('Approval token', { exact: true }).inputValue()).toBe('');
      await screenshot(page, 'admin-adjusted-with-approval');
      await expectAccessible('the approved adjustment');
    } finally {
      await other.close();
    }
    // The page's 400 and 403 are expected answers; only uncaught errors and other messages count.
    expect(watch.errors.filter((e) => !/status of 40[03]/.test(e))).toEqual([]);
    watch.clear();
  });

  /** "Approve an adjustment" on a page: amount and reason, "Issue approval token"; answers the token shown once. */
  async function issueToken(p: Page, orgName: string, amount: string, reason: string, shoot = false): Promise<string> {
    if (!(await p.getByRole('heading', { level: 2, name: orgName, exact: true }).isVisible())) {
      await p.getByRole('button', { name: `Manage ${orgName}`, exact: true }).click();
      await p.getByRole('heading', { level: 2, name: orgName, exact: true }).waitFor();
    }
    const approve = p.getByRole('region', { name: 'Approve an adjustment' });
    await approve.getByLabel('Amount to approve (₦)', { exact: true }).fill(amount);
    await approve.getByLabel('Reason to approve', { exact: true }).fill(reason);
    await approve.getByRole('button', { name: 'Issue approval token', exact: true }).click();
    const field: Locator = approve.getByLabel('Issued approval token', { exact: true });
    await field.waitFor();
    await approve.getByText('it is not shown again').waitFor();
    const token = await field.inputValue();
    expect(token.length).toBeGreaterThan(10);
    if (shoot) {
      await screenshot(p, 'admin-approval-token');
      const violations = await checkAccessibility(p);
      expect(violations, `axe-core on the approval token:\n${violations.join('\n')}`).toEqual([]);
      return token;
    }
    await approve.getByRole('button', { name: 'Done', exact: true }).click();
    return token;
  }

  it('shows the demo owner (not an admin) no "Platform" link, and no admin data at /admin', async () => {
    const other = await context.browser()!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await other.newPage();
      p.setDefaultTimeout(TIMEOUT);
      const w = watchConsole(p);
      await signIn(p, base(), demo().ownerEmail, demo().ownerPassword);
      await nav(p).getByRole('link', { name: 'Overview', exact: true }).waitFor();
      expect(await platformLink(p).count()).toBe(0);
      const adminCalls: string[] = [];
      p.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/v1/admin')) adminCalls.push(r.url());
      });
      await p.goto(`${base()}/admin`);
      await p.getByRole('alert').filter({ hasText: /platform admins only/i }).waitFor();
      expect(await p.getByRole('table').count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Create organisation' }).count()).toBe(0);
      expect(await p.content()).not.toContain(newOrg.name);
      expect(adminCalls).toEqual([]);
      await screenshot(p, 'admin-forbidden');
      const violations = await checkAccessibility(p);
      expect(violations, `axe-core on /admin for a non-admin:\n${violations.join('\n')}`).toEqual([]);
      // And the API itself refuses the owner.
      const res = await fetch(`${base()}/v1/admin/organisations`, { headers: { authorization: `Bearer ${ownerToken}` } });
      expect(res.status).toBe(403);
      w.expectNoConsoleErrors();
    } finally {
      await other.close();
    }
  });
});
