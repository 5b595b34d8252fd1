import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from './clock.js';
import { createLogger } from './logger.js';
import { createRateLimiter, createSlotLimiter, createWindowLimiter } from './rate-limit.js';
import { REDIS_CLIENT_OPTIONS } from './redis.js';
import { createRedisHealth } from './redis-health.js';

class Lines extends Writable {
  readonly entries: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
  override _write(chunk: Buffer, _enc: string, cb: () => void) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.entries.push(JSON.parse(line));
    cb();
  }
}

const capture = () => {
  const lines = new Lines();
  return { lines, logger: createLogger('info', lines) };
};

describe('redis health: an outage is logged as state changes, not per operation', () => {
  it('one line when Redis becomes unavailable, a summary a minute, one line when it is back', () => {
    const { lines, logger } = capture();
    let t = 1_000_000;
    const health = createRedisHealth(logger, { now: () => t });
    health.succeeded();
    expect(lines.entries).toEqual([]);

    const err = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    for (let i = 0; i < 500; i++) {
      health.failed(i % 2 ? 'rate' : 'revocation counter', err);
      t += 10; // 5 s in all
    }
    expect(lines.entries).toHaveLength(1);
    expect(lines.entries[0]).toMatchObject({ level: 40, reason: 'connect ECONNREFUSED 127.0.0.1:6379' });
    expect(lines.entries[0]!.msg).toMatch(/redis unavailable; request let through/);
    expect(lines.entries[0]!.msg).toMatch(/sign-in limits are counted per process, revocations are read from the database/);
    expect(JSON.stringify(lines.entries)).not.toMatch(/stack|at .*\.ts:\d+/);

    t += 60_000;
    health.failed('connection', err);
    health.failed('rate', err);
    expect(lines.entries).toHaveLength(2);
    // The summary counts the operations since the first line (the first one was reported by it).
    expect(lines.entries[1]).toMatchObject({ level: 40, fellBack: 499, byUser: { rate: 250, 'revocation counter': 249, connection: 1 } });
    expect(lines.entries[1]!.msg).toMatch(/redis still unavailable: 499 operations fell back/);
    health.failed('rate', err);
    expect(lines.entries).toHaveLength(2);

    health.succeeded();
    health.succeeded();
    expect(lines.entries).toHaveLength(3);
    expect(lines.entries[2]).toMatchObject({ level: 30, fellBack: 502, downForSeconds: 65 });
    expect(lines.entries[2]!.msg).toMatch(/redis available again/);
  });

  it('a flapping connection is counted, not announced again within the minute', () => {
    const { lines, logger } = capture();
    let t = 0;
    const health = createRedisHealth(logger, { now: () => t });
    const err = new Error('Command timed out');
    for (let i = 0; i < 100; i++) {
      health.failed('concurrency', err);
      t += 100;
      health.succeeded();
    }
    // Down, back, then 99 flaps within 10 s: two lines, not two hundred.
    expect(lines.entries.map((e) => e.msg)).toEqual([expect.stringMatching(/^redis unavailable/), expect.stringMatching(/^redis available again/)]);
    t += 60_000;
    health.failed('concurrency', err);
    expect(lines.entries).toHaveLength(3);
    expect(lines.entries[2]!.msg).toMatch(/^redis unavailable/);
  });
});

describe('guards on an unreachable Redis', () => {
  // A Redis that is never reached: with the server's options, commands fail at once.
  const dead = new Redis('redis://127.0.0.1:1', { ...REDIS_CLIENT_OPTIONS, lazyConnect: true });
  afterAll(() => dead.disconnect());
  const { lines, logger } = capture();
  const deps = { redis: dead, clock: systemClock, logger, keyPrefix: `unit:${process.pid}:` };
  const signIn = createWindowLimiter({ ...deps, name: 'sign-in', whenRedisFails: 'count-per-process' });
  const velocity = createWindowLimiter({ ...deps, name: 'velocity', whenRedisFails: 'let-through' });
  const rate = createRateLimiter(deps);
  const slots = createSlotLimiter(deps);

  it('a security limiter counts in this process: the sixth attempt is refused with a wait', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await signIn.hit('login:email:someone', 5, 15 * 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results[5]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[5]!.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // Another key has its own count.
    expect((await signIn.hit('login:email:other', 5, 15 * 60_000)).allowed).toBe(true);
  });

  it('capacity guards let requests through', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await velocity.hit('velocity:org', 1, 60_000)).allowed).toBe(true);
      expect(await rate.take('key:k', 1)).toBeNull();
      const release = await slots.acquire('org:/v1/nin', 1, 10_000);
      expect(release).toBeTypeOf('function');
    }
  });

  it('all of them together logged one line, without a stack', () => {
    const warnings = lines.entries.filter((e) => e.level >= 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/^redis unavailable/);
    expect(JSON.stringify(lines.entries)).not.toMatch(/"stack"/);
  });
});
