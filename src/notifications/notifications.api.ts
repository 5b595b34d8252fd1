import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import { maskIdentifier } from '../platform/crypto.js';
import { AppError, conflict, forbidden, notFound, validationError, type FieldError } from '../platform/errors.js';
import { decodeCursor, olderThan, toPage } from '../platform/paging.js';
import type { WindowLimiter } from '../platform/rate-limit.js';
import type { DB, NotificationChannel, NotificationStatus } from '../platform/schema.js';
import { MESSAGE_RETENTION_MS, type NotificationService } from './notifications.service.js';
import {
  BUILT_IN_TEMPLATES,
  builtInTemplate,
  render,
  SMS_RENDERED_MAX,
  TEMPLATE_NAME_PATTERN,
  templateContentErrors,
  templateVariables,
  type Template,
} from './templates.js';

export const CHANNELS = ['email', 'sms', 'webhook'] as const;
export const MESSAGE_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
/** Own templates per organisation (a 101st is 409). */
export const MAX_TEMPLATES_PER_ORG = 100;
export const VARIABLE_MAX = 2_000;
const EMAIL_MAX = 254;
const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\.]+$/;
const NIGERIAN_MOBILE = /^(?:0|\+?234)((?:70|80|81|90|91)[0-9]{8})$/;
const E164 = /^\+[0-9]{8,15}$/;

export interface ChannelView {
  channel: NotificationChannel;
  name: string;
  delivery: 'SMTP' | 'OUTBOX' | 'SMS_GATEWAY' | 'HTTPS';
}

