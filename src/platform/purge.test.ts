import { describe, expect, it } from 'vitest';
import { purgeInBatches } from './purge.js';

/** The loop alone; each sweep's own statement is tested against both databases (test/e2e). */
describe('purgeInBatches', () => {
  /** A table of `rows` rows due, deleted `limit` at a time; records each batch's size. */
  const table = (rows: number) => {
    const batches: number[] = [];
    return {
      batches,
      deleteBatch: async (limit: number) => {
        const n = Math.min(limit, rows);
        rows -= n;
        batches.push(n);
        return BigInt(n);
      },
    };
  };

  it('deletes batch after batch until one comes back short, and returns the total', async () => {
    const t = table(7);
    expect(await purgeInBatches(t.deleteBatch, { batch: 3 })).toBe(7);
    expect(t.batches).toEqual([3, 3, 1]);
  });

  it('asks once more after a full batch, and stops at an empty one', async () => {
    const t = table(6);
    expect(await purgeInBatches(t.deleteBatch, { batch: 3 })).toBe(6);
    expect(t.batches).toEqual([3, 3, 0]);
    const none = table(0);
    expect(await purgeInBatches(none.deleteBatch, { batch: 3 })).toBe(0);
    expect(none.batches).toEqual([0]);
  });

  it('stops once its time budget is spent, leaving the rest to the next run', async () => {
    const t = table(1_000);
    const slow = async (limit: number) => {
      await new Promise((r) => setTimeout(r, 5));
      return t.deleteBatch(limit);
    };
    const first = await purgeInBatches(slow, { batch: 10, budgetMs: 12 });
    expect(first).toBeGreaterThanOrEqual(10);
    expect(first).toBeLessThan(1_000);
    expect(first % 10).toBe(0);
    expect(first + (await purgeInBatches(t.deleteBatch, { batch: 10 }))).toBe(1_000);
  });

  it('runs several kinds in turn, each until its batch comes back short, under one budget', async () => {
    const answers = table(5);
    const leases = table(2);
    expect(await purgeInBatches([answers.deleteBatch, leases.deleteBatch], { batch: 2 })).toBe(7);
    expect([answers.batches, leases.batches]).toEqual([
      [2, 2, 1],
      [2, 0],
    ]);
    // With the budget spent after the first batch, the second kind waits for the next run.
    const more = table(4);
    const untouched = table(3);
    expect(await purgeInBatches([more.deleteBatch, untouched.deleteBatch], { batch: 2, budgetMs: 0 })).toBe(2);
    expect([more.batches, untouched.batches]).toEqual([[2], []]);
  });

  it('refuses a batch that is not a positive integer', async () => {
    for (const batch of [0, -1, 1.5, Number.NaN]) await expect(purgeInBatches(async () => 0, { batch })).rejects.toThrow(/positive integer/);
  });
});
