/**
 * How every retention sweep deletes (idempotency answers, events, notifications, exports, refresh
 * tokens): in batches of at most `batch` rows, each its own statement and transaction, until a batch
 * comes back short.
 *
 * One DELETE for everything past its window is one transaction of any size. A sweep of idempotency
 * answers at 1,000 live requests a second finds 60,000 rows a minute; after a day with the sweeper
 * stopped, 86 million. Such a statement holds its row locks and the oldest snapshot (vacuum waits for
 * it) until the last row is gone, writes its WAL in one burst, and cannot be stopped halfway: the
 * latency of every request beside it pays. In batches, each transaction is short and what was deleted
 * stays deleted.
 *
 * `deleteBatch(limit)` deletes at most `limit` of the rows due and says how many it deleted. It must
 * choose its batch in the order of an index (a LIMIT over a sequential scan reads again, each batch,
 * the pages the batches before it emptied) and repeat its condition in the DELETE itself, so a row
 * changed since the batch was chosen (a lease taken over) is checked again and kept.
 *
 * A run stops after `budgetMs` even with rows left (the next run goes on), so a backlog never keeps a
 * stopping process waiting (the job runner waits 10 s for its sweeps).
 */
export const PURGE_BATCH = 1_000;
export const PURGE_BUDGET_MS = 5_000;

/** A sweep's batch size and time budget (tests set them; the jobs use the defaults). */
export interface PurgeOptions {
  batch?: number;
  budgetMs?: number;
}

/**
 * Runs each `deleteBatch` in turn (a sweep with two kinds of rows due, each through its own index),
 * batch after batch until one comes back short, all under one time budget. Returns the rows deleted.
 */
export async function purgeInBatches(
  deleteBatch: ((limit: number) => Promise<number | bigint>) | ReadonlyArray<(limit: number) => Promise<number | bigint>>,
  options: PurgeOptions = {},
): Promise<number> {
  const batch = options.batch ?? PURGE_BATCH;
  const budgetMs = options.budgetMs ?? PURGE_BUDGET_MS;
  if (!Number.isInteger(batch) || batch < 1) throw new Error(`purge batch must be a positive integer, not ${batch}`);
  const started = performance.now();
  let total = 0;
  for (const next of typeof deleteBatch === 'function' ? [deleteBatch] : deleteBatch) {
    for (;;) {
      const n = Number(await next(batch));
      total += n;
      if (performance.now() - started >= budgetMs) return total;
      if (n < batch) break;
    }
  }
  return total;
}
