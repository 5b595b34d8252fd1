import { sql, type Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../platform/clock.js';
import type { DataCipher } from '../platform/crypto.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import { decodeCursor, olderThan, toPage } from '../platform/paging.js';
import type { DB } from '../platform/schema.js';
import { builtInTemplate, render, textToHtml } from './templates.js';
import { purgeInBatches, type PurgeOptions } from '../platform/purge.js';

export interface EmailSettings {
  /** SMTP server (smtp:// or smtps://); null writes every email to the outbox instead. */
  smtpUrl: string | null;
  from: string;
  /** Waits, in seconds, before the 2nd, 3rd … attempt of a temporary failure (DESIGN.md §11.1). */
  retryScheduleSeconds: number[];
  /** The SMS gateway's endpoint (SMS_URL); null writes every sms to the outbox instead. */
  smsUrl?: string | null;
  /** Time limit of one gateway call (ms). */
  smsTimeoutMs?: number;
  /**
   * Posts a webhook-channel message signed with the endpoint's secrets (DESIGN.md §11.4): the webhooks
   * capability's sender, given by the container (notifications does not depend on webhooks). Absent:
   * such messages fail.
   */
  postToEndpoint?: EndpointPoster;
}

/** One signed POST of a body to an endpoint: `webhook-id` is `id`; the outcome as §11.4's attempt has it. */
export type EndpointPoster = (input: { url: string; id: string; body: string; secrets: string[] }) => Promise<{
  succeeded: boolean;
  responseStatus: number | null;
  error: string | null;
}>;

/** What can be enqueued: a rendered message on the email or sms channel. */
export interface OutgoingMessage {
  organisationId: string | null;
  channel: 'email' | 'sms' | 'webhook';
  /** Normalised: an email address in lower case, or a phone number in E.164. */
  to: string;
  templateName: string;
  subject: string | null;
  text: string;
}

/** A temporary (retry) or permanent (FAILED at once) delivery failure with a short reason. */
class DeliveryFailure extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
  }
}

