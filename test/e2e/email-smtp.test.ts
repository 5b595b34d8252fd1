import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ManualClock,
  OWNER_PASSWORD,
  backends,
  createHarness,
  createOrg,
  otpFrom,
  ownerEmailOf,
  type Harness,
} from '../helpers/harness.js';

/**
 * The email channel against a real SMTP server (smtp-server on 127.0.0.1), not a mock transport
 * (DESIGN.md §11.1): what the server receives, and what the `notifications` row says afterwards.
 *
 * One SMTP server and one harness per back-end: a dispatcher claims every due SMTP message of its
 * database, so a second SMTP harness on the same database would take the other's mail.
 * The server decides by recipient: `reject-perm-…` is refused 550 at RCPT, `reject-temp-…` 451.
 */

interface Received {
  rcpt: string[];
  raw: string;
  message: ParsedMessage;
}

interface TestSmtp {
  url: string;
  received: Received[];
  /** Every RCPT TO the server saw, refused or not, in order. */
  rcptAttempts: string[];
  close(): Promise<void>;
}

async function startSmtp(): Promise<TestSmtp> {
  const received: Received[] = [];
  const rcptAttempts: string[] = [];
  const refuse = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 1_000,
    onRcptTo(address, _session, cb) {
      rcptAttempts.push(address.address);
      if (address.address.startsWith('reject-perm-')) return cb(refuse('Mailbox unavailable', 550));
      if (address.address.startsWith('reject-temp-')) return cb(refuse('Mailbox busy, try again later', 451));
      return cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw, message: parseMessage(raw) });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rcptAttempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- A small MIME reader: enough for what nodemailer sends (multipart/alternative, QP or base64). ---

interface ParsedPart {
  headers: Map<string, string>;
  contentType: string;
  body: string;
  parts: ParsedPart[];
}

