import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { unsafeTextReason, withSafeText } from '../../src/platform/safe-text.js';
import {
  OWNER_PASSWORD,
  createOrg,
  describeEachBackend,
  fund,
  ownerEmailOf,
  send,
  signIn,
  type SignedIn,
  type TestOrg,
} from '../helpers/harness.js';

const NUL = 'a\u0000b';

describe('the safe-text rule', () => {
  it('refuses NUL, C0 controls, DEL and lone surrogates, and spares tab and newlines on multiline fields', () => {
    expect(unsafeTextReason('Adaeze Okonkwo')).toBeNull();
    expect(unsafeTextReason('naïve — 😀 ₦')).toBeNull();
    expect(unsafeTextReason(NUL)).toBe('must not contain NUL characters');
    expect(unsafeTextReason('a\u0001b')).toBe('must not contain control characters');
    expect(unsafeTextReason('a\u007fb')).toBe('must not contain control characters');
    expect(unsafeTextReason('line\nbreak')).toBe('must not contain control characters');
    expect(unsafeTextReason('line\nbreak\twith tab\r\n', 'multiline')).toBeNull();
    expect(unsafeTextReason('a\u0000b', 'multiline')).toBe('must not contain NUL characters');
    expect(unsafeTextReason('a\u001bb', 'multiline')).toBe('must not contain control characters');
    expect(unsafeTextReason('x\ud800y')).toBe('must be valid Unicode text (no lone surrogates)');
    expect(unsafeTextReason('x\udfffy')).toBe('must be valid Unicode text (no lone surrogates)');
  });

  it('reaches every string schema of a route, nested, in arrays, unions and free-form maps, without touching the original', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        note: { type: 'string', 'x-safe-text': 'multiline' },
        tags: { type: 'array', items: { type: 'string' } },
        maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        vars: { type: 'object', additionalProperties: { type: 'string' } },
        count: { type: 'integer' },
      },
    };
    const before = JSON.stringify(schema);
    const guarded = withSafeText(schema) as any;
    expect(JSON.stringify(schema)).toBe(before);
    expect(guarded.properties.name['x-safe-text']).toBe('line');
    expect(guarded.properties.note['x-safe-text']).toBe('multiline');
    expect(guarded.properties.tags.items['x-safe-text']).toBe('line');
    expect(guarded.properties.maybe.anyOf[0]['x-safe-text']).toBe('line');
    expect(guarded.properties.maybe.anyOf[1]['x-safe-text']).toBeUndefined();
    expect(guarded.properties.vars.additionalProperties['x-safe-text']).toBe('line');
    expect(guarded.properties.vars.propertyNames).toEqual({ type: 'string', 'x-safe-text': 'line' });
    expect(guarded.properties.count['x-safe-text']).toBeUndefined();
  });
});

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyStrings: string[];
}

/** The operations of the published document, with the string inputs each one takes. */
function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
      const params: any[] = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema;
      const bodyStrings: string[] = [];
      for (const [name, prop] of Object.entries<any>(body?.properties ?? {})) {
        const types = [prop.type, ...(prop.anyOf ?? []).map((p: any) => p.type)];
        if (types.includes('string')) bodyStrings.push(name);
        if (prop.type === 'array' && prop.items?.type === 'string') bodyStrings.push(`${name}.0`);
      }
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query' && (p.schema?.type === 'string' || p.schema?.anyOf)).map((p) => p.name),
        bodyStrings,
      });
    }
  }
  return ops;
}

const bodyFor = (field: string, value: string): Record<string, unknown> => {
  const [name, index] = field.split('.');
  return { [name!]: index === undefined ? value : [value] };
};

/**
 * Issue 9, finding 4: a NUL (or another control character, or a lone surrogate) in any string of any
 * route — body, query or path — is a 400 on that field before any work, never a 500, never a billed call.
 */
