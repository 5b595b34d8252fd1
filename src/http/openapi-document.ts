import { ERROR_DOCS, type ErrorCode } from '../platform/errors.js';
import { SANDBOX_SCENARIOS } from '../providers/ports.js';
import { EXAMPLE_TIME, exampleId, exampleOf, examplePath, pathParamExample, type Schema } from './openapi-examples.js';
import { idempotencyOf, REASON, responseHeaders, statusesOf, type ResponseHeader, type RouteFacts } from './openapi-responses.js';

/**
 * Completes the document @fastify/swagger generates from the route schemas into the API reference
 * (OpenAPI 3.1): every operation gets its id, its security (explicitly none for public routes), the
 * request headers it reads, every status it answers with its codes, headers and an example of each,
 * and example request bodies; schemas that carry a `title` become named components.
 */

type Json = Record<string, unknown>;
type Document = Json & { paths: Record<string, Record<string, Json>>; components: Json & { schemas: Record<string, Schema> } };

const SCHEMAS = '#/components/schemas/';
const ref = (name: string) => ({ $ref: `${SCHEMAS}${name}` });
const JSON_TYPE = 'application/json';

/** Request headers a route may read, as reusable parameters. */
const PARAMETERS: Readonly<Record<string, Json>> = {
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description: 'Your id for this request (1–128 of `A-Z a-z 0-9 . _ : -`): kept and sent back in `X-Request-Id`, so both sides can quote one id. Another value is replaced by ours.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'One key (1–255 printable ASCII characters) per logical operation, reused on every retry of it. The first request runs; a retry gets the stored ' +
      'answer with `Idempotent-Replayed: true`; a duplicate while the first is still running gets 202 REQUEST_IN_PROGRESS (retry the same request ' +
      'with the same key after `Retry-After`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Answers are kept 24 hours; failures ' +
      'that were not billed are forgotten, so a retry runs again. On live keys a replayed verification is billed again.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]{1,255}$' },
  },
  IdempotencyKeyRequiredLive: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      '**Required with live keys** on this endpoint (422 IDEMPOTENCY_KEY_REQUIRED without it); optional with test keys. One key (1–255 printable ' +
      'ASCII characters) per logical operation, reused on every retry of it: a retry gets the stored answer with `Idempotent-Replayed: true` ' +
      '(billed again on live keys); a duplicate still running gets 202 REQUEST_IN_PROGRESS (retry with the same key after `Retry-After`); the same ' +
      'key with another body is 409 IDEMPOTENCY_KEY_REUSED.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]{1,255}$' },
  },
  SandboxScenario: {
    name: 'X-Sandbox-Scenario',
    in: 'header',
    required: false,
    description:
      'Test keys only (live keys ignore it): forces an upstream failure (`provider_error` 502, `provider_unavailable` 503, `provider_timeout` 504, ' +
      '`provider_rate_limited` 429) or a 2-second delay (`slow`). Another value is 400.',
    schema: { type: 'string', enum: [...SANDBOX_SCENARIOS] },
  },
  CorrelationId: {
    name: 'X-Correlation-ID',
    in: 'header',
    required: false,
    description: 'Your correlation id (1–128 printable ASCII characters): echoed on the answer; the business-verification endpoints pass it to the registry.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,128}$' },
  },
};
/** Header parameters swagger made from a schema that PARAMETERS replace. */
const MANAGED_HEADERS = new Set(['x-request-id', 'idempotency-key', 'x-sandbox-scenario', 'x-correlation-id']);

