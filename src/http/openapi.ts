import type { App } from '../platform/http-types.js';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS } from '../platform/errors.js';
import { SANDBOX_FIXTURE_TABLE } from '../providers/fixtures.js';
import { SANDBOX_SCENARIOS } from '../providers/ports.js';

const description = `
Identity verification for Nigeria over one REST API: NIN, BVN, face match, tax (TIN), corporate registry
(CAC) and phone lookups. Every response uses one envelope: \`{ success, statusCode, message, data, timestamp, path }\`
on success and \`{ success: false, statusCode, message, code, errors?, data?, timestamp, path }\` on failure.

**Authentication.** Verification and discovery endpoints take \`x-api-key\`. Test keys (\`sk_test_…\`) run the
sandbox below and are never charged; live keys (\`sk_live_…\`) reach the registries and are billed.

**Sandbox fixtures (test keys).**

| input | outcome |
|---|---|
${SANDBOX_FIXTURE_TABLE.map((r) => `| ${r.input} | ${r.outcome} |`).join('\n')}

Header \`X-Sandbox-Scenario: ${SANDBOX_SCENARIOS.join(' | ')}\` forces an upstream failure (502, 503, 504, 429) or a
2-second delay on a test key; any other value is 400; live keys ignore it.

**Error codes.**

| code | status |
|---|---|
${Object.entries(ERROR_STATUS)
  .map(([code, status]) => `| ${code} | ${status} |`)
  .join('\n')}
`;

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

/** The OpenAPI document generated from the route schemas, and the reference page at /docs. */
export async function installOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'idv API', version: '1.0.0', description },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
  });
  // Helmet inside a scope of its own: it sets the page's headers on /docs only, never on the API's answers.
  await app.register(async (docs) => {
    await docs.register(helmet, DOCS_HEADERS);
    // validatorUrl null: no badge fetched from validator.swagger.io (another origin).
    await docs.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null } });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
