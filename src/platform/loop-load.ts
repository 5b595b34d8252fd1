import { performance } from 'node:perf_hooks';

/**
 * How busy this thread's event loop has been lately: its utilisation over the last LOAD_SAMPLE_MS,
 * in thousandths, kept in a shared cell so that worker threads can read it too (export-thread.ts).
 * Background work (an export's writer, webhook deliveries) reads it to give requests the machine
 * while they need it. Sampled by an unref'd timer started on first use.
 */
const LOAD_SAMPLE_MS = 100;

let buffer: SharedArrayBuffer | null = null;

/** The shared cell (an Int32 in thousandths), sampling from now on. */
export function loopLoadCell(): SharedArrayBuffer {
  if (buffer) return buffer;
  const shared = new SharedArrayBuffer(4);
  const cell = new Int32Array(shared);
  let last = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    Atomics.store(cell, 0, Math.round(performance.eventLoopUtilization(now, last).utilization * 1000));
    last = now;
  }, LOAD_SAMPLE_MS).unref();
  buffer = shared;
  return shared;
}

/** This thread's recent event-loop utilisation, from 0 to 1 (0 until the first sample). */
export function loopLoad(): number {
  return Atomics.load(new Int32Array(loopLoadCell()), 0) / 1000;
}
