import { monotonicFactory } from 'ulid';

/** Prefixes of DESIGN.md §2: every id says what it names and sorts by creation time. */
export type IdPrefix =
  | 'org' | 'usr' | 'key' | 'ver' | 'txn' | 'pay' | 'exp' | 'ses' | 'evt' | 'apr' | 'whk' | 'dlv' | 'att' | 'ntf'
  | 'req' | 'ref';

export interface IdGenerator {
  next(prefix: IdPrefix): string;
}

/** ULIDs are lexicographically time-sortable; the monotonic factory keeps order within one millisecond. */
export function createIdGenerator(): IdGenerator {
  const ulid = monotonicFactory();
  return { next: (prefix) => `${prefix}_${ulid().toLowerCase()}` };
}

export const ids: IdGenerator = createIdGenerator();
