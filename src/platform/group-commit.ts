/**
 * Group commit: writes submitted while a flush is running are gathered and committed together by
 * the next flush, so concurrent requests share one transaction (and one fsync) instead of paying for
 * one each. Every submitter is answered only after its own batch has committed.
 */
export interface GroupCommitter<T> {
  submit(item: T): Promise<void>;
  /** Waits until everything submitted so far is committed (shutdown). */
  drain(): Promise<void>;
}

export function createGroupCommitter<T>(options: {
  /** Commits a whole batch atomically; throws to fail it. */
  flush: (items: T[]) => Promise<void>;
  /** Batches allowed in flight at once (connections the writer may use). */
  concurrency?: number;
  maxBatch?: number;
}): GroupCommitter<T> {
  const concurrency = options.concurrency ?? 1;
  const maxBatch = options.maxBatch ?? 500;
  let queue: Array<{ item: T; resolve: () => void; reject: (err: unknown) => void }> = [];
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

  async function runBatch(batch: typeof queue): Promise<void> {
    running++;
    try {
      await options.flush(batch.map((b) => b.item));
      for (const b of batch) b.resolve();
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
      } else {
        // One bad item must not fail its neighbours: retry each alone to find it.
        await Promise.all(
          batch.map((b) =>
            options.flush([b.item]).then(b.resolve, b.reject),
          ),
        );
      }
    } finally {
      running--;
      if (queue.length > 0) schedule();
      else if (running === 0) for (const done of idle.splice(0)) done();
    }
  }

  return {
    submit(item) {
      return new Promise<void>((resolve, reject) => {
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