const HEADERS: Readonly<Record<ResponseHeader, Json>> = {
  'X-Request-Id': { description: "The request's id (yours when you sent a valid one): quote it in support requests.", required: true, schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before sending the request again.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Limit': { description: "The API key's allowance: requests per minute, all of which may be spent in one burst.", schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left now.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the allowance is whole again.', schema: { type: 'integer', minimum: 0 } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key, byte for byte. On live keys a replayed verification is billed again.',
    schema: { type: 'string', enum: ['true'] },
  },
  'X-Verification-Id': {
    description: "A replayed verification's own record (`ver_…`); the body keeps the original's verificationId.",
    schema: { type: 'string' },
  },
  'X-Correlation-ID': { description: 'The X-Correlation-ID the request sent, echoed.', schema: { type: 'string' } },
  Location: { description: 'The path of the resource the request created, to poll for its state.', required: true, schema: { type: 'string' } },
};

/** `data` of a billable 404 (DESIGN.md §3). */
const RecordNotFoundData: Schema = {
  type: 'object',
  description: 'The registry answered and holds no record: billed on live keys.',
  properties: {
    verificationStatus: { type: 'string', const: 'NOT_VERIFIED' },
    verificationId: { type: 'string', description: 'Quote it in support requests' },
    referenceId: { type: 'string', description: "The upstream registry's reference" },
    charged: { type: 'boolean', description: 'Always false on test keys' },
    chargeAmount: { type: 'number', description: 'Naira; 0 when not charged' },
  },
  required: ['verificationStatus', 'verificationId', 'referenceId', 'charged', 'chargeAmount'],
};

// ---------------------------------------------------------------------------------------------

const CHILD_OBJECTS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const CHILD = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const CHILD_ARRAYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rebuilds a schema bottom-up: `fn` sees each subschema after its own subschemas were rebuilt. */
function mapSchema(schema: Schema, fn: (s: Schema) => Schema): Schema {
  const out: Schema = { ...schema };
  for (const key of CHILD_OBJECTS) {
    if (isObject(out[key])) out[key] = Object.fromEntries(Object.entries(out[key] as Json).map(([k, v]) => [k, isObject(v) ? mapSchema(v, fn) : v]));
  }
  for (const key of CHILD) if (isObject(out[key])) out[key] = mapSchema(out[key] as Schema, fn);
  for (const key of CHILD_ARRAYS) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((v) => (isObject(v) ? mapSchema(v, fn) : v));
  return fn(out);
}

/** Every schema position of the document: components, parameters, bodies, responses and their headers. */
function mapDocumentSchemas(doc: Document, fn: (s: Schema, root: boolean) => Schema): void {
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    doc.components.schemas[name] = mapSchema(schema, (s) => fn(s, s.title === name));
  }
  const media = (content: unknown) => {
    if (!isObject(content)) return;
    for (const m of Object.values(content)) if (isObject(m) && isObject(m.schema)) m.schema = mapSchema(m.schema, (s) => fn(s, false));
  };
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const p of (op.parameters as Json[] | undefined) ?? []) if (isObject(p.schema)) p.schema = mapSchema(p.schema, (s) => fn(s, false));
      if (isObject(op.requestBody)) media(op.requestBody.content);
      for (const r of Object.values((op.responses as Record<string, Json> | undefined) ?? {})) media(r.content);
    }
  }
}

