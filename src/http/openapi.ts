import type { RouteOptions } from 'fastify';
import type { App } from '../platform/http-types.js';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_DOCS, ERROR_STATUS } from '../platform/errors.js';
import { SANDBOX_FIXTURE_TABLE } from '../providers/fixtures.js';
import { SANDBOX_SCENARIOS } from '../providers/ports.js';
import { completeDocument } from './openapi-document.js';
import type { Credential, RouteFacts } from './openapi-responses.js';
import { postmanCollection } from './postman.js';
import type { RouteDoc } from './route-doc.js';

/** The version of the document's format: JSON Schema 2020-12 schemas, as TypeBox writes them. */
export const OPENAPI_VERSION = '3.1.0';

const description = `
Identity verification for Nigeria over one REST API: NIN, BVN, face match, tax (TIN), corporate registry
(CAC) and phone lookups. Every response uses one envelope: \`{ success, statusCode, message, data, timestamp, path }\`
on success and \`{ success: false, statusCode, message, code, errors?, data?, timestamp, path }\` on failure.
Branch on \`code\`, never on \`message\`. Every answer carries \`X-Request-Id\`: quote it in support requests.

**Authentication.** Verification and discovery endpoints take \`x-api-key\`. Test keys (\`sk_test_…\`) run the
sandbox below and are never charged; live keys (\`sk_live_…\`) reach the registries and are billed. Account,
wallet and admin endpoints take \`Authorization: Bearer <access token>\` from sign-in (\`POST /v1/auth/login\`, then
\`POST /v1/auth/confirm-login\` with the emailed code).

**Retries and idempotency.** Send an \`Idempotency-Key\` (one per logical operation, the same on every retry of it)
on verifications, \`POST /v1/payments/initialize\` and the admin wallet adjustment; live keys must send one on
\`/v1/tin/*\` and \`/v1/cac/*\`. A retry returns the stored answer with \`Idempotent-Replayed: true\` — **and on live keys
a replayed verification is billed again** at its stored price, so never replay one to read it twice. \`202
REQUEST_IN_PROGRESS\` means the first request is still running: retry with the same key after \`Retry-After\`. Retry
429, 502, 503 and 504 with backoff, honouring \`Retry-After\` when sent; they are never charged. See
docs/calling-from-node.md in the repository for a client that does all this with \`fetch\`.

**Sandbox fixtures (test keys).**

| input | outcome |
|---|---|
${SANDBOX_FIXTURE_TABLE.map((r) => `| ${r.input} | ${r.outcome} |`).join('\n')}

Header \`X-Sandbox-Scenario: ${SANDBOX_SCENARIOS.join(' | ')}\` forces an upstream failure (502, 503, 504, 429) or a
2-second delay on a test key; any other value is 400; live keys ignore it.

**Error codes.** Each operation lists the statuses and codes it can answer. A request the server could not read
at all (headers too large, or not received in time) is closed with 400 or 408 in the same envelope.

| code | status | meaning |
|---|---|---|
${(Object.entries(ERROR_STATUS) as Array<[keyof typeof ERROR_STATUS, number]>)
  .map(([code, status]) => `| ${code} | ${status} | ${ERROR_DOCS[code].description.replace(/\|/g, '\\|')} |`)
  .join('\n')}

A Postman collection generated from this document is served at \`/postman.json\`.
`;

/** The operations' tags, in the reference's order. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'Verifications', description: 'Identity, tax, business and phone checks (`x-api-key`). Test keys answer from the sandbox fixtures; live keys reach the registries and are billed per call. The records of past calls are read with a bearer token.' },
  { name: 'Analytics', description: 'Volumes, outcomes, success rate and spend from the verification records, exact at the moment of the request (bearer token, any role).' },
  { name: 'Discovery', description: 'What the caller can call: its services and prices, the verification types, the NIN request reasons (an API key or a bearer token).' },
  { name: 'Accounts', description: 'Sign-in with an emailed one-time code, tokens, sessions and invitations.' },
  { name: 'Organisation', description: "The caller's organisation and its members, by role." },
  { name: 'API keys', description: 'Create, list and revoke API keys; a secret is shown once, at creation.' },
  { name: 'Access levels', description: 'Which person fields each access level returns and what it costs; switching level.' },
  { name: 'Exports', description: 'Verification records exported as CSV or XLSX: durable jobs, polled, then downloaded (bearer token, any role).' },
  { name: 'Events', description: 'Events of the last 30 days, exactly as webhook deliveries send them: listed and read (bearer token, any role).' },
  { name: 'Webhooks', description: 'Webhook endpoints, signed event deliveries (Standard Webhooks) and their log (bearer token; read: any role, write: OWNER, ADMIN, DEVELOPER).' },
  { name: 'Wallet', description: 'The prepaid wallet: balance, low-balance alert, funding payments and the journal of transactions.' },
  { name: 'Platform admin', description: 'Platform staff only: organisations, their services, prices and limits, and audited wallet adjustments.' },
  { name: 'Notifications', description: 'Channels, message templates, sends and the message log (bearer token; read: any role, write and send: OWNER, ADMIN, DEVELOPER), and the development outbox (outside production, on this machine only).' },
  { name: 'Operations', description: 'Liveness and readiness for load balancers and orchestrators.' },
];

/**
 * The reference page's headers: a policy with no inline script, no inline style but one by hash, and no
 * other origin (the page's scripts and styles are files, its images data: URIs; swagger-ui styles
 * elements through the DOM, which CSP allows), never framed, no referrer. No upgrade-insecure-requests: the page is also opened over
 * plain http on a LAN. HSTS is the TLS terminator's business.
 */