export interface TemplateView {
  name: string;
  channel: NotificationChannel;
  subject: string | null;
  body: string;
  variables: string[];
  builtIn: boolean;
  sendable: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface MessageView {
  id: string;
  channel: NotificationChannel;
  to: string;
  templateName: string;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface SendInput {
  channel: string;
  to: string;
  templateName: string;
  templateVariables?: Record<string, string> | undefined;
}

function templateView(t: Template, createdAt: Date | null = null, updatedAt: Date | null = null): TemplateView {
  return {
    name: t.name,
    channel: t.channel,
    subject: t.subject,
    body: t.body,
    variables: templateVariables(t),
    builtIn: t.builtIn,
    sendable: t.sendable,
    createdAt: createdAt?.toISOString() ?? null,
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

const ownView = (r: { name: string; channel: NotificationChannel; subject: string | null; body: string; created_at: Date; updated_at: Date }) =>
  templateView({ name: r.name, channel: r.channel, subject: r.subject, body: r.body, builtIn: false, sendable: true }, r.created_at, r.updated_at);

/** An email address as sends take it (DESIGN.md §11.1): `local@domain.tld`, no display name, at most 254, lower-cased. */
export function normaliseEmail(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  return v.length <= EMAIL_MAX && EMAIL_PATTERN.test(v) ? v : null;
}

/** A Nigerian mobile number (§4) or an E.164 number, in E.164. */
export function normalisePhone(raw: string): string | null {
  const ng = NIGERIAN_MOBILE.exec(raw);
  if (ng) return `+234${ng[1]}`;
  return E164.test(raw) ? raw : null;
}

/**
 * What organisations do with notifications (DESIGN.md §11.1): channels, templates (built-in and
 * their own), sends and the message log. Delivery is the notification service's.
 */
export function createNotificationApi(deps: {
  db: Kysely<DB>;
  clock: Clock;
  notifications: NotificationService;
  limiter: WindowLimiter;
  sendLimitPerMinute: number;
}) {
  const { db, clock, notifications, limiter } = deps;

  async function ownTemplate(trx: Kysely<DB>, organisationId: string, name: string) {
    return trx.selectFrom('notification_templates').selectAll().where('organisation_id', '=', organisationId).where('name', '=', name).executeTakeFirst();
  }

  /** A built-in or one of the organisation's templates, or undefined. */
  async function findTemplate(organisationId: string, name: string): Promise<Template | undefined> {
    const builtIn = builtInTemplate(name);
    if (builtIn) return builtIn;
    const row = await ownTemplate(db, organisationId, name);
    return row ? { name: row.name, channel: row.channel, subject: row.subject, body: row.body, builtIn: false, sendable: true } : undefined;
  }

  function messageView(r: {
    id: string;
    channel: NotificationChannel;
    recipient: string;
    template_name: string;
    status: NotificationStatus;
    attempts: number;
    last_error: string | null;
    created_at: Date;
    sent_at: Date | null;
  }): MessageView {
    return {
      id: r.id,
      channel: r.channel,
      to: r.channel === 'sms' ? maskIdentifier(r.recipient) : r.recipient,
      templateName: r.template_name,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
    };
  }

  const messageColumns = ['id', 'channel', 'recipient', 'template_name', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'] as const;

  return {
    channels(): ChannelView[] {
      return [
        { channel: 'email', name: 'Email', delivery: notifications.emailDelivery },
        { channel: 'sms', name: 'SMS', delivery: notifications.smsDelivery },
        { channel: 'webhook', name: 'Webhook', delivery: 'HTTPS' },
      ];
    },

    /** Built-ins first in the table's order, then the organisation's by name. */
    async listTemplates(organisationId: string, channel?: NotificationChannel): Promise<TemplateView[]> {
      let q = db.selectFrom('notification_templates').selectAll().where('organisation_id', '=', organisationId);
      if (channel) q = q.where('channel', '=', channel);
      const own = await q.orderBy('name').execute();
      const builtIns = BUILT_IN_TEMPLATES.filter((t) => !channel || t.channel === channel).map((t) => templateView(t));
      return [...builtIns, ...own.map(ownView)];
    },

    async getTemplate(organisationId: string, name: string): Promise<TemplateView> {
      const builtIn = builtInTemplate(name);
      if (builtIn) return templateView(builtIn);
      const row = await ownTemplate(db, organisationId, name);
      if (!row) throw notFound('Template not found');
      return ownView(row);
    },

    async createTemplate(organisationId: string, input: { name: string; channel: NotificationChannel; subject?: string | undefined; body: string }): Promise<TemplateView> {
      const errors: FieldError[] = [];
      if (input.name.length < 2 || input.name.length > 64 || !TEMPLATE_NAME_PATTERN.test(input.name)) {
        errors.push({ field: 'name', message: 'must be 2–64 characters: lower-case letters and digits, words joined by single hyphens' });
      }
      if (input.channel === 'email' && input.subject === undefined) errors.push({ field: 'subject', message: 'is required on the email channel' });
      errors.push(...templateContentErrors(input.channel, input.subject, input.body));
      if (errors.length > 0) throw validationError(errors);
      if (builtInTemplate(input.name)) throw conflict(`"${input.name}" is the name of a built-in template`);
      const now = clock.now();
      try {
        const row = await db.transaction().execute(async (trx) => {
          // One writer per organisation at a time: the count and the insert agree.
          await trx.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().executeTakeFirstOrThrow();
          if (await ownTemplate(trx, organisationId, input.name)) throw conflict(`A template named "${input.name}" already exists`);
          const { n } = await trx
            .selectFrom('notification_templates')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('organisation_id', '=', organisationId)
            .executeTakeFirstOrThrow();
          if (Number(n) >= MAX_TEMPLATES_PER_ORG) throw conflict(`An organisation keeps at most ${MAX_TEMPLATES_PER_ORG} templates`);
          return trx
            .insertInto('notification_templates')
            .values({
              organisation_id: organisationId,
              name: input.name,
              channel: input.channel,
              subject: input.channel === 'email' ? input.subject! : null,
              body: input.body,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return ownView(row);
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw conflict(`A template named "${input.name}" already exists`);
        throw err;
      }
    },

    async patchTemplate(organisationId: string, name: string, input: { subject?: string | undefined; body?: string | undefined }): Promise<TemplateView> {
      if (builtInTemplate(name)) throw forbidden('Built-in templates cannot be changed');
      const row = await ownTemplate(db, organisationId, name);
      if (!row) throw notFound('Template not found');
      const errors: FieldError[] = [];
      if (input.subject === undefined && input.body === undefined) errors.push({ field: 'body', message: 'give at least one of subject and body' });
      errors.push(...templateContentErrors(row.channel, input.subject, input.body));
      if (errors.length > 0) throw validationError(errors);
      const updated = await db
        .updateTable('notification_templates')
        .set({ ...(input.subject !== undefined ? { subject: input.subject } : {}), ...(input.body !== undefined ? { body: input.body } : {}), updated_at: clock.now() })
        .where('organisation_id', '=', organisationId)
        .where('name', '=', name)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw notFound('Template not found');
      return ownView(updated);
    },

    async deleteTemplate(organisationId: string, name: string): Promise<{ name: string; deleted: true }> {
      if (builtInTemplate(name)) throw forbidden('Built-in templates cannot be deleted');
      const res = await db.deleteFrom('notification_templates').where('organisation_id', '=', organisationId).where('name', '=', name).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound('Template not found');
      return { name, deleted: true };
    },

    /**
     * Validates a send (every error at once), then stores it QUEUED in this request's transaction.
     * The send limit is counted on valid sends only.
     */
    async send(organisationId: string, input: SendInput): Promise<{ success: true; message: 'Accepted for delivery'; notificationId: string }> {
      const errors: FieldError[] = [];
      const channel = (CHANNELS as readonly string[]).includes(input.channel) ? (input.channel as NotificationChannel) : null;
      if (!channel) errors.push({ field: 'channel', message: 'must be one of email, sms, webhook' });
      let to: string | null = null;
      if (channel === 'email') {
        to = normaliseEmail(input.to);
        if (!to) errors.push({ field: 'to', message: 'must be an email address local@domain.tld of at most 254 characters, without a display name' });
      } else if (channel === 'sms') {
        to = normalisePhone(input.to);
        if (!to) errors.push({ field: 'to', message: 'must be a Nigerian mobile number (0, +234 or 234, then 70, 80, 81, 90 or 91 and 8 digits) or an E.164 number (+ and 8–15 digits)' });
      } else if (channel === 'webhook') {
        if (input.to.length > 0 && (await notifications.hasEnabledEndpoint(organisationId, input.to))) to = input.to;
        else errors.push({ field: 'to', message: 'must be the url of one of the organisation’s ENABLED webhook endpoints; no ENABLED webhook endpoint has this url' });
      }
      const template = await findTemplate(organisationId, input.templateName);
      if (!template) errors.push({ field: 'templateName', message: 'is not a template of this organisation nor a built-in one' });
      else if (!template.sendable) errors.push({ field: 'templateName', message: 'is a built-in template the service sends itself; it cannot be sent' });
      else if (channel && template.channel !== channel) errors.push({ field: 'templateName', message: `is a template of the ${template.channel} channel, not ${channel}` });
      const vars = input.templateVariables;
      if (template && template.sendable) {
        const names = templateVariables(template);
        if (vars === undefined) {
          if (names.length > 0) errors.push({ field: 'templateVariables', message: `is required: the template has the variables ${names.join(', ')}` });
        } else {
          for (const name of names) if (!(name in vars)) errors.push({ field: `templateVariables.${name}`, message: 'is required by the template' });
          for (const [key, value] of Object.entries(vars)) {
            if (!names.includes(key)) errors.push({ field: `templateVariables.${key}`, message: 'is not a variable of the template' });
            else if (typeof value !== 'string' || value.length > VARIABLE_MAX) errors.push({ field: `templateVariables.${key}`, message: `must be a string of at most ${VARIABLE_MAX} characters` });
          }
        }
      }
      if (errors.length > 0) throw validationError(errors);
      const rendered = render(template!, vars ?? {});
      if (channel === 'sms' && rendered.text.length > SMS_RENDERED_MAX) {
        throw validationError([{ field: 'templateVariables', message: `make an sms of ${rendered.text.length} characters; at most ${SMS_RENDERED_MAX}` }]);
      }
      const verdict = await limiter.hit(`notification-send:${organisationId}`, deps.sendLimitPerMinute, 60_000);
      if (!verdict.allowed) {
        throw new AppError('RATE_LIMITED', `At most ${deps.sendLimitPerMinute} sends a minute per organisation; retry in ${verdict.retryAfterSeconds} s`, {
          headers: { 'retry-after': String(verdict.retryAfterSeconds) },
        });
      }
      const notificationId = await db.transaction().execute((trx) =>
        notifications.enqueue(trx, {
          organisationId,
          channel: channel!,
          to: to!,
          templateName: template!.name,
          subject: rendered.subject,
          text: rendered.text,
        }),
      );
      notifications.kick();
      return { success: true, message: 'Accepted for delivery', notificationId };
    },

    async listMessages(organisationId: string, query: { channel?: NotificationChannel | undefined; status?: NotificationStatus | undefined; limit: number; cursor?: string | undefined }) {
      const after = decodeCursor(query.cursor);
      let q = db
        .selectFrom('notifications')
        .select([...messageColumns])
        .where('organisation_id', '=', organisationId)
        .where('created_at', '>', new Date(clock.now().getTime() - MESSAGE_RETENTION_MS));
      if (query.channel) q = q.where('channel', '=', query.channel);
      if (query.status) q = q.where('status', '=', query.status);
      if (after) q = q.where(olderThan(after));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute();
      const page = toPage(rows, query.limit, (r) => ({ createdAt: r.created_at, id: r.id }));
      return { items: page.items.map(messageView), nextCursor: page.nextCursor };
    },

    async getMessage(organisationId: string, id: string): Promise<MessageView> {
      const row = await db
        .selectFrom('notifications')
        .select([...messageColumns])
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .where('created_at', '>', new Date(clock.now().getTime() - MESSAGE_RETENTION_MS))
        .executeTakeFirst();
      if (!row) throw notFound('Message not found');
      return messageView(row);
    },
  };
}

export type NotificationApi = ReturnType<typeof createNotificationApi>;
