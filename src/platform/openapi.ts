import type { App } from './http-types.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS } from './errors.js';
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
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
