/**
 * Joins concurrent calls into as few executions as correctness allows: every caller is answered by an
 * execution that started after its call, so it sees everything committed before it called.
 *
 * With nothing in flight, an execution starts on the next turn of the event loop (the requests parsed
 * in this turn join it). While one is in flight, new callers wait for the following one, which starts
 * as soon as the current one ends. Under load this is one execution per round trip, not per request.
 */
export function coalesce<T>(fn: () => Promise<T>): () => Promise<T> {
  let inFlight = false;
  let waiting: { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } | null = null;

  const start = () => {
    const batch = waiting!;
    waiting = null;
    inFlight = true;
    fn().then(batch.resolve, batch.reject).finally(() => {
      inFlight = false;
      if (waiting) start();
    });
  };

  return () => {
    if (waiting) return waiting.promise;
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    waiting = { promise, resolve, reject };
    if (!inFlight) setImmediate(() => {
      if (!inFlight && waiting) start();
    });
    return promise;
  };
}