export interface OutboxItem {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

const OUTBOX_RETENTION_MS = 30 * 86_400_000;
/** Messages (sent, failed or in the outbox) are kept 30 days (DESIGN.md §11.1). */
export const MESSAGE_RETENTION_MS = OUTBOX_RETENTION_MS;
const CLAIM_LEASE_MS = 60_000;

/**
 * The email channel: a message is stored (encrypted) in the transaction of the change that caused
 * it, then handed to the SMTP server by a dispatcher, or written to the outbox when no server is
 * configured. SENT means handed over (DESIGN.md §11.1); temporary failures are retried on a schedule.
 */
export function createNotificationService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  cipher: DataCipher;
  logger: Logger;
  email: EmailSettings;
}) {
  const { db, clock, ids, cipher, logger, email } = deps;
  const transport: Transporter | null = email.smtpUrl ? nodemailer.createTransport(email.smtpUrl) : null;
  const smsUrl = email.smsUrl ?? null;
  const smsTimeoutMs = email.smsTimeoutMs ?? 10_000;
  // Every process can POST webhook-channel messages, so there is always a dispatcher.
  const hasDispatcher = true;
  // A process claims only what it can hand over: another process with other settings on the same
  // database never fails a message it has no server for.
  const handled: Array<'SMTP' | 'SMS_GATEWAY' | 'HTTPS'> = ['HTTPS', ...(transport ? (['SMTP'] as const) : []), ...(smsUrl ? (['SMS_GATEWAY'] as const) : [])];

  /** The signing secrets (new first) of the organisation's ENABLED endpoint with this url; the live one's where a test one shares it. */
  async function endpointSecrets(organisationId: string, url: string): Promise<string[] | null> {
    const { rows } = await sql<{ secret_ciphertext: Uint8Array; previous_secret_ciphertext: Uint8Array | null; previous_secret_expires_at: Date | null }>`
      SELECT secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at FROM webhook_endpoints
      WHERE organisation_id = ${organisationId} AND url = ${url} AND status = 'ENABLED'
      ORDER BY (environment = 'live') DESC LIMIT 1`.execute(db);
    const ep = rows[0];
    if (!ep) return null;
    const secrets = [cipher.decrypt(ep.secret_ciphertext).toString('utf8')];
    if (ep.previous_secret_ciphertext && ep.previous_secret_expires_at && new Date(ep.previous_secret_expires_at).getTime() > clock.now().getTime()) {
      secrets.push(cipher.decrypt(ep.previous_secret_ciphertext).toString('utf8'));
    }
    return secrets;
  }

  /**
   * POSTs a webhook-channel message to its endpoint, signed as events are (DESIGN.md §11.4), the same
   * bytes on every attempt. 2xx is SENT; 410 fails at once; anything else is retried.
   */
  async function sendToEndpoint(row: { id: string; organisation_id: string | null; recipient: string; template_name: string; created_at: Date }, text: string) {
    const secrets = row.organisation_id ? await endpointSecrets(row.organisation_id, row.recipient) : null;
    if (!secrets) throw new DeliveryFailure('no ENABLED webhook endpoint has this url', true);
    const body = JSON.stringify({
      id: row.id,
      type: 'notification.message',
      createdAt: new Date(row.created_at).toISOString(),
      environment: 'live',
      data: { templateName: row.template_name, body: text },
    });
    if (!email.postToEndpoint) throw new DeliveryFailure('no webhook sender', true);
    const outcome = await email.postToEndpoint({ url: row.recipient, id: row.id, body, secrets });
    if (outcome.succeeded) return;
    if (outcome.responseStatus !== null) throw new DeliveryFailure(`endpoint ${outcome.responseStatus}`, outcome.responseStatus === 410);
    throw new DeliveryFailure(outcome.error ?? 'CONNECTION_ERROR', false);
  }
  let running: Promise<void> | null = null;

  /** Hands one message to the SMTP server: SMTP 5xx is permanent, anything else temporary. */
  async function sendEmail(row: { recipient: string; subject: string | null }, text: string) {
    if (!transport) throw new DeliveryFailure('no SMTP server', true);
    try {
      await transport.sendMail({ from: email.from, to: row.recipient, subject: row.subject ?? '', text, html: textToHtml(text) });
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      const reason = code ? `SMTP ${code}` : ((err as { code?: string }).code ?? 'SMTP error');
      throw new DeliveryFailure(reason, typeof code === 'number' && code >= 500);
    }
  }

  /**
   * Hands one sms to the gateway: `POST SMS_URL` with `{ id, to, body }` as JSON (README "SMS
   * gateway"). 2xx is SENT; 4xx is permanent; 5xx, a timeout or a connection error is temporary.
   */
  async function sendSms(row: { id: string; recipient: string }, text: string) {
    if (!smsUrl) throw new DeliveryFailure('no SMS gateway', true);
    let res: Response;
    try {
      res = await fetch(smsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'idv-notifications/1' },
        body: JSON.stringify({ id: row.id, to: row.recipient, body: text }),
        redirect: 'manual',
        signal: AbortSignal.timeout(smsTimeoutMs),
      });
    } catch (err) {
      const name = (err as { name?: string }).name;
      throw new DeliveryFailure(name === 'TimeoutError' ? 'gateway timeout' : 'gateway connection error', false);
    }
    await res.arrayBuffer().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return;
    throw new DeliveryFailure(`gateway ${res.status}`, res.status >= 400 && res.status < 500);
  }

  async function deliver(row: {
    id: string;
    organisation_id: string | null;
    recipient: string;
    template_name: string;
    subject: string | null;
    body_ciphertext: Uint8Array | null;
    attempts: number;
    delivery: string;
    created_at: Date;
  }) {
    if (!row.body_ciphertext) return;
    const sealed = row.body_ciphertext;
    const now = () => clock.now();
    try {
      // Inside the try: a message this process cannot read (another DATA_ENCRYPTION_KEY) is a failure of this
      // attempt, retried on the schedule like any other, never an error that stops the dispatcher's other messages.
      let text: string;
      try {
        text = cipher.decrypt(sealed).toString('utf8');
      } catch {
        throw new DeliveryFailure('the message cannot be decrypted with this DATA_ENCRYPTION_KEY', false);
      }
      if (row.delivery === 'SMS_GATEWAY') await sendSms(row, text);
      else if (row.delivery === 'HTTPS') await sendToEndpoint(row, text);
      else await sendEmail(row, text);
      await db
        .updateTable('notifications')
        .set({ status: 'SENT', sent_at: now(), body_ciphertext: null, last_error: null, next_attempt_at: null })
        .where('id', '=', row.id)
        .execute();
    } catch (err) {
      const failure = err instanceof DeliveryFailure ? err : new DeliveryFailure('delivery error', false);
      const wait = email.retryScheduleSeconds[row.attempts - 1];
      const failed = failure.permanent || wait === undefined;
      logger.warn({ notificationId: row.id, delivery: row.delivery, reason: failure.reason, attempt: row.attempts, failed }, 'notification delivery failed');
      await db
        .updateTable('notifications')
        .set(
          failed
            ? { status: 'FAILED', last_error: failure.reason, body_ciphertext: null, next_attempt_at: null }
            : { last_error: failure.reason, next_attempt_at: new Date(now().getTime() + wait * 1000) },
        )
        .where('id', '=', row.id)
        .execute();
    }
  }

  /** Claims due messages (on any process, SKIP LOCKED) and delivers them. Returns how many were tried. */
  async function dispatchDue(): Promise<number> {
    if (!hasDispatcher) return 0;
    const now = clock.now();
    // One statement, no transaction: every process polls each second and mostly finds nothing.
    const claimed = await db
      .updateTable('notifications')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('notifications')
          .select('id')
          .where('status', '=', 'QUEUED')
          .where('delivery', 'in', handled)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(20)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'organisation_id', 'recipient', 'template_name', 'subject', 'body_ciphertext', 'attempts', 'delivery', 'created_at'])
      .execute();
    await Promise.all(claimed.map((row) => deliver(row)));
    return claimed.length;
  }

  const service = {
    /** Where email goes: an SMTP server, or the outbox. */
    emailDelivery: (transport ? 'SMTP' : 'OUTBOX') as 'SMTP' | 'OUTBOX',

    /** Where sms goes: the gateway of SMS_URL, or the outbox. */
    smsDelivery: (smsUrl ? 'SMS_GATEWAY' : 'OUTBOX') as 'SMS_GATEWAY' | 'OUTBOX',

    /** Whether a dispatcher has work to poll for (an SMTP server or an SMS gateway). */
    hasDispatcher,

    /**
     * Stores a rendered message (body encrypted) inside the caller's transaction, QUEUED for its
     * channel's delivery, or SENT at once to the outbox. Delivery starts once the transaction commits
     * (call kick()). Returns the `ntf_` id.
     */
    async enqueue(trx: Kysely<DB>, message: OutgoingMessage): Promise<string> {
      const id = ids.next('ntf');
      const now = clock.now();
      const delivery =
        message.channel === 'webhook' ? 'HTTPS' : message.channel === 'email' ? (transport ? 'SMTP' : 'OUTBOX') : smsUrl ? 'SMS_GATEWAY' : 'OUTBOX';
      const outbox = delivery === 'OUTBOX';
      await trx
        .insertInto('notifications')
        .values({
          id,
          organisation_id: message.organisationId,
          channel: message.channel,
          recipient: message.to,
          template_name: message.templateName,
          subject: message.channel === 'email' ? message.subject : null,
          body_ciphertext: cipher.encrypt(message.text),
          delivery,
          // Writing to the outbox is the hand-over: it is SENT at once (DESIGN.md §11.1).
          status: outbox ? 'SENT' : 'QUEUED',
          sent_at: outbox ? now : null,
          next_attempt_at: outbox ? null : now,
          created_at: now,
        })
        .execute();
      return id;
    },

    /**
     * Stores an email from a built-in template inside the caller's transaction. Delivery starts once
     * the transaction commits (call kick()).
     */
    async enqueueEmail(
      trx: Kysely<DB>,
      input: { organisationId: string | null; to: string; templateName: string; variables: Record<string, string> },
    ): Promise<string> {
      const template = builtInTemplate(input.templateName);
      if (!template) throw new Error(`Unknown template ${input.templateName}`);
      const rendered = render(template, input.variables);
      return service.enqueue(trx, {
        organisationId: input.organisationId,
        channel: 'email',
        to: input.to.toLowerCase(),
        templateName: template.name,
        subject: rendered.subject,
        text: rendered.text,
      });
    },

    /**
     * Emails a built-in template to the organisation's active OWNERs and ADMINs, inside the caller's
     * transaction (api keys, payments, webhook endpoints disabled). `organisationName` is filled in
     * here. Call kick() once the transaction commits.
     */
    async notifyOrgAdmins(trx: Kysely<DB>, organisationId: string, templateName: string, variables: Record<string, string>): Promise<string[]> {
      const org = await trx.selectFrom('organisations').select('name').where('id', '=', organisationId).executeTakeFirstOrThrow();
      const rows = await trx
        .selectFrom('users')
        .select('email')
        .where('organisation_id', '=', organisationId)
        .where('status', '=', 'ACTIVE')
        .where('role', 'in', ['OWNER', 'ADMIN'])
        .orderBy('email')
        .execute();
      const sent: string[] = [];
      for (const { email: to } of rows) {
        sent.push(await service.enqueueEmail(trx, { organisationId, to, templateName, variables: { organisationName: org.name, ...variables } }));
      }
      return sent;
    },

    /** Whether the organisation has an ENABLED webhook endpoint with exactly this url (the webhook channel's `to`). */
    async hasEnabledEndpoint(organisationId: string, url: string): Promise<boolean> {
      const { rows } = await sql<{ one: number }>`
        SELECT 1 AS one FROM webhook_endpoints WHERE organisation_id = ${organisationId} AND url = ${url} AND status = 'ENABLED' LIMIT 1`.execute(db);
      return rows.length > 0;
    },

    /** Deletes messages older than 30 days (the log and the outbox). Returns how many. */
    async purgeExpired(options?: PurgeOptions): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - MESSAGE_RETENTION_MS);
      return purgeInBatches(async (limit) => {
        const batch = db.selectFrom('notifications').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(limit);
        return (await db.deleteFrom('notifications').where('id', 'in', batch).where('created_at', '<', cutoff).executeTakeFirst()).numDeletedRows;
      }, options);
    },

    /** Starts delivery of what was just committed, without waiting for the next poll. */
    kick(): void {
      if (!hasDispatcher) return;
      void service.runOnce();
    },

    /** One dispatcher pass; concurrent calls share it. */
    runOnce(): Promise<void> {
      if (running) return running;
      running = (async () => {
        try {
          while ((await dispatchDue()) > 0) {
            // Keep going while messages are due.
          }
        } catch (err) {
          logger.error({ err }, 'notification dispatcher failed');
        } finally {
          running = null;
        }
      })();
      return running;
    },

    /** Waits for a pass in progress and closes the SMTP connection (after the job runner stopped). */
    async close(): Promise<void> {
      await running;
      transport?.close();
    },

    /** The outbox, newest first (DESIGN.md §11.1), for development sign-in and the CLI. */
    async outbox(query: { to?: string | undefined; limit: number; cursor?: string | undefined }) {
      const after = decodeCursor(query.cursor);
      let q = db
        .selectFrom('notifications')
        .select(['id', 'channel', 'recipient', 'subject', 'body_ciphertext', 'created_at'])
        .where('delivery', '=', 'OUTBOX')
        .where('created_at', '>', new Date(clock.now().getTime() - OUTBOX_RETENTION_MS));
      if (query.to !== undefined) q = q.where('recipient', '=', query.to.trim().toLowerCase());
      if (after) q = q.where(olderThan(after));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute();
      const page = toPage(rows, query.limit, (r) => ({ createdAt: r.created_at, id: r.id }));
      return {
        items: page.items.map(
          (r): OutboxItem => ({
            id: r.id,
            channel: r.channel as 'email' | 'sms',
            to: r.recipient,
            subject: r.subject,
            body: r.body_ciphertext ? cipher.decrypt(r.body_ciphertext).toString('utf8') : '',
            createdAt: r.created_at.toISOString(),
          }),
        ),
        nextCursor: page.nextCursor,
      };
    },
  };
  return service;
}

export type NotificationService = ReturnType<typeof createNotificationService>;
