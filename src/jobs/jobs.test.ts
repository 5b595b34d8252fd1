import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../platform/clock.js';
import type { Database } from '../platform/db.js';
import { ids } from '../platform/ids.js';
import { createLogger } from '../platform/logger.js';
import { LogCapture, backends } from '../../test/helpers/harness.js';
import type { QueuedJob } from './jobs.js';
import { createJobQueue, type JobQueue } from './queue.js';
import { createJobRunner } from './runner.js';

const LEASE_MS = 60_000;

for (const backend of backends()) {
  describe(`durable job queue [${backend.name}]`, () => {
    let database: Database;
    let queue: JobQueue;
    const clock = new ManualClock('2026-11-22T09:00:00.000Z');
    beforeAll(async () => {
      database = await backend.open();
      queue = createJobQueue({ db: database.db, clock, ids });
    });
    afterAll(async () => {
      await database?.close();
    });

    /** A kind of its own per test: files share the PostgreSQL database, and nothing is truncated. */
    const kind = () => `test-${randomBytes(5).toString('hex')}`;
    const row = (id: string) => database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const enqueue = (k: string, payload: unknown = {}, extra: { runAfter?: Date; maxAttempts?: number } = {}) =>
      database.db.transaction().execute((trx) => queue.enqueue(trx, { kind: k, payload, ...extra }));

    it('enqueues inside the caller’s transaction: a rollback leaves nothing, a commit a QUEUED job', async () => {
      const k = kind();
      await expect(
        database.db.transaction().execute(async (trx) => {
          await queue.enqueue(trx, { kind: k, payload: { exportId: 'exp_1' } });
          throw new Error('the cause failed');
        }),
      ).rejects.toThrow('the cause failed');
      expect(await database.db.selectFrom('jobs').select('id').where('kind', '=', k).execute()).toEqual([]);

      const id = await enqueue(k, { exportId: 'exp_2', pages: [1, 2] });
      expect(id).toMatch(/^job_/);
      expect(await row(id)).toMatchObject({
        kind: k,
        payload: { exportId: 'exp_2', pages: [1, 2] },
        state: 'QUEUED',
        attempts: 0,
        max_attempts: 5,
        run_after: clock.now(),
        lease_owner: null,
        lease_expires_at: null,
        last_error: null,
      });
    });

    it('claims due jobs only, oldest first, each under a lease; a second claim finds nothing', async () => {
      const k = kind();
      const first = await enqueue(k, { n: 1 });
      clock.advance(1);
      const second = await enqueue(k, { n: 2 });
      const later = await enqueue(k, { n: 3 }, { runAfter: new Date(clock.now().getTime() + 10_000) });

      const claimed = await queue.claim('worker-a', [k], 10, LEASE_MS);
      expect(claimed).toEqual([
        { id: first, kind: k, payload: { n: 1 }, attempt: 1, maxAttempts: 5 },
        { id: second, kind: k, payload: { n: 2 }, attempt: 1, maxAttempts: 5 },
      ]);
      expect(await row(first)).toMatchObject({ state: 'RUNNING', attempts: 1, lease_owner: 'worker-a', lease_expires_at: new Date(clock.now().getTime() + LEASE_MS) });
      expect(await queue.claim('worker-b', [k], 10, LEASE_MS)).toEqual([]);
      expect((await row(later)).state).toBe('QUEUED');

      clock.advance(10_000);
      expect((await queue.claim('worker-b', [k], 10, LEASE_MS)).map((j) => j.id)).toEqual([later]);
      // Only the kinds asked for.
      expect(await queue.claim('worker-c', [kind()], 10, LEASE_MS)).toEqual([]);
    });

    it('gives each job to exactly one of two runners claiming at the same time', async () => {
      const k = kind();
      const all = [];
      for (let i = 0; i < 20; i++) all.push(await enqueue(k, { i }));
      const got: Record<string, string[]> = { a: [], b: [] };
      for (let round = 0; round < 50; round++) {
        const [a, b] = await Promise.all([queue.claim('runner-a', [k], 3, LEASE_MS), queue.claim('runner-b', [k], 3, LEASE_MS)]);
        got.a!.push(...a.map((j) => j.id));
        got.b!.push(...b.map((j) => j.id));
        if (a.length === 0 && b.length === 0) break;
      }
      const both = [...got.a!, ...got.b!];
      expect(both.sort()).toEqual([...all].sort());
      expect(new Set(both).size).toBe(20);
      const owners = await database.db.selectFrom('jobs').select(['id', 'lease_owner']).where('kind', '=', k).execute();
      for (const o of owners) expect(o.lease_owner).toBe(got.a!.includes(o.id) ? 'runner-a' : 'runner-b');
    });

    it.runIf(backend.name === 'postgres')('skips a job another transaction holds instead of waiting for it (SKIP LOCKED)', async () => {
      const k = kind();
      const held = await enqueue(k);
      clock.advance(1);
      const free = await enqueue(k);
      const claimed = await database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('jobs').select('id').where('id', '=', held).forUpdate().execute();
        // Another connection claims while this transaction still holds the row.
        return queue.claim('runner-b', [k], 10, LEASE_MS);
      });
      expect(claimed.map((j) => j.id)).toEqual([free]);
      expect((await row(held)).state).toBe('QUEUED');
    });

    it('renews a lease; once it expires the job is taken over, and the first worker can neither renew, finish nor fail it', async () => {
      const k = kind();
      const id = await enqueue(k);
      await queue.claim('worker-a', [k], 1, LEASE_MS);
      clock.advance(50_000);
      expect(await queue.renew(id, 'worker-a', LEASE_MS)).toBe(true);
      expect((await row(id)).lease_expires_at).toEqual(new Date(clock.now().getTime() + LEASE_MS));
      // Still within the renewed lease: nobody else may take it.
      clock.advance(50_000);
      expect(await queue.claim('worker-b', [k], 1, LEASE_MS)).toEqual([]);

      // worker-a dies: its lease runs out and the next claim takes the job over, as a new attempt.
      clock.advance(10_001);
      expect(await queue.claim('worker-b', [k], 1, LEASE_MS)).toEqual([{ id, kind: k, payload: {}, attempt: 2, maxAttempts: 5 }]);
      expect(await queue.renew(id, 'worker-a', LEASE_MS)).toBe(false);
      expect(await queue.complete(id, 'worker-a')).toBe(false);
      expect(await queue.fail(id, 'worker-a', 'late', 1_000)).toBe(false);
      expect(await row(id)).toMatchObject({ state: 'RUNNING', attempts: 2, lease_owner: 'worker-b', last_error: null });

      expect(await queue.complete(id, 'worker-b')).toBe(true);
      expect(await row(id)).toMatchObject({ state: 'DONE', lease_owner: null, lease_expires_at: null });
    });

    it('retries a failed attempt after its delay, and FAILS the job with its reason once its attempts are spent', async () => {
      const k = kind();
      const id = await enqueue(k, {}, { maxAttempts: 2 });
      await queue.claim('w', [k], 1, LEASE_MS);
      expect(await queue.fail(id, 'w', 'Error: upstream said 503', 30_000)).toBe(true);
      expect(await row(id)).toMatchObject({ state: 'QUEUED', attempts: 1, lease_owner: null, last_error: 'Error: upstream said 503', run_after: new Date(clock.now().getTime() + 30_000) });
      expect(await queue.claim('w', [k], 1, LEASE_MS)).toEqual([]);
      clock.advance(30_000);
      expect((await queue.claim('w', [k], 1, LEASE_MS))[0]).toMatchObject({ id, attempt: 2, maxAttempts: 2 });
      expect(await queue.fail(id, 'w', 'Error: still 503', 30_000)).toBe(true);
      expect(await row(id)).toMatchObject({ state: 'FAILED', attempts: 2, lease_owner: null, lease_expires_at: null, last_error: 'Error: still 503' });
      clock.advance(3_600_000);
      expect(await queue.claim('w', [k], 1, LEASE_MS)).toEqual([]);
    });

    it('FAILS a job whose lease expired during its last attempt instead of running it again', async () => {
      const k = kind();
      const id = await enqueue(k, {}, { maxAttempts: 1 });
      await queue.claim('crashed', [k], 1, LEASE_MS);
      clock.advance(LEASE_MS + 1);
      expect(await queue.claim('survivor', [k], 1, LEASE_MS)).toEqual([]);
      expect(await row(id)).toMatchObject({ state: 'FAILED', attempts: 1, lease_owner: null, last_error: 'lease expired during the last attempt' });
    });

    it('gives back the leases an owner holds (a graceful stop): due again at once, for anyone', async () => {
      const k = kind();
      const a = await enqueue(k);
      const b = await enqueue(k);
      await queue.claim('stopping', [k], 2, LEASE_MS);
      expect(await queue.release('stopping', [a])).toBe(1);
      expect(await row(a)).toMatchObject({ state: 'QUEUED', lease_owner: null, run_after: clock.now(), attempts: 1 });
      expect((await row(b)).state).toBe('RUNNING');
      expect((await queue.claim('other', [k], 2, LEASE_MS)).map((j) => j.id)).toEqual([a]);
    });
  });

  describe(`job runner [${backend.name}]`, () => {
    let database: Database;
    let queue: JobQueue;
    const clock = new ManualClock('2026-11-22T09:00:00.000Z');
    const logs = new LogCapture();
    const logger = createLogger('info', logs);
    beforeAll(async () => {
      database = await backend.open();
      queue = createJobQueue({ db: database.db, clock, ids });
    });
    afterAll(async () => {
      await database?.close();
    });

    const kind = () => `test-${randomBytes(5).toString('hex')}`;
    const row = (id: string) => database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const enqueue = (k: string, payload: unknown = {}, maxAttempts?: number) =>
      database.db.transaction().execute((trx) => queue.enqueue(trx, { kind: k, payload, ...(maxAttempts ? { maxAttempts } : {}) }));
    /** A promise with its resolver, to hold a job mid-run. */
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((r) => (open = r));
      return { open, opened };
    };

    it('runs a claimed job with its payload to DONE; a failing one is retried after its delay, then FAILED, its error logged', async () => {
      const k = kind();
      const seen: unknown[] = [];
      const good: QueuedJob<{ n: number }> = {
        kind: k,
        run: async (payload, ctx) => {
          seen.push({ payload, attempt: ctx.attempt, aborted: ctx.signal.aborted });
        },
      };
      const badKind = kind();
      const bad: QueuedJob = {
        kind: badKind,
        retryDelayMs: (attempt) => attempt * 1_000,
        run: async () => {
          throw new Error('the export store refused the upload');
        },
      };
      const runner = createJobRunner({ logger, queue, periodic: [], queued: [good, bad], owner: 'runner-1' });
      const ok = await enqueue(k, { n: 7 });
      const failing = await enqueue(badKind, {}, 2);

      expect(await runner.runDue()).toBe(2);
      expect(seen).toEqual([{ payload: { n: 7 }, attempt: 1, aborted: false }]);
      expect(await row(ok)).toMatchObject({ state: 'DONE', attempts: 1, lease_owner: null });
      expect(await row(failing)).toMatchObject({ state: 'QUEUED', attempts: 1, last_error: 'Error: the export store refused the upload', run_after: new Date(clock.now().getTime() + 1_000) });

      clock.advance(1_000);
      expect(await runner.runDue()).toBe(1);
      expect(await row(failing)).toMatchObject({ state: 'FAILED', attempts: 2 });
      expect(logs.text()).toMatch(new RegExp(`job ${badKind} failed`));
      expect(await runner.runDue()).toBe(0);
    });

    it('tells a job whose lease was taken over to stop, and does not record its outcome', async () => {
      const k = kind();
      const started = gate();
      let sawAbort = false;
      const job: QueuedJob = {
        kind: k,
        run: (_payload, ctx) =>
          new Promise<void>((resolve) => {
            started.open();
            ctx.signal.addEventListener('abort', () => {
              sawAbort = true;
              resolve();
            });
          }),
      };
      const a = createJobRunner({ logger, queue, periodic: [], queued: [job], owner: 'runner-a' });
      const id = await enqueue(k);
      const running = a.runDue();
      await started.opened;

      // runner-a stops renewing (a long GC pause, a partition): its lease expires and runner-b takes over.
      clock.advance(LEASE_MS + 1);
      const takeover = gate();
      const b = createJobRunner({ logger, queue, periodic: [], queued: [{ kind: k, run: () => takeover.opened }], owner: 'runner-b' });
      const bRun = b.runDue();
      // Once runner-b's claim has committed (bounded wait), runner-a's next renewal finds the lease gone.
      for (let i = 0; i < 200 && (await row(id)).lease_owner !== 'runner-b'; i++) await new Promise((r) => setTimeout(r, 10));
      await a.renewLeases();
      await running;
      expect(sawAbort).toBe(true);
      expect(await row(id)).toMatchObject({ state: 'RUNNING', attempts: 2, lease_owner: 'runner-b' });
      takeover.open();
      await bRun;
      expect(await row(id)).toMatchObject({ state: 'DONE', attempts: 2 });
    });

    it('on stop waits for a running job to finish and records it', async () => {
      const k = kind();
      const started = gate();
      const finish = gate();
      // A bound no test reaches: stop returns because the job finished.
      const runner = createJobRunner({ logger, queue, periodic: [], owner: 'runner-finishing', stopTimeoutMs: 600_000, queued: [{ kind: k, run: async () => (started.open(), finish.opened) }] });
      const id = await enqueue(k);
      const ran = runner.runDue();
      await started.opened;
      const stopped = runner.stop();
      finish.open();
      await stopped;
      expect(await row(id)).toMatchObject({ state: 'DONE', lease_owner: null });
      await ran;
      // Stopped: it claims nothing more.
      await enqueue(k);
      expect(await runner.runDue()).toBe(0);
    });

    it('on stop tells a job still running at the bound to stop, and gives its lease back', async () => {
      const k = kind();
      const started = gate();
      let aborted = false;
      // It ends only when told to: stop's bound (1 ms) is always reached first.
      const runner = createJobRunner({
        logger,
        queue,
        periodic: [],
        owner: 'runner-stopping',
        stopTimeoutMs: 1,
        queued: [
          {
            kind: k,
            run: (_p, ctx) =>
              new Promise<void>((resolve) => {
                started.open();
                ctx.signal.addEventListener('abort', () => {
                  aborted = true;
                  resolve();
                });
              }),
          },
        ],
      });
      const id = await enqueue(k);
      const ran = runner.runDue();
      await started.opened;
      await runner.stop();
      await ran;
      expect(aborted).toBe(true);
      expect(await row(id)).toMatchObject({ state: 'QUEUED', attempts: 1, lease_owner: null, lease_expires_at: null, run_after: clock.now() });
    });

    it('backs a poll off while it finds nothing, up to idleEveryMs, and returns to everyMs when it finds something; stop ends it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      try {
        const start = Date.now();
        const polls: number[] = [];
        const sweeps: number[] = [];
        // What each poll finds, in turn: a failure counts as nothing found.
        const finds: Array<number | Error> = [0, 0, 0, 0, 0, 0, 3, 0, new Error('database down'), 0, 2, 2, 0];
        const runner = createJobRunner({
          logger,
          queue,
          queued: [],
          periodic: [
            {
              name: 'poll',
              everyMs: 100,
              idleEveryMs: 1_000,
              failureMessage: 'could not poll',
              run: async () => {
                polls.push(Date.now() - start);
                const found = finds.shift() ?? 0;
                if (found instanceof Error) throw found;
                return found;
              },
            },
            // Without idleEveryMs: every everyMs, whatever it finds.
            { name: 'sweep', everyMs: 500, failureMessage: 'could not sweep', run: async () => (sweeps.push(Date.now() - start), 0) },
          ],
        });
        runner.start();
        await vi.advanceTimersByTimeAsync(7_000);
        // Waits doubling from 100 to 1,000 while it finds nothing; back to 100 after it found 3 (at 4,500);
        // the failure at 4,800 doubles like nothing found; 100 after each of the twos (6,000 and 6,100).
        expect(polls.slice(0, 14)).toEqual([100, 300, 700, 1_500, 2_500, 3_500, 4_500, 4_600, 4_800, 5_200, 6_000, 6_100, 6_200, 6_400]);
        expect(sweeps).toEqual([500, 1_000, 1_500, 2_000, 2_500, 3_000, 3_500, 4_000, 4_500, 5_000, 5_500, 6_000, 6_500, 7_000]);
        await runner.stop();
        const [p, s] = [polls.length, sweeps.length];
        await vi.advanceTimersByTimeAsync(5_000);
        expect([polls.length, sweeps.length]).toEqual([p, s]);
      } finally {
        vi.useRealTimers();
      }
      expect(() =>
        createJobRunner({ logger, queue, queued: [], periodic: [{ name: 'p', everyMs: 1_000, idleEveryMs: 100, failureMessage: 'x', run: async () => 0 }] }),
      ).toThrow(/idleEveryMs must be at least everyMs/);
    });

    it('runs a periodic job never twice at once, and logs its error without throwing', async () => {
      let runs = 0;
      const release = gate();
      const runner = createJobRunner({
        logger,
        queue,
        queued: [],
        periodic: [
          {
            name: 'slow-sweep',
            everyMs: 60_000,
            failureMessage: 'could not sweep',
            run: async () => {
              runs++;
              await release.opened;
            },
          },
          {
            name: 'broken-sweep',
            everyMs: 60_000,
            failureMessage: 'could not do the broken sweep',
            run: async () => {
              throw new Error('sweep exploded');
            },
          },
        ],
      });
      const first = runner.runPeriodic('slow-sweep');
      const second = runner.runPeriodic('slow-sweep');
      expect(second).toBe(first);
      release.open();
      await first;
      expect(runs).toBe(1);
      await runner.runPeriodic('slow-sweep');
      expect(runs).toBe(2);

      await expect(runner.runPeriodic('broken-sweep')).resolves.toBeUndefined();
      const line = logs.lines.map((l) => JSON.parse(l) as { msg: string; job?: string; err?: { message: string } }).find((l) => l.msg === 'could not do the broken sweep');
      expect(line).toMatchObject({ job: 'broken-sweep', err: { message: 'sweep exploded' } });
      expect(runner.jobs).toEqual({ periodic: ['slow-sweep', 'broken-sweep'], queued: [] });
      await runner.stop();
    });
  });
}
