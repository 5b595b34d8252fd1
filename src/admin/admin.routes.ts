import { Type } from '@sinclair/typebox';
import { SERVICE_CODES } from '../catalogue/catalogue.js';
import { ServiceViewSchema } from '../catalogue/catalogue.routes.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { ok } from '../platform/envelope.js';
import { validationError, type FieldError } from '../platform/errors.js';
import type { App } from '../platform/http-types.js';
import { isNairaAmount, nairaToKobo } from '../platform/money.js';
import { CursorQuery, LimitQuery, pageLimit } from '../platform/paging.js';
import type { AccessLevel } from '../platform/schema.js';
import { ErrorRef, StrictObject, StringEnum, SuccessEnvelope } from '../platform/typebox.js';
import { MemberSchema, OrganisationSchema } from '../accounts/accounts.routes.js';
import type { AdminService } from './admin.service.js';
import type { AuthService } from '../accounts/auth.service.js';
import { requireUser } from '../http/guards.js';

const Price = Type.Optional(Type.Number({ minimum: 0, description: 'Naira, at most two decimals' }));
const OrgParams = StrictObject({ id: Type.String({ maxLength: 64 }) });
const LimitValue = Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()]);

/** Platform administration: only platform admins reach /v1/admin/* (403 for everyone else). */
export function registerAdminRoutes(app: App, deps: { auth: AuthService; admin: AdminService; catalogue: CatalogueService }) {
  const { auth, admin, catalogue } = deps;
  const common = { tags: ['Platform admin'], security: [{ bearer: [] }] };
  const errors = { '4xx': ErrorRef, '5xx': ErrorRef };
  const onRequest = requireUser(auth, { platformAdmin: true });

  app.get(
    '/v1/admin/organisations',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Every organisation, newest first',
        description: 'Platform admins only. Paged: `limit` (1–100, default 20) and the `nextCursor` of the previous page.',
        querystring: StrictObject({ limit: LimitQuery, cursor: CursorQuery }),
        response: { 200: SuccessEnvelope(Type.Object({ items: Type.Array(OrganisationSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) })), ...errors },
      },
    },
    async (req) => ok(req, await admin.listOrganisations({ limit: pageLimit(req.query.limit), cursor: req.query.cursor }), 'Organisations'),
  );

  app.post(
    '/v1/admin/organisations',
    {
      onRequest,
      config: { doc: { errors: ['CONFLICT'] } },
      schema: {
        ...common,
        summary: 'Create an organisation; its owner is invited by email',
        description: 'Platform admins only. Creates the organisation with its wallet and emails its OWNER an invitation. An email that already has an account is 409.',
        body: StrictObject({ name: Type.String({ minLength: 1, maxLength: 200 }), ownerEmail: Type.String({ minLength: 3, maxLength: 254 }) }),
        response: { 201: SuccessEnvelope(Type.Object({ organisation: OrganisationSchema, owner: MemberSchema })), ...errors },
      },
    },
    async (req, reply) => {
      const created = await admin.createOrganisation(req.body);
      reply.code(201);
      return ok(req, created, 'Organisation created; the owner was invited', 201);
    },
  );

  app.get(
    '/v1/admin/organisations/:id/services',
    { onRequest, schema: { ...common, summary: "An organisation's provisioned services", description: 'Platform admins only: the services provisioned for the organisation, their status and prices per access level.', params: OrgParams, response: { 200: SuccessEnvelope(Type.Array(ServiceViewSchema)), ...errors } } },
    async (req) => {
      await admin.getOrganisation(req.params.id);
      return ok(req, await catalogue.listServices(req.params.id, null), 'Services');
    },
  );

  app.post(
    '/v1/admin/organisations/:id/services',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Provision a service, suspend it, or set its prices (naira per access level)',
        description:
          'Platform admins only. Provisions the service (ACTIVE by default) or changes its status or prices; prices left out keep their value, or the ' +
          'platform default for a new service. Applies from the next verification, on every server.',
        params: OrgParams,
        body: StrictObject({
          service: StringEnum(SERVICE_CODES),
          status: Type.Optional(StringEnum(['ACTIVE', 'SUSPENDED'] as const)),
          prices: Type.Optional(StrictObject({ BASIC: Price, STANDARD: Price, PREMIUM: Price })),
        }),
        response: { 200: SuccessEnvelope(ServiceViewSchema), ...errors },
      },
    },
    async (req) => {
      const prices = req.body.prices ?? {};
      const errs: FieldError[] = [];
      const pricesKobo: Partial<Record<AccessLevel, number>> = {};
      for (const [level, naira] of Object.entries(prices) as Array<[AccessLevel, number | undefined]>) {
        if (naira === undefined) continue;
        if (!isNairaAmount(naira)) errs.push({ field: `prices.${level}`, message: 'must be in naira with at most two decimals' });
        else pricesKobo[level] = nairaToKobo(naira);
      }
      if (errs.length > 0) throw validationError(errs);
      return ok(req, await catalogue.provision({ organisationId: req.params.id, service: req.body.service, status: req.body.status, pricesKobo }), 'Service provisioned');
    },
  );

  app.patch(
    '/v1/admin/organisations/:id/limits',
    {
      onRequest,
      schema: {
        ...common,
        summary: "Override the organisation's concurrency and velocity limits (null restores the default)",
        description: 'Platform admins only. `concurrencyLimit`: provider calls in flight per endpoint; `velocityLimit`: live debits per minute. At least one field.',
        params: OrgParams,
        body: StrictObject({ concurrencyLimit: Type.Optional(LimitValue), velocityLimit: Type.Optional(LimitValue) }, { minProperties: 1 }),
        response: {
          200: SuccessEnvelope(Type.Object({ organisationId: Type.String(), concurrencyLimit: Type.Union([Type.Integer(), Type.Null()]), velocityLimit: Type.Union([Type.Integer(), Type.Null()]) })),
          ...errors,
        },
      },
    },
    async (req) => ok(req, await admin.setLimits(req.params.id, req.body), 'Limits updated'),
  );
}
