import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataCipher } from '../../src/platform/crypto.js';
import { startSimulator } from '../../src/simulator/simulator.js';
import { backends, createHarness, createOrg, ManualClock, OWNER_PASSWORD, ownerEmailOf, send, signIn, type Harness, type SignedIn } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const fields = (res: { json(): any }) => ((res.json().errors ?? []) as Array<{ field: string }>).map((e) => e.field).sort();

/**
 * Delivery of sent messages (DESIGN.md §11.1): sms through the simulator's SMS gateway over HTTP
 * (SMS_URL), with temporary failures retried on NOTIFICATION_RETRY_SCHEDULE and permanent ones failed
 * at once; email through a real SMTP server. Time is a ManualClock, so retry times are exact.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

for (const backend of backends()) {
  describe(`sms through the simulator's gateway [${backend.name}]`, () => {
    let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
    let harness: Harness | undefined;
    const clock = new ManualClock(new Date());
    const h = () => harness!;
    let who: SignedIn;

    beforeAll(async () => {
      sim = await startSimulator({ port: 0 });
      harness = await createHarness(backend, { clock, settings: { smsUrl: `${sim.url}/sms/messages`, notificationRetryScheduleSeconds: [60, 300] } });
      const org = await createOrg(h().services, { services: [] });
      who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const res = await send(h(), 'POST', '/v1/notifications/templates', who, { name: 'code-sms', channel: 'sms', body: 'Your code: {{code}}' });
      expect(res.statusCode).toBe(201);
    });
    afterAll(async () => {
      if (harness) {
        await harness.app.close();
        await harness.database.close();
      }
      await sim?.app.close();
    });

    const sendSms = async (to: string, code = '1234') => {
      const res = await send(h(), 'POST', '/v1/notifications/send', who, { channel: 'sms', to, templateName: 'code-sms', templateVariables: { code } });
      expect(res.statusCode).toBe(200);
      return res.json().data.notificationId as string;
    };
    const view = async (id: string) => (await send(h(), 'GET', `/v1/notifications/messages/${id}`, who)).json().data;
    const row = (id: string) => h().database.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const gatewayGot = async (to: string) => ((await (await fetch(`${sim!.url}/sms/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: any[] }).messages;

    it('reports sms delivery as SMS_GATEWAY on the channel', async () => {
      const channels = (await send(h(), 'GET', '/v1/notifications/channels', who)).json().data;
      expect(channels[1]).toEqual({ channel: 'sms', name: 'SMS', delivery: 'SMS_GATEWAY' });
    });

    it('hands an sms to the gateway: SENT, attempts 1, body deleted, not in the outbox', async () => {
      const id = await sendSms('08035550001', '9876');
      const sent = await until('the sms to be SENT', async () => {
        const v = await view(id);
        return v.status === 'SENT' ? v : null;
      });
      expect(sent).toMatchObject({ channel: 'sms', to: '**********0001', attempts: 1, lastError: null, sentAt: expect.any(String) });
      expect(await gatewayGot('+2348035550001')).toEqual([expect.objectContaining({ id, to: '+2348035550001', body: 'Your code: 9876' })]);
      expect((await row(id)).body_ciphertext).toBeNull();
      const outbox = (await h().app.inject({ method: 'GET', url: '/v1/notifications/outbox?to=%2B2348035550001' })).json().data.items;
      expect(outbox).toEqual([]);
    });

    it('fails at once on a gateway 4xx (permanent)', async () => {
      const id = await sendSms('+2348099999400');
      const failed = await until('the sms to be FAILED', async () => {
        const v = await view(id);
        return v.status === 'FAILED' ? v : null;
      });
      expect(failed).toMatchObject({ attempts: 1, lastError: 'gateway 400', sentAt: null });
      expect((await row(id)).body_ciphertext).toBeNull();
    });

    it('retries a gateway 5xx after each wait of the schedule, then FAILED', async () => {
      const id = await sendSms('+2348099999503');
      const first = await until('the first attempt', async () => {
        const r = await row(id);
        return r.attempts === 1 && r.last_error !== null && r.next_attempt_at !== null && r.next_attempt_at.getTime() > clock.now().getTime() + 1_000 ? r : null;
      });
      expect(first).toMatchObject({ status: 'QUEUED', last_error: 'gateway 503' });
      expect(first.next_attempt_at!.getTime()).toBe(clock.now().getTime() + 60_000);
      expect(first.body_ciphertext).not.toBeNull();
      // Not due yet: a pass changes nothing.
      await h().services.notifications.runOnce();
      expect((await row(id)).attempts).toBe(1);
      clock.advance(60_000);
      await h().services.notifications.runOnce();
      const second = await row(id);
      expect(second).toMatchObject({ attempts: 2, status: 'QUEUED', last_error: 'gateway 503' });
      expect(second.next_attempt_at!.getTime()).toBe(clock.now().getTime() + 300_000);
      clock.advance(300_000);
      await h().services.notifications.runOnce();
      expect(await view(id)).toMatchObject({ status: 'FAILED', attempts: 3, lastError: 'gateway 503', sentAt: null });
      expect((await row(id)).body_ciphertext).toBeNull();
      const failedOnly = (await send(h(), 'GET', '/v1/notifications/messages?status=FAILED&channel=sms', who)).json().data.items.map((m: any) => m.id);
      expect(failedOnly).toContain(id);
    });

    it('a message this process cannot decrypt is a failed attempt of its own, retried; the others of the pass are sent', async () => {
      const unreadable = await sendSms('+2348099999503');
      // Its first attempt's outcome written (not only its claim, which counts the attempt too).
      await until('its first attempt', async () => (await row(unreadable)).last_error === 'gateway 503');
      // Its body sealed under another DATA_ENCRYPTION_KEY; due again beside a readable message.
      await h().database.db.updateTable('notifications').set({ body_ciphertext: createDataCipher(randomBytes(32)).encrypt('Your code: 1234') }).where('id', '=', unreadable).execute();
      clock.advance(60_000);
      const readable = await sendSms('08035550003', '4321');
      await h().services.notifications.runOnce();
      await until('the readable sms to be SENT', async () => (await view(readable)).status === 'SENT');
      expect(await gatewayGot('+2348035550003')).toEqual([expect.objectContaining({ id: readable, body: 'Your code: 4321' })]);
      // The pass a send kicks may be the one that tried it: its outcome is written when that pass ends.
      const r = await until('its second attempt to be recorded', async () => {
        const v = await row(unreadable);
        return v.attempts === 2 && v.last_error !== 'gateway 503' ? v : null;
      });
      expect(r).toMatchObject({ status: 'QUEUED', attempts: 2, last_error: 'the message cannot be decrypted with this DATA_ENCRYPTION_KEY' });
      expect(r.next_attempt_at!.getTime()).toBe(clock.now().getTime() + 300_000);
    });

    it('purges messages older than 30 days', async () => {
      const id = await sendSms('08035550002');
      await until('the sms to be SENT', async () => (await view(id)).status === 'SENT');
      // Backdated rather than the clock moved: the session's token would expire with it.
      await h().database.db.updateTable('notifications').set({ created_at: new Date(clock.now().getTime() - 31 * 86_400_000) }).where('id', '=', id).execute();
      expect((await send(h(), 'GET', `/v1/notifications/messages/${id}`, who)).statusCode).toBe(404);
      expect(await h().services.notifications.purgeExpired()).toBeGreaterThan(0);
      expect(await h().database.db.selectFrom('notifications').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    });
  });
}

// Email sends over a real SMTP server, on each back-end. Only one harness of this file runs at a time on
// its database (test/helpers/pg-file.ts), so no other dispatcher can claim these messages.
for (const backend of backends()) {
  describe(`email sends over a real SMTP server [${backend.name}]`, () => {
    const received: Array<{ rcpt: string[]; raw: string }> = [];
    let server: SMTPServer | undefined;
    let harness: Harness | undefined;
    const h = () => harness!;

    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        closeTimeout: 1_000,
        onRcptTo(address, _s, cb) {
          if (address.address.startsWith('perm-')) return cb(Object.assign(new Error('No such user'), { responseCode: 550 }));
          return cb();
        },
        onData(stream, session, cb) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
            cb();
          });
        },
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
      const { port } = server.server.address() as AddressInfo;
      harness = await createHarness(backend, { settings: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    });
    afterAll(async () => {
      if (harness) {
        await harness.app.close();
        await harness.database.close();
      }
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });

    it('sends text/plain with an escaped text/html alternative; an SMTP 5xx fails at once', async () => {
      const org = await createOrg(h().services, { services: [] });
      // Sign-in codes go over SMTP here: read the owner's from the server.
      const email = await ownerEmailOf(h().services, org);
      const login = await h().app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: OWNER_PASSWORD } });
      const mail = await until('the sign-in code', async () => received.find((m) => m.rcpt.includes(email) && /sign-in code/.test(m.raw)));
      const otp = /sign-in code is (\d{6})/.exec(mail.raw)![1];
      const confirm = await h().app.inject({ method: 'POST', url: '/v1/auth/confirm-login', payload: { loginToken: login.json().data.loginToken, otp } });
      const who = { headers: { authorization: `Bearer ${confirm.json().data.accessToken}` } };
      const made = await send(h(), 'POST', '/v1/notifications/templates', who, { name: 'note', channel: 'email', subject: 'Note for {{name}}', body: 'Dear {{name}},\n<b>{{what}}</b> & more' });
      expect(made.statusCode, made.body).toBe(201);
      const res = await send(h(), 'POST', '/v1/notifications/send', who, { channel: 'email', to: 'Reader@Example.com', templateName: 'note', templateVariables: { name: 'Ada', what: 'x<y' } });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.notificationId;
      const got = await until('the email', async () => received.find((m) => m.rcpt.includes('reader@example.com')));
      expect(got.raw).toMatch(/Content-Type: text\/plain/i);
      expect(got.raw).toMatch(/Content-Type: text\/html/i);
      expect(got.raw).toContain('Subject: Note for Ada');
      expect(got.raw).toContain('<b>x<y</b> & more');
      expect(got.raw).toContain('Dear Ada,<br>&lt;b&gt;x&lt;y&lt;/b&gt; &amp; more');
      const view = await until('SENT', async () => {
        const v = (await send(h(), 'GET', `/v1/notifications/messages/${id}`, who)).json().data;
        return v.status === 'SENT' ? v : null;
      });
      expect(view).toMatchObject({ to: 'reader@example.com', attempts: 1, lastError: null });

      const perm = await send(h(), 'POST', '/v1/notifications/send', who, { channel: 'email', to: 'perm-1@example.com', templateName: 'note', templateVariables: { name: 'A', what: 'b' } });
      const permId = perm.json().data.notificationId;
      const failed = await until('FAILED', async () => {
        const v = (await send(h(), 'GET', `/v1/notifications/messages/${permId}`, who)).json().data;
        return v.status === 'FAILED' ? v : null;
      });
      expect(failed).toMatchObject({ attempts: 1, lastError: 'SMTP 550' });
    });
  });
}

// The webhook channel, on each back-end: no other process works on this file's database, so none can
// claim a due webhook-channel message (and refuse this receiver on 127.0.0.1).
for (const backend of backends()) {
  describe(`webhook-channel messages [${backend.name}]`, () => {
    let receiver: Receiver | undefined;
    let harness: Harness | undefined;
    const h = () => harness!;
    let who: SignedIn;

    beforeAll(async () => {
      receiver = await startReceiver();
      harness = await createHarness(backend, { settings: { allowPrivateWebhookUrls: true, notificationRetryScheduleSeconds: [0, 0] } });
      const org = await createOrg(h().services, { services: [] });
      who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      expect((await send(h(), 'POST', '/v1/notifications/templates', who, { name: 'hook-note', channel: 'webhook', body: 'Order {{orderId}} shipped' })).statusCode).toBe(201);
    });
    afterAll(async () => {
      if (harness) {
        await harness.app.close();
        await harness.database.close();
      }
      await receiver?.close();
    });

    const sendHook = (to: string) => send(h(), 'POST', '/v1/notifications/send', who, { channel: 'webhook', to, templateName: 'hook-note', templateVariables: { orderId: '42' } });
    const settled = (id: string) =>
      until(`message ${id} settled`, async () => {
        const v = (await send(h(), 'GET', `/v1/notifications/messages/${id}`, who)).json().data;
        return v.status !== 'QUEUED' ? v : null;
      });

    it('POSTs the message to an ENABLED endpoint, signed with its secret (Standard Webhooks)', async () => {
      const url = receiver!.url('/ok');
      expect(fields(await sendHook(url))).toEqual(['to']);
      const endpoint = await send(h(), 'POST', '/v1/webhooks/endpoints', who, { url, eventTypes: ['*'] });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
      const secret: string = endpoint.json().data.secret;
      const res = await sendHook(url);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.notificationId;
      expect(await settled(id)).toMatchObject({ channel: 'webhook', to: url, status: 'SENT', attempts: 1, lastError: null });
      const got = receiver!.to('/ok');
      expect(got).toHaveLength(1);
      const r = got[0]!;
      expect(JSON.parse(r.body)).toEqual({ id, type: 'notification.message', createdAt: expect.any(String), environment: 'live', data: { templateName: 'hook-note', body: 'Order 42 shipped' } });
      expect(r.headers['webhook-id']).toBe(id);
      const ts = String(r.headers['webhook-timestamp']);
      const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`${id}.${ts}.${r.body}`).digest('base64');
      expect(r.headers['webhook-signature']).toBe(`v1,${expected}`);
      expect(r.headers['content-type']).toBe('application/json');
      // A disabled endpoint takes no sends.
      expect((await send(h(), 'PATCH', `/v1/webhooks/endpoints/${endpoint.json().data.id}`, who, { status: 'DISABLED' })).statusCode).toBe(200);
      expect(fields(await sendHook(url))).toEqual(['to']);
    });

    it('fails at once on 410, retries other failures on the schedule', async () => {
      receiver!.on('/gone', (_r, res) => void res.writeHead(410).end());
      receiver!.on('/down', (_r, res) => void res.writeHead(500).end());
      for (const path of ['/gone', '/down']) {
        expect((await send(h(), 'POST', '/v1/webhooks/endpoints', who, { url: receiver!.url(path), eventTypes: ['*'] })).statusCode).toBe(201);
      }
      const gone = (await sendHook(receiver!.url('/gone'))).json().data.notificationId;
      expect(await settled(gone)).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'endpoint 410' });
      const down = (await sendHook(receiver!.url('/down'))).json().data.notificationId;
      expect(await settled(down)).toMatchObject({ status: 'FAILED', attempts: 3, lastError: 'endpoint 500' });
      expect(receiver!.to('/down')).toHaveLength(3);
      // The same bytes on every attempt.
      expect(new Set(receiver!.to('/down').map((r) => r.body)).size).toBe(1);
    });
  });
}
