/**
 * The two kinds of background work (docs/architecture.md, "Background jobs"). Each capability exports
 * its own definitions (`billing/billing.jobs.ts`, …); the wiring lists them and the server runs them.
 */

/** Work repeated on a period, in every process: a sweep that is safe to run anywhere at any time. */
export interface PeriodicJob {
  /** Unique among the periodic jobs; it names the job in logs. */
  name: string;
  everyMs: number;
  /**
   * For polls that mostly find nothing, whose run() resolves to how many things it found: while runs find
   * none (or fail), the wait doubles from everyMs up to this; a run that finds some brings it back to
   * everyMs. Unset: every everyMs, whatever the run found.
   */
  idleEveryMs?: number;
  /** Logged with the error when a run fails (the runner never throws it). */
  failureMessage: string;
  run(): Promise<unknown>;
}

/** What a queued job's run is told: which job, which attempt, and a signal raised when its lease is lost or the runner stops. */
export interface JobContext {
  id: string;
  attempt: number;
  signal: AbortSignal;
}

/**
 * Work stored in the `jobs` table and done once by whichever process claims it; it survives a crash
 * (the lease expires and another process takes it over), so a run must be safe to repeat.
 */
export interface QueuedJob<Payload = unknown> {
  /** The `kind` of its rows. */
  kind: string;
  /** The wait before the next attempt after a failed one (default: 30 s doubling, at most an hour). */
  retryDelayMs?(attempt: number): number;
  run(payload: Payload, context: JobContext): Promise<void>;
}

/** The default wait after the n-th failed attempt: 30 s, 60 s, 120 s … capped at an hour. */
export const defaultRetryDelayMs = (attempt: number): number => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

/** Attempts before a job is FAILED, unless its enqueue says otherwise (stored on its row). */
export const DEFAULT_MAX_ATTEMPTS = 5;
