import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import {
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
 * The console's main flows for a developer (DESIGN.md §14), signed in as the demo owner, in Debian's
 * Chromium against a real `idv serve` on PostgreSQL: an API key created (its secret shown once,
 * copied, then gone), used and revoked; sandbox verifications listed masked, filtered, opened and
 * paged; a CSV export requested, completed by itself and downloaded; and the session: refreshed
 * silently once on a 401, ended by a revoked session with sign-in keeping the page, the refresh
 * token alone in sessionStorage.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();

const TIMEOUT = 15_000;
/** The Verifications page asks for pages of 50 (console/src/pages/Verifications.tsx PAGE_SIZE). */
const PAGE_SIZE = 50;
/** DESIGN.md §10.2: the header row of an export file. */
const EXPORT_HEADER =
  'id,createdAt,environment,type,endpoint,verificationStatus,errorCode,httpStatus,charged,chargeAmount,referenceId,identifierType,identifier,purpose,requestReason,apiKeyId,requestId,durationMs,replayOf';
/** Clear identifiers of the sandbox fixtures used here: never in the DOM (§14 "Never"). */
const CLEAR_IDENTIFIERS = ['11111111111', '22222222222', '00000000000'];

type RecordView = { id: string; type: string; verificationStatus: 'VERIFIED' | 'NOT_VERIFIED' | null; identifier: string; identifierType: string; requestId: string; apiKeyId: string };

describe.skipIf(!hasPostgres && !ci)('console flows for a developer [postgres]', () => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let watch: ConsoleWatch;

  beforeAll(async () => {
    if (!hasPostgres) throw new Error('CI=true but PostgreSQL is not available: the console browser tests cannot run');
    server = await startConsoleServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    watch = watchConsole(page);
    await signIn(page, server.baseUrl, server.demo.ownerEmail, server.demo.ownerPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const base = () => server!.baseUrl;
  const navLink = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

  async function expectAccessible(what: string) {
    const violations = await checkAccessibility(page);
    expect(violations, `axe-core on ${what}:\n${violations.join('\n')}`).toEqual([]);
  }

  /** The session's tokens as the page holds them: the refresh token in sessionStorage. */
  async function storedRefreshToken(): Promise<string> {
    const token = await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }).sessionStorage.getItem('idv.refreshToken'));
    if (!token) throw new Error('no refresh token in sessionStorage');
    return token;
  }

  /** Everything the page keeps where it outlives a render: the DOM, both storages and the URL. */
  async function pageState(): Promise<{ html: string; local: Record<string, string>; session: Record<string, string>; url: string }> {
    return page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { documentElement: { outerHTML: string } };
        localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
        sessionStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
        location: { href: string };
      };
      const dump = (s: typeof g.localStorage) => {
        const out: Record<string, string> = {};
        for (let i = 0; i < s.length; i++) {
          const k = s.key(i)!;
          out[k] = s.getItem(k) ?? '';
        }
        return out;
      };
      return { html: g.document.documentElement.outerHTML, local: dump(g.localStorage), session: dump(g.sessionStorage), url: g.location.href };
    });
  }

  /** An access token for the API, made from a fresh sign-in through the API itself (not the page's session). */
  async function apiSession(): Promise<string> {
    const { ownerEmail: email, ownerPassword: password } = server!.demo;
    const before = (await newestOutbox(base(), email))?.id;
    const login = await postJson('/v1/auth/login', { email, password });
    expect(login.status).toBe(200);
    const { loginToken } = ((await login.json()) as { data: { loginToken: string } }).data;
    const message = await poll('a sign-in code', TIMEOUT, async () => {
      const m = await newestOutbox(base(), email);
      return m && m.id !== before ? m : undefined;
    });
    const otp = /\b(\d{6})\b/.exec(message.body)![1];
    const confirm = await postJson('/v1/auth/confirm-login', { loginToken, otp });
    expect(confirm.status).toBe(200);
    return ((await confirm.json()) as { data: { accessToken: string } }).data.accessToken;
  }

  function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${base()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  }

  /** POST /v1/nin/raw/lookup with a key, the README's body. */
  function ninLookup(key: string, nin = '11111111111', headers: Record<string, string> = {}): Promise<Response> {
    return postJson('/v1/nin/raw/lookup', { nin, requestReason: 'ACCOUNT_OPENING' }, { 'x-api-key': key, ...headers });
  }

  /** Every test record, newest first, as the API lists them. */
  async function testRecords(token: string, query = ''): Promise<RecordView[]> {
    const all: RecordView[] = [];
    let cursor: string | null = null;
    do {
      const res: Response = await fetch(`${base()}/v1/verifications?environment=test&limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { items: RecordView[]; nextCursor: string | null } };
      all.push(...body.data.items);
      cursor = body.data.nextCursor;
    } while (cursor);
    return all;
  }

  /** The data rows of the page's table with these column headers, each as its cells' text. */
  async function tableRows(table: Locator): Promise<string[][]> {
    return table.locator('tbody tr').evaluateAll((rows) =>
      (rows as unknown as Array<{ querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> }>).map((r) =>
        Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim()),
      ),
    );
  }

  async function columnIndex(table: Locator, header: string): Promise<number> {
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
    const i = headers.indexOf(header);
    expect(i, `column "${header}" in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
    return i;
  }

  /** Starts a test from a known page (a reload: the session is restored from sessionStorage), so one failure does not cascade. */
  async function open(path: string, h1: string) {
    await page.keyboard.press('Escape');
    await page.goto(`${base()}${path}`);
    await waitForH1(page, h1);
  }

  describe('API keys', () => {
    const name = `flows key ${Date.now()}`;
    let secret = '';

    it('"Create key" shows the secret once with "Copy" (the clipboard holds exactly it) and a warning; after "Done" it is nowhere', async () => {
      watch.clear();
      await navLink('API keys').click();
      await waitForH1(page, 'API keys');
      await page.getByRole('button', { name: 'Create key', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Create key' });
      await dialog.waitFor();
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'test' });
      await screenshot(page, 'flows-api-key-create');
      await expectAccessible('the "Create key" dialog');
      await dialog.getByRole('button', { name: 'Create key', exact: true }).click();

      const shown = page.getByRole('dialog', { name: 'Your new key' });
      await shown.waitFor();
      secret = (await shown.getByLabel('API key secret').innerText()).trim();
      expect(secret).toMatch(/^sk_test_[A-Za-z0-9]{32,}$/);
      await expect(shown.getByRole('alert').innerText()).resolves.toMatch(/not shown again/i);

      await shown.getByRole('button', { name: 'Copy', exact: true }).click();
      await shown.getByRole('status').filter({ hasText: /copied/i }).waitFor();
      const clipboard = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
      expect(clipboard).toBe(secret);
      // The screenshot must not keep the secret in test-results: it is blurred out of the picture.
      await page.addStyleTag({ content: '[aria-label="API key secret"] { filter: blur(6px); }' });
      await screenshot(page, 'flows-api-key-secret-shown-once');
      await expectAccessible('the new key dialog');

      await shown.getByRole('button', { name: 'Done', exact: true }).click();
      await shown.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      const state = await pageState();
      expect(state.html.includes(secret), 'the secret in the DOM after "Done"').toBe(false);
      expect(JSON.stringify(state.local).includes(secret), 'the secret in localStorage').toBe(false);
      expect(JSON.stringify(state.session).includes(secret), 'the secret in sessionStorage').toBe(false);
      expect(state.url.includes(secret), 'the secret in the URL').toBe(false);
      // The table shows the key as prefix…last4, active.
      expect(await row.innerText()).toContain(secret.slice(-4));
      const table = page.getByRole('table', { name: 'API keys' });
      const cells = (await tableRows(table)).find((r) => r[0] === name)!;
      expect(cells[await columnIndex(table, 'Status')]).toBe('Active');
      expect(cells[await columnIndex(table, 'Type')]).toBe('test');
      watch.expectNoConsoleErrors();
    });

    it('the new key works: POST /v1/nin/raw/lookup with the README body is 200', async () => {
      const res = await ninLookup(secret);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { verificationStatus: string } }).data.verificationStatus).toBe('VERIFIED');
    });

    it('"Revoke" asks to confirm; after confirming the API refuses the key (401) and the table shows it Revoked', async () => {
      watch.clear();
      await page.getByRole('button', { name: `Revoke ${name}`, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
      await confirm.waitFor();
      await screenshot(page, 'flows-api-key-revoke-confirm');
      await expectAccessible('the revoke confirmation');
      // Asking is not revoking: the key still works while the question is open.
      expect((await ninLookup(secret)).status).toBe(200);
      await confirm.getByRole('button', { name: 'Revoke key', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });

      const table = page.getByRole('table', { name: 'API keys' });
      const statusCol = await columnIndex(table, 'Status');
      await poll('the key shown Revoked', TIMEOUT, async () => ((await tableRows(table)).find((r) => r[0] === name)?.[statusCol] === 'Revoked' ? true : undefined));
      await expect(page.getByRole('button', { name: `Revoke ${name}`, exact: true }).count()).resolves.toBe(0);
      const res = await ninLookup(secret);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
      await screenshot(page, 'flows-api-key-revoked');
      watch.expectNoConsoleErrors();
    });
  });

  describe('Verifications', () => {
    let token = '';
    let records: RecordView[] = [];

    beforeAll(async () => {
      const key = server!.demo.testKey;
      // One NOT_VERIFIED (404 RECORD_NOT_FOUND), one FAILED (no verdict: a forced upstream error), a
      // BVN lookup, and enough VERIFIED NIN lookups for more than one page of the list.
      expect((await ninLookup(key, '00000000000')).status).toBe(404);
      expect((await ninLookup(key, '11111111111', { 'X-Sandbox-Scenario': 'provider_error' })).status).toBe(502);
      expect((await postJson('/v1/bvn/lookup', { bvn: '22222222222' }, { 'x-api-key': key })).status).toBe(200);
      token = await apiSession();
      const have = (await testRecords(token)).length;
      for (let i = have; i < PAGE_SIZE + 5; i++) expect((await ninLookup(key)).status).toBe(200);
      records = await testRecords(token);
      expect(records.length).toBeGreaterThan(PAGE_SIZE);
    });

    const verificationsTable = () => page.getByRole('table', { name: 'Verifications (test)' });

    it('in test mode lists the records with the identifier masked (never the clear one), and "Load more" pages past 50', async () => {
      watch.clear();
      await navLink('Verifications').click();
      await waitForH1(page, 'Verifications');
      await page.getByRole('switch', { name: 'Test mode' }).click();
      await page.waitForURL((u) => u.searchParams.get('env') === 'test');
      const table = verificationsTable();
      await table.waitFor();
      const idCol = await columnIndex(table, 'Identifier');
      const reqCol = await columnIndex(table, 'Request ID');
      for (const h of ['Time', 'Type', 'Status', 'Identifier', 'Charged (₦)', 'API key', 'Request ID']) await columnIndex(table, h);

      await poll('the first page', TIMEOUT, async () => ((await tableRows(table)).length === PAGE_SIZE ? true : undefined));
      let rows = await tableRows(table);
      expect(rows.map((r) => r[reqCol])).toEqual(records.slice(0, PAGE_SIZE).map((r) => r.requestId));
      for (const [i, r] of rows.entries()) expect(r[idCol]).toBe(`${records[i]!.identifierType}${records[i]!.identifier}`);
      expect(rows.some((r) => r[idCol]!.endsWith('*******1111'))).toBe(true);
      const html = (await pageState()).html;
      for (const clear of CLEAR_IDENTIFIERS) expect(html.includes(clear), `the clear identifier ${clear} in the DOM`).toBe(false);
      await screenshot(page, 'flows-verifications-test');
      await expectAccessible('Verifications in test mode');

      await page.getByRole('button', { name: 'Load more', exact: true }).click();
      await poll('the second page', TIMEOUT, async () => ((await tableRows(table)).length === records.length ? true : undefined));
      rows = await tableRows(table);
      expect(rows.map((r) => r[reqCol])).toEqual(records.map((r) => r.requestId));
      await expect(page.getByRole('button', { name: 'Load more', exact: true }).count()).resolves.toBe(0);
      await page.getByRole('status').filter({ hasText: /no more/i }).waitFor();
      watch.expectNoConsoleErrors();
    });

    it('the Status and Type filters narrow the rows to what the API holds', async () => {
      watch.clear();
      const table = verificationsTable();
      const reqCol = await columnIndex(table, 'Request ID');
      const statusCol = await columnIndex(table, 'Status');
      // The first page of the matching records (the page asks for 50 at a time).
      const expectRows = async (what: string, matching: RecordView[]) => {
        expect(matching.length).toBeGreaterThan(0);
        const expected = matching.slice(0, PAGE_SIZE);
        await poll(what, TIMEOUT, async () => {
          const ids = (await tableRows(table)).map((r) => r[reqCol]);
          return ids.length === expected.length && ids.every((id, i) => id === expected[i]!.requestId) ? true : undefined;
        });
      };

      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Not verified' });
      await page.waitForURL((u) => u.searchParams.get('status') === 'NOT_VERIFIED' && u.searchParams.get('env') === 'test');
      await expectRows('only NOT_VERIFIED rows', records.filter((r) => r.verificationStatus === 'NOT_VERIFIED'));
      await screenshot(page, 'flows-verifications-not-verified');
      await expectAccessible('Verifications filtered by Status');

      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Failed (no verdict)' });
      await expectRows('only FAILED rows', records.filter((r) => r.verificationStatus === null));
      const failedStatus = (await tableRows(table))[0]![statusCol]!;
      expect(failedStatus).not.toBe('');

      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Verified' });
      await expectRows('only VERIFIED rows', records.filter((r) => r.verificationStatus === 'VERIFIED'));

      // Type: the option that stands for the BVN lookup, chosen by its visible label.
      const typeSelect = page.getByLabel('Type', { exact: true });
      const bvnOption = typeSelect.locator('option').and(page.locator('option[value*="BVN_LOOKUP"]')).first();
      const bvnLabel = (await bvnOption.innerText()).trim();
      const bvnValue = (await bvnOption.getAttribute('value')) ?? '';
      expect(bvnValue.split(',')).toContain('BVN_LOOKUP');
      await typeSelect.selectOption({ label: bvnLabel });
      const bvnTypes = bvnValue.split(',');
      await expectRows('only VERIFIED BVN rows', records.filter((r) => r.verificationStatus === 'VERIFIED' && bvnTypes.includes(r.type)));
      await screenshot(page, 'flows-verifications-bvn-verified');

      await page.getByRole('button', { name: 'Clear filters', exact: true }).click();
      await page.waitForURL((u) => !u.searchParams.has('status') && !u.searchParams.has('type') && u.searchParams.get('env') === 'test');
      // Unfiltered again: the list as it was (the pages already loaded may be kept).
      await poll('the unfiltered list again', TIMEOUT, async () => {
        const ids = (await tableRows(table)).map((r) => r[reqCol]);
        return ids.length >= PAGE_SIZE && ids.every((id, i) => id === records[i]!.requestId) ? true : undefined;
      });
      watch.expectNoConsoleErrors();
    });

    it('clicking a row opens its detail page (h1 = the record id) with its fields, the identifier masked', async () => {
      await open('/verifications?env=test', 'Verifications');
      watch.clear();
      const table = verificationsTable();
      await table.waitFor();
      const failed = records.find((r) => r.verificationStatus === null)!;
      const notVerified = records.find((r) => r.verificationStatus === 'NOT_VERIFIED')!;
      for (const record of [notVerified, failed]) {
        const link = table.getByRole('link', { name: new RegExp(`verification ${record.id}$`) });
        // The oldest records are on the second page.
        if ((await link.count()) === 0) await page.getByRole('button', { name: 'Load more', exact: true }).click();
        await link.click();
        await waitForH1(page, record.id);
        expect(new URL(page.url()).pathname).toBe(`/verifications/${record.id}`);
        expect((await page.locator('h1').allInnerTexts()).map((t) => t.trim())).toEqual([record.id]);
        const res = await fetch(`${base()}/v1/verifications/${record.id}`, { headers: { authorization: `Bearer ${token}` } });
        const full = ((await res.json()) as { data: Record<string, unknown> }).data;
        const field = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
        await expect(field('Type').innerText()).resolves.toBe(full.type);
        await expect(field('Endpoint').innerText()).resolves.toBe(full.endpoint);
        await expect(field('Environment').innerText()).resolves.toBe('test');
        await expect(field('HTTP status').innerText()).resolves.toBe(String(full.httpStatus));
        await expect(field('Identifier').innerText()).resolves.toBe(full.identifier);
        await expect(field('Identifier type').innerText()).resolves.toBe(full.identifierType);
        await expect(field('Request ID').innerText()).resolves.toBe(full.requestId);
        await expect(field('API key').innerText()).resolves.toBe(full.apiKeyId);
        await expect(field('Charged').innerText()).resolves.toBe('No');
        await expect(field('Request reason').innerText()).resolves.toBe(String(full.requestReason));
        await expect(field('Error code').innerText()).resolves.toBe(full.errorCode === null ? '—' : String(full.errorCode));
        await expect(field('Verification status').innerText()).resolves.toBe(full.verificationStatus === null ? '—' : String(full.verificationStatus));
        const html = (await pageState()).html;
        for (const clear of CLEAR_IDENTIFIERS) expect(html.includes(clear), `the clear identifier ${clear} in the DOM`).toBe(false);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `flows-verification-detail-${record.verificationStatus ?? 'FAILED'}`);
        await expectAccessible(`the detail page of ${record.id}`);
        await page.getByRole('link', { name: 'Back to verifications', exact: true }).click();
        await waitForH1(page, 'Verifications');
        expect(new URL(page.url()).searchParams.get('env')).toBe('test');
        await table.waitFor();
      }
      watch.expectNoConsoleErrors();
    });

    it('"Export" → CSV → start: on Exports the row becomes Completed by itself and "Download" saves the CSV of those records', async () => {
      await open('/verifications?env=test', 'Verifications');
      watch.clear();
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Export verifications' });
      await dialog.waitFor();
      await dialog.getByLabel('Format', { exact: true }).selectOption({ label: 'CSV' });
      const expected = await testRecords(token);
      await dialog.getByRole('status').filter({ hasText: `${expected.length} records will be exported` }).waitFor();
      await screenshot(page, 'flows-export-dialog');
      await expectAccessible('the export dialog');
      await dialog.getByRole('button', { name: 'Start export', exact: true }).click();
      const requested = page.getByRole('dialog', { name: 'Export requested' });
      await requested.waitFor();
      await requested.getByRole('link', { name: 'Go to Exports', exact: true }).click();
      await waitForH1(page, 'Exports');

      const table = page.getByRole('table', { name: 'Exports' });
      await table.waitFor();
      const statusCol = await columnIndex(table, 'Status');
      const rowsCol = await columnIndex(table, 'Rows');
      const formatCol = await columnIndex(table, 'Format');
      // The page refreshes a PENDING/RUNNING job by itself: no reload here.
      await poll('the export Completed', 60_000, async () => ((await tableRows(table))[0]?.[statusCol] === 'Completed' ? true : undefined));
      const row = (await tableRows(table))[0]!;
      expect(row[formatCol]).toBe('CSV');
      expect(row[rowsCol]).toBe(String(expected.length));
      await screenshot(page, 'flows-exports-completed');
      await expectAccessible('Exports with a completed job');

      const [download] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.getByRole('button', { name: /^Download/ }).first().click()]);
      expect(download.suggestedFilename()).toMatch(/^verifications-exp_[A-Za-z0-9]+\.csv$/);
      const path = await download.path();
      const csv = readFileSync(path, 'utf8');
      expect(csv.charCodeAt(0)).not.toBe(0xfeff);
      const lines = csv.split('\r\n');
      if (lines.at(-1) === '') lines.pop();
      expect(lines[0]).toBe(EXPORT_HEADER);
      const data = lines.slice(1);
      expect(data.length).toBe(expected.length);
      expect(data.map((l) => l.split(',')[0])).toEqual(expected.map((r) => r.id));
      const envCol = EXPORT_HEADER.split(',').indexOf('environment');
      expect(new Set(data.map((l) => l.split(',')[envCol]))).toEqual(new Set(['test']));
      for (const clear of CLEAR_IDENTIFIERS) expect(csv.includes(clear), `the clear identifier ${clear} in the file`).toBe(false);
      watch.expectNoConsoleErrors();
    });
  });

  describe('Session', () => {
    it('after signing in, sessionStorage holds only the refresh token (no access token in any storage) and localStorage is empty', async () => {
      const state = await pageState();
      expect(Object.keys(state.session)).toEqual(['idv.refreshToken']);
      expect(state.local).toEqual({});
      // A JWT (the access token) is three base64url parts starting "eyJ": none anywhere in storage.
      for (const v of [...Object.values(state.session), ...Object.values(state.local)]) expect(v).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
      const cookies = await context.cookies();
      expect(cookies).toEqual([]);
    });

    it('a 401 refreshes the session silently once and the page loads', async () => {
      await open('/', 'Overview');
      watch.clear();
      const before = await storedRefreshToken();
      let refused = 0;
      let refreshes = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/v1/auth/refresh') refreshes++;
      });
      // The API says 401 once to the page's next API call, as it does to an expired access token.
      await page.route('**/v1/api-keys', async (route) => {
        if (refused === 0) {
          refused++;
          await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, statusCode: 401, code: 'UNAUTHENTICATED', message: 'Token expired' }) });
        } else await route.continue();
      });
      await navLink('API keys').click();
      await waitForH1(page, 'API keys');
      await page.getByRole('table', { name: 'API keys' }).waitFor();
      await page.unroute('**/v1/api-keys');
      expect(refused).toBe(1);
      expect(refreshes).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/api-keys');
      await poll('a rotated refresh token', TIMEOUT, async () => ((await storedRefreshToken()) !== before ? true : undefined));
      expectNoErrorsBut401s(watch);
    });

    it('a revoked session goes to /login?next=<the page>, and signing in again comes back to it', async () => {
      await open('/exports?env=test', 'Exports');
      watch.clear();
      // Reuse of a refresh token two generations old revokes the session (§9): T → T1, T1 → T2, T again.
      const t = await storedRefreshToken();
      const r1 = await postJson('/v1/auth/refresh', { refreshToken: t });
      expect(r1.status).toBe(200);
      const t1 = ((await r1.json()) as { data: { refreshToken: string } }).data.refreshToken;
      expect((await postJson('/v1/auth/refresh', { refreshToken: t1 })).status).toBe(200);
      expect((await postJson('/v1/auth/refresh', { refreshToken: t })).status).toBe(401);

      await navLink('Verifications').click();
      await page.waitForURL((u) => u.pathname === '/login', { timeout: TIMEOUT });
      await waitForH1(page, 'Sign in');
      const next = new URL(page.url()).searchParams.get('next');
      expect(next).toBe('/verifications?env=test');
      const state = await pageState();
      expect(state.session).toEqual({});
      expect(state.local).toEqual({});
      await screenshot(page, 'flows-session-ended-login');
      await expectAccessible('sign-in after the session ended');

      // Sign in again on this very page (keeping ?next=).
      const { ownerEmail: email, ownerPassword: password } = server!.demo;
      const before = (await newestOutbox(base(), email))?.id;
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const message = await poll('a new sign-in code', TIMEOUT, async () => {
        const m = await newestOutbox(base(), email);
        return m && m.id !== before ? m : undefined;
      });
      await page.getByLabel('Code', { exact: true }).fill(/\b(\d{6})\b/.exec(message.body)![1]!);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await waitForH1(page, 'Verifications');
      const back = new URL(page.url());
      expect(`${back.pathname}${back.search}`).toBe('/verifications?env=test');
      await page.getByRole('table', { name: 'Verifications (test)' }).waitFor();
      const after = await pageState();
      expect(Object.keys(after.session)).toEqual(['idv.refreshToken']);
      expect(after.local).toEqual({});
      expectNoErrorsBut401s(watch);
    });
  });
});

/**
 * Chromium itself logs every 4xx answer as "Failed to load resource" in the console: the 401s these
 * tests provoke are expected; any other error is not.
 */
function expectNoErrorsBut401s(watch: ConsoleWatch): void {
  const seen = watch.errors.splice(0).filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e));
  expect(seen, 'errors in the browser console').toEqual([]);
}