/** OpenAPI 3.1 schemas are JSON Schema 2020-12: `examples` arrays, and none of our validator's own keywords. */
function normalise(s: Schema): Schema {
  const out = { ...s };
  if ('example' in out) {
    if (!Array.isArray(out.examples)) out.examples = [out.example];
    delete out.example;
  }
  delete out['x-message'];
  return out;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Schemas with a `title` become components of that name, referenced where they appeared. */
function hoistTitled(doc: Document): void {
  const found = new Map<string, Schema>();
  mapDocumentSchemas(doc, (s, root) => {
    if (root || typeof s.title !== 'string' || typeof s.$ref === 'string') return s;
    const existing = found.get(s.title) ?? doc.components.schemas[s.title];
    if (existing && !deepEqual(existing, s)) throw new Error(`Two different schemas are titled ${s.title}: give one another title`);
    found.set(s.title, s);
    return ref(s.title);
  });
  for (const [name, schema] of found) doc.components.schemas[name] ??= schema;
}

// ---------------------------------------------------------------------------------------------

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/v1\//, '/')
    .split(/[/\-_.]+/)
    .filter(Boolean)
    .map((w) => (w.startsWith('{') ? `By${w[1]!.toUpperCase()}${w.slice(2, -1)}` : w));
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function resolver(doc: Document) {
  return (r: string): Schema => {
    const name = r.startsWith(SCHEMAS) ? r.slice(SCHEMAS.length) : r;
    return doc.components.schemas[name] ?? {};
  };
}

function firstRequired(schema: unknown, resolve: (r: string) => Schema): string | undefined {
  let s = isObject(schema) ? (schema as Schema) : undefined;
  if (s && typeof s.$ref === 'string') s = resolve(s.$ref);
  const required = s?.required;
  return Array.isArray(required) && typeof required[0] === 'string' ? required[0] : undefined;
}

/** A 400's field errors, as this route's likeliest mistake would give them. */
function validationErrors(f: RouteFacts, op: Json, resolve: (r: string) => Schema): Array<{ field: string; message: string }> {
  const body = isObject(op.requestBody) ? ((op.requestBody.content as Json)[JSON_TYPE] as Json | undefined)?.schema : undefined;
  const field = firstRequired(body, resolve);
  if (field) return [{ field, message: 'is required' }];
  if (f.params) return [{ field: /\{([^}]+)\}/.exec(f.path)![1]!, message: 'must be at most 64 characters' }];
  if (f.query) return [{ field: 'sort', message: 'is not an allowed field' }];
  return [{ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }];
}

/** The failure envelope this route sends with this code, as an example. */
function errorExample(f: RouteFacts, code: ErrorCode, status: number, op: Json, resolve: (r: string) => Schema): Json {
  const v = f.doc.verification;
  let message = ERROR_DOCS[code].example;
  let extra: Json = {};
  if (code === 'VALIDATION_ERROR') extra = { errors: validationErrors(f, op, resolve) };
  // The refusal this route's own credentials give.
  if (code === 'UNAUTHENTICATED' && !f.credentials.includes('apiKey')) {
    message = f.credentials.includes('bearer') ? 'The access token has expired; refresh it' : 'The credentials in this request are invalid or have expired';
  }
  if (code === 'FORBIDDEN' && Array.isArray(op.tags) && op.tags.includes('Platform admin')) message = 'Only platform admins may use this route';
  if (v) {
    const reached = { verificationId: exampleId('ver'), charged: false, chargeAmount: 0 };
    if (code === 'RECORD_NOT_FOUND') {
      message = v.notFoundMessage;
      extra = { data: { verificationStatus: 'NOT_VERIFIED', ...reached, referenceId: exampleId('sbx') } };
    }
    if (['PROVIDER_ERROR', 'PROVIDER_UNAVAILABLE', 'PROVIDER_TIMEOUT', 'PROVIDER_RATE_LIMITED', 'INTERNAL_ERROR'].includes(code)) extra = { data: reached };
    if (code === 'IDEMPOTENCY_KEY_REQUIRED') message = `Live calls to ${f.path} need an Idempotency-Key header`;
    if (code === 'CONCURRENCY_LIMITED') message = `At most 32 ${f.path} calls may be in flight for this organisation`;
    if (code === 'INSUFFICIENT_BALANCE') {
      message = 'This verification costs ₦150.00; the available balance is ₦100.00. Fund the wallet (POST /v1/payments/initialize) and retry; nothing was charged';
      extra = { data: { price: 150, availableBalance: 100, currency: 'NGN' } };
    }
    if (code === 'SERVICE_NOT_SUBSCRIBED') message = `This organisation is not subscribed to ${v.service}`;
  }
  return { success: false, statusCode: status, message, code, ...extra, timestamp: EXAMPLE_TIME, path: examplePath(f.path) };
}

