import { Type } from '@sinclair/typebox';
import type { BearerAuthenticator } from '../http/guards.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { pageLimit } from '../platform/paging.js';
import type { Role } from '../platform/schema.js';
import { ErrorRef, SuccessEnvelope } from '../platform/typebox.js';
import type { NotificationApi } from './notifications.api.js';
import {
  ChannelQuery,
  ChannelViewSchema,
  CreateTemplateBody,
  DeletedTemplateSchema,
  EmptyQuery,
  MessageIdParams,
  MessageListQuery,
  MessagePage,
  MessageViewSchema,
  PatchTemplateBody,
  SendBody,
  SendResultSchema,
  TemplateNameParams,
  TemplateViewSchema,
} from './notifications.schemas.js';

const errors = { '4xx': ErrorRef, '5xx': ErrorRef };
const WRITERS: readonly Role[] = ['OWNER', 'ADMIN', 'DEVELOPER'];

/** Channels, templates, sends and the message log (DESIGN.md §11.1). Read: any role; write and send: OWNER, ADMIN, DEVELOPER. */
export function registerNotificationRoutes(app: App, deps: { auth: BearerAuthenticator; api: NotificationApi }) {
  const { auth, api } = deps;
  const common = { tags: ['Notifications'], security: [{ bearer: [] }] };
  const anyRole = requireUser(auth, { roles: ANY_ROLE });
  const writers = requireUser(auth, { roles: WRITERS });

  app.get(
    '/v1/notifications/channels',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'The notification channels and how this server delivers each',
        description: 'Any role. Always email (SMTP or OUTBOX), sms (SMS_GATEWAY or OUTBOX) and webhook (HTTPS), in this order.',
        querystring: EmptyQuery,
        response: { 200: SuccessEnvelope(Type.Array(ChannelViewSchema)), ...errors },
      },
    },
    async (req) => ok(req, api.channels(), 'Notification channels'),
  );

  app.get(
    '/v1/notifications/templates',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'The built-in templates and the organisation\u2019s own',
        description: 'Any role. A plain array: built-ins first in their fixed order, then the organisation\u2019s by name; `channel` filters.',
        querystring: ChannelQuery,
        response: { 200: SuccessEnvelope(Type.Array(TemplateViewSchema)), ...errors },
      },
    },
    async (req) => ok(req, await api.listTemplates(actor(req).organisationId, req.query.channel), 'Notification templates'),
  );

  app.post(
    '/v1/notifications/templates',
    {
      onRequest: writers,
      config: { doc: { errors: ['CONFLICT'] } },
      schema: {
        ...common,
        summary: 'Create a template of the organisation',
        description:
          'OWNER, ADMIN or DEVELOPER. `name` lower-case words joined by hyphens (2–64 characters); `subject` email only (1–200 characters, required there); ' +
          '`body` 1–20,000 characters (sms 1–480); placeholders `{{name}}`, and a `{{` that opens none is 400. A built-in or taken name, or a 101st template, is 409 CONFLICT.',
        body: CreateTemplateBody,
        response: { 201: SuccessEnvelope(TemplateViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      const view = await api.createTemplate(actor(req).organisationId, req.body);
      reply.code(201);
      return ok(req, view, 'Template created', 201);
    },
  );

  app.get(
    '/v1/notifications/templates/:name',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'One template, built-in or the organisation\u2019s',
        description: 'Any role. An unknown name, or one of another organisation, is 404.',
        params: TemplateNameParams,
        querystring: EmptyQuery,
        response: { 200: SuccessEnvelope(TemplateViewSchema), ...errors },
      },
    },
    async (req) => ok(req, await api.getTemplate(actor(req).organisationId, req.params.name), 'Template'),
  );

  app.patch(
    '/v1/notifications/templates/:name',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: 'Change the subject or body of one of the organisation\u2019s templates',
        description: 'OWNER, ADMIN or DEVELOPER. Name and channel are fixed; at least one of `subject` and `body`, with the rules of creation. A built-in is 403 FORBIDDEN.',
        params: TemplateNameParams,
        body: PatchTemplateBody,
        response: { 200: SuccessEnvelope(TemplateViewSchema), ...errors },
      },
    },
    async (req) => ok(req, await api.patchTemplate(actor(req).organisationId, req.params.name, req.body), 'Template updated'),
  );

  app.delete(
    '/v1/notifications/templates/:name',
    {
      onRequest: writers,
      schema: {
        ...common,
        summary: 'Delete one of the organisation\u2019s templates',
        description: 'OWNER, ADMIN or DEVELOPER. A built-in is 403 FORBIDDEN; an unknown name 404.',
        params: TemplateNameParams,
        response: { 200: SuccessEnvelope(DeletedTemplateSchema), ...errors },
      },
    },
    async (req) => ok(req, await api.deleteTemplate(actor(req).organisationId, req.params.name), 'Template deleted'),
  );

  app.post(
    '/v1/notifications/send',
    {
      onRequest: writers,
      config: { doc: { errors: ['RATE_LIMITED'] } },
      schema: {
        ...common,
        summary: 'Send a message from a sendable template',
        description:
          'OWNER, ADMIN or DEVELOPER. Every error is reported at once (400, the fields named): `channel` email, sms or webhook; `to` an email address (lower-cased), ' +
          'a Nigerian mobile number or E.164 (normalised to E.164), or the url of an ENABLED webhook endpoint; `templateName` a sendable template of that channel; ' +
          '`templateVariables` every variable of the template as strings of at most 2,000 characters, and no other key. A rendered sms over 918 characters is 400. ' +
          'At most 60 sends a minute per organisation (429). The message is stored QUEUED before the answer; its status in the message log tracks delivery.',
        body: SendBody,
        response: { 200: SuccessEnvelope(SendResultSchema), ...errors },
      },
    },
    async (req) => ok(req, await api.send(actor(req).organisationId, req.body), 'Accepted for delivery'),
  );

  app.get(
    '/v1/notifications/messages',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'The organisation\u2019s messages of the last 30 days, newest first',
        description: 'Any role. Filters `channel` and `status`; paged by `limit` (1–100, default 20) and `cursor`. Phone numbers are masked; bodies are never shown.',
        querystring: MessageListQuery,
        response: { 200: SuccessEnvelope(MessagePage), ...errors },
      },
    },
    async (req) => {
      const { limit, ...rest } = req.query;
      return ok(req, await api.listMessages(actor(req).organisationId, { ...rest, limit: pageLimit(limit) }), 'Notification messages');
    },
  );

  app.get(
    '/v1/notifications/messages/:id',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'One message and its delivery status',
        description: 'Any role. Another organisation\u2019s id is 404 exactly as a missing one.',
        params: MessageIdParams,
        querystring: EmptyQuery,
        response: { 200: SuccessEnvelope(MessageViewSchema), ...errors },
      },
    },
    async (req) => ok(req, await api.getMessage(actor(req).organisationId, req.params.id), 'Notification message'),
  );
}
