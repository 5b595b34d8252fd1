import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../platform/logger.js';
import { defaultRetryDelayMs, type PeriodicJob, type QueuedJob } from './jobs.js';
import type { ClaimedJob, JobQueue } from './queue.js';

export interface JobRunnerOptions {
  logger: Logger;
  queue: JobQueue;
  periodic: PeriodicJob[];
  /** Each definition types its own payload. */
  queued: Array<QueuedJob<any>>;
  /** Names this process in lease_owner (default: host, pid and a random tag). */
  owner?: string;
  /** A claimed job's lease (DESIGN.md §10.2: 60 s), renewed every `renewEveryMs` (10 s) while it runs. */
  leaseMs?: number;
  renewEveryMs?: number;
  /** How often the queue is polled for due jobs. */
  pollMs?: number;
  /** Queued jobs run at once by this process. */
  concurrency?: number;
  /** How long stop() lets running jobs finish before it gives their leases back. */
  stopTimeoutMs?: number;
}

interface Active {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
}

const reasonOf = (err: unknown): string => {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
};

/**
 * Runs the background work of one process (src/jobs/jobs.ts): each periodic job on its period, never
 * two runs of one at once, an error logged and never thrown; and the queued jobs it can claim, each
 * under a lease renewed while it runs. Started and stopped by the server (or a test), never by the app.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { logger, queue } = options;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const renewEveryMs = options.renewEveryMs ?? 10_000;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 4;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;

  const periodic = new Map(options.periodic.map((job) => [job.name, job]));
  if (periodic.size !== options.periodic.length) throw new Error('two periodic jobs share a name');
  const definitions = new Map(options.queued.map((job) => [job.kind, job]));
  if (definitions.size !== options.queued.length) throw new Error('two queued jobs share a kind');
  const kinds = [...definitions.keys()];

  for (const job of options.periodic) {
    if (job.idleEveryMs !== undefined && !(job.idleEveryMs >= job.everyMs)) throw new Error(`periodic job ${job.name}: idleEveryMs must be at least everyMs`);
  }

  /** Each run's outcome: what run() resolved to, or undefined when it threw (logged). */
  const inFlight = new Map<string, Promise<unknown>>();
  const active = new Map<string, Active>();
  const timers = new Set<NodeJS.Timeout>();
  let polling: Promise<number> | null = null;
  let started = false;
  let stopping = false;

  /** Runs a periodic job now, unless it is already running (then that run is awaited). Resolves to what run() did (undefined: it failed). */
  function runPeriodic(name: string): Promise<unknown> {
    const job = periodic.get(name);
    if (!job) throw new Error(`no periodic job named ${name}`);
    let run = inFlight.get(name);
    if (!run) {
      run = (async () => {
        try {
          return await job.run();
        } catch (err) {
          logger.warn({ err, job: name }, job.failureMessage);
          return undefined;
        } finally {
          inFlight.delete(name);
        }
      })();
      inFlight.set(name, run);
    }
    return run;
  }

  async function execute(job: ClaimedJob, controller: AbortController): Promise<void> {
    const definition = definitions.get(job.kind)!;
    try {
      await definition.run(job.payload, { id: job.id, attempt: job.attempt, signal: controller.signal });
      if (!(await queue.complete(job.id, owner))) logger.warn({ jobId: job.id, kind: job.kind }, 'job finished after its lease was lost; its completion was not recorded');
    } catch (err) {
      const last = job.attempt >= job.maxAttempts;
      logger.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempt, failed: last }, `job ${job.kind} failed`);
      const delay = (definition.retryDelayMs ?? defaultRetryDelayMs)(job.attempt);
      await queue.fail(job.id, owner, reasonOf(err), delay);
    }
  }

  function launch(job: ClaimedJob): Promise<void> {
    const controller = new AbortController();
    const done = execute(job, controller)
      .catch((err: unknown) => logger.error({ err, jobId: job.id, kind: job.kind }, 'could not record the outcome of a job'))
      .finally(() => active.delete(job.id));
    active.set(job.id, { job, controller, done });
    return done;
  }

  /** One pass: claims what this process has room for and starts it. Resolves to how many were claimed. */
  function poll(): Promise<number> {
    if (polling) return polling;
    polling = (async () => {
      try {
        const room = concurrency - active.size;
        if (stopping || room <= 0 || kinds.length === 0) return 0;
        const claimed = await queue.claim(owner, kinds, room, leaseMs);
        for (const job of claimed) void launch(job);
        return claimed.length;
      } catch (err) {
        logger.warn({ err }, 'could not claim background jobs');
        return 0;
      } finally {
        polling = null;
      }
    })();
    return polling;
  }

  /** Extends the leases of the jobs running here; a job whose lease was taken over is told to stop. */
  async function renewLeases(): Promise<void> {
    await Promise.all(
      [...active.values()].map(async (entry) => {
        try {
          if (!(await queue.renew(entry.job.id, owner, leaseMs))) {
            logger.warn({ jobId: entry.job.id, kind: entry.job.kind }, 'lease of a running job was lost to another process');
            entry.controller.abort(new Error('lease lost'));
          }
        } catch (err) {
          logger.warn({ err, jobId: entry.job.id }, 'could not renew a job lease');
        }
      }),
    );
  }

  const every = (ms: number, fn: () => unknown) => {
    const timer = setInterval(fn, ms);
    timer.unref();
    timers.add(timer);
  };

  /**
   * A poll that backs off while it finds nothing (PeriodicJob.idleEveryMs): an idle process asks the
   * database less often, and a busy one as often as before. The next wait starts when a run ends.
   */
  const backingOff = (job: PeriodicJob & { idleEveryMs: number }) => {
    let wait = job.everyMs;
    const arm = () => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void runPeriodic(job.name).then((found) => {
          if (stopping) return;
          // Found nothing, or failed (a database that is down is not asked ten times a second either).
          const idle = !(typeof found === 'number' && found > 0);
          wait = idle ? Math.min(job.idleEveryMs, wait * 2) : job.everyMs;
          arm();
        });
      }, wait);
      timer.unref();
      timers.add(timer);
    };
    arm();
  };

  return {
    owner,

    /** Starts the periodic jobs' timers, the queue's polling and the lease renewal. */
    start(): void {
      if (started) return;
      started = true;
      for (const job of periodic.values()) {
        if (job.idleEveryMs !== undefined) backingOff(job as PeriodicJob & { idleEveryMs: number });
        else every(job.everyMs, () => void runPeriodic(job.name));
      }
      if (kinds.length > 0) {
        every(pollMs, () => void poll());
        every(renewEveryMs, () => void renewLeases());
      }
    },

    /**
     * Stops starting work, lets what runs finish for up to `stopTimeoutMs`, then gives back the leases
     * of queued jobs still running (another process takes them at once) and tells them to stop.
     */
    async stop(): Promise<void> {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      let timeout: NodeJS.Timeout | undefined;
      const waited = new Promise<'timeout'>((resolve) => {
        timeout = setTimeout(() => resolve('timeout'), stopTimeoutMs);
        timeout.unref();
      });
      const work = Promise.all([polling, ...inFlight.values(), ...[...active.values()].map((a) => a.done)]).then(() => 'finished' as const);
      const outcome = await Promise.race([work, waited]);
      clearTimeout(timeout);
      if (outcome === 'timeout' || active.size > 0) {
        const unfinished = [...active.values()];
        // Leases first: once given back, a job that ends now can no longer record itself DONE.
        const released = await queue.release(owner, unfinished.map((a) => a.job.id)).catch((err: unknown) => {
          logger.warn({ err }, 'could not give back the leases of unfinished jobs');
          return 0;
        });
        for (const entry of unfinished) entry.controller.abort(new Error('the process is stopping'));
        if (released > 0) logger.warn({ released }, 'stopped with jobs unfinished; their leases were given back');
      }
    },

    runPeriodic,
    /** One claim pass, then waits for the jobs it claimed (tests, and a caller that wants the queue drained). */
    async runDue(): Promise<number> {
      const before = new Set(active.keys());
      const claimed = await poll();
      await Promise.all([...active.entries()].filter(([id]) => !before.has(id)).map(([, a]) => a.done));
      return claimed;
    },
    renewLeases,
    /** Names of the periodic jobs and kinds of the queued ones this runner knows. */
    get jobs() {
      return { periodic: [...periodic.keys()], queued: kinds };
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