describeEachBackend('NUL and control characters are refused on every route', (h) => {
  let org: TestOrg;
  let owner: SignedIn;
  let platformAdmin: SignedIn;

  beforeAll(async () => {
    org = await createOrg(h().services);
    owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    const email = `staff-${randomBytes(5).toString('hex')}@example.com`;
    await h().services.accounts.createPlatformAdmin({ email, password: OWNER_PASSWORD });
    platformAdmin = await signIn(h().app, email, OWNER_PASSWORD);
  });

  const headersFor = (path: string) => ({
    'x-api-key': org.testKey,
    ...(path.startsWith('/v1/admin') || path.startsWith('/v1/payments/admin') ? platformAdmin.headers : owner.headers),
  });

  const expectRefused = (res: { statusCode: number; body: string }, field: string, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(body.errors, what).toContainEqual({ field, message: 'must not contain NUL characters' });
  };

  it('every path parameter, query parameter and body string of the published document', async () => {
    const doc = (await h().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const ops = operationsOf(doc).filter((op) => op.path !== '/v1/payments/webhook');
    let checked = 0;
    for (const op of ops) {
      const concrete = (override?: [string, string]) =>
        op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (override && override[0] === name ? override[1] : 'x_01'));
      // Every parameter of a route's URL is declared, so the check reaches it.
      expect(op.pathParams.sort(), `${op.method} ${op.path}`).toEqual([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      for (const param of op.pathParams) {
        const res = await h().app.inject({ method: op.method as 'GET', url: concrete([param, '%00']), headers: headersFor(op.path) });
        expectRefused(res, param, `${op.method} ${op.path} path ${param}`);
        checked++;
      }
      for (const param of op.queryParams) {
        const res = await h().app.inject({ method: op.method as 'GET', url: `${concrete()}?${param}=a%00b`, headers: headersFor(op.path) });
        expectRefused(res, param, `${op.method} ${op.path} query ${param}`);
        checked++;
      }
      for (const field of op.bodyStrings) {
        const res = await h().app.inject({
          method: op.method as 'POST',
          url: concrete(),
          headers: { ...headersFor(op.path), 'content-type': 'application/json' },
          payload: JSON.stringify(bodyFor(field, NUL)),
        });
        expectRefused(res, field, `${op.method} ${op.path} body ${field}`);
        checked++;
      }
    }
    // The document names dozens of string inputs; a drop here means the walk above lost its way.
    expect(checked).toBeGreaterThan(40);
    expect(h().logs.text()).not.toContain('unhandled error');
  });

  it('the inputs the audit named, each refused on its own field', async () => {
    const cases: Array<[string, string, unknown, string, SignedIn | null]> = [
      ['POST', '/v1/api-keys', { name: NUL, type: 'test' }, 'name', owner],
      ['POST', '/v1/organisation/members', { email: `x${NUL}@example.com`, role: 'VIEWER' }, 'email', owner],
      ['POST', '/v1/auth/login', { email: `x${NUL}@example.com`, password: 'whatever' }, 'email', null],
      ['POST', '/v1/admin/organisations', { name: NUL, ownerEmail: 'owner@example.com' }, 'name', platformAdmin],
      ['POST', `/v1/payments/admin/adjust/${org.organisationId}`, { amount: 10, reason: NUL }, 'reason', platformAdmin],
    ];
    for (const [method, url, payload, field, who] of cases) {
      const res = await send(h(), method as 'POST', url, who, payload);
      expectRefused(res, field, `${method} ${url}`);
    }
    const paths: Array<[string, string, string, SignedIn]> = [
      ['GET', '/v1/payments/verify/ref%00x', 'reference', owner],
      ['DELETE', '/v1/auth/sessions/ses_%00', 'id', owner],
      ['DELETE', '/v1/api-keys/key_%00', 'id', owner],
      ['GET', '/v1/admin/organisations/org_%00/services', 'id', platformAdmin],
      ['GET', '/v1/notifications/outbox?to=a%00b', 'to', owner],
    ];
    for (const [method, url, field, who] of paths) {
      const res = await send(h(), method as 'GET', url, who);
      expectRefused(res, field, `${method} ${url}`);
    }
    // A lone surrogate and a control character, in JSON escapes, on the same kind of field.
    const raw = (payload: string) =>
      h().app.inject({ method: 'POST', url: '/v1/api-keys', headers: { ...owner.headers, 'content-type': 'application/json' }, payload });
    const surrogate = await raw('{"name":"x\\ud800y","type":"test"}');
    expect(surrogate.json().errors).toEqual([{ field: 'name', message: 'must be valid Unicode text (no lone surrogates)' }]);
    const control = await raw('{"name":"x\\u001by","type":"test"}');
    expect(control.json().errors).toEqual([{ field: 'name', message: 'must not contain control characters' }]);
    // Nothing of the refused requests was written.
    const keys = await h().services.apiKeys.list(org.organisationId);
    expect(keys.filter((k) => /\p{Cc}|\p{Cs}/u.test(k.name))).toEqual([]);
  });

  it('a body that is not UTF-8 is named as such, not as a Content-Length mismatch', async () => {
    const bytes = Buffer.concat([Buffer.from('{"nin":"1111111111'), Buffer.from([0xff, 0xfe]), Buffer.from('","requestReason":"ACCOUNT_OPENING"}')]);
    const res = await h().app.inject({ method: 'POST', url: '/v1/nin/raw/lookup', headers: { 'x-api-key': org.testKey, 'content-type': 'application/json' }, payload: bytes });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The request body is not valid UTF-8 text', errors: [{ field: 'body', message: 'is not valid UTF-8' }] });
    // Valid UTF-8 beyond ASCII still parses, and prototype pollution is still refused.
    const named = await h().app.inject({ method: 'POST', url: '/v1/api-keys', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: Buffer.from('{"name":"clé ₦ 😀","type":"test"}') });
    expect(named.statusCode).toBe(201);
    expect(named.json().data.name).toBe('clé ₦ 😀');
    const polluted = await h().app.inject({ method: 'POST', url: '/v1/api-keys', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1},"name":"k","type":"test"}' });
    expect(polluted.statusCode).toBe(400);
  });

  it('a live CAC call whose rcNumber hides a NUL is refused before any hold, record or registry call', async () => {
    const payer = await createOrg(h().services);
    await fund(h().services, payer.organisationId, 5_000);
    const db = h().database.db;
    const before = await db.selectFrom('wallets').select(['balance_kobo', 'held_kobo']).where('organisation_id', '=', payer.organisationId).executeTakeFirstOrThrow();
    for (const rcNumber of ['1234567\u0000', '\u00001234567', '12345\u000067']) {
      const res = await h().app.inject({
        method: 'POST',
        url: '/v1/cac/basic',
        headers: { 'x-api-key': payer.liveKey, 'content-type': 'application/json', 'idempotency-key': `nul-${randomBytes(4).toString('hex')}` },
        payload: JSON.stringify({ rcNumber, purpose: 'KYB_ONBOARDING' }),
      });
      expectRefused(res, 'rcNumber', JSON.stringify(rcNumber));
    }
    const after = await db.selectFrom('wallets').select(['balance_kobo', 'held_kobo']).where('organisation_id', '=', payer.organisationId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const [holds, records, debits, claims] = await Promise.all([
      db.selectFrom('holds').select('id').where('organisation_id', '=', payer.organisationId).execute(),
      db.selectFrom('verification_records').select('id').where('organisation_id', '=', payer.organisationId).execute(),
      db.selectFrom('ledger_entries').select('id').where('organisation_id', '=', payer.organisationId).where('cause', '=', 'VERIFICATION').execute(),
      db.selectFrom('idempotency_requests').select('organisation_id').where('organisation_id', '=', payer.organisationId).execute(),
    ]);
    expect({ holds, records, debits, claims }).toEqual({ holds: [], records: [], debits: [], claims: [] });
  });
});
