/** Types of bench/open-loop.js, for the tests that use it. */
export interface OpenLoopTarget {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: OpenLoopTarget) => OpenLoopTarget;
}

export interface OpenLoopResult {
  duration: number;
  requests: { total: number; average: number };
  latency: { average: number; p50: number; p90: number; p99: number; max: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

export function openLoopOnce(options: { target: OpenLoopTarget; rate: number; durationSec: number; connections: number; timeoutSec?: number }): Promise<OpenLoopResult>;
