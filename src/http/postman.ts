/**
 * A Postman collection (format v2.1) made from the OpenAPI document: one request per operation, in a
 * folder per tag, with the documented example bodies (the sandbox fixtures on verifications), the
 * `x-api-key` and `bearerToken` collection variables, and each operation's documented answer saved as
 * its example response. Our own small generator rather than a converter package: the document is
 * ours and regular, the collection is served at run time (GET /postman.json) from the same document,
 * so it must be quick and have no heavy dependency, and the examples must be exactly the document's.
 */

type Json = Record<string, unknown>;

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
/** Where a fresh `idv serve` listens (HOST 127.0.0.1, PORT 3000); change the collection's `baseUrl` otherwise. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function resolveParameter(doc: Json, p: Json): Json {
  if (typeof p.$ref !== 'string') return p;
  const name = p.$ref.split('/').pop()!;
  return (((doc.components as Json | undefined)?.parameters as Json | undefined)?.[name] as Json | undefined) ?? p;
}

function firstExample(media: Json | undefined): unknown {
  if (!media) return undefined;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    if (isObject(first)) return first.value;
  }
  return media.example;
}

function headerValue(p: Json): string {
  if (p.name === 'Idempotency-Key') return '{{$guid}}';
  const schema = p.schema as Json | undefined;
  if (Array.isArray(schema?.enum)) return String(schema.enum[0]);
  if (p.name === 'X-Correlation-ID') return 'order-1234';
  return '';
}

function request(doc: Json, path: string, method: string, op: Json): Json {
  // Live keys need an Idempotency-Key where the parameter says so: that header is on; other optional ones wait to be switched on.
  const requiredLive = new Set(((op.parameters as Json[] | undefined) ?? []).filter((p) => String(p.$ref ?? '').endsWith('/IdempotencyKeyRequiredLive')).map(() => 'Idempotency-Key'));
  const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => resolveParameter(doc, p));
  const header: Json[] = [];
  const query: Json[] = [];
  const variable: Json[] = [];
  for (const p of params) {
    const description = typeof p.description === 'string' ? p.description : undefined;
    if (p.in === 'header') {
      const on = p.required === true || requiredLive.has(String(p.name));
      header.push({ key: p.name, value: headerValue(p), type: 'text', ...(on ? {} : { disabled: true }), ...(description ? { description } : {}) });
    } else if (p.in === 'query') {
      query.push({ key: p.name, value: '', disabled: true, ...(description ? { description } : {}) });
    } else if (p.in === 'path') {
      variable.push({ key: p.name, value: String(p.example ?? ''), ...(description ? { description } : {}) });
    }
  }
  const segments = path.split('/').filter(Boolean).map((s) => s.replace(/^\{(.+)\}$/, ':$1'));
  const raw = `{{baseUrl}}/${segments.join('/')}`;
  const out: Json = {
    method: method.toUpperCase(),
    header,
    url: { raw, host: ['{{baseUrl}}'], path: segments, ...(query.length ? { query } : {}), ...(variable.length ? { variable } : {}) },
    description: [op.description, `\`${method.toUpperCase()} ${path}\``].filter(Boolean).join('\n\n'),
  };
  const security = op.security as Array<Record<string, unknown>> | undefined;
  const schemes = new Set((security ?? []).flatMap((s) => Object.keys(s)));
  if (schemes.size === 0) out.auth = { type: 'noauth' };
  else if (!schemes.has('apiKey')) out.auth = { type: 'bearer', bearer: [{ key: 'token', value: '{{bearerToken}}', type: 'string' }] };
  // Otherwise the collection's own auth: the x-api-key variable.
  const body = isObject(op.requestBody) ? ((op.requestBody.content as Json | undefined)?.['application/json'] as Json | undefined) : undefined;
  if (body) {
    const example = firstExample(body);
    header.unshift({ key: 'Content-Type', value: 'application/json', type: 'text' });
    out.body = { mode: 'raw', raw: JSON.stringify(example ?? {}, null, 2), options: { raw: { language: 'json' } } };
  }
  return out;
}

function savedResponses(op: Json, req: Json): Json[] {
  const responses = (op.responses as Record<string, Json> | undefined) ?? {};
  const success = Object.keys(responses).find((s) => s.startsWith('2') && s !== '202');
  if (!success) return [];
  const media = (responses[success]!.content as Json | undefined)?.['application/json'] as Json | undefined;
  const example = firstExample(media);
  if (example === undefined) return [];
  return [
    {
      name: `${success} ${String(responses[success]!.description ?? '').split('.')[0]}`,
      originalRequest: req,
      status: String(responses[success]!.description ?? '').split('.')[0],
      code: Number(success),
      _postman_previewlanguage: 'json',
      header: [{ key: 'Content-Type', value: 'application/json; charset=utf-8' }],
      body: JSON.stringify(example, null, 2),
    },
  ];
}

/** The collection of every operation of an OpenAPI document (as src/http/openapi.ts serves it). */
export function postmanCollection(doc: Json, options: { baseUrl?: string } = {}): Json {
  const info = (doc.info ?? {}) as Json;
  const tags = ((doc.tags as Json[] | undefined) ?? []).map((t) => ({ name: String(t.name), description: t.description }));
  const folders = new Map<string, Json[]>(tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'Other';
      const req = request(doc, path, method, op);
      const entry = { name: String(op.summary ?? `${method.toUpperCase()} ${path}`), request: req, response: savedResponses(op, req) };
      if (!folders.has(tag)) folders.set(tag, []);
      folders.get(tag)!.push(entry);
    }
  }
  return {
    info: {
      name: String(info.title ?? 'API'),
      description:
        'Generated from the OpenAPI document (/openapi.json). Set `x-api-key` to a test key (`sk_test_…`: the example bodies are sandbox ' +
        'fixtures, never charged) and `baseUrl` to your server; account routes take `bearerToken` (an access token from POST /v1/auth/confirm-login). ' +
        'Idempotency-Key is `{{$guid}}`: a new key per send; to retry one operation, resend it with the key it was first sent with.',
      schema: POSTMAN_SCHEMA,
    },
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'x-api-key', type: 'string' },
        { key: 'value', value: '{{x-api-key}}', type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      { key: 'baseUrl', value: options.baseUrl ?? DEFAULT_BASE_URL, type: 'string' },
      { key: 'x-api-key', value: 'sk_test_replace_with_your_test_key', type: 'string' },
      { key: 'bearerToken', value: '', type: 'string' },
    ],
    item: [...folders.entries()]
      .filter(([, items]) => items.length > 0)
      .map(([name, items]) => ({ name, description: tags.find((t) => t.name === name)?.description, item: items })),
  };
}