const DOCS_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // The one inline <style>, inside swagger-ui's logo (its standalone preset), by hash; operations.test.ts checks it.
      styleSrc: ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
};

/** One route as Fastify registered it: what the completeness test compares with the document. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the document on purpose (`schema.hide`): the reference page itself, local control routes. */
  hidden: boolean;
}

const inventories = new WeakMap<object, RegisteredRoute[]>();

/** Every route registered after the document was installed (all of the API's), HEAD included. */
export function routeInventory(app: App): readonly RegisteredRoute[] {
  return inventories.get(app) ?? [];
}

type Json = Record<string, unknown>;

/** The path of a Fastify URL in OpenAPI form: `/v1/api-keys/:id` → `/v1/api-keys/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function factsOf(route: RouteOptions, method: string): RouteFacts {
  const schema = (route.schema ?? {}) as Json;
  const credentials = new Set<Credential>();
  for (const requirement of (schema.security as Array<Record<string, unknown>> | undefined) ?? []) {
    for (const name of Object.keys(requirement)) credentials.add(name as Credential);
  }
  const doc: RouteDoc = { ...(route.config as { doc?: RouteDoc } | undefined)?.doc };
  const successStatus = Object.keys((schema.response as Json | undefined) ?? {})
    .map(Number)
    .find((s) => s >= 200 && s < 300);
  return {
    method,
    path: openApiPath(route.url),
    credentials: [...credentials],
    body: schema.body !== undefined || doc.body !== undefined,
    query: schema.querystring !== undefined,
    params: schema.params !== undefined || route.url.includes(':'),
    successStatus: successStatus ?? 200,
    doc,
  };
}

/** The OpenAPI document generated from the route schemas, the reference page at /docs, and the Postman collection. */
export async function installOpenApi(app: App): Promise<void> {
  const routes = new Map<string, RouteFacts>();
  const inventory: RegisteredRoute[] = [];
  inventories.set(app, inventory);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Json;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      inventory.push({ method, url: route.url, hidden: schema.hide === true });
      if (method === 'HEAD' || schema.hide === true) continue;
      const facts = factsOf(route, method);
      routes.set(`${method} ${facts.path}`, facts);
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: 'idv API', version: '1.0.0', description },
      servers: [{ url: '/', description: 'This server' }],
      tags: [...TAGS],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: '`sk_test_…` (sandbox, never charged) or `sk_live_…` (billed).' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from `POST /v1/auth/confirm-login` (15 minutes; refresh it with `POST /v1/auth/refresh`).' },
        },
      },
    },
    // Shared schemas are components named by their $id (ErrorEnvelope), not `def-0`.
    refResolver: {
      buildLocalReference: (json: Json, _baseUri: unknown, _fragment: unknown, i: number) => {
        const id = typeof json.$id === 'string' ? json.$id : `def-${i}`;
        if (!json.title) json.title = id;
        return id;
      },
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) throw new Error('the API reference is an OpenAPI document');
      return completeDocument(document.openapiObject as Parameters<typeof completeDocument>[0], { routes }) as typeof document.openapiObject;
    },
  });
  // Helmet inside a scope of its own: it sets the page's headers on /docs only, never on the API's answers.
  await app.register(async (docs) => {
    await docs.register(helmet, DOCS_HEADERS);
    // validatorUrl null: no badge fetched from validator.swagger.io (another origin).
    await docs.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null } });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  let collection: Json | null = null;
  // Made from the same document on first request (and by `npm run build` into dist/postman.json).
  app.get('/postman.json', { schema: { hide: true } }, async () => (collection ??= postmanCollection(app.swagger() as Json)));
}
