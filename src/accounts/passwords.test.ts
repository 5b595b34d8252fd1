import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, setPasswordHashCostForTests, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it("the service's cost is OWASP's argon2id minimum, and cannot be changed outside the test runner", () => {
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(Object.isFrozen(PASSWORD_HASH_COST)).toBe(true);
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => setPasswordHashCostForTests({ memoryCost: 8, timeCost: 1, parallelism: 1 })).toThrow(/in tests only/);
    } finally {
      process.env.VITEST = vitest;
    }
  });

  it('a hash at either cost verifies its own password only: the cost is read from the hash', async () => {
    const suites = setPasswordHashCostForTests(PASSWORD_HASH_COST);
    try {
      const real = await hashPassword('correct horse battery');
      expect(real).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      setPasswordHashCostForTests({ memoryCost: 1_024, timeCost: 1, parallelism: 1 });
      const cheap = await hashPassword('correct horse battery');
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      for (const stored of [real, cheap]) {
        expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
        expect(await verifyPassword(stored, 'Correct horse battery')).toBe(false);
      }
      expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
    } finally {
      setPasswordHashCostForTests(suites);
    }
  });
});