interface ParsedMessage extends ParsedPart {
  subject: string;
  to: string;
  text: string | undefined;
  html: string | undefined;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const c = unwrapped[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(unwrapped.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unwrapped.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as a subject may carry them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parsePart(raw: string): ParsedPart {
  const { headers, body } = splitHeaders(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`);
    // Preamble before the first boundary, epilogue after the closing `--boundary--`.
    const parts = sections
      .slice(1)
      .filter((s) => !s.startsWith('--'))
      .map((s) => parsePart(s.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, contentType, body, parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { headers, contentType, body: decoded, parts: [] };
}

function leaves(part: ParsedPart): ParsedPart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

function parseMessage(raw: string): ParsedMessage {
  const root = parsePart(raw);
  const all = leaves(root);
  return {
    ...root,
    subject: decodeWords(root.headers.get('subject') ?? ''),
    to: root.headers.get('to') ?? '',
    text: all.find((p) => /^text\/plain/i.test(p.contentType))?.body,
    html: all.find((p) => /^text\/html/i.test(p.contentType))?.body,
  };
}

// --- Waiting: the dispatcher runs right after commit and polls every second. ---

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const tag = () => randomBytes(5).toString('hex');

for (const backend of backends()) {
  describe(`email channel over a real SMTP server [${backend.name}]`, () => {
    let smtp: TestSmtp | undefined;
    let harness: Harness | undefined;
    // Pinned time: retry times are checked exactly. It starts at the real time so nothing is "old".
    const clock = new ManualClock(new Date());
    const h = () => harness!;

    beforeAll(async () => {
      smtp = await startSmtp();
      harness = await createHarness(backend, { clock, settings: { smtpUrl: smtp.url }, jobs: true });
    });
    afterAll(async () => {
      if (harness) {
        await harness.app.close();
        await harness.database.close();
      }
      await smtp?.close();
    });

    const rowsTo = (to: string, templateName: string) =>
      h().database.db.selectFrom('notifications').selectAll().where('recipient', '=', to).where('template_name', '=', templateName).execute();

    const rowTo = async (to: string, templateName: string) => {
      const rows = await rowsTo(to, templateName);
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };

    const mailTo = (to: string, subject: RegExp) =>
      until(`an email to ${to} matching ${subject}`, () => smtp!.received.find((m) => m.rcpt.includes(to) && subject.test(m.message.subject)));

    const ownerActor = (org: { organisationId: string; ownerId: string }) => ({ id: org.ownerId, organisationId: org.organisationId, role: 'OWNER' as const });

    it('reports email delivery as SMTP on the channel', () => {
      expect(h().services.notifications.emailDelivery).toBe('SMTP');
    });

    it('delivers the login code to the SMTP server as text with an HTML alternative; the code signs in; the row is SENT and its body gone', async () => {
      const org = await createOrg(h().services);
      const email = await ownerEmailOf(h().services, org);

      const login = await h().app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: OWNER_PASSWORD } });
      expect(login.statusCode).toBe(200);
      expect(login.json().data).toMatchObject({ otpRequired: true, loginToken: expect.stringMatching(/^lgn_/) });

      const mail = await mailTo(email, /sign-in code/);
      expect(mail.rcpt).toEqual([email]);
      expect(mail.message.to).toContain(email);
      expect(mail.message.subject).toBe('Your idv sign-in code');
      expect(mail.message.headers.get('from')).toContain('no-reply@idv.local');
      expect(mail.message.contentType).toMatch(/^multipart\/alternative/i);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);
      expect(mail.message.text).toMatch(/Your idv sign-in code is \d{6}\./);
      const otp = otpFrom(mail.message.text!);
      expect(mail.message.text).toContain('It expires in 10 minutes');
      // The HTML alternative is the same text, line breaks as <br>.
      expect(mail.message.html).toContain(`Your idv sign-in code is ${otp}.<br><br>It expires in 10 minutes`);

      const confirm = await h().app.inject({ method: 'POST', url: '/v1/auth/confirm-login', payload: { loginToken: login.json().data.loginToken, otp } });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().data).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, sessionId: expect.stringMatching(/^ses_/) });
      const me = await h().app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${confirm.json().data.accessToken}` } });
      expect(me.json().data.user).toMatchObject({ id: org.ownerId, email });

      const row = await until('the login-otp row to be SENT', async () => {
        const r = await rowTo(email, 'login-otp');
        return r.status === 'SENT' ? r : null;
      });
      expect(row).toMatchObject({
        channel: 'email',
        organisation_id: org.organisationId,
        subject: 'Your idv sign-in code',
        delivery: 'SMTP',
        status: 'SENT',
        attempts: 1,
        last_error: null,
        body_ciphertext: null,
        next_attempt_at: null,
      });
      expect(row.id).toMatch(/^ntf_/);
      expect(row.sent_at).toBeInstanceOf(Date);
      expect(row.sent_at!.getTime()).toBe(clock.now().getTime());

      // The sign-in notice goes the same way.
      const notice = await mailTo(email, /New sign-in/);
      expect(notice.message.subject).toBe('New sign-in to your idv account');

      // Nothing went to the outbox.
      const outbox = await h().app.inject({ method: 'GET', url: `/v1/notifications/outbox?to=${encodeURIComponent(email)}` });
      expect(outbox.statusCode).toBe(200);
      expect(outbox.json().data).toEqual({ items: [], nextCursor: null });
      expect(await h().services.notifications.outbox({ to: email, limit: 100 })).toEqual({ items: [], nextCursor: null });
    });

    it('fails a message at once, after one attempt, when the SMTP server refuses it permanently (550)', async () => {
      const org = await createOrg(h().services);
      const to = `reject-perm-${tag()}@example.com`;
      const member = await h().services.members.add(ownerActor(org), { email: to, role: 'VIEWER' });
      expect(member).toMatchObject({ email: to, status: 'INVITED' });

      const row = await until('the invitation to be FAILED', async () => {
        const r = await rowTo(to, 'member-invite');
        return r.status === 'FAILED' ? r : null;
      });
      expect(row).toMatchObject({ delivery: 'SMTP', status: 'FAILED', attempts: 1, sent_at: null, body_ciphertext: null, next_attempt_at: null });
      expect(row.last_error).toMatch(/550/);
      expect(smtp!.rcptAttempts.filter((a) => a === to)).toEqual([to]);
      expect(smtp!.received.some((m) => m.rcpt.includes(to))).toBe(false);
      // A FAILED message is never tried again, however much time passes.
      await h().services.notifications.runOnce();
      expect(smtp!.rcptAttempts.filter((a) => a === to)).toHaveLength(1);
    });

    it('keeps a temporarily refused message (451) QUEUED and retries it after 1, 5 and 30 minutes, then fails it', async () => {
      const org = await createOrg(h().services);
      const to = `reject-temp-${tag()}@example.com`;
      const attemptAt = clock.now().getTime();
      await h().services.members.add(ownerActor(org), { email: to, role: 'DEVELOPER' });

      const first = await until('the first attempt to be recorded', async () => {
        const r = await rowTo(to, 'member-invite');
        return r.last_error !== null ? r : null;
      });
      expect(first).toMatchObject({ delivery: 'SMTP', status: 'QUEUED', attempts: 1, sent_at: null });
      expect(first.last_error).toMatch(/451/);
      // The body is kept for the retry.
      expect(first.body_ciphertext).not.toBeNull();
      expect(first.next_attempt_at!.getTime()).toBe(attemptAt + 60_000);
      expect(smtp!.rcptAttempts.filter((a) => a === to)).toHaveLength(1);

      // Not due yet: a dispatcher pass leaves it alone.
      await h().services.notifications.runOnce();
      expect((await rowTo(to, 'member-invite')).attempts).toBe(1);

      // Each retry waits the next step of the schedule (60, 300, 1800 s); the fourth failure is final.
      let at = attemptAt + 60_000;
      for (const [attempt, wait] of [
        [2, 300],
        [3, 1800],
      ] as const) {
        clock.set(new Date(at));
        const r = await until(`attempt ${attempt}`, async () => {
          const row = await rowTo(to, 'member-invite');
          return row.attempts === attempt && row.next_attempt_at!.getTime() === at + wait * 1000 ? row : null;
        });
        expect(r).toMatchObject({ status: 'QUEUED', attempts: attempt });
        expect(r.last_error).toMatch(/451/);
        at += wait * 1000;
      }
      clock.set(new Date(at));
      const last = await until('the message to be FAILED', async () => {
        const row = await rowTo(to, 'member-invite');
        return row.status === 'FAILED' ? row : null;
      });
      expect(last).toMatchObject({ status: 'FAILED', attempts: 4, sent_at: null, body_ciphertext: null, next_attempt_at: null });
      expect(last.last_error).toMatch(/451/);
      expect(smtp!.rcptAttempts.filter((a) => a === to)).toHaveLength(4);
      expect(smtp!.received.some((m) => m.rcpt.includes(to))).toBe(false);
    });

    it('escapes the organisation name in the HTML part of an invitation and keeps it verbatim in the text part', async () => {
      const t = tag();
      const name = `Acme <b>&" ${t}`;
      const { organisationId, userId } = await h().services.accounts.createOrganisation({
        name,
        ownerEmail: `owner-${t}@example.com`,
        ownerPassword: OWNER_PASSWORD,
      });
      const to = `invitee-${t}@example.com`;
      await h().services.members.add({ id: userId, organisationId, role: 'OWNER' }, { email: to, role: 'ADMIN' });

      const mail = await mailTo(to, /^Join /);
      expect(mail.rcpt).toEqual([to]);
      expect(mail.message.subject).toBe(`Join ${name} on idv`);
      expect(mail.message.text).toContain(`You have been invited to join ${name} on idv as ADMIN.`);
      expect(mail.message.text).toMatch(/accept-invite\?token=inv_/);
      expect(mail.message.html).toContain(`You have been invited to join Acme &lt;b&gt;&amp;&quot; ${t} on idv as ADMIN.<br><br>`);
      expect(mail.message.html).not.toContain('<b>');
      expect(mail.message.html).not.toContain('&"');

      const row = await until('the invitation to be SENT', async () => {
        const r = await rowTo(to, 'member-invite');
        return r.status === 'SENT' ? r : null;
      });
      expect(row).toMatchObject({ organisation_id: organisationId, subject: `Join ${name} on idv`, body_ciphertext: null, attempts: 1 });
    });
  });
}
