import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { metricsRegistryOf, startMetricsListener } from '../../src/platform/metrics.js';
import { createOrg, describeEachBackend, lookup } from '../helpers/harness.js';

describeEachBackend('operations endpoints', (h) => {
  it('GET /healthz answers in the envelope', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' }, path: '/healthz' });
  });

  it('GET /readyz checks the database', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ready', database: h().backend });
  });

  it('metrics are served on their own listener, counting requests by route template and status', async () => {
    const org = await createOrg(h().services);
    await lookup(h().app, org.testKey);
    await lookup(h().app, org.testKey, { nin: 'x' });
    await h().app.inject({ method: 'GET', url: '/v1/nothing-here/12345678901' });
    const listener = await startMetricsListener(metricsRegistryOf(h().app)!, { host: '127.0.0.1', port: 0 });
    let text: string;
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const res = await fetch(listener.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      text = await res.text();
      const other = await fetch(listener.url.replace(/\/metrics$/, '/healthz'));
      expect([other.status, await other.text()]).toEqual([404, 'Not found: metrics are at GET /metrics\n']);
    } finally {
      await listener.close();
    }
    expect(text).toMatch(/idv_http_requests_total\{method="POST",route="\/v1\/nin\/raw\/lookup",status_code="200"\} [1-9]/);
    expect(text).toMatch(/idv_http_requests_total\{method="POST",route="\/v1\/nin\/raw\/lookup",status_code="400"\} [1-9]/);
    expect(text).toMatch(/idv_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/v1\/nin\/raw\/lookup",status_code="200"\}/);
    // Raw URLs never become labels: they could carry identifiers and would grow without bound.
    expect(text).not.toContain('12345678901');
  });

  it('GET /metrics on the API port is an unknown route: the 404 envelope, nothing of the metrics', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      statusCode: 404,
      message: 'There is no route GET /metrics',
      code: 'NOT_FOUND',
      timestamp: expect.any(String),
      path: '/metrics',
    });
    expect(res.body).not.toContain('idv_http_requests_total');
  });

  it('the outbox answers clients on this machine only: elsewhere, or through a proxy, it is an unknown route', async () => {
    const url = '/v1/notifications/outbox?to=nobody%40example.com';
    const local = await h().app.inject({ method: 'GET', url });
    expect([local.statusCode, local.json().data]).toEqual([200, { items: [], nextCursor: null }]);
    const unknown = { success: false, statusCode: 404, message: 'There is no route GET /v1/notifications/outbox', code: 'NOT_FOUND', timestamp: expect.any(String), path: '/v1/notifications/outbox' };
    for (const remoteAddress of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.20', '2001:db8::1']) {
      const res = await h().app.inject({ method: 'GET', url, remoteAddress });
      expect([res.statusCode, res.json()]).toEqual([404, unknown]);
    }
    // A proxy on this machine forwards other machines' requests: the socket's address is not the client's.
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }]) {
      const res = await h().app.inject({ method: 'GET', url, headers });
      expect([res.statusCode, res.json()]).toEqual([404, unknown]);
    }
    // Even a malformed query is the unknown route to them, not a validation error.
    const bad = await h().app.inject({ method: 'GET', url: '/v1/notifications/outbox?limit=x', remoteAddress: '203.0.113.9' });
    expect(bad.statusCode).toBe(404);
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await h().app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(200);
    }
  });

  it('GET /openapi.json documents the routes with their schemas and the sandbox fixtures', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths['/v1/nin/raw/lookup'].post;
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['nin', 'requestReason']);
    expect(op.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    expect(op.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/services', '/v1/lists/verification-types', '/v1/nin/request-reasons', '/healthz', '/readyz']),
    );
    expect(doc.info.description).toContain('11111111111');
    expect(doc.info.description).toContain('provider_rate_limited');
  });

  it('GET /docs serves the API reference page with a strict policy; the API answers carry none of it', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|upgrade-insecure-requests/);
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' });
    // The page's scripts and styles are files the policy allows: nothing inline, nothing from elsewhere.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=|\son[a-z]+=/i);
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset).toMatch(/^\.\/static\//);
      const file = await h().app.inject({ method: 'GET', url: `/docs/${asset.slice(2)}` });
      expect([asset, file.statusCode]).toEqual([asset, 200]);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
    // The scripts' own inline <style> elements (React-created) are allowed by hash, and nothing else inline is.
    expect(directives['style-src']![0]).toBe("'self'");
    const styleHashes: string[] = [];
    for (const asset of assets.filter((a) => a.endsWith('.js'))) {
      const js = (await h().app.inject({ method: 'GET', url: `/docs/${asset.slice(2)}` })).body;
      for (const m of js.matchAll(/createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g)) {
        styleHashes.push(`'sha256-${createHash('sha256').update(JSON.parse(m[1]!) as string).digest('base64')}'`);
      }
    }
    expect(styleHashes.length).toBeGreaterThan(0);
    expect(directives['style-src']!.slice(1).sort()).toEqual([...new Set(styleHashes)].sort());
    const initializer = await h().app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('"validatorUrl":null');

    const api = await h().app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBeUndefined();
  });
});
