import { Type } from '@sinclair/typebox';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { CursorQuery, LimitQuery, pageLimit } from '../platform/paging.js';
import { isLoopbackClient } from '../platform/loopback.js';
import { ErrorRef, StrictObject, SuccessEnvelope } from '../platform/typebox.js';
import type { NotificationService } from './notifications.service.js';

/**
 * GET /v1/notifications/outbox, outside production only and without authentication: a newcomer on
 * the embedded database reads their sign-in code here (DESIGN.md §9). Only clients on this machine
 * see it (by the socket's address, and not through a proxy); to anyone else it is an unknown route,
 * 404. In production it does not exist.
 */
export function registerOutboxRoutes(app: App, deps: { notifications: NotificationService }) {
  app.get(
    '/v1/notifications/outbox',
    {
      // Before validation: to a client elsewhere even a malformed query is an unknown route.
      onRequest: (req, reply, done) => {
        if (isLoopbackClient(req)) done();
        else reply.callNotFound();
      },
      config: { doc: { errors: ['NOT_FOUND'] } },
      schema: {
        tags: ['Notifications'],
        summary: 'Messages written to the outbox (development and test only, to clients on the same machine; absent in production)',
        description:
          'Where sign-in codes and invitations go when no SMTP server is configured: newest first, `to` filters by recipient. Outside production, ' +
          'and to clients on this machine only (anyone else gets 404); absent in production.',
        querystring: StrictObject({ to: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })), limit: LimitQuery, cursor: CursorQuery }),
        response: {
          200: SuccessEnvelope(
            Type.Object({
              items: Type.Array(
                Type.Object({
                  id: Type.String(),
                  channel: Type.String(),
                  to: Type.String(),
                  subject: Type.Union([Type.String(), Type.Null()]),
                  body: Type.String(),
                  createdAt: Type.String({ format: 'date-time' }),
                }),
              ),
              nextCursor: Type.Union([Type.String(), Type.Null()]),
            }),
          ),
          '4xx': ErrorRef,
        },
      },
    },
    async (req) => ok(req, await deps.notifications.outbox({ to: req.query.to, limit: pageLimit(req.query.limit), cursor: req.query.cursor }), 'Outbox'),
  );
}