function errorResponse(f: RouteFacts, status: number, codes: ErrorCode[], op: Json, resolve: (r: string) => Schema): Json {
  const specific: Json = { statusCode: { const: status }, code: { type: 'string', enum: codes } };
  if (codes.length === 1 && codes[0] === 'RECORD_NOT_FOUND') specific.data = ref('RecordNotFoundData');
  const lines = codes.map((c) => `- \`${c}\`: ${ERROR_DOCS[c].description}`);
  return {
    description: `${REASON[status] ?? String(status)}.\n\n${lines.join('\n')}`,
    headers: headersOf(f, status, codes),
    content: {
      [JSON_TYPE]: {
        schema: { allOf: [ref('ErrorEnvelope'), { type: 'object', properties: specific }] },
        examples: Object.fromEntries(codes.map((c) => [c, { summary: c, value: errorExample(f, c, status, op, resolve) }])),
      },
    },
  };
}

function headersOf(f: RouteFacts, status: number, codes: readonly ErrorCode[]): Json {
  const out: Json = {};
  for (const [name, always] of Object.entries(responseHeaders(f, status, codes)) as Array<[ResponseHeader, boolean]>) {
    // A header always sent on this status is required here, though not on every status that may carry it.
    out[name] = always && HEADERS[name].required !== true ? { ...HEADERS[name], required: true } : { $ref: `#/components/headers/${name}` };
  }
  return out;
}

function successResponse(f: RouteFacts, existing: Json | undefined, resolve: (r: string) => Schema): Json {
  const status = f.successStatus;
  const content = isObject(existing?.content) ? (existing.content as Json) : undefined;
  const media = content ? (content[JSON_TYPE] as Json | undefined) : undefined;
  const replay = idempotencyOf(f) ? ' With an Idempotency-Key, a retry gets this answer again, byte for byte, with `Idempotent-Replayed: true`.' : '';
  const response: Json = { description: `${REASON[status] ?? String(status)}.${replay}`, headers: headersOf(f, status, []) };
  if (media && isObject(media.schema)) {
    const value = exampleOf(media.schema, { resolve, optional: true });
    const example = isObject(value) ? { ...value, statusCode: status, path: examplePath(f.path) } : value;
    response.content = { [JSON_TYPE]: { schema: media.schema, examples: { [f.doc.verification ? 'sandbox' : 'example']: { summary: f.doc.verification ? 'A test key, sandbox fixture' : 'Example', value: example } } } };
  } else if (content && Object.keys(content).length > 0) {
    // A file, not the envelope (an export's download): its media types as the route declares them.
    response.content = content;
  }
  return response;
}

const pascal = (code: string) => code.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());

/** A named component for a schema at this place, shared by every place with the same schema. */
function nameSchema(doc: Document, name: string, schema: Schema): Schema {
  if (typeof schema.$ref === 'string') return schema;
  const existing = doc.components.schemas[name];
  if (existing && !deepEqual(existing, schema)) throw new Error(`Two different schemas would be named ${name}`);
  doc.components.schemas[name] = schema;
  return ref(name);
}

/** The envelope of a success answer: its `data` named after the service (verifications), its examples this route's. */
function completeSuccessSchema(doc: Document, f: RouteFacts, response: Json | undefined): void {
  const media = isObject(response?.content) ? ((response.content as Json)[JSON_TYPE] as Json | undefined) : undefined;
  const schema = media?.schema;
  if (!isObject(schema) || !isObject(schema.properties)) return;
  const props = schema.properties as Record<string, Schema>;
  if (props.statusCode) props.statusCode = { ...props.statusCode, examples: [f.successStatus] };
  if (props.path) props.path = { ...props.path, examples: [examplePath(f.path)] };
  if (f.doc.verification && isObject(props.data)) props.data = nameSchema(doc, `${pascal(f.doc.verification.service)}Result`, props.data);
}

