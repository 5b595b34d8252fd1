import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { EpochCache } from './cache-epoch.js';
import { coalesce } from './coalesce.js';
import { createDataCipher, maskIdentifier, randomBase62 } from './crypto.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { createGroupCommitter } from './group-commit.js';
import { isDatabaseUnavailable } from './db.js';
import { toAppError, toFieldErrors } from './http-errors.js';
import { koboToNaira, nairaToKobo } from './money.js';

describe('group commit', () => {
  it('commits concurrent submissions together and answers each after its batch', async () => {
    const batches: number[][] = [];
    const committer = createGroupCommitter<number>({
      flush: async (items) => {
        batches.push(items);
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    await Promise.all(Array.from({ length: 50 }, (_, i) => committer.submit(i)));
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(batches.length).toBeLessThan(50);
    expect(batches[0]!.length).toBe(50);
  });

  it('isolates a bad item: its neighbours still commit and only it fails', async () => {
    const committed: number[] = [];
    const committer = createGroupCommitter<number>({
      flush: async (items) => {
        if (items.includes(13)) throw new Error('bad row');
        committed.push(...items);
      },
    });
    const results = await Promise.allSettled([1, 2, 13, 4].map((i) => committer.submit(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(committed.sort((a, b) => a - b)).toEqual([1, 2, 4]);
  });

  it('answers each item with its own outcome: one refused item does not fail the batch', async () => {
    const batches: number[][] = [];
    const committer = createGroupCommitter<number, string>({
      flush: async (items) => {
        batches.push(items);
        return items.map((i) => (i % 2 === 0 ? { value: `even ${i}` } : { error: new Error(`odd ${i}`) }));
      },
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => committer.submit(i)));
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['odd 1', 'even 2', 'odd 3', 'even 4']);
  });

  it('drain waits for what is in flight', async () => {
    let done = false;
    const committer = createGroupCommitter<number>({ flush: async () => { await new Promise((r) => setTimeout(r, 20)); done = true; } });
    void committer.submit(1);
    await committer.drain();
    expect(done).toBe(true);
  });
});

describe('coalesce', () => {
  it('joins calls made before the batch starts, and starts a new batch after', async () => {
    let calls = 0;
    const read = coalesce(async () => ++calls);
    const [a, b, c] = await Promise.all([read(), read(), read()]);
    expect([a, b, c]).toEqual([1, 1, 1]);
    expect(await read()).toBe(2);
  });
});

describe('EpochCache', () => {
  it('trusts an entry only under the epoch it was loaded with, and never past its age', () => {
    const cache = new EpochCache<string>(10, 1_000);
    cache.set('k', 'v', 5, 0);
    expect(cache.get('k', 5, 500)).toBe('v');
    expect(cache.get('k', 6, 500)).toBeUndefined();
    cache.set('k', 'v', 6, 0);
    expect(cache.get('k', 6, 1_001)).toBeUndefined();
    cache.set('k', 'v', 6, 0);
    expect(cache.get('k', null, 1)).toBeUndefined();
  });

  it('is bounded', () => {
    const cache = new EpochCache<number>(3, 1_000);
    for (let i = 0; i < 5; i++) cache.set(String(i), i, 1, 0);
    expect(cache.get('0', 1, 0)).toBeUndefined();
    expect(cache.get('4', 1, 0)).toBe(4);
  });
});

describe('crypto', () => {
  const cipher = createDataCipher(Buffer.alloc(32, 1));
  it('encrypts with a fresh IV each time and decrypts back', () => {
    const a = cipher.encrypt('11111111111');
    const b = cipher.encrypt('11111111111');
    expect(a.equals(b)).toBe(false);
    expect(cipher.decrypt(a).toString()).toBe('11111111111');
  });

  it('refuses tampered ciphertext', () => {
    const sealed = cipher.encrypt('11111111111');
    sealed[sealed.length - 1]! ^= 1;
    expect(() => cipher.decrypt(sealed)).toThrow();
  });

  it('keyed hashes are stable per purpose and differ across purposes and keys', () => {
    expect(cipher.keyedHash('identifier:NIN', 'x').equals(cipher.keyedHash('identifier:NIN', 'x'))).toBe(true);
    expect(cipher.keyedHash('identifier:NIN', 'x').equals(cipher.keyedHash('identifier:BVN', 'x'))).toBe(false);
    expect(createDataCipher(Buffer.alloc(32, 2)).keyedHash('identifier:NIN', 'x').equals(cipher.keyedHash('identifier:NIN', 'x'))).toBe(false);
  });

  it('masks all but the last four characters', () => {
    expect(maskIdentifier('11111111111')).toBe('*******1111');
    expect(maskIdentifier('+2348031234567')).toBe('**********4567');
    expect(maskIdentifier('123')).toBe('***');
  });

  it('random base62 has the asked length and alphabet', () => {
    expect(randomBase62(40)).toMatch(/^[0-9A-Za-z]{40}$/);
  });
});

describe('money', () => {
  it('converts between kobo and naira exactly', () => {
    expect(koboToNaira(124_950)).toBe(1249.5);
    expect(nairaToKobo(1249.5)).toBe(124_950);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(() => nairaToKobo(1.005)).toThrow();
  });
});

describe('data directory lock', () => {
  it('lets one process hold the embedded database and names the holder to the next', () => {
    const d = mkdtempSync(join(tmpdir(), 'idv-lock-'));
    const lock = lockDataDir(d);
    // A live holder that is not us: pid 1 always exists.
    writeFileSync(join(d, 'idv.lock'), JSON.stringify({ pid: 1, hostname: hostname() }));
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(d)).toThrow(/in use by another idv process \(pid 1\)/);
    lock.release();
  });

  it('takes over a lock whose holder died', () => {
    const d = mkdtempSync(join(tmpdir(), 'idv-lock-'));
    writeFileSync(join(d, 'idv.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, hostname: hostname() }));
    const lock = lockDataDir(d);
    lock.release();
  });
});

describe('field errors', () => {
  it('turns validator errors into dotted fields, one per field', () => {
    const errors = toFieldErrors(
      [
        { keyword: 'required', instancePath: '', schemaPath: '', params: { missingProperty: 'nin' }, message: '' },
        { keyword: 'additionalProperties', instancePath: '/filters', schemaPath: '', params: { additionalProperty: 'x' }, message: '' },
        { keyword: 'type', instancePath: '/livelinessImages/0', schemaPath: '', params: { type: 'string' }, message: '' },
        { keyword: 'pattern', instancePath: '/livelinessImages/0', schemaPath: '', params: {}, message: '' },
      ],
      'body',
    );
    expect(errors).toEqual([
      { field: 'nin', message: 'is required' },
      { field: 'filters.x', message: 'is not an allowed field' },
      { field: 'livelinessImages.0', message: 'must be a string' },
    ]);
    const custom = toFieldErrors(
      [{ keyword: 'pattern', instancePath: '/nin', schemaPath: '', params: {}, message: '', parentSchema: { 'x-message': 'must be 11 digits' } } as never],
      'body',
    );
    expect(custom).toEqual([{ field: 'nin', message: 'must be 11 digits' }]);
  });
});

describe('ids', () => {
  it('are prefixed ULIDs that sort by creation, also within one millisecond', async () => {
    const { createIdGenerator } = await import('./ids.js');
    const gen = createIdGenerator();
    const list = Array.from({ length: 2000 }, () => gen.next('ver'));
    for (const id of list) expect(id).toMatch(/^ver_[0-9a-hjkmnp-tv-z]{26}$/);
    expect([...list].sort()).toEqual(list);
    expect(new Set(list).size).toBe(list.length);
    // The time part decodes to now.
    const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
    const ms = [...list[0]!.slice(4, 14)].reduce((acc, ch) => acc * 32 + alphabet.indexOf(ch), 0);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });
});

describe('coalesce under load', () => {
  it('never answers a caller with an execution that started before its call', async () => {
    let value = 0;
    const started: number[] = [];
    const read = coalesce(async () => {
      const snapshot = value;
      started.push(snapshot);
      await new Promise((r) => setTimeout(r, 5));
      return snapshot;
    });
    const first = read();
    await new Promise((r) => setTimeout(r, 1)); // the first execution is now in flight
    value = 1; // a change committed while it runs
    const second = read();
    const third = read();
    expect(await first).toBe(0);
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(started).toEqual([0, 1]);
  });

  it('passes a failure to the callers of that execution only', async () => {
    let n = 0;
    const read = coalesce(async () => {
      n++;
      if (n === 1) throw new Error('down');
      return n;
    });
    await expect(read()).rejects.toThrow('down');
    expect(await read()).toBe(2);
  });
});

describe('a lost database connection', () => {
  it('is told apart from a wrong statement, and answered 503 with Retry-After rather than 500', () => {
    const lost = [
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ];
    for (const err of lost) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
      const app = toAppError(err);
      expect({ code: app.code, status: app.statusCode, retryAfter: app.headers['retry-after'] }).toEqual({ code: 'SERVICE_UNAVAILABLE', status: 503, retryAfter: '1' });
    }
    const wrong = [
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      new Error('something else'),
    ];
    for (const err of wrong) {
      expect(isDatabaseUnavailable(err), err.message).toBe(false);
      expect(toAppError(err).code).toBe('INTERNAL_ERROR');
    }
  });
});
