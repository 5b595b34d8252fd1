import { Gauge, type Registry } from 'prom-client';
import type { ProviderOutcome } from './ports.js';
import { systemClock, type Clock } from '../platform/clock.js';

/**
 * A circuit breaker per upstream (DESIGN.md §8): it opens when at least half of at least 20 calls in
 * the last 10 s failed; while open, calls are answered at once with PROVIDER_UNAVAILABLE (503) without
 * touching the network; 5 s after opening it is half-open and lets one trial call through: a success
 * closes it (with a fresh window), a failure opens it for another 5 s.
 *
 * What counts as a failure: the upstream could not answer — PROVIDER_ERROR (a 5xx or a malformed
 * answer), PROVIDER_UNAVAILABLE (503, refused or reset connection) and PROVIDER_TIMEOUT (504, or no
 * answer within the call's timeout), and an adapter that throws. Everything else is an answer and
 * counts as a success: found, not found (a 404 is a final answer, billed) and a 429. A 429 is the
 * upstream up and deliberately pacing us: its own Retry-After is the better back-pressure signal,
 * DESIGN.md §8 maps it to 429 PROVIDER_RATE_LIMITED (counting it would turn it into a 503 with a
 * made-up delay), and a rate limiter that answers at once is not the slow, failing dependency a
 * breaker protects the pipeline's concurrency slots and holds from.
 *
 * State is per process, in memory, like undici's connection pools: every copy of idv behind the load
 * balancer judges the upstream from its own calls. That is deliberate — a breaker must answer without
 * a network round trip of its own, and each copy sees enough traffic to judge (DESIGN.md §1's rule on
 * shared state is about what another copy must see; no copy needs another's breaker).
 *
 * The window is kept in buckets (500 ms by default) so recording a call is O(1) at any rate; a call
 * leaves the window between 9.5 and 10 s after it was made.
 */
export type BreakerState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  clock?: Clock;
  /** The rolling window failures are judged over (ms). */
  windowMs?: number;
  /** Fewer calls than this in the window never open the breaker. */
  minimumCalls?: number;
  /** The share of failed calls in the window that opens it (inclusive). */
  failureRatio?: number;
  /** How long it stays open before letting a trial call through (ms). */
  openMs?: number;
  /** Buckets of the window. */
  buckets?: number;
  /** Told of every change of state (the server logs them). */
  onStateChange?: (change: { name: string; from: BreakerState; to: BreakerState }) => void;
}

export interface BreakerSnapshot {
  name: string;
  state: BreakerState;
  /** Calls and failures in the current window. */
  calls: number;
  failures: number;
  /** Calls answered at once while open, since the breaker was made. */
  rejected: number;
  openedAt: Date | null;
}

const FAILURES = new Set(['PROVIDER_ERROR', 'PROVIDER_UNAVAILABLE', 'PROVIDER_TIMEOUT']);

/** Whether an outcome counts against the upstream. */
export function isBreakerFailure(outcome: ProviderOutcome<unknown>): boolean {
  return outcome.kind === 'failure' && FAILURES.has(outcome.code);
}

export class CircuitBreaker {
  private readonly clock: Clock;
  private readonly windowMs: number;
  private readonly minimumCalls: number;
  private readonly failureRatio: number;
  private readonly openMs: number;
  private readonly bucketMs: number;
  private readonly bucketIndex: number[];
  private readonly bucketCalls: number[];
  private readonly bucketFailures: number[];
  private readonly onStateChange: CircuitBreakerOptions['onStateChange'];
  private current: 'closed' | 'open' = 'closed';
  private openedAtMs = 0;
  /** The trial call of the half-open state, while it is in flight. */
  private trial: object | null = null;
  private rejectedCount = 0;

  constructor(
    readonly name: string,
    options: CircuitBreakerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.windowMs = options.windowMs ?? 10_000;
    this.minimumCalls = options.minimumCalls ?? 20;
    this.failureRatio = options.failureRatio ?? 0.5;
    this.openMs = options.openMs ?? 5_000;
    const buckets = options.buckets ?? 20;
    this.bucketMs = this.windowMs / buckets;
    this.bucketIndex = new Array<number>(buckets).fill(-Infinity);
    this.bucketCalls = new Array<number>(buckets).fill(0);
    this.bucketFailures = new Array<number>(buckets).fill(0);
    this.onStateChange = options.onStateChange;
  }

  /** The state as a caller would find it now: open turns half-open once its 5 s have passed. */
  get state(): BreakerState {
    if (this.current === 'closed') return 'closed';
    return this.trial !== null || this.now() - this.openedAtMs >= this.openMs ? 'half_open' : 'open';
  }