/** The shared failure envelope: its field errors a component of their own, its examples those of a failure. */
function completeErrorEnvelope(doc: Document): void {
  const envelope = doc.components.schemas.ErrorEnvelope;
  if (!envelope || !isObject(envelope.properties)) return;
  const props = envelope.properties as Record<string, Schema>;
  if (props.statusCode) props.statusCode = { ...props.statusCode, examples: [400] };
  const errors = props.errors;
  if (errors && isObject(errors.items)) {
    props.errors = { ...errors, description: 'VALIDATION_ERROR only: one entry per invalid field', items: nameSchema(doc, 'FieldError', errors.items as Schema) };
  }
  if (props.data) props.data = { ...props.data, description: 'Details of some failures: the verification id and charge of a billable 404 or an upstream failure, the price of a 402' };
  if (props.code) props.code = { ...props.code, description: 'Machine-readable: branch on it (see the error table)' };
}

function parametersOf(f: RouteFacts, op: Json): Json[] {
  const kept = ((op.parameters as Json[] | undefined) ?? []).filter((p) => !(p.in === 'header' && MANAGED_HEADERS.has(String(p.name).toLowerCase())));
  for (const p of kept) {
    if (p.in === 'path' && !('example' in p) && !('examples' in p)) p.example = pathParamExample(f.path, String(p.name));
  }
  const refs: string[] = ['RequestId'];
  const idempotency = idempotencyOf(f);
  if (idempotency) refs.push(idempotency === 'required-live' ? 'IdempotencyKeyRequiredLive' : 'IdempotencyKey');
  if (f.doc.verification) refs.push('SandboxScenario', 'CorrelationId');
  const declared = Object.entries(f.doc.headers ?? {}).map(([name, h]) => ({ name, in: 'header', required: h.required ?? false, description: h.description, schema: { type: 'string' } }));
  return [...kept, ...declared, ...refs.map((r) => ({ $ref: `#/components/parameters/${r}` }))];
}

export interface CompleteOptions {
  /** The facts of every route the document shows, by `METHOD path` (OpenAPI form). */
  routes: ReadonlyMap<string, RouteFacts>;
}

/** Completes the generated document in place (see the top of this file); throws on a route it has no facts for. */
export function completeDocument(doc: Document, options: CompleteOptions): Document {
  doc.components.schemas ??= {};
  doc.components.schemas.RecordNotFoundData = RecordNotFoundData;
  mapDocumentSchemas(doc, (s) => normalise(s));
  hoistTitled(doc);
  completeErrorEnvelope(doc);
  const resolve = resolver(doc);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      const f = options.routes.get(key);
      if (!f) throw new Error(`The API reference has no facts for ${key}`);
      op.operationId = operationId(method, path);
      op.security ??= [];
      const params = parametersOf(f, op);
      if (params.length > 0) op.parameters = params;
      const body = f.doc.body;
      if (body && !isObject(op.requestBody)) {
        op.requestBody = { description: body.description, required: true, content: { [JSON_TYPE]: { schema: mapSchema(body.schema, normalise) } } };
      }
      if (isObject(op.requestBody)) {
        const media = (op.requestBody.content as Json)[JSON_TYPE] as Json | undefined;
        if (media && isObject(media.schema)) {
          const value = exampleOf(media.schema, { resolve, optional: false });
          media.examples = { [f.doc.verification ? 'sandbox' : 'example']: { summary: f.doc.verification ? 'A sandbox fixture' : 'Example', value } };
          delete media.example;
        }
      }
      const existing = (op.responses as Record<string, Json> | undefined)?.[String(f.successStatus)];
      completeSuccessSchema(doc, f, existing);
      const responses: Json = { [String(f.successStatus)]: successResponse(f, existing, resolve) };
      for (const { status, codes } of statusesOf(f)) responses[String(status)] = errorResponse(f, status, codes, op, resolve);
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
    }
  }
  doc.components.parameters = { ...PARAMETERS };
  doc.components.headers = { ...HEADERS };
  return doc;
}
