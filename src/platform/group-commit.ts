/**
 * Group commit: writes submitted while a flush is running are gathered and committed together by
 * the next flush, so concurrent requests share one transaction (and one fsync) instead of paying for
 * one each. Every submitter is answered only after its own batch has committed.
 */
export interface GroupCommitter<T, R = void> {
  submit(item: T): Promise<R>;
  /** Waits until everything submitted so far is committed (shutdown). */
  drain(): Promise<void>;
}

/** One item's own outcome inside a batch that committed: a value, or an error for that item alone. */
export type ItemOutcome<R> = { value: R } | { error: unknown };

export function createGroupCommitter<T, R = void>(options: {
  /**
   * Commits a whole batch atomically; throws to fail it (each item is then retried alone, so one bad
   * item cannot fail its neighbours). May return one outcome per item, in order: an item can be
   * refused (say, 402) while the rest of its batch commits.
   */
  flush: (items: T[]) => Promise<ReadonlyArray<ItemOutcome<R>> | void>;
  /** Batches allowed in flight at once (connections the writer may use). */
  concurrency?: number;
  maxBatch?: number;
}): GroupCommitter<T, R> {
  const concurrency = options.concurrency ?? 1;
  const maxBatch = options.maxBatch ?? 500;
  type Waiter = { item: T; resolve: (value: R) => void; reject: (err: unknown) => void };
  let queue: Waiter[] = [];
  let running = 0;
  let scheduled = false;
  const idle: Array<() => void> = [];

  const schedule = () => {
    if (scheduled || running >= concurrency || queue.length === 0) return;
    scheduled = true;
    // One turn of the event loop lets the requests already parsed join the first batch.
    setImmediate(() => {
      scheduled = false;
      while (running < concurrency && queue.length > 0) void runBatch(queue.splice(0, maxBatch));
    });
  };

  const answer = (waiters: Waiter[], outcomes: ReadonlyArray<ItemOutcome<R>> | void) => {
    waiters.forEach((w, i) => {
      const o = outcomes?.[i];
      if (o && 'error' in o) w.reject(o.error);
      else w.resolve(o?.value as R);
    });
  };

  async function runBatch(batch: Waiter[]): Promise<void> {
    running++;
    try {
      answer(batch, await options.flush(batch.map((b) => b.item)));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
      } else {
        // One bad item must not fail its neighbours: retry each alone to find it. (The failed batch
        // rolled back, so nothing of it was kept.)
        for (const b of batch) {
          try {
            answer([b], await options.flush([b.item]));
          } catch (e) {
            b.reject(e);
          }
        }
      }
    } finally {
      running--;
      if (queue.length > 0) schedule();
      else if (running === 0) for (const done of idle.splice(0)) done();
    }
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    drain() {
      if (queue.length === 0 && running === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
