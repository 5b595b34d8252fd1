import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Clock } from '../../src/platform/clock.js';
import { createDataCipher } from '../../src/platform/crypto.js';
import { isBlockedAddress } from '../../src/webhooks/address-guard.js';
import { sendWebhook } from '../../src/webhooks/sender.js';
import { createWebhookService } from '../../src/webhooks/webhooks.service.js';
import { createLogger } from '../../src/platform/logger.js';
import { createJobRunner } from '../../src/jobs/runner.js';
import { webhookJobs } from '../../src/webhooks/webhooks.jobs.js';
import { addMember, createOrg, describeEachBackend, latestOutbox, OWNER_PASSWORD, ownerEmailOf, send, signIn, type Harness, type SignedIn, type TestOrg } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

/**
 * Delivery of events to webhook endpoints (DESIGN.md §11.4) against a real HTTP receiver on
 * 127.0.0.1. The clock runs a few minutes ahead of real time, so the deliveries of this file are not
 * yet due for the job runners its other harnesses start on the same database (and signatures still
 * verify within Standard Webhooks' 5-minute tolerance); the tests drive fan-out and the worker
 * themselves and move the clock past each retry wait.
 */
class AheadClock implements Clock {
  offsetMs = 3 * 60_000;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
const clock = new AheadClock();

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

type Json = Record<string, any>;

/** The suites' tools, on the harness `h` of the suite that uses them. */
function toolsFor(h: () => Harness) {
  async function setup(): Promise<{ org: TestOrg; who: SignedIn }> {
    const org = await createOrg(h().services, { services: [] });
    const who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    return { org, who };
  }
  const path = () => `/r/${randomBytes(6).toString('hex')}`;
  async function endpoint(who: SignedIn, p: string, body: Json = {}): Promise<Json> {
    const res = await send(h(), 'POST', '/v1/webhooks/endpoints', who, { url: receiver.url(p), eventTypes: ['*'], ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }
  /** An event row as the events capability writes it (migration 0014). */
  async function event(org: TestOrg, type = 'wallet.funded', environment: 'live' | 'test' = 'live'): Promise<{ id: string; body: string }> {
    const id = h().services.ids.next('evt');
    const createdAt = clock.now();
    const body = JSON.stringify({ id, type, createdAt: createdAt.toISOString(), environment, data: { amount: 1000, currency: 'NGN', note: 'naïve ✓' } });
    await sql`INSERT INTO events (id, organisation_id, type, environment, body, created_at) VALUES (${id}, ${org.organisationId}, ${type}, ${environment}, ${body}, ${createdAt})`.execute(h().database.db);
    return { id, body };
  }
  /** Runs fan-out and the worker until the condition holds (by default within 25 s, inside the test's 30). */
  async function drive<T>(check: () => Promise<T | undefined | false>, withinMs = 25_000): Promise<T> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      await h().services.webhooks.fanOut();
      await h().services.webhooks.deliverDue();
      await h().services.webhooks.settle();
      const v = await check();
      if (v) return v;
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const deliveriesOf = async (who: SignedIn, eventId: string): Promise<Json[]> => {
    const res = await send(h(), 'GET', `/v1/events/${eventId}/deliveries`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const deliveryOf = async (who: SignedIn, id: string): Promise<Json> => (await send(h(), 'GET', `/v1/webhooks/deliveries/${id}`, who)).json().data;
  /** Drives until the only delivery of the event has `attempts` attempts; returns it with its attempts. */
  async function untilAttempts(who: SignedIn, eventId: string, attempts: number): Promise<Json> {
    return drive(async () => {
      const [d] = await deliveriesOf(who, eventId);
      return d && d.attemptCount >= attempts ? deliveryOf(who, d.id) : undefined;
    });
  }
  return { setup, path, endpoint, event, drive, deliveriesOf, deliveryOf, untilAttempts };
}

/**
 * A backlog of 2,040 deliveries, on its own harness: it is about fan-out and fair claims, not about
 * timeouts, so its attempts get the default-sized time limit. With the 400 ms of the suite below, the
 * embedded database (in this process, with the receiver) kept the event loop busy long enough under
 * this burst for attempts to time out four times over and end FAILED.
 */
describeEachBackend(
  'webhook delivery of a backlog',
  (h) => {
    const { setup, path, endpoint, drive } = toolsFor(h);

    it('fans out a backlog larger than one statement can carry: one delivery per event and endpoint, each endpoint served', async () => {
      const { org, who } = await setup();
      // 12 endpoints × 170 events = 2,040 deliveries: more rows than one INSERT of the fan-out holds (2,000).
      // The receiver holds every request until released, so what the first claim took stays in flight.
      const held: Array<() => void> = [];
      const paths = Array.from({ length: 12 }, () => path());
      for (const p of paths) receiver.on(p, (_r, res) => void held.push(() => res.end('ok')));
      const endpoints: Json[] = [];
      try {
        for (const p of paths) endpoints.push(await endpoint(who, p, { eventTypes: ['wallet.funded'] }));
        const createdAt = clock.now();
        await sql`
          INSERT INTO events (id, organisation_id, type, environment, body, created_at)
          SELECT 'evt_backlog' || lpad(i::text, 6, '0') || ${org.organisationId}, ${org.organisationId}, 'wallet.funded', 'live', '{}', ${createdAt}
          FROM generate_series(1, 170) AS i`.execute(h().database.db);
        expect(await h().services.webhooks.fanOut()).toBeGreaterThanOrEqual(170);
        const { rows } = await sql<{ endpoint_id: string; n: string | number; events: string | number }>`
          SELECT endpoint_id, count(*) AS n, count(DISTINCT event_id) AS events FROM webhook_deliveries
          WHERE organisation_id = ${org.organisationId} GROUP BY endpoint_id`.execute(h().database.db);
        expect(rows.map((r) => r.endpoint_id).sort()).toEqual(endpoints.map((e) => e.id).sort());
        for (const r of rows) expect([Number(r.n), Number(r.events)]).toEqual([170, 170]);
        // The claims take from every endpoint (5 each, the limit), not the oldest backlog of one.
        await h().services.webhooks.deliverDue();
        await h().services.webhooks.deliverDue();
        const { rows: leased } = await sql<{ endpoint_id: string; n: string | number }>`
          SELECT endpoint_id, count(*) AS n FROM webhook_deliveries
          WHERE organisation_id = ${org.organisationId} AND lease_owner IS NOT NULL GROUP BY endpoint_id`.execute(h().database.db);
        expect(leased.map((r) => [r.endpoint_id, Number(r.n)]).sort()).toEqual(endpoints.map((e) => [e.id, 5]).sort());
        // Released, everything is delivered.
        for (const p of paths) receiver.on(p, (_r, res) => void res.end('ok'));
        for (const release of held.splice(0)) release();
        await drive(async () => {
          const { rows: left } = await sql<{ n: string | number }>`
            SELECT count(*) AS n FROM webhook_deliveries WHERE organisation_id = ${org.organisationId} AND status <> 'SUCCEEDED'`.execute(h().database.db);
          return Number(left[0]!.n) === 0;
        }, 100_000);
        for (const p of paths) expect(new Set(receiver.to(p).map((r) => r.headers['webhook-id'])).size).toBe(170);
      } finally {
        // No delivery of these endpoints is left to the other tests, even when this one fails: they go with their endpoints.
        for (const p of paths) receiver.on(p, (_r, res) => void res.end('ok'));
        for (const release of held.splice(0)) release();
        for (const e of endpoints) expect((await send(h(), 'DELETE', `/v1/webhooks/endpoints/${e.id}`, who)).statusCode).toBe(200);
      }
    }, 120_000);
  },
  { clock, settings: { allowPrivateWebhookUrls: true, webhookRetryScheduleSeconds: [1, 1, 1], webhookTimeoutMs: 15_000 } },
);

describeEachBackend(
  'webhook delivery',
  (h) => {
    const { setup, path, endpoint, event, drive, deliveriesOf, deliveryOf, untilAttempts } = toolsFor(h);

    it('writes an event no ENABLED endpoint can receive already fanned out: the fan-out never touches it', async () => {
      const { org, who } = await setup();
      const fannedOut = async (id: string) =>
        (await sql<{ f: boolean }>`SELECT fanned_out AS f FROM events WHERE id = ${id}`.execute(h().database.db)).rows[0]!.f;
      // No endpoint at all; then endpoints of the other environment, of other types, or disabled.
      const none = await event(org);
      await endpoint(who, path(), { environment: 'test' });
      await endpoint(who, path(), { eventTypes: ['api_key.created'] });
      const off = await endpoint(who, path(), { eventTypes: ['wallet.funded'] });
      await send(h(), 'PATCH', `/v1/webhooks/endpoints/${off.id}`, who, { status: 'DISABLED' });
      const unmatched = await event(org);
      expect([await fannedOut(none.id), await fannedOut(unmatched.id)]).toEqual([true, true]);
      // A test event of the same organisation has its test endpoint: it waits for the fan-out.
      const test = await event(org, 'wallet.funded', 'test');
      expect(await fannedOut(test.id)).toBe(false);
      // Another organisation's matching endpoint changes nothing for this one.
      const other = await setup();
      await endpoint(other.who, path(), { eventTypes: ['wallet.funded'] });
      const stillNone = await event(org);
      expect(await fannedOut(stillNone.id)).toBe(true);
      // An endpoint enabled afterwards receives the events raised afterwards, not those before (recover resends them).
      await send(h(), 'PATCH', `/v1/webhooks/endpoints/${off.id}`, who, { status: 'ENABLED' });
      const after = await event(org);
      expect(await fannedOut(after.id)).toBe(false);
      await drive(async () => (await fannedOut(after.id)) && (await fannedOut(test.id)));
      expect((await deliveriesOf(who, after.id)).map((d) => d.endpointId)).toEqual([off.id]);
      for (const e of [none, unmatched, stillNone]) expect(await deliveriesOf(who, e.id)).toEqual([]);
    });

    it('fans an event out to each matching ENABLED endpoint of its environment and delivers it signed', async () => {
      const { org, who } = await setup();
      const [pAll, pType, pOther, pTest, pOff] = [path(), path(), path(), path(), path()];
      const all = await endpoint(who, pAll);
      const typed = await endpoint(who, pType, { eventTypes: ['wallet.funded'] });
      await endpoint(who, pOther, { eventTypes: ['api_key.created'] });
      await endpoint(who, pTest, { environment: 'test' });
      const off = await endpoint(who, pOff);
      await send(h(), 'PATCH', `/v1/webhooks/endpoints/${off.id}`, who, { status: 'DISABLED' });
      const other = await setup();
      await endpoint(other.who, path());

      const e = await event(org);
      const deliveries = await drive(async () => {
        const ds = await deliveriesOf(who, e.id);
        return ds.length === 2 && ds.every((d) => d.status === 'SUCCEEDED') ? ds : undefined;
      });
      expect(deliveries.map((d) => d.endpointId).sort()).toEqual([all.id, typed.id].sort());
      for (const d of deliveries) expect(d).toMatchObject({ eventId: e.id, eventType: 'wallet.funded', attemptCount: 1, lastResponseStatus: 200, nextAttemptAt: null });
      expect(receiver.to(pOther)).toHaveLength(0);
      expect(receiver.to(pTest)).toHaveLength(0);
      expect(receiver.to(pOff)).toHaveLength(0);

      const [req] = receiver.to(pAll);
      expect(req!.body).toBe(e.body);
      expect(req!.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'idv-webhooks/1', 'webhook-id': e.id });
      expect(Math.abs(Number(req!.headers['webhook-timestamp']) - clock.now().getTime() / 1000)).toBeLessThan(60);
      expect(new Webhook(all.secret).verify(req!.body, req!.headers as Record<string, string>)).toEqual(JSON.parse(e.body));
      expect(() => new Webhook(typed.secret).verify(req!.body, req!.headers as Record<string, string>)).toThrow();

      const view = await deliveryOf(who, deliveries.find((d) => d.endpointId === all.id)!.id);
      expect(view.attempts).toHaveLength(1);
      expect(view.attempts[0]).toMatchObject({ number: 1, trigger: 'SCHEDULED', responseStatus: 200, responseBody: 'ok', error: null, succeeded: true });
      expect(view.attempts[0].id).toMatch(/^att_/);
      expect((await send(h(), 'GET', `/v1/webhooks/endpoints/${all.id}`, who)).json().data.lastSuccessAt).not.toBeNull();
      // Another organisation sees neither the event's deliveries nor the delivery.
      expect((await send(h(), 'GET', `/v1/events/${e.id}/deliveries`, other.who)).statusCode).toBe(404);
      expect((await send(h(), 'GET', `/v1/webhooks/deliveries/${view.id}`, other.who)).statusCode).toBe(404);
      // The secrets never reach the logs.
      expect(h().logs.text()).not.toContain(all.secret.slice(6));
    });

    it('signs with both secrets during a rotation overlap, the new one first', async () => {
      const { org, who } = await setup();
      const p = path();
      const created = await endpoint(who, p);
      const rotated = (await send(h(), 'POST', `/v1/webhooks/endpoints/${created.id}/rotate-secret`, who, { overlapSeconds: 3600 })).json().data;
      const e = await event(org);
      await drive(async () => receiver.to(p).length === 1);
      const req = receiver.to(p)[0]!;
      const entries = String(req.headers['webhook-signature']).split(' ');
      expect(entries).toHaveLength(2);
      for (const secret of [rotated.secret, created.secret]) expect(new Webhook(secret).verify(req.body, req.headers as Record<string, string>)).toEqual(JSON.parse(e.body));
      expect(entries[0]).toBe(new Webhook(rotated.secret).sign(e.id, new Date(Number(req.headers['webhook-timestamp']) * 1000), e.body));
      // Ending the overlap: one signature, the new secret's.
      const last = (await send(h(), 'POST', `/v1/webhooks/endpoints/${created.id}/rotate-secret`, who, { overlapSeconds: 0 })).json().data;
      await event(org);
      await drive(async () => receiver.to(p).length === 2);
      const second = receiver.to(p)[1]!;
      expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(() => new Webhook(last.secret).verify(second.body, second.headers as Record<string, string>)).not.toThrow();
      expect(() => new Webhook(rotated.secret).verify(second.body, second.headers as Record<string, string>)).toThrow();
    });

    it('an endpoint whose secret cannot be decrypted holds back no other delivery of the claim, and is sent once it can be', async () => {
      const { org, who } = await setup();
      const [pGood, pBad] = [path(), path()];
      const good = await endpoint(who, pGood);
      const bad = await endpoint(who, pBad);
      const db = h().database.db;
      // Its secret sealed under another DATA_ENCRYPTION_KEY (a process misconfigured, or rows of another deployment).
      const { rows } = await sql<{ s: Uint8Array }>`SELECT secret_ciphertext AS s FROM webhook_endpoints WHERE id = ${bad.id}`.execute(db);
      const readable = rows[0]!.s;
      const foreign = createDataCipher(randomBytes(32)).encrypt(bad.secret);
      await sql`UPDATE webhook_endpoints SET secret_ciphertext = ${foreign} WHERE id = ${bad.id}`.execute(db);

      const e = await event(org);
      await h().services.webhooks.fanOut();
      // One claim takes both deliveries; the readable one is sent and settled.
      const sent = await drive(async () => {
        const ds = await deliveriesOf(who, e.id);
        return ds.find((d) => d.endpointId === good.id && d.status === 'SUCCEEDED') ? ds : undefined;
      });
      expect(receiver.to(pGood).map((r) => r.headers['webhook-id'])).toEqual([e.id]);
      // The other: nothing sent (never unsigned), no attempt recorded, still PENDING; the log names the endpoint only.
      expect(sent.find((d) => d.endpointId === bad.id)).toMatchObject({ status: 'PENDING', attemptCount: 0 });
      expect(receiver.to(pBad)).toHaveLength(0);
      const logged = h().logs.lines.map((l) => JSON.parse(l) as Json).filter((l) => /cannot be decrypted/.test(String(l.msg)));
      expect(logged.map((l) => l.endpointId)).toContain(bad.id);
      expect(h().logs.text()).not.toContain(bad.secret.slice(6));

      // Readable again (the right key): once its lease lapses it is delivered, signed with its own secret.
      await sql`UPDATE webhook_endpoints SET secret_ciphertext = ${readable} WHERE id = ${bad.id}`.execute(db);
      await sql`UPDATE webhook_deliveries SET lease_expires_at = ${new Date(clock.now().getTime() - 1)} WHERE event_id = ${e.id} AND endpoint_id = ${bad.id}`.execute(db);
      await drive(async () => receiver.to(pBad).length === 1);
      const req = receiver.to(pBad)[0]!;
      expect(new Webhook(bad.secret).verify(req.body, req.headers as Record<string, string>)).toEqual(JSON.parse(e.body));
    });

    it('retries a 500 on the schedule with the same bytes and webhook-id, then FAILED', async () => {
      const { org, who } = await setup();
      const p = path();
      receiver.on(p, (_r, res) => {
        res.statusCode = 500;
        res.end('boom');
      });
      const ep = await endpoint(who, p);
      const e = await event(org);
      let d = await untilAttempts(who, e.id, 1);
      expect(d).toMatchObject({ status: 'PENDING', attemptCount: 1, lastResponseStatus: 500 });
      // The next waits 1 s less 0–10 %.
      const wait = new Date(d.nextAttemptAt).getTime() - new Date(d.lastAttemptAt).getTime();
      expect(wait).toBeGreaterThanOrEqual(850);
      expect(wait).toBeLessThanOrEqual(1_100);
      for (let n = 2; n <= 4; n++) {
        clock.advance(1_500);
        d = await untilAttempts(who, e.id, n);
      }
      expect(d).toMatchObject({ status: 'FAILED', attemptCount: 4, nextAttemptAt: null });
      expect(d.attempts.map((a: Json) => [a.number, a.trigger, a.responseStatus, a.responseBody, a.succeeded])).toEqual([1, 2, 3, 4].map((n) => [n, 'SCHEDULED', 500, 'boom', false]));
      const got = receiver.to(p);
      expect(got).toHaveLength(4);
      expect(new Set(got.map((r) => r.body))).toEqual(new Set([e.body]));
      expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([e.id]));
      const view = (await send(h(), 'GET', `/v1/webhooks/endpoints/${ep.id}`, who)).json().data;
      expect(view.status).toBe('ENABLED');
      expect(view.failingSince).not.toBeNull();
    });

    it('records a timeout, a refused connection and a redirect (not followed) as failures', async () => {
      const { org, who } = await setup();
      const [pSlow, pRedirect, pTarget] = [path(), path(), path()];
      receiver.on(pSlow, (_r, res) => void setTimeout(() => res.end('late'), 3_000));
      receiver.on(pRedirect, (_r, res) => {
        res.writeHead(302, { location: receiver.url(pTarget) });
        res.end();
      });
      await endpoint(who, pSlow, { eventTypes: ['wallet.funded'] });
      await endpoint(who, pRedirect, { eventTypes: ['api_key.created'] });
      // A port nothing listens on.
      const closed = await startReceiver();
      const closedUrl = closed.url('/x');
      await closed.close();
      const refused = (await send(h(), 'POST', '/v1/webhooks/endpoints', who, { url: closedUrl, eventTypes: ['api_key.revoked'] })).json().data;
      expect(refused.id).toMatch(/^whk_/);

      const slow = await untilAttempts(who, (await event(org, 'wallet.funded')).id, 1);
      expect(slow.attempts[0]).toMatchObject({ error: 'TIMEOUT', responseStatus: null, succeeded: false });
      const redirect = await untilAttempts(who, (await event(org, 'api_key.created')).id, 1);
      expect(redirect.attempts[0]).toMatchObject({ error: null, responseStatus: 302, succeeded: false });
      expect(redirect.status).toBe('PENDING');
      expect(receiver.to(pTarget)).toHaveLength(0);
      const conn = await untilAttempts(who, (await event(org, 'api_key.revoked')).id, 1);
      expect(conn.attempts[0]).toMatchObject({ error: 'CONNECTION_ERROR', responseStatus: null, succeeded: false });
    });

    it('waits at least a 429’s Retry-After, and keeps only the first 1 KiB of a 10 MB answer', async () => {
      const { org, who } = await setup();
      const [pBusy, pHuge] = [path(), path()];
      receiver.on(pBusy, (_r, res) => {
        res.writeHead(429, { 'retry-after': '120' });
        res.end('slow down');
      });
      receiver.on(pHuge, (_r, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const pump = () => {
          while (sent < 10 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        pump();
      });
      await endpoint(who, pBusy, { eventTypes: ['wallet.funded'] });
      await endpoint(who, pHuge, { eventTypes: ['api_key.created'] });
      const busy = await untilAttempts(who, (await event(org, 'wallet.funded')).id, 1);
      expect(busy.attempts[0]).toMatchObject({ responseStatus: 429, responseBody: 'slow down', succeeded: false });
      expect(new Date(busy.nextAttemptAt).getTime() - new Date(busy.lastAttemptAt).getTime()).toBeGreaterThanOrEqual(120_000);
      const huge = await untilAttempts(who, (await event(org, 'api_key.created')).id, 1);
      expect(huge).toMatchObject({ status: 'SUCCEEDED', lastResponseStatus: 200 });
      expect(huge.attempts[0].responseBody).toBe('x'.repeat(1024));
    });

    it('disables an endpoint that answers 410 (GONE): its pending deliveries fail and OWNERs are emailed', async () => {
      const { org, who } = await setup();
      const p = path();
      const pPending = path();
      receiver.on(p, (_r, res) => {
        res.statusCode = 410;
        res.end();
      });
      const ep = await endpoint(who, p, { eventTypes: ['wallet.funded'] });
      const e1 = await event(org, 'wallet.funded');
      const d = await untilAttempts(who, e1.id, 1);
      expect(d).toMatchObject({ status: 'FAILED', lastResponseStatus: 410 });
      const view = (await send(h(), 'GET', `/v1/webhooks/endpoints/${ep.id}`, who)).json().data;
      expect(view).toMatchObject({ status: 'DISABLED', disabledReason: 'GONE' });
      const mail = await latestOutbox(h().app, await ownerEmailOf(h().services, org), /webhook endpoint disabled/);
      expect(mail.body).toContain(receiver.url(p));
      // A disabled endpoint gets no new deliveries.
      const e2 = await event(org, 'wallet.funded');
      await drive(async () => (await h().database.db.selectFrom('events' as never).select('fanned_out' as never).where('id' as never, '=', e2.id as never).executeTakeFirst() as Json)?.fanned_out === true);
      expect(await deliveriesOf(who, e2.id)).toEqual([]);
      expect(receiver.to(pPending)).toHaveLength(0);
    });

    it('disables an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS since failingSince (FAILING)', async () => {
      const { org, who: first } = await setup();
      let who = first;
      const p = path();
      receiver.on(p, (_r, res) => {
        res.statusCode = 503;
        res.end();
      });
      const ep = await endpoint(who, p);
      const e = await event(org);
      await untilAttempts(who, e.id, 1);
      const start = clock.offsetMs;
      try {
        clock.advance(3_600_000 + 1_000);
        // An hour later the access token has expired: sign in again.
        who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
        const d = await untilAttempts(who, e.id, 2);
        expect(d.status).toBe('FAILED');
        const view = (await send(h(), 'GET', `/v1/webhooks/endpoints/${ep.id}`, who)).json().data;
        expect(view).toMatchObject({ status: 'DISABLED', disabledReason: 'FAILING' });
        const mail = await latestOutbox(h().app, await ownerEmailOf(h().services, org), /webhook endpoint disabled/);
        expect(mail.body).toContain('kept failing');
      } finally {
        clock.offsetMs = start;
      }
    });

    it('has at most 5 requests in flight per endpoint, and a slow endpoint does not stall another', async () => {
      const { org, who } = await setup();
      const [pSlow, pFast] = [path(), path()];
      const release: Array<() => void> = [];
      receiver.on(pSlow, (_r, res) => void release.push(() => res.end('ok')));
      await endpoint(who, pSlow, { eventTypes: ['wallet.funded'] });
      await endpoint(who, pFast, { eventTypes: ['api_key.created'] });
      for (let i = 0; i < 8; i++) await event(org, 'wallet.funded');
      // Claims without waiting for the attempts: five reach the slow receiver, no more.
      const deadline = Date.now() + 10_000;
      while (receiver.to(pSlow).length < 5 && Date.now() < deadline) {
        await h().services.webhooks.fanOut();
        await h().services.webhooks.deliverDue();
        await new Promise((r) => setTimeout(r, 20));
      }
      const fast = await event(org, 'api_key.created');
      const deadline2 = Date.now() + 10_000;
      while (receiver.to(pFast).length < 1 && Date.now() < deadline2) {
        await h().services.webhooks.fanOut();
        await h().services.webhooks.deliverDue();
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(receiver.to(pFast).map((r) => r.headers['webhook-id'])).toEqual([fast.id]);
      expect(receiver.to(pSlow)).toHaveLength(5);
      while (release.length > 0) release.shift()!();
      await drive(async () => {
        while (release.length > 0) release.shift()!();
        return receiver.to(pSlow).length === 8;
      });
      await h().services.webhooks.settle();
    });

    it('lists an endpoint’s deliveries newest first with filters and paging', async () => {
      const { org, who } = await setup();
      const p = path();
      receiver.on(p, (r, res) => {
        res.statusCode = JSON.parse(r.body).type === 'api_key.created' ? 500 : 200;
        res.end();
      });
      const ep = await endpoint(who, p);
      const events: Array<{ id: string; body: string }> = [];
      for (const type of ['wallet.funded', 'api_key.created', 'wallet.funded', 'api_key.created', 'wallet.funded']) {
        events.push(await event(org, type));
        clock.advance(5);
      }
      await drive(async () => receiver.to(p).length >= 5);
      await h().services.webhooks.settle();
      const list = (q: string) => send(h(), 'GET', `/v1/webhooks/endpoints/${ep.id}/deliveries${q}`, who);
      const all = (await list('')).json().data;
      expect(all.items.map((d: Json) => d.eventId)).toEqual(events.map((e) => e.id).reverse());
      expect(all.nextCursor).toBeNull();
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = res.json().data;
        expect(page.items.length).toBeGreaterThan(0);
        seen.push(...page.items.map((d: Json) => d.eventId));
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(events.map((e) => e.id).reverse());
      const funded = (await list('?eventType=wallet.funded&status=SUCCEEDED')).json().data.items;
      expect(funded.map((d: Json) => d.eventId)).toEqual([events[4]!.id, events[2]!.id, events[0]!.id]);
      const pending = (await list('?status=PENDING,FAILED')).json().data.items;
      expect(pending.map((d: Json) => d.eventId)).toEqual([events[3]!.id, events[1]!.id]);
      const at = (i: number) => encodeURIComponent(all.items.find((d: Json) => d.eventId === events[i]!.id).createdAt);
      const windowed = (await list(`?from=${at(1)}&to=${at(3)}`)).json().data.items;
      expect(windowed.map((d: Json) => d.eventId)).toEqual([events[2]!.id, events[1]!.id]);
      for (const [q, field] of [['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?limit=1.5', 'limit'], ['?status=NOPE', 'status'], ['?eventType=*', 'eventType'], ['?from=2026-11-01', 'from'], ['?cursor=%%%', 'cursor'], ['?x=1', 'x'], [`?from=${at(2)}&to=${at(2)}`, 'from']] as const) {
        const res = await list(q);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().errors.map((e: Json) => e.field), q).toContain(field);
      }
      const other = await setup();
      expect((await send(h(), 'GET', `/v1/webhooks/endpoints/${ep.id}/deliveries`, other.who)).statusCode).toBe(404);
    });

    it('redelivers: one MANUAL attempt now, whatever the status, never two waiting; a disabled endpoint is 409', async () => {
      const { org, who } = await setup();
      const p = path();
      const ep = await endpoint(who, p);
      const e = await event(org);
      const first = await untilAttempts(who, e.id, 1);
      expect(first.status).toBe('SUCCEEDED');
      // The receiver holds the manual attempt until the second request is in: it is still waiting (in flight) then.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      receiver.on(p, (_r, res) => void held.then(() => res.end('ok')));
      const r1 = await send(h(), 'POST', `/v1/webhooks/deliveries/${first.id}/redeliver`, who);
      const r2 = await send(h(), 'POST', `/v1/webhooks/deliveries/${first.id}/redeliver`, who);
      release();
      expect([r1.statusCode, r2.statusCode]).toEqual([202, 202]);
      expect(r1.json().data).toMatchObject({ id: first.id, status: 'SUCCEEDED' });
      const after = await untilAttempts(who, e.id, 2);
      await drive(async () => true);
      const final = await deliveryOf(who, first.id);
      expect(final.attempts.map((a: Json) => a.trigger)).toEqual(['SCHEDULED', 'MANUAL']);
      expect(after.status).toBe('SUCCEEDED');
      const got = receiver.to(p);
      expect(got).toHaveLength(2);
      expect(got[1]!.body).toBe(e.body);
      expect(got[1]!.headers['webhook-id']).toBe(e.id);
      const other = await setup();
      expect((await send(h(), 'POST', `/v1/webhooks/deliveries/${first.id}/redeliver`, other.who)).statusCode).toBe(404);
      const viewer = await signIn(h().app, (await addMember(h().services, org, 'VIEWER')).email, OWNER_PASSWORD);
      expect((await send(h(), 'POST', `/v1/webhooks/deliveries/${first.id}/redeliver`, viewer)).statusCode).toBe(403);
      await send(h(), 'PATCH', `/v1/webhooks/endpoints/${ep.id}`, who, { status: 'DISABLED' });
      const refused = await send(h(), 'POST', `/v1/webhooks/deliveries/${first.id}/redeliver`, who);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('CONFLICT');
    });

    it('recovers what an endpoint missed while disabled: one MANUAL attempt per unsucceeded event, oldest first', async () => {
      const { org, who } = await setup();
      const p = path();
      const ep = await endpoint(who, p, { eventTypes: ['wallet.funded'] });
      const since = new Date(clock.now().getTime() - 1_000).toISOString();
      const e1 = await event(org, 'wallet.funded');
      await untilAttempts(who, e1.id, 1);
      await send(h(), 'PATCH', `/v1/webhooks/endpoints/${ep.id}`, who, { status: 'DISABLED' });
      const e2 = await event(org, 'wallet.funded');
      clock.advance(5);
      const e3 = await event(org, 'wallet.funded');
      await event(org, 'api_key.created');
      await drive(async () => true);
      expect(receiver.to(p)).toHaveLength(1);
      const url = `/v1/webhooks/endpoints/${ep.id}/recover`;
      const disabled = await send(h(), 'POST', url, who, { since });
      expect(disabled.statusCode).toBe(409);
      await send(h(), 'PATCH', `/v1/webhooks/endpoints/${ep.id}`, who, { status: 'ENABLED' });
      for (const [body, field] of [[{}, 'since'], [{ since: '2026-01-01' }, 'since'], [{ since: new Date(clock.now().getTime() - 31 * 86_400_000).toISOString() }, 'since'], [{ since, until: since }, 'since'], [{ since, extra: 1 }, 'extra']] as const) {
        const res = await send(h(), 'POST', url, who, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors.map((e: Json) => e.field)).toContain(field);
      }
      const res = await send(h(), 'POST', url, who, { since });
      expect(res.statusCode).toBe(202);
      expect(res.json().data).toEqual({ queued: 2, nextSince: null });
      await drive(async () => receiver.to(p).length >= 3);
      await h().services.webhooks.settle();
      // Sent concurrently: no order is promised to the receiver.
      expect(receiver.to(p).map((r) => r.headers['webhook-id']).sort()).toEqual([e1.id, e2.id, e3.id].sort());
      const d2 = (await deliveriesOf(who, e2.id))[0]!;
      expect(d2.status).toBe('SUCCEEDED');
      expect((await deliveryOf(who, d2.id)).attempts.map((a: Json) => a.trigger)).toEqual(['MANUAL']);
      // Nothing left to recover.
      expect((await send(h(), 'POST', url, who, { since })).json().data).toEqual({ queued: 0, nextSince: null });
    });

    it('triggers a test event with sample data, delivered at once to the ENABLED test endpoints subscribed to it', async () => {
      const { org, who } = await setup();
      const [pTest, pOtherType, pLive] = [path(), path(), path()];
      const testEp = await endpoint(who, pTest, { environment: 'test', eventTypes: ['wallet.funded'] });
      await endpoint(who, pOtherType, { environment: 'test', eventTypes: ['api_key.created'] });
      const liveEp = await endpoint(who, pLive, { eventTypes: ['api_key.created'] });
      const res = await send(h(), 'POST', '/v1/events/trigger', who, { type: 'wallet.funded' });
      expect(res.statusCode, res.body).toBe(201);
      const { event: evt, deliveries } = res.json().data;
      expect(evt).toMatchObject({ type: 'wallet.funded', environment: 'test', data: { source: 'PAYMENT', currency: 'NGN' } });
      expect(evt.id).toMatch(/^evt_/);
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ eventId: evt.id, endpointId: testEp.id, status: 'PENDING' });
      await drive(async () => receiver.to(pTest).length === 1);
      const req = receiver.to(pTest)[0]!;
      expect(req.headers['webhook-id']).toBe(evt.id);
      expect(new Webhook(testEp.secret).verify(req.body, req.headers as Record<string, string>)).toEqual(evt);
      expect(receiver.to(pOtherType)).toHaveLength(0);
      expect(receiver.to(pLive)).toHaveLength(0);
      // The event is not fanned out a second time.
      await drive(async () => true);
      expect(await deliveriesOf(who, evt.id)).toHaveLength(1);

      // With endpointId: that endpoint alone, whatever its environment and subscriptions; with a test key too.
      const direct = await h().app.inject({ method: 'POST', url: '/v1/events/trigger', headers: { 'x-api-key': org.testKey }, payload: { type: 'verification.completed', endpointId: liveEp.id } });
      expect(direct.statusCode, direct.body).toBe(201);
      expect(direct.json().data.deliveries.map((d: Json) => d.endpointId)).toEqual([liveEp.id]);
      expect(direct.json().data.event.data).toMatchObject({ type: 'NIN_LOOKUP', environment: 'test', identifier: '*******1111' });
      await drive(async () => receiver.to(pLive).length === 1);

      const live = await h().app.inject({ method: 'POST', url: '/v1/events/trigger', headers: { 'x-api-key': org.liveKey }, payload: { type: 'wallet.funded' } });
      expect(live.statusCode).toBe(403);
      expect(live.json().code).toBe('FORBIDDEN');
      expect((await h().app.inject({ method: 'POST', url: '/v1/events/trigger', payload: { type: 'wallet.funded' } })).statusCode).toBe(401);
      for (const body of [{ type: '*' }, { type: 'nope' }, {}, { type: 'wallet.funded', extra: 1 }]) {
        const bad = await send(h(), 'POST', '/v1/events/trigger', who, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      }
      const viewer = await signIn(h().app, (await addMember(h().services, org, 'VIEWER')).email, OWNER_PASSWORD);
      expect((await send(h(), 'POST', '/v1/events/trigger', viewer, { type: 'wallet.funded' })).statusCode).toBe(403);
      await send(h(), 'PATCH', `/v1/webhooks/endpoints/${liveEp.id}`, who, { status: 'DISABLED' });
      const disabled = await send(h(), 'POST', '/v1/events/trigger', who, { type: 'wallet.funded', endpointId: liveEp.id });
      expect(disabled.statusCode).toBe(409);
      const other = await setup();
      expect((await send(h(), 'POST', '/v1/events/trigger', other.who, { type: 'wallet.funded', endpointId: testEp.id })).statusCode).toBe(404);
    });

    it('keeps the limit of 5 in flight per endpoint across two processes', async () => {
      const { org, who } = await setup();
      const p = path();
      const release: Array<() => void> = [];
      receiver.on(p, (_r, res) => void release.push(() => res.end('ok')));
      await endpoint(who, p);
      for (let i = 0; i < 9; i++) await event(org);
      const other = createWebhookService({
        db: h().database.db,
        clock,
        ids: h().services.ids,
        cipher: h().cipher,
        logger: createLogger('silent'),
        notifications: h().services.notifications,
        retryScheduleSeconds: [1, 1, 1],
        timeoutMs: 5_000,
        disableAfterHours: 1,
        allowPrivate: true,
      });
      await h().services.webhooks.fanOut();
      const deadline = Date.now() + 10_000;
      while (receiver.to(p).length < 5 && Date.now() < deadline) {
        await Promise.all([h().services.webhooks.deliverDue(), other.deliverDue(), h().services.webhooks.deliverDue(), other.deliverDue()]);
        await new Promise((r) => setTimeout(r, 20));
      }
      await Promise.all([h().services.webhooks.deliverDue(), other.deliverDue()]);
      await new Promise((r) => setTimeout(r, 100));
      expect(receiver.to(p)).toHaveLength(5);
      const drain = async () => {
        while (release.length > 0) release.shift()!();
      };
      const deadline2 = Date.now() + 15_000;
      while (receiver.to(p).length < 9 && Date.now() < deadline2) {
        await drain();
        await Promise.all([h().services.webhooks.deliverDue(), other.deliverDue()]);
        await new Promise((r) => setTimeout(r, 20));
      }
      await drain();
      await Promise.all([h().services.webhooks.settle(), other.close()]);
      expect(receiver.to(p)).toHaveLength(9);
    });

    it('fans out and delivers a new event with no help from the test: the periodic jobs do it', async () => {
      // Only the webhook jobs (the others must not run on this clock against the file's database).
      const runner = createJobRunner({ logger: createLogger('silent'), queue: h().services.jobQueue, periodic: webhookJobs(h().services.webhooks), queued: [] });
      const { org, who } = await setup();
      const p = path();
      const ep = await endpoint(who, p, { eventTypes: ['wallet.funded'] });
      runner.start();
      try {
        const e = await event(org, 'wallet.funded');
        const deadline = Date.now() + 30_000;
        while (receiver.to(p).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(receiver.to(p).map((r) => [r.headers['webhook-id'], r.body])).toEqual([[e.id, e.body]]);
        expect(new Webhook(ep.secret).verify(receiver.to(p)[0]!.body, receiver.to(p)[0]!.headers as Record<string, string>)).toEqual(JSON.parse(e.body));
      } finally {
        await runner.stop();
        await h().services.webhooks.settle();
      }
    });

    it('takes over the claim of a process that died once its lease lapses, never before', async () => {
      const { org, who } = await setup();
      const p = path();
      await endpoint(who, p);
      const e = await event(org);
      await h().services.webhooks.fanOut();
      const db = h().database.db;
      // Another process claimed it and died.
      await sql`UPDATE webhook_deliveries SET lease_owner = 'dead-process', lease_expires_at = ${new Date(clock.now().getTime() + 60_000)} WHERE event_id = ${e.id}`.execute(db);
      await h().services.webhooks.deliverDue();
      await h().services.webhooks.settle();
      expect(receiver.to(p)).toHaveLength(0);
      await sql`UPDATE webhook_deliveries SET lease_expires_at = ${new Date(clock.now().getTime() - 1)} WHERE event_id = ${e.id}`.execute(db);
      const d = await untilAttempts(who, e.id, 1);
      expect(d).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
      expect(receiver.to(p).map((r) => r.headers['webhook-id'])).toEqual([e.id]);
    });

    it('connects to the address it checked: DNS is asked once per attempt, never again at connect', async () => {
      const asked: string[] = [];
      const p = path();
      const outcome = await sendWebhook({
        url: `http://rebind.invalid:${receiver.port}${p}`,
        body: '{}',
        headers: { 'content-type': 'application/json' },
        timeoutMs: 2_000,
        allowPrivate: true,
        resolve: async (host) => {
          asked.push(host);
          return [{ address: '127.0.0.1', family: 4 }];
        },
      });
      expect(outcome).toMatchObject({ succeeded: true, responseStatus: 200 });
      expect(asked).toEqual(['rebind.invalid']);
      expect(receiver.to(p)).toHaveLength(1);
    });

    it('asks DNS again at every attempt although the connection is kept alive between them', async () => {
      const asked: string[] = [];
      const p = path();
      const attempt = () =>
        sendWebhook({
          url: `http://kept.invalid:${receiver.port}${p}`,
          body: '{}',
          headers: { 'content-type': 'application/json' },
          timeoutMs: 2_000,
          allowPrivate: false,
          resolve: async (host) => {
            asked.push(host);
            // The second answer moves the name to a private address: refused, though a connection to the first is open.
            return [{ address: asked.length === 1 ? '127.0.0.1' : '10.0.0.7', family: 4 }];
          },
        });
      // The guard is off for the first (the receiver is on loopback), on for the second.
      const first = await sendWebhook({ url: `http://kept.invalid:${receiver.port}${p}`, body: '{}', headers: {}, timeoutMs: 2_000, allowPrivate: true, resolve: async (host) => (asked.push(host), [{ address: '127.0.0.1', family: 4 }]) });
      expect(first).toMatchObject({ succeeded: true });
      expect(await attempt()).toMatchObject({ succeeded: false, error: 'BLOCKED_ADDRESS', responseStatus: null });
      expect(asked).toEqual(['kept.invalid', 'kept.invalid']);
      expect(receiver.to(p)).toHaveLength(1);
    });

    it('records a certificate the receiver cannot prove as TLS_ERROR, with nothing sent', async () => {
      const fixtures = new URL('../fixtures/tls/', import.meta.url);
      let requests = 0;
      const tls = createHttpsServer({ key: readFileSync(new URL('self-signed.key', fixtures)), cert: readFileSync(new URL('self-signed.crt', fixtures)) }, (_req, res) => {
        requests++;
        res.end('ok');
      });
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      try {
        const port = (tls.address() as AddressInfo).port;
        const outcome = await sendWebhook({ url: `https://127.0.0.1:${port}/hook`, body: '{}', headers: {}, timeoutMs: 2_000, allowPrivate: true });
        expect(outcome).toMatchObject({ succeeded: false, error: 'TLS_ERROR', responseStatus: null, responseBody: null });
        expect(requests).toBe(0);
      } finally {
        tls.closeAllConnections();
        await new Promise((resolve) => tls.close(resolve));
      }
    });
  },
  { clock, settings: { allowPrivateWebhookUrls: true, webhookRetryScheduleSeconds: [1, 1, 1], webhookTimeoutMs: 400, webhookDisableAfterHours: 1 } },
);

describeEachBackend(
  'webhook address guard (ALLOW_PRIVATE_WEBHOOK_URLS=false)',
  (h) => {
    it('refuses at the attempt a host that resolves to loopback (localhost): BLOCKED_ADDRESS, no request', async () => {
      const org = await createOrg(h().services, { services: [] });
      const who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const p = `/guard/${randomBytes(4).toString('hex')}`;
      const ep = await send(h(), 'POST', '/v1/webhooks/endpoints', who, { url: `https://localhost:${receiver.port}${p}`, eventTypes: ['*'] });
      expect(ep.statusCode).toBe(201);
      const id = h().services.ids.next('evt');
      const now = clock.now();
      await sql`INSERT INTO events (id, organisation_id, type, environment, body, created_at) VALUES (${id}, ${org.organisationId}, 'wallet.funded', 'live', '{}', ${now})`.execute(h().database.db);
      const deadline = Date.now() + 15_000;
      let d: Json | undefined;
      while (Date.now() < deadline) {
        await h().services.webhooks.fanOut();
        await h().services.webhooks.deliverDue();
        await h().services.webhooks.settle();
        const [x] = (await send(h(), 'GET', `/v1/events/${id}/deliveries`, who)).json().data as Json[];
        if (x && x.attemptCount >= 1) {
          d = (await send(h(), 'GET', `/v1/webhooks/deliveries/${x.id}`, who)).json().data;
          break;
        }
      }
      expect(d?.attempts[0]).toMatchObject({ error: 'BLOCKED_ADDRESS', responseStatus: null, succeeded: false });
      expect(receiver.to(p)).toHaveLength(0);
      // http:// is refused outright without the setting.
      expect((await send(h(), 'POST', '/v1/webhooks/endpoints', who, { url: 'http://example.com/x', eventTypes: ['*'] })).statusCode).toBe(400);
    });

    it('refuses loopback, private, CGNAT, link-local and metadata, unique-local and IPv4-mapped addresses before any request', async () => {
      const blocked = ['127.0.0.1', '10.0.0.5', '172.20.1.1', '192.168.0.10', '100.64.1.1', '169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd12::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:10.0.0.1', 'ff02::1', '64:ff9b::7f00:1'];
      for (const address of blocked) {
        expect(isBlockedAddress(address), address).toBe(true);
        const p = `/blocked/${randomBytes(4).toString('hex')}`;
        const outcome = await sendWebhook({
          url: `http://public.example:${receiver.port}${p}`,
          body: '{}',
          headers: {},
          timeoutMs: 1_000,
          allowPrivate: false,
          resolve: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
        });
        expect(outcome, address).toMatchObject({ error: 'BLOCKED_ADDRESS', succeeded: false, responseStatus: null });
        expect(receiver.to(p)).toHaveLength(0);
      }
      // Every resolved address is checked: one private among public ones is refused.
      const mixed = await sendWebhook({ url: 'https://public.example/x', body: '{}', headers: {}, timeoutMs: 1_000, allowPrivate: false, resolve: async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.1', family: 4 }] });
      expect(mixed.error).toBe('BLOCKED_ADDRESS');
      for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1', '100.128.0.1']) expect(isBlockedAddress(address), address).toBe(false);
      const dns = await sendWebhook({ url: 'https://no-such-host.invalid/x', body: '{}', headers: {}, timeoutMs: 1_000, allowPrivate: false });
      expect(dns.error).toBe('DNS_ERROR');
    });
  },
  { clock, settings: { webhookRetryScheduleSeconds: [1, 1, 1], webhookTimeoutMs: 400 } },
);

