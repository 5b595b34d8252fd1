import { Type } from '@sinclair/typebox';
import type { onRequestHookHandler } from 'fastify';
import type { ApiKeyService } from '../api-keys/api-keys.service.js';
import { EventViewSchema } from '../events/events.schemas.js';
import type { BearerAuthenticator } from '../http/guards.js';
import { ANY_ROLE, actor, apiKeyAsBearer, apiKeyHeader, checkUser, isApiKeyInAuthorization, requireUser } from '../http/guards.js';
import { forbidden } from '../platform/errors.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import type { Role } from '../platform/schema.js';
import { ErrorRef, SuccessEnvelope } from '../platform/typebox.js';
import {
  CreateEndpointBody,
  DeletedSchema,
  DeliveryIdParams,
  DeliveryListQuery,
  DeliveryPage,
  DeliveryViewSchema,
  DeliveryWithAttemptsSchema,
  EmptyQuery,
  EndpointIdParams,
  EndpointViewSchema,
  EndpointWithSecretSchema,
  EventIdParams,
  PatchEndpointBody,
  RecoverBody,
  RecoverResult,
  RotateSecretBody,
  TriggerBody,
} from './webhooks.schemas.js';
import type { WebhookService } from './webhooks.service.js';

const errors = { '4xx': ErrorRef, '5xx': ErrorRef };
const WRITERS: readonly Role[] = ['OWNER', 'ADMIN', 'DEVELOPER'];