  snapshot(): BreakerSnapshot {
    const { calls, failures } = this.window(this.now());
    return {
      name: this.name,
      state: this.state,
      calls,
      failures,
      rejected: this.rejectedCount,
      openedAt: this.current === 'open' ? new Date(this.openedAtMs) : null,
    };
  }

  /**
   * Runs one upstream call through the breaker. While open (or while the half-open trial is in
   * flight) the call is not made and PROVIDER_UNAVAILABLE is answered, with the seconds until the
   * next trial as retryAfterSeconds.
   */
  async run<T>(call: () => Promise<ProviderOutcome<T>>): Promise<ProviderOutcome<T>> {
    const now = this.now();
    let ticket: object | null = null;
    if (this.current === 'open') {
      const waited = now - this.openedAtMs;
      if (this.trial !== null || waited < this.openMs) {
        this.rejectedCount++;
        const left = this.trial !== null ? this.openMs : this.openMs - waited;
        return { kind: 'failure', code: 'PROVIDER_UNAVAILABLE', retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
      }
      ticket = {};
      this.trial = ticket;
      this.emit('open', 'half_open');
    }
    let failed = true;
    try {
      const outcome = await call();
      failed = isBreakerFailure(outcome);
      return outcome;
    } finally {
      this.settle(ticket, failed);
    }
  }

  /** Records the end of a call (its ticket: the half-open trial, or null for a call made while closed). */
  private settle(ticket: object | null, failed: boolean): void {
    const now = this.now();
    if (ticket !== null) {
      if (this.trial !== ticket) return;
      this.trial = null;
      if (failed) {
        this.openedAtMs = now;
        this.emit('half_open', 'open');
      } else {
        this.current = 'closed';
        this.reset();
        this.emit('half_open', 'closed');
      }
      return;
    }
    // A call that began while closed and ends after the breaker opened tells nothing new.
    if (this.current !== 'closed') return;
    this.record(now, failed);
    // Judged after every call, success included: ten failures then ten successes are half of 20.
    const { calls, failures } = this.window(now);
    if (calls >= this.minimumCalls && failures >= calls * this.failureRatio) {
      this.current = 'open';
      this.openedAtMs = now;
      this.emit('closed', 'open');
    }
  }

  private record(now: number, failed: boolean): void {
    const index = Math.floor(now / this.bucketMs);
    const slot = index % this.bucketIndex.length;
    if (this.bucketIndex[slot] !== index) {
      this.bucketIndex[slot] = index;
      this.bucketCalls[slot] = 0;
      this.bucketFailures[slot] = 0;
    }
    this.bucketCalls[slot]!++;
    if (failed) this.bucketFailures[slot]!++;
  }

  private window(now: number): { calls: number; failures: number } {
    const index = Math.floor(now / this.bucketMs);
    const oldest = index - this.bucketIndex.length;
    let calls = 0;
    let failures = 0;
    for (let i = 0; i < this.bucketIndex.length; i++) {
      const b = this.bucketIndex[i]!;
      if (b > oldest && b <= index) {
        calls += this.bucketCalls[i]!;
        failures += this.bucketFailures[i]!;
      }
    }
    return { calls, failures };
  }

  private reset(): void {
    this.bucketIndex.fill(-Infinity);
    this.bucketCalls.fill(0);
    this.bucketFailures.fill(0);
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private emit(from: BreakerState, to: BreakerState): void {
    try {
      this.onStateChange?.({ name: this.name, from, to });
    } catch {
      // A listener's mistake must not break the call path.
    }
  }
}

const STATE_VALUE: Record<BreakerState, number> = { closed: 0, half_open: 1, open: 2 };

/**
 * `idv_circuit_breaker_state{upstream}` (0 closed, 1 half-open, 2 open) and
 * `idv_circuit_breaker_rejected{upstream}` (calls answered at once while open, since start), read
 * when /metrics is scraped.
 */
export function registerBreakerMetrics(registry: Registry, breakers: Iterable<CircuitBreaker>): void {
  const list = [...breakers];
  new Gauge({
    name: 'idv_circuit_breaker_state',
    help: 'Circuit breaker of each upstream: 0 closed, 1 half-open, 2 open (per process)',
    labelNames: ['upstream'] as const,
    registers: [registry],
    collect() {
      for (const b of list) this.set({ upstream: b.name }, STATE_VALUE[b.state]);
    },
  });
  new Gauge({
    name: 'idv_circuit_breaker_rejected',
    help: 'Calls answered 503 at once by an open circuit breaker since the process started',
    labelNames: ['upstream'] as const,
    registers: [registry],
    collect() {
      for (const b of list) this.set({ upstream: b.name }, b.snapshot().rejected);
    },
  });
}
