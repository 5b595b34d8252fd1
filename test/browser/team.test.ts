import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigured } from '../helpers/pg-file.js';
import {
  checkAccessibility,
  escapeRegExp,
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
import { startReceiver, type ReceivedRequest, type Receiver } from '../helpers/webhook-receiver.js';

/**
 * The team and integration flows of the console (DESIGN.md §14, §9, §11.3–11.4) in Debian's Chromium
 * against a real `idv serve` on PostgreSQL: the owner invites a VIEWER, who joins from the emailed
 * link in a fresh browser and signs in; the VIEWER's pages read but offer no write control; the owner
 * adds a webhook endpoint in test mode (the receiver on 127.0.0.1, ALLOW_PRIVATE_WEBHOOK_URLS=true),
 * sends a test event (signature checked with `standardwebhooks`), redelivers it, rotates the secret
 * and deletes the endpoint.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const hasPostgres = postgresConfigured();

const TIMEOUT = 15_000;
const VIEWER_EMAIL = 'viewer.browser@example.com';
const VIEWER_PASSWORD = 'viewer-password-1234';
/** The controls DESIGN.md §14 withholds from a VIEWER. */
const WRITE_CONTROLS = ['Create key', 'Invite member', 'Fund wallet', 'Add endpoint'];

interface Envelope<T> {
  data: T;
}

/** The newest `Authorization` header a page sent to the API (the console keeps the token in memory). */
function trackBearer(page: Page): () => string {
  let bearer: string | undefined;
  page.on('request', (req) => {
    const header = req.headers()['authorization'];
    if (header && new URL(req.url()).pathname.startsWith('/v1/')) bearer = header;
  });
  return () => {
    if (!bearer) throw new Error('the page has sent no bearer token yet');
    return bearer;
  };
}

describe.skipIf(!hasPostgres && !ci)('console team and integration flows [postgres]', () => {
  let server: ConsoleServer | undefined;
  let receiver: Receiver | undefined;
  let browser: Browser | undefined;
  let ownerContext: BrowserContext;
  let owner: Page;
  let ownerWatch: ConsoleWatch;
  let ownerBearer: () => string;
  let viewerContext: BrowserContext | undefined;
  let viewer: Page;
  let viewerWatch: ConsoleWatch;
  let viewerBearer: () => string;
  /** Every URL the VIEWER's tab was at. */
  const viewerUrls: string[] = [];
  /** The emailed link the VIEWER opened. */
  let inviteLink = '';

  beforeAll(async () => {
    if (!hasPostgres) throw new Error('CI=true but PostgreSQL is not available: the console browser tests cannot run');
    receiver = await startReceiver();
    server = await startConsoleServer({ env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1' } });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    owner = await ownerContext.newPage();
    owner.setDefaultTimeout(TIMEOUT);
    ownerWatch = watchConsole(owner);
    ownerBearer = trackBearer(owner);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  const base = () => server!.baseUrl;

  /** The API as a person's session or a key sees it (to check what it holds after a click). */
  async function apiGet<T>(path: string, authorization: string): Promise<{ status: number; data: T }> {
    const res = await fetch(`${base()}${path}`, { headers: { authorization } });
    const body = (await res.json()) as Envelope<T>;
    return { status: res.status, data: body.data };
  }

  async function expectAccessible(page: Page, where: string) {
    const violations = await checkAccessibility(page);
    expect(violations, `axe-core on ${where}:\n${violations.join('\n')}`).toEqual([]);
  }

  const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

  async function goTo(page: Page, link: string, h1 = link) {
    await navLink(page, link).click();
    await waitForH1(page, h1);
    await page.waitForLoadState('networkidle');
  }

  describe('members', () => {
    it('the owner invites a VIEWER: the member appears as invited', async () => {
      await signIn(owner, base(), server!.demo.ownerEmail, server!.demo.ownerPassword);
      await goTo(owner, 'Members');
      await owner.getByRole('button', { name: 'Invite member', exact: true }).click();
      const dialog = owner.getByRole('dialog', { name: 'Invite member' });
      await dialog.waitFor();
      await dialog.getByLabel('Email', { exact: true }).fill(VIEWER_EMAIL);
      await dialog.getByLabel('Role', { exact: true }).selectOption('VIEWER');
      await screenshot(owner, 'members-invite-dialog');
      await expectAccessible(owner, 'the "Invite member" dialog');
      await dialog.getByRole('button', { name: 'Invite member', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      const row = owner.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: VIEWER_EMAIL });
      await row.waitFor();
      await expect.poll(() => row.innerText(), { timeout: TIMEOUT }).toMatch(/VIEWER[\s\S]*Invited/);
      await screenshot(owner, 'members-invited');
      await expectAccessible(owner, 'Members with an invited member');

      const members = await apiGet<Array<{ email: string; role: string; status: string }>>('/v1/organisation/members', ownerBearer());
      expect(members.status).toBe(200);
      expect(members.data.find((m) => m.email === VIEWER_EMAIL)).toMatchObject({ role: 'VIEWER', status: 'INVITED' });
      ownerWatch.expectNoConsoleErrors();
    });

    it('the invitee joins from the emailed link in a new browser, then signs in with the emailed code', async () => {
      const invitation = await poll('the invitation email', TIMEOUT, () => newestOutbox(base(), VIEWER_EMAIL));
      const link = /\/accept-invite\?token=([^\s"'<>]+)/.exec(invitation.body);
      expect(link, `an accept link in the invitation: ${invitation.body}`).not.toBeNull();
      const token = decodeURIComponent(link![1]!);

      viewerContext = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
      viewer = await viewerContext.newPage();
      viewer.setDefaultTimeout(TIMEOUT);
      viewerWatch = watchConsole(viewer);
      viewerBearer = trackBearer(viewer);
      viewer.on('framenavigated', (frame) => {
        if (frame === viewer.mainFrame()) viewerUrls.push(frame.url());
      });

      inviteLink = `${base()}/accept-invite?token=${encodeURIComponent(token)}`;
      await viewer.goto(inviteLink);
      await viewer.getByRole('heading', { level: 1, name: /^\s*Join\b/i }).waitFor();
      expect((await viewer.locator('h1').allInnerTexts()).length).toBe(1);
      // The page takes the token out of the address bar (and the history).
      await viewer.waitForURL((url) => !url.searchParams.has('token'));
      await screenshot(viewer, 'accept-invite');
      await expectAccessible(viewer, 'Accept invitation');

      await viewer.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
      await viewer.getByRole('button', { name: 'Join', exact: true }).click();
      // The API answers { userId, email } (no session): the page goes to sign-in; a token pair would sign in at once.
      await viewer.waitForURL((url) => url.pathname === '/login' || url.pathname === '/');
      if (new URL(viewer.url()).pathname === '/login') {
        await waitForH1(viewer, 'Sign in');
        await signIn(viewer, base(), VIEWER_EMAIL, VIEWER_PASSWORD);
      } else {
        await waitForH1(viewer, 'Overview');
      }
      expect(new URL(viewer.url()).pathname).toBe('/');

      const me = await apiGet<{ user: { email: string; role: string } }>('/v1/auth/me', viewerBearer());
      expect(me.status).toBe(200);
      expect(me.data.user).toMatchObject({ email: VIEWER_EMAIL, role: 'VIEWER' });
      const members = await apiGet<Array<{ email: string; status: string }>>('/v1/organisation/members', ownerBearer());
      expect(members.data.find((m) => m.email === VIEWER_EMAIL)?.status).toBe('ACTIVE');
      viewerWatch.expectNoConsoleErrors();
    });
  });

  describe("the VIEWER's restricted view", () => {
    const READ_PAGES: Array<{ link: string; h1: string; table?: { name: RegExp; header: string } }> = [
      { link: 'Overview', h1: 'Overview' },
      { link: 'Verifications', h1: 'Verifications' },
      { link: 'API keys', h1: 'API keys', table: { name: /API keys/i, header: 'Name' } },
      { link: 'Wallet', h1: 'Wallet' },
      { link: 'Webhooks', h1: 'Webhooks' },
      { link: 'Members', h1: 'Members', table: { name: /^Members$/, header: 'Email' } },
    ];

    it.each(READ_PAGES)('$h1 reads, with no write control', async (p) => {
      expect(viewerContext, 'the VIEWER signed in (previous test)').toBeDefined();
      await goTo(viewer, p.link, p.h1);
      for (const name of WRITE_CONTROLS) {
        expect(await viewer.getByRole('button', { name, exact: true }).count(), `"${name}" on ${p.h1}`).toBe(0);
      }
      // A read page works: no error message on it.
      const alerts = await viewer.getByRole('alert').allInnerTexts();
      expect(alerts.filter((t) => t.trim() !== ''), `error messages on ${p.h1}`).toEqual([]);
      if (p.table) {
        const table = viewer.getByRole('table', { name: p.table.name });
        await table.getByRole('columnheader', { name: p.table.header, exact: true }).waitFor();
        expect(await table.getByRole('row').count()).toBeGreaterThan(1);
      }
      await screenshot(viewer, `viewer-${p.link.toLowerCase().replace(/\s+/g, '-')}`);
      await expectAccessible(viewer, `${p.h1} as a VIEWER`);
      viewerWatch.expectNoConsoleErrors();
    });

    it('the API refuses what the console does not offer, and no token is ever in a URL', async () => {
      const res = await fetch(`${base()}/v1/api-keys`, {
        method: 'POST',
        headers: { authorization: viewerBearer(), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'nope', type: 'test' }),
      });
      expect(res.status).toBe(403);

      const stored = await viewer.evaluate(() => {
        const s = (globalThis as unknown as { sessionStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null } }).sessionStorage;
        const values: string[] = [];
        for (let i = 0; i < s.length; i++) values.push(s.getItem(s.key(i) ?? '') ?? '');
        return values;
      });
      const secrets = [viewerBearer().replace(/^Bearer\s+/i, ''), ...stored.filter((v) => v.length >= 20)];
      // The emailed link is what the browser opened (Chromium reports it more than once); every URL after it is the console's own.
      const opened = viewerUrls.indexOf(inviteLink);
      expect(opened).toBeGreaterThanOrEqual(0);
      let next = opened;
      while (viewerUrls[next] === inviteLink) next++;
      const after = viewerUrls.slice(next);
      expect(after.length).toBeGreaterThan(0);
      for (const url of after) {
        expect(url, 'a URL of the console').not.toMatch(/[?&](token|access_token|refresh_token)=/i);
        for (const secret of secrets) expect(url.includes(secret), `a token in ${url}`).toBe(false);
      }
      expect(viewer.url()).not.toContain('token');
    });
  });

  describe('webhooks', () => {
    let secret = '';
    let endpointId = '';
    let eventId = '';
    const hookPath = '/hooks/team';
    const hookUrl = () => receiver!.url(hookPath);
    const received = () => receiver!.to(hookPath);

    function verify(req: ReceivedRequest, withSecret: string): unknown {
      const headers: Record<string, string> = {};
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) headers[name] = String(req.headers[name] ?? '');
      return new Webhook(withSecret).verify(req.body, headers);
    }

    it('"Add endpoint" in test mode shows the signing secret once', async () => {
      await owner.goto(`${base()}/`);
      await waitForH1(owner, 'Overview');
      await goTo(owner, 'Webhooks');
      const toggle = owner.getByRole('switch', { name: 'Test mode' });
      await toggle.click();
      await owner.waitForURL((url) => url.searchParams.get('env') === 'test');
      await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: TIMEOUT }).toBe('true');
      await waitForH1(owner, 'Webhooks');

      await owner.getByRole('button', { name: 'Add endpoint', exact: true }).click();
      const dialog = owner.getByRole('dialog', { name: 'Add endpoint' });
      await dialog.waitFor();
      await dialog.getByLabel('URL', { exact: true }).fill(hookUrl());
      const all = dialog.getByRole('checkbox', { name: 'All events' });
      if (!(await all.isChecked())) await all.check();
      await dialog.getByLabel('Description').fill('browser team test');
      await screenshot(owner, 'webhooks-add-endpoint');
      await expectAccessible(owner, 'the "Add endpoint" dialog');
      await dialog.getByRole('button', { name: 'Add endpoint', exact: true }).click();

      const shown = owner.getByRole('dialog', { name: 'Endpoint added' });
      const code = shown.getByLabel('Signing secret');
      await code.waitFor();
      secret = (await code.innerText()).trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      await expect.poll(() => shown.getByText(/not shown again/i).count()).toBeGreaterThan(0);
      await screenshot(owner, 'webhooks-secret-once');
      await expectAccessible(owner, 'the signing secret dialog');
      await shown.getByRole('button', { name: 'Done', exact: true }).click();
      await shown.waitFor({ state: 'detached' });
      expect(await owner.content(), 'the secret after its one showing').not.toContain(secret);

      const endpoints = await apiGet<Array<{ id: string; url: string; environment: string; eventTypes: string[]; status: string }>>('/v1/webhooks/endpoints', ownerBearer());
      const created = endpoints.data.find((e) => e.url === hookUrl());
      expect(created).toMatchObject({ environment: 'test', eventTypes: ['*'], status: 'ENABLED' });
      endpointId = created!.id;

      const table = owner.getByRole('table', { name: /Webhook endpoints/i });
      await table.getByRole('link', { name: hookUrl(), exact: true }).waitFor();
      await screenshot(owner, 'webhooks-list');
      ownerWatch.expectNoConsoleErrors();
    });

    it("opens the endpoint's page", async () => {
      expect(endpointId).not.toBe('');
      await owner.getByRole('link', { name: hookUrl(), exact: true }).click();
      await waitForH1(owner, hookUrl());
      expect(new URL(owner.url()).pathname).toBe(`/webhooks/${endpointId}`);
      expect(new URL(owner.url()).searchParams.get('env')).toBe('test');
      await owner.getByText('No deliveries yet', { exact: false }).waitFor();
      await screenshot(owner, 'webhook-endpoint');
      await expectAccessible(owner, "the endpoint's page");
      ownerWatch.expectNoConsoleErrors();
    });

    it('"Send test event": the receiver gets it, signed, and the deliveries table shows it SUCCEEDED', async () => {
      expect(endpointId).not.toBe('');
      await owner.getByRole('button', { name: 'Send test event', exact: true }).click();
      const status = owner.getByRole('status').filter({ hasText: /Test event evt_\S+ sent/ });
      await status.waitFor();
      eventId = /(evt_[A-Za-z0-9_]+)/.exec(await status.innerText())![1]!;

      const first = await poll('the test event at the receiver', TIMEOUT, () => received().find((r) => r.headers['webhook-id'] === eventId));
      const payload = verify(first, secret) as { id: string; type: string };
      expect(payload.id).toBe(eventId);
      expect(first.headers['content-type']).toMatch(/^application\/json/);

      const row = owner.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: eventId });
      await row.getByRole('cell', { name: 'SUCCEEDED', exact: true }).waitFor({ timeout: 20_000 });
      await screenshot(owner, 'webhook-delivery-succeeded');
      await expectAccessible(owner, 'the deliveries table');

      const deliveries = await apiGet<{ items: Array<{ eventId: string; status: string; lastResponseStatus: number | null }> }>(
        `/v1/webhooks/endpoints/${endpointId}/deliveries`,
        ownerBearer(),
      );
      expect(deliveries.data.items.find((d) => d.eventId === eventId)).toMatchObject({ status: 'SUCCEEDED', lastResponseStatus: 200 });
      ownerWatch.expectNoConsoleErrors();
    });

    it('"Redeliver": the receiver gets the same webhook-id again', async () => {
      expect(eventId).not.toBe('');
      const before = received().filter((r) => r.headers['webhook-id'] === eventId).length;
      await owner.getByRole('button', { name: `Redeliver ${eventId}`, exact: true }).click();
      await owner.getByRole('status').filter({ hasText: 'Redelivery queued.' }).waitFor();
      const again = await poll('the redelivery at the receiver', TIMEOUT, () => {
        const same = received().filter((r) => r.headers['webhook-id'] === eventId);
        return same.length > before ? same[same.length - 1] : undefined;
      });
      expect((verify(again, secret) as { id: string }).id).toBe(eventId);

      const list = await apiGet<{ items: Array<{ id: string; eventId: string }> }>(`/v1/webhooks/endpoints/${endpointId}/deliveries`, ownerBearer());
      const deliveryId = list.data.items.find((d) => d.eventId === eventId)!.id;
      const attempts = await poll('the manual attempt recorded', TIMEOUT, async () => {
        const d = await apiGet<{ attempts: Array<{ trigger: string; succeeded: boolean }> }>(`/v1/webhooks/deliveries/${deliveryId}`, ownerBearer());
        return d.data.attempts.some((a) => a.trigger === 'MANUAL' && a.succeeded) ? d.data.attempts : undefined;
      });
      expect(attempts.length).toBeGreaterThanOrEqual(2);

      await owner.getByRole('button', { name: `Show attempts of ${eventId}`, exact: true }).click();
      const attemptsTable = owner.getByRole('table', { name: `Attempts of ${eventId}` });
      await attemptsTable.getByRole('cell', { name: 'MANUAL', exact: true }).first().waitFor();
      await screenshot(owner, 'webhook-redelivered-attempts');
      await expectAccessible(owner, 'the attempts of a delivery');
      ownerWatch.expectNoConsoleErrors();
    });

    it('"Rotate secret" shows a new secret once, and it signs the next event', async () => {
      expect(endpointId).not.toBe('');
      await owner.getByRole('button', { name: 'Rotate secret', exact: true }).click();
      const dialog = owner.getByRole('dialog', { name: 'Rotate secret' });
      await dialog.waitFor();
      await expectAccessible(owner, 'the "Rotate secret" dialog');
      await dialog.getByRole('button', { name: 'Rotate secret', exact: true }).click();
      const shown = owner.getByRole('dialog', { name: 'Secret rotated' });
      const code = shown.getByLabel('Signing secret');
      await code.waitFor();
      const rotated = (await code.innerText()).trim();
      expect(rotated).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      expect(rotated).not.toBe(secret);
      await screenshot(owner, 'webhook-secret-rotated');
      await expectAccessible(owner, 'the rotated secret');
      await shown.getByRole('button', { name: 'Done', exact: true }).click();
      await shown.waitFor({ state: 'detached' });
      const html = await owner.content();
      expect(html, 'the new secret after its one showing').not.toContain(rotated);
      expect(html, 'the old secret').not.toContain(secret);

      // The next test event is signed by the new secret (and, during the overlap, the old one too).
      const before = received().length;
      await owner.getByRole('button', { name: 'Send test event', exact: true }).click();
      const next = await poll('the next test event', TIMEOUT, () => {
        const r = received().slice(before).find((x) => x.headers['webhook-id'] !== eventId);
        return r;
      });
      expect(() => verify(next, rotated)).not.toThrow();
      expect(() => verify(next, secret)).not.toThrow();
      ownerWatch.expectNoConsoleErrors();
    });

    it('"Delete" asks to confirm and removes the endpoint', async () => {
      expect(endpointId).not.toBe('');
      await owner.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = owner.getByRole('dialog', { name: 'Delete this endpoint?' });
      await confirm.waitFor();
      await screenshot(owner, 'webhook-delete-confirm');
      await expectAccessible(owner, 'the delete confirmation');
      // Cancel keeps it.
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      expect((await apiGet(`/v1/webhooks/endpoints/${endpointId}`, ownerBearer())).status).toBe(200);

      await owner.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Delete endpoint', exact: true }).click();
      await owner.waitForURL((url) => url.pathname === '/webhooks');
      await waitForH1(owner, 'Webhooks');
      await owner.getByText(/No test webhook endpoints yet/i).waitFor();
      expect(await owner.getByRole('link', { name: new RegExp(escapeRegExp(hookUrl())) }).count()).toBe(0);
      await screenshot(owner, 'webhooks-after-delete');

      expect((await apiGet(`/v1/webhooks/endpoints/${endpointId}`, ownerBearer())).status).toBe(404);
      ownerWatch.expectNoConsoleErrors();
    });
  });
});
