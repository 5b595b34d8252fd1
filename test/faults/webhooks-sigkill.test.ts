import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createHarness, createOrg, ownerEmailOf, OWNER_PASSWORD, signIn, type Harness, type SignedIn } from '../helpers/harness.js';
import { startReceiver, type ReceivedRequest, type Receiver } from '../helpers/webhook-receiver.js';
import { closeRig, expectAlive, expectNoSecretsInLogs, figures, sleep, startRegistry, startServer, until, type Registry, type ServerProcess } from './fault-kit.js';

/**
 * DESIGN.md §11.4 "at least once" under a crash (issue 13): a server killed (SIGKILL) while webhook
 * deliveries are in flight. A real `idv serve` process on PostgreSQL delivers test events to two
 * endpoints on a slow receiver (200 after 300–800 ms) and is killed in the middle; a second process,
 * B, started on the same database, delivers the rest and takes A's claimed deliveries over once their
 * lease lapses. Then every delivery still ends SUCCEEDED, the receiver saw each event at each
 * endpoint at least once, duplicates carry the same `webhook-id` and the same body bytes, and every
 * request's signature verifies (Standard Webhooks). Only HTTP and the receiver are
 * observed, never the delivery worker's tables, so the test holds for any worker that keeps §11.4.
 *
 * B starts after the kill, not before: a worker that keeps an endpoint's slots (at most 5 in flight)
 * once it has them may leave none to A, and then the kill would cut nothing. With A alone, every
 * request open at the receiver when it dies is A's, and the receiver sees its connection cut.
 */
const postgres = backends().find((b) => b.name === 'postgres');
/** Test events raised; each is delivered to both endpoints. */
const EVENTS = 48;
/** Short, so the lease of a dead process's deliveries (WEBHOOK_TIMEOUT_MS + 30 s in the worker) lapses within the test. */
const WEBHOOK_TIMEOUT_MS = 2_000;
/** The longest a dead process's claim may hold a delivery (webhooks.service.ts: timeout + 30 s), and slack for the takeover. */
const TAKEOVER_DEADLINE_MS = WEBHOOK_TIMEOUT_MS + 30_000 + 60_000;

type Json = Record<string, any>;

/** What the receiver saw of one request, and how it ended. */
interface Seen {
  req: ReceivedRequest;
  webhookId: string;
  at: number;
  /** Answered 200 (the sender got the whole answer, as far as the receiver can tell). */
  answered: boolean;
  /** The sender's connection closed before the answer was written: the process was killed mid-request. */
  cut: boolean;
}

