import type { App } from '../platform/http-types.js';
import { Type } from '@sinclair/typebox';
import type { onRequestHookHandler } from 'fastify';
import { callerOrganisationId } from './discovery-auth.js';
import { ok } from '../platform/envelope.js';
import { ErrorRef, StrictObject, StringEnum, SuccessEnvelope } from '../platform/typebox.js';
import { NIN_REQUEST_REASONS } from '../verifications/nin.js';
import { ACCESS_LEVELS, SERVICE_CODES } from './catalogue.js';
import type { CatalogueService } from './catalogue.service.js';

const NoQuery = StrictObject({});
const PricesSchema = Type.Object({ BASIC: Type.Number(), STANDARD: Type.Number(), PREMIUM: Type.Number() }, { description: 'Naira per verification at each access level' });

export const ServiceViewSchema = Type.Object({
  code: StringEnum(SERVICE_CODES),
  name: Type.String(),
  status: StringEnum(['ACTIVE', 'SUSPENDED'] as const),
  endpoints: Type.Array(Type.String()),
  accessLevel: StringEnum(ACCESS_LEVELS),
  price: Type.Number({ description: "Naira per verification at the organisation's access level" }),
  currency: Type.Literal('NGN'),
  prices: PricesSchema,
}, { title: 'Service' });

/** Discovery (DESIGN.md §4): what the caller can call, and the NIN request reasons. */
export function registerCatalogueRoutes(app: App, deps: { catalogue: CatalogueService; authenticate: onRequestHookHandler }) {
  const { catalogue, authenticate } = deps;
  const security: Array<Record<string, string[]>> = [{ apiKey: [] }, { bearer: [] }];
  const common = { tags: ['Discovery'], security, querystring: NoQuery };

  app.get(
    '/v1/services',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "The services on the caller's account",
        description: 'Every service provisioned for the organisation, ACTIVE or SUSPENDED, with its endpoints and its price at the organisation\'s access level and at each level. An API key or a bearer token.',
        response: { 200: SuccessEnvelope(Type.Array(ServiceViewSchema)), '4xx': ErrorRef },
      },
    },
    async (req) => ok(req, await catalogue.listServices(callerOrganisationId(req), req.cacheEpoch), 'Services'),
  );

  app.get(
    '/v1/lists/verification-types',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'The verification types the caller can call now',
        description: 'The verification types with at least one ACTIVE service, and their endpoints. An API key or a bearer token.',
        response: {
          200: SuccessEnvelope(Type.Array(Type.Object({ type: Type.String(), name: Type.String(), endpoints: Type.Array(Type.String()) }))),
          '4xx': ErrorRef,
        },
      },
    },
    async (req) => ok(req, await catalogue.verificationTypes(callerOrganisationId(req), req.cacheEpoch), 'Verification types'),
  );

  app.get(
    '/v1/nin/request-reasons',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'The valid requestReason values of a NIN lookup',
        description: 'The codes `requestReason` takes on the NIN lookup, NIN face match and enhanced phone lookup, with what each means. An API key or a bearer token.',
        response: { 200: SuccessEnvelope(Type.Array(Type.Object({ code: Type.String(), description: Type.String() }))), '4xx': ErrorRef },
      },
    },
    async (req) => ok(req, NIN_REQUEST_REASONS.map((r) => ({ code: r.code, description: r.description })), 'NIN request reasons'),
  );
}
