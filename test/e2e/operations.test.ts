import { expect, it } from 'vitest';
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

  it('GET /metrics counts requests by route template and status', async () => {
    const org = await createOrg(h().services);
    await lookup(h().app, org.testKey);
    await lookup(h().app, org.testKey, { nin: 'x' });
    await h().app.inject({ method: 'GET', url: '/v1/nothing-here/12345678901' });
    const res = await h().app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/idv_http_requests_total\{method="POST",route="\/v1\/nin\/raw\/lookup",status_code="200"\} [1-9]/);
    expect(text).toMatch(/idv_http_requests_total\{method="POST",route="\/v1\/nin\/raw\/lookup",status_code="400"\} [1-9]/);
    expect(text).toMatch(/idv_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/v1\/nin\/raw\/lookup",status_code="200"\}/);
    // Raw URLs never become labels: they could carry identifiers and would grow without bound.
    expect(text).not.toContain('12345678901');
  });

  it('GET /openapi.json documents the routes with their schemas and the sandbox fixtures', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
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

  it('GET /docs serves the API reference page', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});
