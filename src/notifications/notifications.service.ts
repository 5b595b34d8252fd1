import { sql, type Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../platform/clock.js';
import type { DataCipher } from '../platform/crypto.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import { decodeCursor, olderThan, toPage } from '../platform/paging.js';
import type { DB } from '../platform/schema.js';
import { builtInTemplate, render, textToHtml } from './templates.js';

export interface EmailSettings {
  /** SMTP server (smtp:// or smtps://); null writes every email to the outbox instead. */
  smtpUrl: string | null;
  from: string;
  /** Waits, in seconds, before the 2nd, 3rd … attempt of a temporary failure (DESIGN.md §11.1). */
  retryScheduleSeconds: number[];
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
  let running: Promise<void> | null = null;

  async function deliver(row: { id: string; recipient: string; subject: string | null; body_ciphertext: Uint8Array | null; attempts: number }) {
    if (!transport || !row.body_ciphertext) return;
    const text = cipher.decrypt(row.body_ciphertext).toString('utf8');
    const now = () => clock.now();
    try {
      await transport.sendMail({
        from: email.from,
        to: row.recipient,
        subject: row.subject ?? '',
        text,
        html: textToHtml(text),
      });
      await db
        .updateTable('notifications')
        .set({ status: 'SENT', sent_at: now(), body_ciphertext: null, last_error: null, next_attempt_at: null })
        .where('id', '=', row.id)
        .execute();
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      const permanent = typeof code === 'number' && code >= 500;
      const wait = email.retryScheduleSeconds[row.attempts - 1];
      const failed = permanent || wait === undefined;
      const reason = code ? `SMTP ${code}` : ((err as { code?: string }).code ?? 'SMTP error');
      logger.warn({ notificationId: row.id, reason, attempt: row.attempts, failed }, 'email delivery failed');
      await db
        .updateTable('notifications')
        .set(
          failed
            ? { status: 'FAILED', last_error: reason, body_ciphertext: null, next_attempt_at: null }
            : { last_error: reason, next_attempt_at: new Date(now().getTime() + wait * 1000) },
        )
        .where('id', '=', row.id)
        .execute();
    }
  }

  /** Claims due messages (on any process, SKIP LOCKED) and delivers them. Returns how many were tried. */
  async function dispatchDue(): Promise<number> {
    if (!transport) return 0;
    const now = clock.now();
    const claimed = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('notifications')
        .select('id')
        .where('status', '=', 'QUEUED')
        .where('delivery', '=', 'SMTP')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(20)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('notifications')
        .set({ attempts: sql`attempts + 1`, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) })
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .returning(['id', 'recipient', 'subject', 'body_ciphertext', 'attempts'])
        .execute();
    });
    await Promise.all(claimed.map((row) => deliver(row)));
    return claimed.length;
  }

  const service = {
    /** Where email goes: an SMTP server, or the outbox. */
    emailDelivery: (transport ? 'SMTP' : 'OUTBOX') as 'SMTP' | 'OUTBOX',

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
      const id = ids.next('ntf');
      const now = clock.now();
      const outbox = transport === null;
      await trx
        .insertInto('notifications')
        .values({
          id,
          organisation_id: input.organisationId,
          channel: 'email',
          recipient: input.to.toLowerCase(),
          template_name: template.name,
          subject: rendered.subject,
          body_ciphertext: cipher.encrypt(rendered.text),
          delivery: outbox ? 'OUTBOX' : 'SMTP',
          // Writing to the outbox is the hand-over: it is SENT at once (DESIGN.md §11.1).
          status: outbox ? 'SENT' : 'QUEUED',
          sent_at: outbox ? now : null,
          next_attempt_at: outbox ? null : now,
          created_at: now,
        })
        .execute();
      return id;
    },

    /** Starts delivery of what was just committed, without waiting for the next poll. */
    kick(): void {
      if (!transport) return;
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
