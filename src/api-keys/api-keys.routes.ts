import { Type } from '@sinclair/typebox';
import type { AuthService } from '../accounts/auth.service.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { ErrorRef, StrictObject, StringEnum, SuccessEnvelope, withMessage } from '../platform/typebox.js';
import type { ApiKeyService } from './api-keys.service.js';

const nullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
export const ApiKeyViewSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: StringEnum(['test', 'live'] as const),
  prefix: Type.String(),
  last4: Type.String(),
  rateLimit: Type.Integer({ description: 'Requests per minute' }),
  expiresAt: nullableDate,
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: nullableDate,
  revokedAt: nullableDate,
}, { title: 'ApiKey', description: 'Metadata only: the secret is shown once, when the key is created.' });

/** API keys over HTTP (SPEC.md §2.3, §5; DESIGN.md §9): the secret once, metadata after. */
export function registerApiKeyRoutes(app: App, deps: { auth: AuthService; apiKeys: ApiKeyService }) {
  const { auth, apiKeys } = deps;
  const common = { tags: ['API keys'], security: [{ bearer: [] }] };
  const errors = { '4xx': ErrorRef, '5xx': ErrorRef };
  const writers = requireUser(auth, { roles: ['OWNER', 'ADMIN', 'DEVELOPER'] });

  app.post(
    '/v1/api-keys',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: 'Create an API key; its secret is shown in this answer only',
        description:
          'OWNER, ADMIN or DEVELOPER. `test` keys run the sandbox and are never charged; `live` keys reach the registries and are billed. Store ' +
          '`secret` now: only its hash is kept.',
        body: StrictObject({
          name: Type.String({ minLength: 1, maxLength: 100, ...withMessage('must be 1 to 100 characters') }),
          type: StringEnum(['test', 'live'] as const),
          rateLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Requests per minute (default 600)' })),
          expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
        }),
        response: { 201: SuccessEnvelope(Type.Intersect([ApiKeyViewSchema, Type.Object({ secret: Type.String() })])), ...errors },
      },
    },
    async (req, reply) => {
      const a = actor(req);
      const created = await apiKeys.create({ ...req.body, organisationId: a.organisationId, createdBy: a.id });
      reply.code(201);
      return ok(req, { ...created.key, secret: created.secret }, 'API key created; store the secret now, it is not shown again', 201);
    },
  );

  app.get(
    '/v1/api-keys',
    {
      onRequest: requireUser(auth, { roles: ANY_ROLE }),
      schema: { ...common, summary: "The organisation's API keys (metadata only)", description: 'Every key of the organisation, revoked and expired ones included, without secrets. Any role.', querystring: StrictObject({}), response: { 200: SuccessEnvelope(Type.Array(ApiKeyViewSchema)), ...errors } },
    },
    async (req) => ok(req, await apiKeys.list(actor(req).organisationId), 'API keys'),
  );

  app.delete(
    '/v1/api-keys/:id',
    {
      onRequest: writers,
      schema: { ...common, summary: 'Revoke a key: refused from its next request on, on every server', description: 'OWNER, ADMIN or DEVELOPER. A revoked key is 401 on its next request, on every server. A key of another organisation is 404.', params: StrictObject({ id: Type.String({ maxLength: 64 }) }), response: { 200: SuccessEnvelope(ApiKeyViewSchema), ...errors } },
    },
    async (req) => {
      const a = actor(req);
      return ok(req, await apiKeys.revoke(a.organisationId, req.params.id, a.id), 'API key revoked');
    },
  );
}
