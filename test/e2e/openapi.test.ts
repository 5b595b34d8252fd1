import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, it } from 'vitest';
import { routeInventory } from '../../src/http/openapi.js';
import { ERROR_DOCS, ERROR_STATUS, type ErrorCode } from '../../src/platform/errors.js';
import { FIXTURE_NIN_FOUND } from '../../src/providers/fixtures.js';
import { SANDBOX_SCENARIOS } from '../../src/providers/ports.js';
import { VERIFICATIONS } from '../../src/verifications/registry.js';
import { createOrg, describeEachBackend } from '../helpers/harness.js';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every (method, path) operation of a document. */
function operations(doc: Json): Array<{ method: string; path: string; op: Json }> {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json })),
  );
}

/** A validator of the answers of one operation, against the document's own schemas (JSON Schema 2020-12). */
function answerValidator(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...doc, $id: 'openapi' });
  return (path: string, method: string, status: number) => {
    const pointer = ['paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema']
      .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    return ajv.compile({ $ref: `openapi#/${pointer}` });
  };
}

describeEachBackend('the OpenAPI document', (h) => {
  const fetchDoc = async (): Promise<Json> => {
    const res = await h().app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('is OpenAPI 3.1 and the validator (Redocly, recommended rules) finds no problem in it', async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toBe('3.1.0');
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The API's licence is not the document's to state.
        'info-license': 'off',
        // Liveness and readiness answer no 4xx: every operation lists the statuses it really answers.
        'operation-4xx-response': 'off',
        // Examples are checked against their schemas, which say themselves where extra fields are refused
        // (additionalProperties: false); the rule's default would also refuse them inside each if/then branch.
        'no-invalid-media-type-examples': { severity: 'warn', allowAdditionalProperties: true },
      },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    // Warnings included: examples that do not match their schema are warnings.
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('documents every route Fastify registered, and nothing else; only the reference itself and local control are hidden', async () => {
    const doc = await fetchDoc();
    const inventory = routeInventory(h().app);
    // The inventory is complete: every route Fastify prints is in it.
    const printed = h().app.printRoutes({ commonPrefix: false });
    const lines = printed.split('\n').filter((l) => l.includes('── '));
    const stack: string[] = [];
    const seen = new Set<string>();
    for (const line of lines) {
      const depth = (line.indexOf('── ') - 1) / 4;
      const m = /── (.*) \(([A-Z, ]+)\)$/.exec(line);
      const segment = m ? m[1]! : line.slice(line.indexOf('── ') + 3);
      stack.length = depth;
      stack.push(segment);
      if (m) for (const method of m[2]!.split(', ')) seen.add(`${method} ${stack.join('')}`);
    }
    expect(seen.size).toBeGreaterThan(40);
    const inventoried = new Set(inventory.map((r) => `${r.method} ${r.url}`));
    // The reference page's own routes are left out: the printed tree loses the prefix of their wildcard.
    expect([...seen].filter((r) => !inventoried.has(r) && !/^[A-Z]+ \/docs/.test(r))).toEqual([]);

    const documented = new Set(operations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    const shown = inventory.filter((r) => !r.hidden && r.method !== 'HEAD').map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(shown.filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !shown.includes(r))).toEqual([]);
    const hidden = inventory.filter((r) => r.hidden).map((r) => r.url);
    expect(hidden.filter((url) => !/^\/(docs|openapi\.json$|postman\.json$|v1\/local\/)/.test(url))).toEqual([]);
    for (const path of VERIFICATIONS.map((d) => d.path)) expect(documented).toContain(`POST ${path}`);
  });

  it('gives every operation an id, a summary, a description, declared tags and explicit security; components have names', async () => {
    const doc = await fetchDoc();
    const tags = new Map((doc.tags as Json[]).map((t) => [t.name, t.description]));
    const ids = new Set<string>();
    for (const { method, path, op } of operations(doc)) {
      const where = `${method} ${path}`;
      expect([where, typeof op.summary, typeof op.description]).toEqual([where, 'string', 'string']);
      expect([where, op.description.length > 20]).toEqual([where, true]);
      expect([where, op.tags.length, tags.get(op.tags[0])?.length > 10]).toEqual([where, 1, true]);
      expect([where, Array.isArray(op.security)]).toEqual([where, true]);
      expect(ids.has(op.operationId)).toBe(false);
      ids.add(op.operationId);
    }
    const used = new Set(operations(doc).map(({ op }) => op.tags[0]));
    expect([...tags.keys()].filter((t) => !used.has(t))).toEqual([]);
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(expect.arrayContaining(['ErrorEnvelope', 'FieldError', 'RecordNotFoundData', 'NinLookupResult', 'CacAdvanceResult']));
    expect(names.filter((n) => /^def-\d+$/.test(n))).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/"(4XX|5XX)"\s*:/);
    // Schemas are JSON Schema 2020-12: `examples`, never OpenAPI 3.0's `example`, and none of the validator's own keywords.
    const schemas = [
      doc.components.schemas,
      ...operations(doc).flatMap(({ op }) => [
        op.requestBody?.content?.['application/json']?.schema,
        ...((op.parameters ?? []) as Json[]).map((p) => p.schema),
        ...Object.values(op.responses as Record<string, Json>).map((r) => r.content?.['application/json']?.schema),
      ]),
    ];
    expect(JSON.stringify(schemas)).not.toMatch(/"(x-message|example)"\s*:/);
  });

  it('lists each status an operation can answer, with its codes and an example envelope of each', async () => {
    const doc = await fetchDoc();
    const statuses = (path: string, method = 'post') => Object.keys(doc.paths[path][method].responses).map(Number);
    expect(statuses('/v1/nin/raw/lookup')).toEqual([200, 202, 400, 401, 402, 403, 404, 409, 413, 415, 429, 500, 502, 503, 504]);
    // Tax endpoints: every upstream failure is 503; live keys must send an Idempotency-Key.
    expect(statuses('/v1/tin/verify')).toEqual([200, 202, 400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 500, 503]);
    expect(statuses('/v1/cac/advance')).toEqual([200, 202, 400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503, 504]);
    expect(statuses('/v1/auth/me', 'get')).toEqual([200, 401, 500, 503]);
    expect(statuses('/v1/api-keys/{id}', 'delete')).toEqual([200, 400, 401, 403, 404, 500, 503]);
    expect(statuses('/v1/api-keys')).toEqual([201, 400, 401, 403, 413, 415, 500, 503]);
    expect(statuses('/healthz', 'get')).toEqual([200, 500]);

    const codesOf = (path: string, status: number, method = 'post') =>
      doc.paths[path][method].responses[status].content['application/json'].schema.allOf[1].properties.code.enum;
    expect(codesOf('/v1/nin/raw/lookup', 429)).toEqual(['RATE_LIMITED', 'CONCURRENCY_LIMITED', 'WALLET_VELOCITY_LIMITED', 'PROVIDER_RATE_LIMITED']);
    expect(codesOf('/v1/nin/raw/lookup', 404)).toEqual(['RECORD_NOT_FOUND']);
    expect(codesOf('/v1/nin/raw/lookup', 403)).toEqual(['SERVICE_NOT_SUBSCRIBED']);
    expect(codesOf('/v1/tin/verify', 503)).toEqual(['PROVIDER_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
    expect(codesOf('/v1/organisation/members/{id}', 409, 'delete')).toEqual(['CONFLICT']);
    expect(codesOf('/v1/auth/login', 429)).toEqual(['RATE_LIMITED']);

    for (const { method, path, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        const where = `${method} ${path} ${status}`;
        expect([where, typeof response.description, response.headers?.['X-Request-Id'] !== undefined]).toEqual([where, 'string', true]);
        // A 202 that accepted a job says where it is; a 202 REQUEST_IN_PROGRESS (an error envelope) when to retry.
        if (status === '202' && !response.content?.['application/json']?.schema?.allOf) expect([where, response.headers.Location]).toEqual([where, expect.anything()]);
        // Success answers (a 202 that accepted a job included) are checked below; 202 REQUEST_IN_PROGRESS is an error envelope.
        if (Number(status) < 400 && !response.content?.['application/json']?.schema?.allOf) continue;
        const media = response.content['application/json'];
        const codes: ErrorCode[] = media.schema.allOf[1].properties.code.enum;
        expect([where, Object.keys(media.examples)]).toEqual([where, codes]);
        for (const code of codes) {
          expect([where, ERROR_STATUS[code]]).toEqual([where, Number(status)]);
          const example = media.examples[code].value;
          expect(example).toMatchObject({ success: false, statusCode: Number(status), code, path: expect.stringMatching(/^\//) });
          expect(example.path.replace(/[a-z]+_01jdq8w2y3n4p5r6s7t8v9w0xa/g, '{id}')).toBe(path.replace(/\{[^}]+\}/g, '{id}'));
          if (code === 'VALIDATION_ERROR') expect(example.errors[0]).toEqual({ field: expect.any(String), message: expect.any(String) });
        }
        if (Number(status) === 429 || status === '202') expect([where, response.headers['Retry-After']]).toEqual([where, expect.anything()]);
      }
    }
  });

  it('declares the request headers routes read and the response headers clients rely on', async () => {
    const doc = await fetchDoc();
    const params = (path: string, method = 'post') =>
      (doc.paths[path][method].parameters as Json[]).map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p));
    const names = (path: string, method = 'post') => params(path, method).map((p) => p.name);
    expect(names('/v1/nin/raw/lookup')).toEqual(['X-Request-Id', 'Idempotency-Key', 'X-Sandbox-Scenario', 'X-Correlation-ID']);
    expect(params('/v1/nin/raw/lookup').find((p) => p.name === 'X-Sandbox-Scenario').schema.enum).toEqual([...SANDBOX_SCENARIOS]);
    expect(params('/v1/tin/verify').find((p) => p.name === 'Idempotency-Key').description).toMatch(/Required with live keys/);
    expect(params('/v1/cac/basic').find((p) => p.name === 'Idempotency-Key').description).toMatch(/Required with live keys/);
    expect(params('/v1/nin/raw/lookup').find((p) => p.name === 'Idempotency-Key').description).not.toMatch(/Required/);
    expect(names('/v1/payments/initialize')).toContain('Idempotency-Key');
    expect(names('/v1/payments/admin/adjust/{organisationId}')).toContain('Idempotency-Key');
    expect(names('/v1/payments/webhook')).toContain('x-paystack-signature');
    expect(names('/v1/wallet/balance', 'get')).not.toContain('Idempotency-Key');

    const headers = (path: string, status: number, method = 'post') => Object.keys(doc.paths[path][method].responses[status].headers);
    expect(headers('/v1/nin/raw/lookup', 200)).toEqual(
      expect.arrayContaining(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Idempotent-Replayed', 'X-Verification-Id', 'X-Correlation-ID']),
    );
    expect(headers('/v1/nin/raw/lookup', 429)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit']));
    expect(headers('/v1/nin/raw/lookup', 404)).toEqual(expect.arrayContaining(['Idempotent-Replayed', 'X-Verification-Id']));
    expect(headers('/v1/payments/initialize', 200)).toContain('Idempotent-Replayed');
    expect(headers('/v1/payments/initialize', 202)).toContain('Retry-After');
    expect(Object.keys(doc.components.headers)).toEqual(
      expect.arrayContaining(['X-Request-Id', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Idempotent-Replayed', 'X-Verification-Id', 'X-Correlation-ID']),
    );
  });

  it('its error table lists exactly the codes that exist, with their statuses', async () => {
    const doc = await fetchDoc();
    const rows = [...(doc.info.description as string).matchAll(/^\| ([A-Z_]+) \| (\d{3}) \| (.+) \|$/gm)].map((m) => [m[1], Number(m[2])]);
    expect(rows).toEqual(Object.entries(ERROR_STATUS));
    for (const { op } of operations(doc)) {
      for (const response of Object.values(op.responses as Record<string, Json>)) {
        for (const code of response.content?.['application/json']?.schema?.allOf?.[1]?.properties?.code?.enum ?? []) expect(ERROR_DOCS).toHaveProperty(code);
      }
    }
  });

  it("each verification's documented request, sent with a test key, answers the documented 200: the sandbox fixture", async () => {
    const doc = await fetchDoc();
    const validator = answerValidator(doc);
    const org = await createOrg(h().services, { accessLevel: 'PREMIUM' });
    for (const def of VERIFICATIONS) {
      const op = doc.paths[def.path].post;
      const body = op.requestBody.content['application/json'].examples.sandbox.value;
      const res = await h().app.inject({ method: 'POST', url: def.path, headers: { 'content-type': 'application/json', 'x-api-key': org.testKey }, payload: body });
      expect([def.path, res.statusCode]).toEqual([def.path, 200]);
      const answer = res.json();
      const validate = validator(def.path, 'post', 200);
      expect([def.path, validate(answer), validate.errors ?? null]).toEqual([def.path, true, null]);
      const documented = op.responses['200'].content['application/json'].examples.sandbox.value;
      expect(documented).toMatchObject({ success: true, statusCode: 200, path: def.path, data: { verificationStatus: answer.data.verificationStatus, charged: false, chargeAmount: 0 } });
      // The documented answer shows every field the real one has.
      expect([def.path, Object.keys(answer.data).filter((k) => !(k in documented.data))]).toEqual([def.path, []]);
    }
    // Failures answer the documented envelopes too.
    const notFound = await h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'content-type': 'application/json', 'x-api-key': org.testKey }, payload: { nin: '00000000000', requestReason: 'ACCOUNT_OPENING' } });
    expect(notFound.statusCode).toBe(404);
    const v404 = validator('/v1/nin/raw/lookup', 'post', 404);
    expect([v404(notFound.json()), v404.errors ?? null]).toEqual([true, null]);
    const failed = await h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'content-type': 'application/json', 'x-api-key': org.testKey, 'x-sandbox-scenario': 'provider_error' }, payload: { nin: FIXTURE_NIN_FOUND, requestReason: 'ACCOUNT_OPENING' } });
    expect(failed.statusCode).toBe(502);
    const v502 = validator('/v1/nin/raw/lookup', 'post', 502);
    expect([v502(failed.json()), v502.errors ?? null]).toEqual([true, null]);
    const invalid = await h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'content-type': 'application/json', 'x-api-key': org.testKey }, payload: { nin: 1 } });
    const v400 = validator('/v1/nin/raw/lookup', 'post', 400);
    expect([invalid.statusCode, v400(invalid.json()), v400.errors ?? null]).toEqual([400, true, null]);
  });

  it('GET /postman.json is a v2.1 collection with one request per operation; the NIN lookup example body is the sandbox fixture', async () => {
    const doc = await fetchDoc();
    const res = await h().app.inject({ method: 'GET', url: '/postman.json' });
    expect(res.statusCode).toBe(200);
    const collection = res.json();
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(collection.variable).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'x-api-key' }), expect.objectContaining({ key: 'baseUrl' })]));
    expect(collection.auth).toEqual({
      type: 'apikey',
      apikey: expect.arrayContaining([{ key: 'key', value: 'x-api-key', type: 'string' }, { key: 'value', value: '{{x-api-key}}', type: 'string' }]),
    });
    const requests = (collection.item as Json[]).flatMap((folder) => folder.item as Json[]);
    const pairs = requests.map((r) => `${r.request.method} /${(r.request.url.path as string[]).join('/').replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(pairs.sort()).toEqual(operations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort());

    const nin = requests.find((r) => r.request.url.raw === '{{baseUrl}}/v1/nin/raw/lookup')!;
    const body = JSON.parse(nin.request.body.raw);
    expect(body).toEqual({ nin: FIXTURE_NIN_FOUND, requestReason: expect.any(String) });
    // It is a request that works: a test key answers it VERIFIED.
    const org = await createOrg(h().services);
    const answer = await h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'content-type': 'application/json', 'x-api-key': org.testKey }, payload: body });
    expect([answer.statusCode, answer.json().data.verificationStatus]).toEqual([200, 'VERIFIED']);
    // Account routes take the bearer token; public ones no credential.
    const me = requests.find((r) => r.request.url.raw === '{{baseUrl}}/v1/auth/me')!;
    expect(me.request.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{bearerToken}}', type: 'string' }] });
    expect(requests.find((r) => r.request.url.raw === '{{baseUrl}}/v1/auth/login')!.request.auth).toEqual({ type: 'noauth' });
    const tin = requests.find((r) => r.request.url.raw === '{{baseUrl}}/v1/tin/verify')!;
    expect(tin.request.header).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'Idempotency-Key', value: '{{$guid}}' })]));
    expect(tin.request.header.find((hd: Json) => hd.key === 'Idempotency-Key').disabled).toBeUndefined();
  });

  it('docs/calling-from-node.md: its client and its example run as written, with errors by code, replays and retries', async () => {
    const text = readFileSync(new URL('../../docs/calling-from-node.md', import.meta.url), 'utf8');
    const blocks = [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const client = blocks.find((b) => b.startsWith('// idv-client.mjs'));
    const usage = blocks.find((b) => b.startsWith('// verify-nin.mjs'));
    expect([typeof client, typeof usage]).toEqual(['string', 'string']);
    const dir = mkdtempSync(join(tmpdir(), 'idv-node-doc-'));
    try {
      writeFileSync(join(dir, 'idv-client.mjs'), client!);
      writeFileSync(join(dir, 'verify-nin.mjs'), usage!);
      const org = await createOrg(h().services);
      const baseUrl = await h().app.listen({ host: '127.0.0.1', port: 0 });

      const { stdout } = await promisify(execFile)(process.execPath, ['verify-nin.mjs'], { cwd: dir, env: { ...process.env, IDV_URL: baseUrl, IDV_API_KEY: org.testKey } });
      expect(stdout).toMatch(/^VERIFIED Adaeze ver_[0-9a-z]{26} first answer\n$/);

      const { createIdv, IdvError } = await import(pathToFileURL(join(dir, 'idv-client.mjs')).href);
      const idv = createIdv({ baseUrl, apiKey: org.testKey, maxAttempts: 2 });
      const body = { nin: FIXTURE_NIN_FOUND, requestReason: 'ACCOUNT_OPENING' };
      const idempotencyKey = `doc-${Date.now()}-${Math.random()}`;
      const first = await idv.verify('/v1/nin/raw/lookup', body, { idempotencyKey });
      const again = await idv.verify('/v1/nin/raw/lookup', body, { idempotencyKey });
      expect([first.replayed, again.replayed, again.data.verificationId]).toEqual([false, true, first.data.verificationId]);

      const notFound = await idv.verify('/v1/nin/raw/lookup', { ...body, nin: '00000000000' }).catch((e: unknown) => e);
      expect(notFound).toBeInstanceOf(IdvError);
      expect(notFound).toMatchObject({ status: 404, code: 'RECORD_NOT_FOUND', data: { verificationStatus: 'NOT_VERIFIED' }, requestId: expect.any(String) });
      const invalid = await idv.verify('/v1/nin/raw/lookup', { ...body, nin: 'x' }).catch((e: unknown) => e);
      expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', errors: [{ field: 'nin', message: expect.any(String) }] });

      // A 503 is retried after the Retry-After the server sent (2 s), then reported by its code.
      const started = performance.now();
      const unavailable = await idv.verify('/v1/nin/raw/lookup', body, { headers: { 'x-sandbox-scenario': 'provider_unavailable' } }).catch((e: unknown) => e);
      expect(unavailable).toMatchObject({ status: 503, code: 'PROVIDER_UNAVAILABLE' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
      const attempts = await h()
        .database.db.selectFrom('verification_records')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', org.organisationId)
        .where('error_code', '=', 'PROVIDER_UNAVAILABLE')
        .executeTakeFirstOrThrow();
      expect(Number(attempts.n)).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