/** Webhook endpoints (DESIGN.md §11.3) and the delivery log (§11.4). Read: any role; write: OWNER, ADMIN, DEVELOPER. */
export function registerWebhookRoutes(app: App, deps: { auth: BearerAuthenticator; apiKeys: ApiKeyService; webhooks: WebhookService }) {
  const { auth, apiKeys, webhooks } = deps;
  const common = { tags: ['Webhooks'], security: [{ bearer: [] }] };
  const anyRole = requireUser(auth, { roles: ANY_ROLE });
  const writers = requireUser(auth, { roles: WRITERS });

  app.post(
    '/v1/webhooks/endpoints',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: 'Create a webhook endpoint; its signing secret is shown only in this answer',
        description:
          'OWNER, ADMIN or DEVELOPER. `url` must be https:// (at most 2,048 characters, no user-info, no fragment, not a loopback, private, link-local or metadata ' +
          'address); `eventTypes` a non-empty list of event types or ["*"]; `environment` live (default) or test, fixed at creation. At most 20 endpoints per ' +
          'organisation and one per url and environment (409 CONFLICT). The answer carries `secret` (`whsec_…`), never shown again.',
        body: CreateEndpointBody,
        response: { 201: SuccessEnvelope(EndpointWithSecretSchema), ...errors },
      },
    },
    async (req, reply) => {
      const view = await webhooks.create(actor(req).organisationId, req.body);
      reply.code(201);
      return ok(req, view, 'Webhook endpoint created', 201);
    },
  );

  app.get(
    '/v1/webhooks/endpoints',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: "The organisation's webhook endpoints, newest first",
        description: 'Any role. A plain array (at most 20), unpaged; secrets are never shown.',
        querystring: EmptyQuery,
        response: { 200: SuccessEnvelope(Type.Array(EndpointViewSchema)), ...errors },
      },
    },
    async (req) => ok(req, await webhooks.list(actor(req).organisationId), 'Webhook endpoints'),
  );

  app.get(
    '/v1/webhooks/endpoints/:id',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'One webhook endpoint',
        description: "Any role. Another organisation's endpoint id is 404 exactly as a missing one.",
        params: EndpointIdParams,
        querystring: EmptyQuery,
        response: { 200: SuccessEnvelope(EndpointViewSchema), ...errors },
      },
    },
    async (req) => ok(req, await webhooks.get(actor(req).organisationId, req.params.id), 'Webhook endpoint'),
  );

  app.patch(
    '/v1/webhooks/endpoints/:id',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: "Change a webhook endpoint's url, description, event types or status",
        description:
          'OWNER, ADMIN or DEVELOPER; at least one field. `status: "DISABLED"` sets disabledReason MANUAL and fails its pending deliveries; `"ENABLED"` clears ' +
          'disabledReason and failingSince. Changes apply to events raised afterwards. The url rules of the create apply; a url taken in this environment is 409.',
        params: EndpointIdParams,
        body: PatchEndpointBody,
        response: { 200: SuccessEnvelope(EndpointViewSchema), ...errors },
      },
    },
    async (req) => ok(req, await webhooks.update(actor(req).organisationId, req.params.id, req.body), 'Webhook endpoint updated'),
  );

  app.delete(
    '/v1/webhooks/endpoints/:id',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: 'Delete a webhook endpoint and its deliveries',
        description: 'OWNER, ADMIN or DEVELOPER. Its pending attempts stop and its deliveries are deleted.',
        params: EndpointIdParams,
        querystring: EmptyQuery,
        response: { 200: SuccessEnvelope(DeletedSchema), ...errors },
      },
    },
    async (req) => ok(req, await webhooks.remove(actor(req).organisationId, req.params.id), 'Webhook endpoint deleted'),
  );

  app.post(
    '/v1/webhooks/endpoints/:id/rotate-secret',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: "Rotate a webhook endpoint's signing secret; the new one is shown only in this answer",
        description:
          'OWNER, ADMIN or DEVELOPER. The previous secret signs alongside the new one (two webhook-signature entries, the new first) until ' +
          '`previousSecretExpiresAt`: `overlapSeconds` 0–604800, default 86400 (send `{}`); 0 ends it at once. At most two secrets: rotating during an overlap drops the older one.',
        params: EndpointIdParams,
        body: RotateSecretBody,
        response: { 200: SuccessEnvelope(EndpointWithSecretSchema), ...errors },
      },
    },
    async (req) => ok(req, await webhooks.rotateSecret(actor(req).organisationId, req.params.id, req.body?.overlapSeconds), 'Webhook secret rotated'),
  );

  app.get(
    '/v1/webhooks/endpoints/:id/deliveries',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: "An endpoint's deliveries, newest first",
        description:
          'Any role. Filters: `status` (PENDING, SUCCEEDED, FAILED) and `eventType`, comma-separated; `from` (inclusive) and `to` (exclusive) on createdAt. ' +
          'Paged by `limit` (1–100, default 20) and the opaque `cursor` of the previous page. Deliveries are kept 30 days with their events.',
        params: EndpointIdParams,
        querystring: DeliveryListQuery,
        response: { 200: SuccessEnvelope(DeliveryPage), ...errors },
      },
    },
    async (req) => ok(req, await webhooks.listDeliveries(actor(req).organisationId, req.params.id, req.query), 'Webhook deliveries'),
  );

  app.post(
    '/v1/webhooks/endpoints/:id/recover',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: 'Resend what an endpoint missed: one MANUAL attempt per event since a time',
        description:
          'OWNER, ADMIN or DEVELOPER. For every event in [`since`, `until`) raised after the endpoint was created, matching it, and with no SUCCEEDED delivery ' +
          'to it: one MANUAL attempt, oldest first. `since` within the last 30 days; at most 10,000 per call, and `nextSince` (else null) is where to call again. ' +
          'A DISABLED endpoint is 409 CONFLICT: re-enable it first. `Location`: the endpoint\'s deliveries.',
        params: EndpointIdParams,
        body: RecoverBody,
        response: { 202: SuccessEnvelope(RecoverResult), ...errors },
      },
    },
    async (req, reply) => {
      const result = await webhooks.recover(actor(req).organisationId, req.params.id, req.body);
      reply.code(202).header('location', `/v1/webhooks/endpoints/${req.params.id}/deliveries`);
      return ok(req, result, 'Recovery queued', 202);
    },
  );

  app.post(
    '/v1/webhooks/deliveries/:id/redeliver',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: 'Send a delivery again now (one MANUAL attempt)',
        description:
          'OWNER, ADMIN or DEVELOPER. One MANUAL attempt now, whatever the status (after SUCCEEDED it resends); a PENDING delivery keeps its schedule; while a ' +
          'manual attempt waits, another call adds none. The endpoint not ENABLED: 409 CONFLICT. `Location`: the delivery.',
        params: DeliveryIdParams,
        response: { 202: SuccessEnvelope(DeliveryViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      const view = await webhooks.redeliver(actor(req).organisationId, req.params.id);
      reply.code(202).header('location', `/v1/webhooks/deliveries/${view.id}`);
      return ok(req, view, 'Redelivery queued', 202);
    },
  );

  app.get(
    '/v1/webhooks/deliveries/:id',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'One delivery with its attempts, oldest first',
        description: "Any role. The last 50 attempts are kept. Another organisation's delivery id is 404 exactly as a missing one.",
        params: DeliveryIdParams,
        querystring: EmptyQuery,
        response: { 200: SuccessEnvelope(DeliveryWithAttemptsSchema), ...errors },
      },
    },
    async (req) => ok(req, await webhooks.delivery(actor(req).organisationId, req.params.id), 'Webhook delivery'),
  );

  app.get(
    '/v1/events/:id/deliveries',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: "An event's deliveries, one per endpoint",
        description: "Any role. A plain array, unpaged. Another organisation's event id is 404 exactly as a missing one.",
        params: EventIdParams,
        querystring: EmptyQuery,
        response: { 200: SuccessEnvelope(Type.Array(DeliveryViewSchema)), ...errors },
      },
    },
    async (req) => ok(req, await webhooks.deliveriesOfEvent(actor(req).organisationId, req.params.id), 'Event deliveries'),
  );

  app.post(
    '/v1/events/trigger',
    {
      onRequest: testKeyOrWriter(auth, apiKeys),
      schema: {
        tags: ['Webhooks'],
        security: [{ apiKey: [] }, { bearer: [] }],
        summary: 'Raise a test event with sample data and deliver it now',
        description:
          'A test API key (x-api-key) or a bearer token of an OWNER, ADMIN or DEVELOPER; a live key is 403 FORBIDDEN. Raises an event of `type` with ' +
          '`environment: "test"` and sample data built from the sandbox fixtures (fresh ids that name no stored resource), delivered to every ENABLED test ' +
          'endpoint subscribed to the type, or with `endpointId` to that endpoint alone whatever its environment and subscriptions (DISABLED: 409 CONFLICT). ' +
          '`*` is not a type here.',
        body: TriggerBody,
        response: { 201: SuccessEnvelope(Type.Object({ event: EventViewSchema, deliveries: Type.Array(DeliveryViewSchema) })), ...errors },
      },
    },
    async (req, reply) => {
      const organisationId = req.apiKey?.organisationId ?? actor(req).organisationId;
      const result = await webhooks.trigger(organisationId, req.body);
      reply.code(201);
      return ok(req, result, 'Test event raised', 201);
    },
  );
}

/** The trigger's guard: a test API key in x-api-key (a live one is 403), or a bearer token of a role that manages webhooks. */
function testKeyOrWriter(auth: BearerAuthenticator, apiKeys: ApiKeyService): onRequestHookHandler {
  return async (req) => {
    const header = req.headers['x-api-key'];
    if (header === undefined && req.headers.authorization !== undefined) {
      if (isApiKeyInAuthorization(req.headers.authorization)) throw apiKeyAsBearer();
      await checkUser(auth, { roles: WRITERS }, req);
      return;
    }
    const { key } = await apiKeys.authenticate(apiKeyHeader(req));
    if (key.type !== 'test') throw forbidden('Test events are raised with a test API key (sk_test_…) or a bearer token; a live key may not raise them');
    req.apiKey = key;
  };
}
