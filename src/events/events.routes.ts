import { Type } from '@sinclair/typebox';
import type { BearerAuthenticator } from '../http/guards.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { pageLimit } from '../platform/paging.js';
import { ErrorRef, StrictObject, SuccessEnvelope } from '../platform/typebox.js';
import { EventIdParams, EventListQuery, EventPage, EventTypeView, EventViewSchema } from './events.schemas.js';
import { EVENT_TYPES, parseEventFilters, type EventsService } from './events.service.js';

const errors = { '4xx': ErrorRef, '5xx': ErrorRef };

/** GET /v1/events, GET /v1/events/{id} and GET /v1/webhooks/event-types (DESIGN.md §11.2): any role, inside the caller's organisation. */
export function registerEventRoutes(app: App, deps: { auth: BearerAuthenticator; events: EventsService }) {
  const { auth, events } = deps;
  const onRequest = requireUser(auth, { roles: ANY_ROLE });
  const security = [{ bearer: [] }];

  app.get(
    '/v1/events',
    {
      onRequest,
      schema: {
        tags: ['Events'],
        security,
        summary: 'Events, newest first, filtered and paged',
        description:
          'Any role. The events of the last 30 days (`environment`, default live; the two never mix), newest first by `createdAt` then `id`, each exactly as ' +
          'its deliveries send it. Filters: `type` (event types, comma-separated), `from` (inclusive) and `to` (exclusive) as ISO 8601 date-times with Z or an ' +
          'offset. Paged by `limit` (1–100, default 20) and the opaque `cursor` (the previous page\'s `nextCursor`, null when nothing follows). An unknown ' +
          'parameter or a value outside its rules is 400 naming it.',
        querystring: EventListQuery,
        response: { 200: SuccessEnvelope(EventPage), ...errors },
      },
    },
    async (req) => {
      const { limit, cursor, ...query } = req.query;
      const filters = parseEventFilters(query);
      return ok(req, await events.list(actor(req).organisationId, filters, { limit: pageLimit(limit), cursor }), 'Events');
    },
  );

  app.get(
    '/v1/events/:id',
    {
      onRequest,
      schema: {
        tags: ['Events'],
        security,
        summary: 'One event, of either environment',
        description: 'Any role. One event (`evt_…`) exactly as its deliveries send it. An id of another organisation, or of an event older than 30 days, is 404.',
        params: EventIdParams,
        response: { 200: SuccessEnvelope(EventViewSchema), ...errors },
      },
    },
    async (req) => ok(req, await events.get(actor(req).organisationId, req.params.id), 'Event'),
  );

  app.get(
    '/v1/webhooks/event-types',
    {
      onRequest,
      schema: {
        tags: ['Webhooks'],
        security,
        summary: 'The event types a webhook endpoint can subscribe to',
        description: 'Any role. The six event types of DESIGN.md §11.2, with what raises each and its `data`.',
        querystring: StrictObject({}),
        response: { 200: SuccessEnvelope(Type.Array(EventTypeView)), ...errors },
      },
    },
    async (req) => ok(req, EVENT_TYPES.map((t) => ({ type: t.type, description: t.description })), 'Event types'),
  );
}
