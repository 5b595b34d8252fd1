import { describe, expect, it } from 'vitest';
import { createOrg, describeEachBackend, lookup, ninBody } from '../helpers/harness.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachBackend('envelope and errors', (h) => {
  it('wraps a success in the envelope with the request id header', async () => {
    const org = await createOrg(h().services);
    const res = await lookup(h().app, org.testKey);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, statusCode: 200, message: 'NIN verified', path: '/v1/nin/raw/lookup' });
    expect(body.timestamp).toMatch(ISO);
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'path', 'statusCode', 'success', 'timestamp']);
    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-z]{26}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps a sane incoming X-Request-Id and replaces an unsafe one', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'client-abc.123' } });
    expect(res.headers['x-request-id']).toBe('client-abc.123');
    const bad = await h().app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'has spaces <script>' } });
    expect(bad.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/v1/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toMatchObject({ success: false, statusCode: 404, code: 'NOT_FOUND', path: '/v1/does-not-exist' });
    expect(body.timestamp).toMatch(ISO);
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('answers the wrong method on a known path with a 404 envelope, before authentication', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/v1/nin/raw/lookup' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers a malformed URL with a 400 envelope, not the framework body', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/v1/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'url' }] });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('rejects malformed JSON with 400 on the body', async () => {
    const org = await createOrg(h().services);
    const res = await lookup(h().app, org.testKey, '{"nin": "111');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'body', message: 'is not valid JSON' }] });
  });

  it('rejects an empty JSON body, a JSON array and null with 400', async () => {
    const org = await createOrg(h().services);
    for (const payload of ['', '[]', 'null', '"text"']) {
      const res = await lookup(h().app, org.testKey, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().errors[0].field).toBe('body');
    }
  });

  it('rejects a body that is not JSON with 415, and one with no content type', async () => {
    const org = await createOrg(h().services);
    const plain = await h().app.inject({
      method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'x-api-key': org.testKey, 'content-type': 'text/plain' }, payload: 'hello',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const form = await h().app.inject({
      method: 'POST', url: '/v1/nin/raw/lookup',
      headers: { 'x-api-key': org.testKey, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'nin=11111111111',
    });
    expect(form.statusCode).toBe(415);
  });

  it('no spelling of the content type lets a body past its schema (CVE-2026-25223 and kin: a tab, a stray space or semicolon, another case)', async () => {
    const org = await createOrg(h().services);
    // Unknown field, an 11-digit NIN that is not digits: the schema refuses it whatever else happens.
    const invalid = JSON.stringify({ nin: 'AAAAAAAAAAA', requestReason: 'ACCOUNT_OPENING', smuggled: true });
    const types = [
      'application/json\t; charset=utf-8',
      'application/json\t',
      'application/json ;',
      'application/json;',
      'application/json ; charset=utf-8',
      'APPLICATION/JSON',
      'Application/Json; Charset=UTF-8',
      'application/json\tx',
      'application/jsonx',
      'application/json, text/plain',
      ' application/json',
    ];
    for (const type of types) {
      const res = await h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'x-api-key': org.testKey, 'content-type': type }, payload: invalid });
      expect([400, 415], JSON.stringify(type)).toContain(res.statusCode);
      expect(res.json(), JSON.stringify(type)).toMatchObject({ success: false });
    }
    const records = await h().database.db.selectFrom('verification_records').select('id').where('organisation_id', '=', org.organisationId).execute();
    expect(records).toEqual([]);
  });

  it('accepts application/json with a charset parameter', async () => {
    const org = await createOrg(h().services);
    const res = await lookup(h().app, org.testKey, ninBody(), { 'content-type': 'application/json; charset=utf-8' });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a body over 1 MiB with 413', async () => {
    const org = await createOrg(h().services);
    const res = await lookup(h().app, org.testKey, { nin: '11111111111', requestReason: 'ACCOUNT_OPENING', pad: 'x'.repeat(1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  describe('order of checks (DESIGN.md §3)', () => {
    it('401 comes before 413, 415 and 400', async () => {
      const big = await lookup(h().app, null, { pad: 'x'.repeat(1024 * 1024 + 10) });
      expect(big.statusCode).toBe(401);
      const plain = await h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'content-type': 'text/plain' }, payload: 'x' });
      expect(plain.statusCode).toBe(401);
      const bad = await lookup(h().app, null, { nin: 1 });
      expect(bad.statusCode).toBe(401);
    });

    it('413 comes before 415', async () => {
      const org = await createOrg(h().services);
      const res = await h().app.inject({
        method: 'POST', url: '/v1/nin/raw/lookup',
        headers: { 'x-api-key': org.testKey, 'content-type': 'text/plain' }, payload: 'x'.repeat(1024 * 1024 + 1),
      });
      expect(res.statusCode).toBe(413);
    });

    it('400 comes before 403', async () => {
      const org = await createOrg(h().services, { services: [] });
      const bad = await lookup(h().app, org.testKey, ninBody('123'));
      expect(bad.statusCode).toBe(400);
      const good = await lookup(h().app, org.testKey);
      expect(good.statusCode).toBe(403);
    });
  });

  it('never shows a stack or message on a 500', async () => {
    const app = h().app;
    const org = await createOrg(h().services);
    // Break the record writer for one request: the failure must surface as a bare INTERNAL_ERROR.
    const original = h().services.records.write;
    h().services.records.write = async () => {
      throw new Error('secret internals: relation "x" at /srv/app.ts:12');
    };
    try {
      const res = await lookup(app, org.testKey);
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toMatchObject({ success: false, statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' });
      expect(JSON.stringify(body)).not.toContain('secret internals');
      expect(JSON.stringify(body)).not.toContain('app.ts');
    } finally {
      h().services.records.write = original;
    }
  });
});
