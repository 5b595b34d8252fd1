import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_CSP, DEFAULT_CONSOLE_DIR, acceptsHtml, consoleOf } from '../../src/http/console.js';
import { startupBanner } from '../../src/server.js';
import { describeEachBackend, type Harness } from '../helpers/harness.js';
import { ROOT } from '../helpers/idv-process.js';

/**
 * `idv serve` serves the web console at `/` (DESIGN.md §14) from a built directory: here a fixture with
 * an index.html, one content-hashed asset and a favicon, beside a file that no path may reach.
 */
const root = mkdtempSync(join(tmpdir(), 'idv-console-'));
const built = join(root, 'console');
mkdirSync(join(built, 'assets'), { recursive: true });
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>\n';
const SCRIPT = 'console.log("idv console");\n';
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>\n';
writeFileSync(join(built, 'index.html'), INDEX);
writeFileSync(join(built, 'assets', 'app-abc123.js'), SCRIPT);
writeFileSync(join(built, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(built, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(built, 'favicon.svg'), FAVICON);
writeFileSync(join(built, '.env'), 'SECRET=console-dotfile\n');
writeFileSync(join(root, 'secret.txt'), 'outside-the-console\n');
const notBuilt = mkdtempSync(join(tmpdir(), 'idv-console-empty-'));

/** What a browser sends when it navigates. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const EXACT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CONSOLE_HEADER_NAMES = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options'];

type Reply = Awaited<ReturnType<Harness['app']['inject']>>;

function expectConsoleHeaders(res: Reply) {
  expect(res.headers['content-security-policy']).toBe(EXACT_CSP);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-request-id']).toMatch(/^req_/);
}

function expectNoConsoleHeaders(res: Reply) {
  for (const name of CONSOLE_HEADER_NAMES) expect(res.headers[name], name).toBeUndefined();
}

/** The index page, exactly: its body, its type, revalidated on every use, the console's headers. */
function expectIndex(res: Reply) {
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(INDEX);
  expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers.etag).toBeDefined();
  expectConsoleHeaders(res);
}

/** The API's 404 envelope, as every unknown route answered before the console existed. */
function expectNotFoundEnvelope(res: Reply, method: string, path: string) {
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'path', 'statusCode', 'success', 'timestamp']);
  expect(body).toMatchObject({ success: false, statusCode: 404, code: 'NOT_FOUND', message: `There is no route ${method} ${path}`, path });
  expect(body.timestamp).toMatch(ISO);
  expect(res.headers['x-request-id']).toMatch(/^req_/);
  expectNoConsoleHeaders(res);
}

function expectMalformedUrl(res: Reply) {
  expect(res.statusCode).toBe(400);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.json()).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR', errors: [{ field: 'url', message: 'is not a valid URL' }] });
  expectNoConsoleHeaders(res);
}