describe.runIf(postgres)('faults: a server killed while webhook deliveries are in flight [postgres]', () => {
  let h: Harness;
  let registry: Registry;
  let receiver: Receiver;
  let owner: SignedIn;

  beforeAll(async () => {
    h = await createHarness(postgres!);
    registry = await startRegistry(0);
    receiver = await startReceiver();
    const org = await createOrg(h.services, { services: [] });
    owner = await signIn(h.app, await ownerEmailOf(h.services, org), OWNER_PASSWORD);
  });
  afterAll(async () => {
    await closeRig(h, registry);
    await receiver?.close();
  });

  const call = async (server: ServerProcess, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: { ...owner.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: Json;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      throw new Error(`${method} ${path} on ${server.name}: ${res.status} not JSON: ${text.slice(0, 300)}`);
    }
    return { status: res.status, json };
  };

  /** Every delivery of an endpoint, read over HTTP page by page. */
  const deliveriesOf = async (server: ServerProcess, endpointId: string): Promise<Json[]> => {
    const all: Json[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const res = await call(server, 'GET', `/v1/webhooks/endpoints/${endpointId}/deliveries?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      all.push(...(res.json.data.items as Json[]));
      cursor = res.json.data.nextCursor as string | null;
      if (cursor === null) return all;
    }
    throw new Error('more than 100 pages of deliveries');
  };

  /** A server's log lines at warn level and above (its request lines bury them). */
  const warnings = (server: ServerProcess) =>
    server
      .output()
      .split('\n')
      .filter((line) => /"level":(40|50|60)\b/.test(line))
      .slice(-40)
      .join('\n');

  /**
   * Only for a failure's message: what the delivery workers' tables and PostgreSQL's locks say about
   * the deliveries still PENDING (their leases, the other deliveries due in the database,
   * sessions left idle in a transaction), so a stall names its cause.
   */
  const workerState = async (endpointIds: string[]): Promise<string> => {
    try {
      const db = h.database.db;
      const ids = sql.join(endpointIds);
      const rows = (query: ReturnType<typeof sql>) => query.execute(db).then((r) => r.rows);
      const parts = {
        now: await rows(sql`SELECT now() AS now`),
        pending: await rows(sql`SELECT id, endpoint_id, attempt_count, scheduled_attempts, next_attempt_at, lease_owner, lease_expires_at, manual_requested_at
          FROM webhook_deliveries WHERE endpoint_id IN (${ids}) AND status = 'PENDING' ORDER BY id LIMIT 20`),
        leasedByOwner: await rows(sql`SELECT lease_owner, count(*) AS n, min(lease_expires_at) AS first, max(lease_expires_at) AS last
          FROM webhook_deliveries WHERE lease_owner IS NOT NULL GROUP BY lease_owner`),
        dueElsewhere: await rows(sql`SELECT e.status, count(*) AS n, count(DISTINCT d.endpoint_id) AS endpoints, min(d.next_attempt_at) AS oldest
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.status = 'PENDING' AND d.next_attempt_at <= now() AND d.endpoint_id NOT IN (${ids}) GROUP BY e.status`),
        advisoryLocks: await rows(sql`SELECT l.pid, l.objid, l.granted, a.application_name, a.state, now() - a.xact_start AS xact_age
          FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory'`),
        longTransactions: await rows(sql`SELECT pid, application_name, state, now() - xact_start AS xact_age, left(query, 120) AS query
          FROM pg_stat_activity WHERE xact_start < now() - interval '5 seconds' AND pid <> pg_backend_pid()`),
      };
      return JSON.stringify(parts, null, 1);
    } catch (err) {
      return `(could not read it: ${(err as Error).message})`;
    }
  };

  it('every delivery ends SUCCEEDED, each event reaches each endpoint at least once, duplicates are byte-identical', async () => {
    const env = { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS), WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1' };
    const a = await startServer({ name: 'a', databaseUrl: postgres!.url!, registry, env });
    const started = Date.now();

    // The receiver: 200 after 300–800 ms, noting each request and whether its connection was cut first.
    const paths = [`/wh/${randomBytes(6).toString('hex')}`, `/wh/${randomBytes(6).toString('hex')}`];
    const seen = new Map<string, Seen[]>(paths.map((p) => [p, []]));
    const open = new Set<Seen>();
    const answerSlowly = (path: string) => (req: ReceivedRequest, res: ServerResponse) => {
      const s: Seen = { req, webhookId: String(req.headers['webhook-id']), at: Date.now(), answered: false, cut: false };
      seen.get(path)!.push(s);
      open.add(s);
      res.on('close', () => {
        open.delete(s);
        if (!res.writableFinished) s.cut = true;
      });
      setTimeout(() => {
        if (res.destroyed) return;
        res.end('ok', () => (s.answered = true));
      }, 300 + Math.floor(Math.random() * 500));
    };
    for (const p of paths) receiver.on(p, answerSlowly(p));

    // Two test endpoints subscribed to every event type, created over HTTP.
    const types = await call(a, 'GET', '/v1/webhooks/event-types');
    expect(types.status).toBe(200);
    const eventTypes = (types.json.data as Json[]).map((t) => t.type as string);
    expect(eventTypes.length).toBeGreaterThanOrEqual(6);
    const endpoints: Json[] = [];
    for (const p of paths) {
      const res = await call(a, 'POST', '/v1/webhooks/endpoints', { url: receiver.url(p), eventTypes, environment: 'test', description: 'sigkill fault' });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      endpoints.push(res.json.data);
    }
    const pathOf = new Map(endpoints.map((e, i) => [e.id as string, paths[i]!]));

    // The events, raised on A (POST /v1/events/trigger): each is delivered to both endpoints.
    const produced = new Map<string, Json>();
    for (let i = 0; i < EVENTS; i++) {
      const res = await call(a, 'POST', '/v1/events/trigger', { type: eventTypes[i % eventTypes.length] });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const { event, deliveries } = res.json.data as { event: Json; deliveries: Json[] };
      expect(deliveries.map((d) => d.endpointId).sort()).toEqual(endpoints.map((e) => e.id).sort());
      produced.set(event.id as string, event);
    }
    const total = EVENTS * endpoints.length;
    const distinctSeen = () => [...seen.values()].reduce((n, list) => n + new Set(list.map((s) => s.webhookId)).size, 0);

    // Killed with deliveries in flight: some received, not all, and a request open at the receiver
    // that arrived under 200 ms ago (so it is answered no sooner than 100 ms after this check).
    await until('deliveries in flight with some, not all, received', async () => {
      const n = distinctSeen();
      if (n >= total) throw new Error(`every delivery was received before the kill (${n}): raise EVENTS or slow the receiver`);
      return n >= total / 5 && [...open].some((s) => Date.now() - s.at < 200) ? true : undefined;
    }, 30_000, 5);
    const seenBeforeKill = distinctSeen();
    const openAtKill = open.size;
    await a.kill();
    const killedAt = Date.now();
    // A's sockets close with the process: what the receiver had not answered on them is cut.
    await sleep(200);
    const cut = [...seen.values()].flat().filter((s) => s.cut);
    expect(cut.length, `no request of A was cut by the kill (${openAtKill} open at the receiver)`).toBeGreaterThan(0);

    // B, on the same database, once A is gone.
    const b = await startServer({ name: 'b', databaseUrl: postgres!.url!, registry, env });

    // B delivers the rest, and A's (after their lease) again: nothing stays PENDING.
    let last: Json[] = [];
    const final = await until(
      'every delivery to be settled on b',
      async () => {
        expectAlive(b);
        const lists = await Promise.all(endpoints.map((e) => deliveriesOf(b, e.id as string)));
        const flat = lists.flat();
        last = flat;
        return flat.length === total && flat.every((d) => d.status !== 'PENDING') ? flat : undefined;
      },
      TAKEOVER_DEADLINE_MS,
      500,
    ).catch(async (err: Error) => {
      // What was still pending, and where, so a stall can be told from a slow machine.
      const pending = last.filter((d) => d.status === 'PENDING').map((d) => ({ endpoint: pathOf.get(d.endpointId as string), attempts: d.attemptCount, next: d.nextAttemptAt }));
      const eps = await Promise.all(endpoints.map(async (e) => (await call(b, 'GET', `/v1/webhooks/endpoints/${e.id as string}`)).json.data));
      throw new Error(
        `${err.message} ${(Date.now() - killedAt) / 1000} s after the kill: ${last.length} of ${total} deliveries listed, ${pending.length} PENDING ` +
          `${JSON.stringify(pending.slice(0, 20))}; endpoints ${JSON.stringify(eps.map((e: Json) => ({ status: e.status, reason: e.statusReason ?? null })))}; ` +
          `receiver open ${open.size}; the worker's state:\n${await workerState(endpoints.map((e) => e.id as string))}\nb's warnings and errors:\n${warnings(b)}\nb's last lines:\n${b.output().split('\n').slice(-10).join('\n')}`,
      );
    });
    const settledAt = Date.now();
    // Let the last answers reach the receiver's bookkeeping.
    await sleep(100);

    // Every delivery SUCCEEDED, one per event and endpoint.
    expect(final.filter((d) => d.status !== 'SUCCEEDED').map((d) => ({ id: d.id, status: d.status, attempts: d.attemptCount, last: d.lastResponseStatus }))).toEqual([]);
    for (const e of endpoints) {
      const ofEndpoint = final.filter((d) => d.endpointId === e.id);
      expect(ofEndpoint.map((d) => d.eventId).sort()).toEqual([...produced.keys()].sort());
    }

    // The receiver: each event at each endpoint at least once, answered; duplicates the same id and bytes; every signature verifies.
    let duplicates = 0;
    for (const e of endpoints) {
      const path = pathOf.get(e.id as string)!;
      const requests = seen.get(path)!;
      const ids = new Set(requests.map((s) => s.webhookId));
      expect([...ids].sort(), path).toEqual([...produced.keys()].sort());
      const wh = new Webhook(e.secret as string);
      const bodyOf = new Map<string, string>();
      for (const s of requests) {
        const payload = wh.verify(s.req.body, s.req.headers as Record<string, string>) as Json;
        expect(payload.id).toBe(s.webhookId);
        const event = produced.get(s.webhookId)!;
        expect({ id: payload.id, type: payload.type, environment: payload.environment, createdAt: payload.createdAt }).toEqual({
          id: event.id,
          type: event.type,
          environment: 'test',
          createdAt: event.createdAt,
        });
        const first = bodyOf.get(s.webhookId);
        if (first === undefined) bodyOf.set(s.webhookId, s.req.body);
        else {
          duplicates++;
          expect(s.req.body, `duplicate of ${s.webhookId} at ${path}`).toBe(first);
        }
      }
      for (const id of produced.keys()) {
        expect(requests.some((s) => s.webhookId === id && s.answered), `${id} answered at ${path}`).toBe(true);
      }
    }
    // The same event is the same bytes at both endpoints too (§11.4: webhook-id is the same across endpoints).
    for (const id of produced.keys()) {
      const bodies = new Set(paths.map((p) => seen.get(p)!.find((s) => s.webhookId === id)!.req.body));
      expect(bodies.size, id).toBe(1);
    }

    // What A was sending when it died was sent again afterwards (by B, after the lease), the same bytes, and answered.
    for (const c of cut) {
      const path = [...seen.entries()].find(([, list]) => list.includes(c))![0];
      const again = seen.get(path)!.filter((s) => s.webhookId === c.webhookId && s.at >= killedAt);
      expect(again.length, `${c.webhookId} cut at ${path} and never sent again`).toBeGreaterThan(0);
      expect(again.some((s) => s.answered)).toBe(true);
      for (const s of again) expect(s.req.body).toBe(c.req.body);
    }
    const takenOverAfter = cut.map((c) => Math.min(...[...seen.values()].flat().filter((s) => s.webhookId === c.webhookId && s.at >= killedAt).map((s) => s.at)) - killedAt);

    expectAlive(b);
    expectNoSecretsInLogs([a, b], endpoints.map((e) => e.secret as string));
    figures('sigkill-webhooks-in-flight', started, [
      `${EVENTS} events × ${endpoints.length} endpoints = ${total} deliveries`,
      `${seenBeforeKill} received before the kill`,
      `${openAtKill} requests open at the kill, ${cut.length} cut`,
      `the cut ones sent again by b ${(Math.min(...takenOverAfter) / 1000).toFixed(1)}–${(Math.max(...takenOverAfter) / 1000).toFixed(1)} s after the kill`,
      `${[...seen.values()].flat().length} requests received, ${duplicates} duplicates (same webhook-id, same bytes)`,
      `all ${total} SUCCEEDED ${((settledAt - killedAt) / 1000).toFixed(1)} s after the kill`,
      `max ${receiver.maxInFlight} in flight at the receiver`,
    ]);
  }, 150_000);
});