describeEachBackend(
  'the console served at / (built)',
  (h) => {
    const get = (url: string, accept?: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
      h().app.inject({ method, url, headers: accept === undefined ? {} : { accept } });

    it('answers / with index.html to a browser, no-cache, with the console headers', async () => {
      const res = await get('/', BROWSER);
      expectIndex(res);
      expect(CONSOLE_CSP).toBe(EXACT_CSP);
      // A plain text/html Accept is enough; a zero q is a refusal.
      expectIndex(await get('/', 'text/html'));
      expectNotFoundEnvelope(await get('/', 'text/html;q=0, application/json'), 'GET', '/');
    });

    it('answers client-side routes, with their query strings, with the same index.html', async () => {
      expectIndex(await get('/verifications/ver_123', BROWSER));
      expectIndex(await get('/login?next=/wallet', BROWSER));
      expectIndex(await get('/wallet?reference=ref_1&env=test', BROWSER));
      expectIndex(await get('/webhooks/whe_1/', BROWSER));
      // A path with a dot that names no file is a client route too.
      expectIndex(await get('/verifications/ver.123', BROWSER));
    });

    it('answers HEAD like GET, without a body', async () => {
      const res = await get('/verifications', BROWSER, 'HEAD');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(INDEX)));
      expect(res.headers['cache-control']).toBe('no-cache');
      expectConsoleHeaders(res);
      const asset = await get('/assets/app-abc123.js', undefined, 'HEAD');
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('sends the build’s pre-compressed twin of an asset to a browser that accepts it, and the plain file otherwise', async () => {
      const br = await h().app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expectConsoleHeaders(br);
      const gz = await h().app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
      const plain = await h().app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      // The twins are not files of their own to ask for.
      expect((await h().app.inject({ method: 'GET', url: '/assets/app-abc123.js.br' })).headers['content-type']).not.toMatch(/javascript/);
    });

    it('serves content-hashed assets as immutable for a year, whatever the Accept', async () => {
      for (const accept of [undefined, '*/*', BROWSER]) {
        const res = await get('/assets/app-abc123.js', accept);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(SCRIPT);
        expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expectConsoleHeaders(res);
      }
      // Revalidation with the ETag: 304, no body.
      const first = await get('/assets/app-abc123.js');
      const again = await h().app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('serves other files of the build at the root, revalidated', async () => {
      const res = await get('/favicon.svg');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(FAVICON);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('no-cache');
      expectConsoleHeaders(res);
      expectIndex(await get('/index.html'));
    });

    it('keeps the 404 envelope for a missing asset, even to a browser', async () => {
      expectNotFoundEnvelope(await get('/assets/app-zzz999.js', BROWSER), 'GET', '/assets/app-zzz999.js');
      expectNotFoundEnvelope(await get('/assets/app-zzz999.js'), 'GET', '/assets/app-zzz999.js');
      expectNotFoundEnvelope(await get('/assets/', BROWSER), 'GET', '/assets/');
      expectNotFoundEnvelope(await get('/assets', BROWSER), 'GET', '/assets');
    });

    it('keeps the 404 envelope for an unknown path asked for by anything but a browser', async () => {
      expectNotFoundEnvelope(await get('/verifications', 'application/json'), 'GET', '/verifications');
      expectNotFoundEnvelope(await get('/verifications'), 'GET', '/verifications');
      // curl and fetch send */* by default: they get the API's answer, not a page.
      expectNotFoundEnvelope(await get('/verifications?x=1', '*/*'), 'GET', '/verifications');
      expectNotFoundEnvelope(await get('/', '*/*'), 'GET', '/');
      expectNotFoundEnvelope(await get('/favicon.ico', 'image/avif,image/webp,*/*'), 'GET', '/favicon.ico');
      // Only GET and HEAD are pages.
      const post = await h().app.inject({ method: 'POST', url: '/verifications', headers: { accept: BROWSER, 'content-type': 'application/json' }, payload: '{}' });
      expectNotFoundEnvelope(post, 'POST', '/verifications');
    });

    it("keeps the API's answers: an unknown /v1 route is the 404 envelope whatever the Accept", async () => {
      for (const url of ['/v1/nope', '/v1', '/v1/', '/v1/verification/ver_123', '/healthz/x', '/readyz/', '/openapi.json/x', '/postman.json/x']) {
        const res = await get(url, BROWSER);
        expectNotFoundEnvelope(res, 'GET', url);
      }
      // Spelt with an escape, it is still the API's.
      expectNotFoundEnvelope(await get('/%761/nope', BROWSER), 'GET', '/%761/nope');
      const v1 = await get('/v1/nope', BROWSER);
      expect(v1.headers['cache-control']).toBe('no-store');
      // The wrong method on a known path, as before.
      expectNotFoundEnvelope(await get('/v1/nin/raw/lookup', BROWSER), 'GET', '/v1/nin/raw/lookup');
      // A known route answers as it did, without the console's headers.
      const health = await get('/healthz', BROWSER);
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ success: true, data: { status: 'ok' } });
      expectNoConsoleHeaders(health);
    });

    it('leaves /docs, /openapi.json and /postman.json as they were', async () => {
      const openapi = await get('/openapi.json', BROWSER);
      expect(openapi.statusCode).toBe(200);
      expect(openapi.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(openapi.json().openapi).toBe('3.1.0');
      expectNoConsoleHeaders(openapi);
      const postman = await get('/postman.json', BROWSER);
      expect(postman.statusCode).toBe(200);
      expect(postman.json().info.name).toBeDefined();
      expectNoConsoleHeaders(postman);
      // The reference page keeps its own policy (helmet's, with swagger-ui's style hash), never the console's.
      const docs = await get('/docs/', BROWSER);
      expect(docs.statusCode).toBe(200);
      expect(docs.body).toMatch(/swagger-ui/);
      expect(docs.headers['content-security-policy']).toMatch(/'sha256-/);
      expect(docs.headers['content-security-policy']).not.toBe(EXACT_CSP);
      expect(docs.body).not.toBe(INDEX);
      // An unknown path under /docs is the envelope, not the console.
      expectNotFoundEnvelope(await get('/docs/nope', BROWSER), 'GET', '/docs/nope');
    });

    it('answers a path with NUL, a control character or bad percent-encoding with a 400 envelope, never a 500', async () => {
      for (const url of ['/%00', '/login%00.html', '/assets/app-abc123.js%00', '/%0a', '/verifications/%7f']) {
        expectMalformedUrl(await get(url, BROWSER));
        expectMalformedUrl(await get(url, 'application/json'));
      }
      for (const url of ['/%zz', '/%E0%A4%A', '/verifications/%C0%AF', '/%ED%A0%80']) {
        const res = await get(url, BROWSER);
        expectMalformedUrl(res);
      }
    });

    it('never answers a file outside the directory, or a dotfile', async () => {
      const attempts = [
        '/..%2f..%2fetc/passwd',
        '/..%2fsecret.txt',
        '/%2e%2e/secret.txt',
        '/%2e%2e%2fsecret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/assets/%2e%2e/%2e%2e/secret.txt',
        '/..%5csecret.txt',
        '/assets/..%5c..%5csecret.txt',
        '/%2fetc%2fpasswd',
        '/.env',
        '/assets/.%2e/.env',
      ];
      for (const url of attempts) {
        for (const accept of [BROWSER, 'application/json', undefined]) {
          const res = await get(url, accept);
          expect(res.body, url).not.toMatch(/outside-the-console|console-dotfile|root:/);
          // A browser gets the app (its own router says "Page not found"), anything else the envelope
          // or a 400 for a path that cannot name a file; never a file and never a 500.
          if (res.statusCode === 200) expectIndex(res);
          else expect([400, 404], `${url} ${accept}`).toContain(res.statusCode);
          if (res.statusCode === 404) expect(res.json().code).toBe('NOT_FOUND');
          if (res.statusCode !== 200) expectNoConsoleHeaders(res);
        }
      }
      // The first of them, exactly: the app to a browser, the envelope to anything else.
      expectIndex(await get('/..%2f..%2fetc/passwd', BROWSER));
      expectNotFoundEnvelope(await get('/..%2f..%2fetc/passwd', 'application/json'), 'GET', '/..%2f..%2fetc/passwd');
      // A dotfile is never served, even to a browser (which gets the app instead).
      expectNotFoundEnvelope(await get('/.env'), 'GET', '/.env');
    });

    it('is listed by the banner once built, with the demo owner\'s sign-in', () => {
      expect(consoleOf(h().app)?.built()).toBe(true);
      expect(h().logs.text()).not.toMatch(/console is not built/);
      const demo = { organisationId: 'org_1', ownerEmail: 'o@example.com', ownerPassword: 'pw1', platformAdminEmail: 'a@example.com', platformAdminPassword: 'pw2', testKey: 'sk_test_abc', liveKey: 'sk_live_def' };
      const info = { base: 'http://localhost:3000', localOnly: true, production: false, metricsUrl: 'http://127.0.0.1:9464/metrics', keyOrganisationId: 'org_1' };
      const banner = startupBanner({ ...info, consoleServed: true, demo });
      expect(banner).toContain('   console         http://localhost:3000/\n');
      expect(banner).toContain('   owner      o@example.com / pw1\n');
      expect(banner).toContain('   console    http://localhost:3000/   (sign in as owner, then the emailed code)\n');
      // Not built: no console line; without a demo made on this start: no sign-in (it is not known).
      expect(startupBanner({ ...info, consoleServed: false, demo })).not.toMatch(/console/);
      const restart = startupBanner({ ...info, consoleServed: true, demo: null });
      expect(restart).toContain('   console         http://localhost:3000/\n');
      expect(restart).not.toMatch(/owner|sign in|pw1/);
    });
  },
  { consoleDir: built },
);

describeEachBackend(
  'the console served at / (not built)',
  (h) => {
    const get = (url: string, accept?: string) => h().app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

    it('answers a browser at / with 503 and how to build it, and warned once at start', async () => {
      const res = await get('/', BROWSER);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe('The web console is not built. Run `npm run build`, then restart the server (`npm start` does both).\n');
      expect(res.headers['cache-control']).toBe('no-store');
      expectConsoleHeaders(res);
      expect((await get('/verifications/ver_1', BROWSER)).statusCode).toBe(503);
      expect(consoleOf(h().app)?.built()).toBe(false);
      const warnings = h().logs.text().match(/the web console is not built \([^)]*index\.html is missing\): GET \/ answers 503 until `npm run build` is run/g);
      expect(warnings).toHaveLength(1);
    });

    it('leaves everything else as it was', async () => {
      expectNotFoundEnvelope(await get('/', 'application/json'), 'GET', '/');
      expectNotFoundEnvelope(await get('/v1/nope', BROWSER), 'GET', '/v1/nope');
      expectNotFoundEnvelope(await get('/assets/app-abc123.js', BROWSER), 'GET', '/assets/app-abc123.js');
      expectMalformedUrl(await get('/%00', BROWSER));
      const health = await get('/healthz', BROWSER);
      expect(health.statusCode).toBe(200);
      expectNoConsoleHeaders(health);
      expect((await get('/openapi.json', BROWSER)).json().openapi).toBe('3.1.0');
    });
  },
  { consoleDir: notBuilt },
);

describe('the default directory', () => {
  it("is the repository's dist/console, from src/http as from dist/http", () => {
    expect(resolve(DEFAULT_CONSOLE_DIR)).toBe(join(ROOT, 'dist', 'console'));
  });
});

describe('acceptsHtml', () => {
  it('is true only for an Accept naming text/html with a non-zero q', () => {
    expect(acceptsHtml(BROWSER)).toBe(true);
    expect(acceptsHtml('TEXT/HTML; q=0.5')).toBe(true);
    expect(acceptsHtml('application/json, text/html;q=0.1')).toBe(true);
    expect(acceptsHtml(undefined)).toBe(false);
    expect(acceptsHtml('')).toBe(false);
    expect(acceptsHtml('*/*')).toBe(false);
    expect(acceptsHtml('text/*')).toBe(false);
    expect(acceptsHtml('text/html;q=0')).toBe(false);
    expect(acceptsHtml('text/html;q=0.0, application/json')).toBe(false);
    expect(acceptsHtml('text/htmlx')).toBe(false);
  });
});
